using System;
using System.Runtime.CompilerServices;

namespace Fudge.Serialization;

/// <summary>
/// Writes a value of <typeparamref name="T"/> as one field and reads it back from one field: a number, a string, a
/// date... as its own field type, a collection or a <c>[FudgeMessage]</c> object as a sub-message. Generated formatters
/// of generic <c>[FudgeMessage]</c> types use it for members whose type is a type parameter (<c>T Item</c>, the
/// elements of <c>List&lt;T&gt;</c>), through <see cref="FudgeValueFormatterCache{T}"/>; the bytes are those a member
/// of the closed type would have (a <c>Page&lt;int&gt;</c>'s <c>T</c> is written as an <c>int</c> member is).
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public interface IFudgeValueFormatter<T>
{
    /// <summary>Writes <paramref name="value"/> (never null: the caller writes nothing, or an indicator, for a null) as one field under <paramref name="key"/>.</summary>
    void WriteField(ref FudgeWriter writer, in FudgeFieldKey key, T value);

    /// <summary>Reads the reader's current field (never an indicator: the caller takes that as <c>default</c>) as a <typeparamref name="T"/>.</summary>
    /// <exception cref="FudgeFormatException">The field cannot be read as <typeparamref name="T"/>.</exception>
    T ReadField(ref FudgeReader reader);
}

/// <summary>
/// The <see cref="IFudgeValueFormatter{T}"/> for <typeparamref name="T"/>, looked up once per type: reading
/// <see cref="Formatter"/> is a static field load. Found, in order: one registered with <see cref="Register"/> (the
/// generator registers those of the collection types it sees used as type arguments, so that NativeAOT apps need no
/// reflection); the built-in formatters of the scalars (numbers, <c>bool</c>, <c>char</c>, <c>decimal</c>,
/// <c>string</c>, <c>Guid</c>, dates and times, <c>TimeSpan</c>, enums, byte and numeric arrays, <see cref="FudgeMsg"/>);
/// for arrays, lists, sets, dictionaries (and their interfaces) and <c>Nullable&lt;T&gt;</c> of those, the generic
/// formatters (<see cref="FudgeListFormatter{TCollection, T}"/>, <see cref="FudgeSetFormatter{TCollection, T}"/>,
/// <see cref="FudgeMapFormatter{TMap, TKey, TValue}"/>, <see cref="FudgeNullableFormatter{T}"/>) made by reflection;
/// and for a type with a <see cref="FudgeFormatterCache{T}"/> formatter (a <c>[FudgeMessage]</c> type), a sub-message
/// written through it.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public static class FudgeValueFormatterCache<T>
{
    private static IFudgeValueFormatter<T>? _formatter;

    /// <summary>The value formatter for <typeparamref name="T"/>.</summary>
    /// <exception cref="FudgeException">No formatter is known for <typeparamref name="T"/>.</exception>
    public static IFudgeValueFormatter<T> Formatter
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _formatter ?? Resolve();
    }

    /// <summary>True when a value formatter is registered or can be found.</summary>
    public static bool IsAvailable
    {
        get
        {
            if (_formatter is not null) return true;
            try
            {
                return Resolve() is not null;
            }
            catch (FudgeException)
            {
                return false;
            }
        }
    }

    /// <summary>Registers (or replaces) the value formatter for <typeparamref name="T"/>. Generated code calls this.</summary>
    public static void Register(IFudgeValueFormatter<T> formatter) => _formatter = formatter ?? throw new ArgumentNullException(nameof(formatter));

    /// <summary>
    /// The registered or built-in formatter when it also writes a whole message (the top-level form of collections
    /// and scalars, which <see cref="FudgeFormatterCache{T}"/> falls back to); never a <c>[FudgeMessage]</c> type's.
    /// </summary>
    internal static IFudgeFormatter<T>? TopLevel() => (_formatter ?? FudgeBuiltInFormatters.Create<T>()) as IFudgeFormatter<T>;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static IFudgeValueFormatter<T> Resolve()
    {
        var found = _formatter ?? FudgeBuiltInFormatters.Create<T>();
        if (found is null && FudgeFormatterCache<T>.IsAvailable) found = new FudgeMessageValueFormatter<T>();
        if (found is null)
            throw Missing();
        _formatter = found;
        return found;
    }

    /// <summary>
    /// The failure of a type with no value formatter: the source generator writes those of collections, tuples, object and
    /// interfaces per closed use it sees, so a use it could not see is declared with [assembly: FudgeSerializable].
    /// </summary>
    private static FudgeException Missing()
    {
        string name = FudgeTypeNames.CSharp(typeof(T));
        return new FudgeException($"No Fudge value formatter for {name}: the source generator writes and registers one for each use of a type it sees (a [FudgeMessage] member, a FudgeSerializer call). " +
            $"For a use it cannot see (a generic [FudgeMessage] type closed only inside a generic method, or in another assembly), add [assembly: FudgeSerializable(typeof({name}))] to the assembly that uses it (FUDGE017 says so when the type has no Fudge mapping: docs/generator-types.md, \"Wire mapping\"), or register a formatter with FudgeValueFormatterCache<T>.Register.");
    }
}

/// <summary>A <c>[FudgeMessage]</c> type (any type with a <see cref="FudgeFormatterCache{T}"/> formatter) as a sub-message.</summary>
internal sealed class FudgeMessageValueFormatter<T> : IFudgeValueFormatter<T>
{
    public void WriteField(ref FudgeWriter writer, in FudgeFieldKey key, T value) => FudgeFormatterHelpers.WriteObject(ref writer, in key, value);

    public T ReadField(ref FudgeReader reader) => FudgeFormatterHelpers.ReadObject<T>(ref reader);
}
