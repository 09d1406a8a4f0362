using System;
#if NET5_0_OR_GREATER
using System.Diagnostics.CodeAnalysis;
#endif
using System.Reflection;
using System.Runtime.CompilerServices;

namespace Fudge.Serialization;

/// <summary>
/// Writes and reads the fields of one message for values of <typeparamref name="T"/>. The source generator implements
/// it for every <c>[FudgeMessage]</c> type (as the nested class <c>T.FudgeFormatter</c>, with a static
/// <c>Instance</c>); <see cref="FudgeSerializer"/> adds the envelope.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public interface IFudgeFormatter<T>
{
    /// <summary>
    /// The taxonomy id the envelope carries when <typeparamref name="T"/> is the top-level message (0 for none).
    /// </summary>
    short TaxonomyId { get; }

    /// <summary>The taxonomy mapping this type's ordinals to names, or null.</summary>
    IFudgeTaxonomy? Taxonomy { get; }

    /// <summary>
    /// Writes the fields of <paramref name="value"/>'s message at the writer's current position (inside an envelope
    /// or a sub-message opened by the caller). Allocates nothing of its own.
    /// </summary>
    void Write(ref FudgeWriter writer, T value);

    /// <summary>Reads a value from the fields of the message <paramref name="reader"/> walks (positioned before its first field).</summary>
    /// <exception cref="FudgeFormatException">The fields cannot be read as <typeparamref name="T"/>.</exception>
    T Read(ref FudgeReader reader);
}

/// <summary>
/// A formatter whose values name their class the way Fudge-Proto's generated Java does
/// (<c>FudgeSerializationContext.addClassHeader(message, runtimeClass, declaredClass)</c>): a value written as the
/// value of a field declared as <typeparamref name="T"/> starts with the names (strings at ordinal 0) of its runtime
/// class and of its superclasses below <typeparamref name="T"/>, none when it is a <typeparamref name="T"/> itself;
/// a value written at the top level, through <see cref="IFudgeFormatter{T}.Write"/>, names no class. The source
/// generator implements it for Fudge-Proto messages that take part in inheritance.
/// </summary>
/// <typeparam name="T">The type handled, which is also the declared type of the fields it writes.</typeparam>
public interface IFudgeClassHeaderFormatter<T> : IFudgeFormatter<T>
{
    /// <summary>
    /// Writes the fields of <paramref name="value"/>'s message as the value of a field declared as
    /// <typeparamref name="T"/> (inside a sub-message opened by the caller): the class names below
    /// <typeparamref name="T"/> first.
    /// </summary>
    void WriteAsField(ref FudgeWriter writer, T value);
}

/// <summary>
/// Marks a formatter whose values are exchanged with Fudge-Java (a Fudge-Java object, or a Fudge-Proto message
/// compiled with <c>FudgeProtoMapping="Java"</c>): <see cref="FudgeSerializer"/> writes them with
/// <see cref="FudgeWriterOptions.JavaCompatible"/> unless it is given options.
/// </summary>
public interface IFudgeJavaValues
{
}

/// <summary>
/// The formatter of a type mapped as a Fudge-Java object (<see cref="FudgeObjectMapping.Java"/>): after its fields it
/// writes the names of its Java class chain (strings at ordinal 0), all of them at the top level and in collections
/// (<see cref="IFudgeFormatter{T}.Write"/>, as <c>FudgeContext.toFudgeMsg</c> and <c>ListBuilder</c> do), those
/// below the declared type as the value of a field (<see cref="IFudgeClassHeaderFormatter{T}.WriteAsField"/>, as
/// <c>JavaBeanBuilder</c> does). The source generator implements it.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public interface IFudgeJavaFormatter<T> : IFudgeClassHeaderFormatter<T>, IFudgeJavaValues
{
    /// <summary>The Java class name written for <typeparamref name="T"/>, such as <c>com.acme.trading.Trade</c>.</summary>
    string JavaClassName { get; }

    /// <summary>
    /// Writes the fields of <paramref name="value"/>'s message, then the names of its class chain (the runtime class
    /// first) but the last <paramref name="declaredNames"/>: 0 writes them all, <see cref="int.MaxValue"/> none (an
    /// element of a Java array, which <c>ArrayBuilder</c> writes without names).
    /// </summary>
    void WriteFields(ref FudgeWriter writer, T value, int declaredNames);
}

/// <summary>
/// The formatter for <typeparamref name="T"/>, looked up once per type: reading <see cref="Formatter"/> is a static
/// field load. Generated code registers its formatters from a module initializer; when that has not run (for example
/// in a netstandard2.0 consumer), the first look-up runs the type's module initializer, then falls back to the
/// nested generated <c>FudgeFormatter.Instance</c>.
/// </summary>
/// <typeparam name="T">The type handled.</typeparam>
public static class FudgeFormatterCache<T>
{
    private static IFudgeFormatter<T>? _formatter;

    /// <summary>
    /// The size of a recent sub-message written for a <typeparamref name="T"/>, which the next one reserves its size
    /// bytes by (see <see cref="FudgeWriter.BeginMessage(in FudgeFieldKey, int)"/>); any value is correct.
    /// </summary>
    internal static int SizeHint;

    /// <summary>The formatter for <typeparamref name="T"/>.</summary>
    /// <exception cref="FudgeException">No formatter is known for <typeparamref name="T"/> (is it a <c>[FudgeMessage]</c> partial type?).</exception>
    public static IFudgeFormatter<T> Formatter
    {
        [MethodImpl(MethodImplOptions.AggressiveInlining)]
        get => _formatter ?? Resolve();
    }

    /// <summary>True when a formatter is registered or can be found.</summary>
    public static bool IsAvailable => _formatter is not null || TryResolve() is not null;

    /// <summary>Registers (or replaces) the formatter for <typeparamref name="T"/>. Generated code calls this.</summary>
    public static void Register(IFudgeFormatter<T> formatter)
    {
        _javaStrings = formatter is IFudgeJavaValues;
        _formatter = formatter ?? throw new ArgumentNullException(nameof(formatter));
    }

    private static bool _javaStrings;

    /// <summary>
    /// The writer options <see cref="FudgeSerializer"/> uses when the caller gives none, once <see cref="Formatter"/>
    /// was read: Fudge-Java's form of text for a type mapped as a Fudge-Java object (whoever reads it is Java), the
    /// default otherwise.
    /// </summary>
    internal static FudgeWriterOptions? DefaultWriterOptions => _javaStrings ? FudgeWriterOptions.JavaCompatible : null;

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static IFudgeFormatter<T> Resolve()
        => TryResolve() ?? throw new FudgeException(
            $"No Fudge formatter for {typeof(T).FullName}: mark it [FudgeMessage] and partial (the Fudge source generator writes one), or register one with FudgeFormatterCache<T>.Register (needed in a trimmed or NativeAOT app for a type compiled into a netstandard2.0 library).");

    private static IFudgeFormatter<T>? TryResolve()
    {
        if (_formatter is not null) return _formatter;
        var type = typeof(T);
        try
        {
            RuntimeHelpers.RunModuleConstructor(type.Module.ModuleHandle);
        }
        catch (Exception)
        {
            // Modules without an initializer, or dynamic modules: fall through to the nested formatter.
        }
        if (_formatter is not null) return _formatter;
        if ((FindNestedFormatter() ?? FudgeValueFormatterCache<T>.TopLevel()) is { } found)
        {
            _javaStrings = found is IFudgeJavaValues;
            _formatter = found;
        }
        // An interface or abstract class with no formatter of its own: its values are registered types, named at
        // ordinal 0 (FudgeClassRegistry), as a member of that type writes them.
        else if (type.IsInterface || (type.IsAbstract && type.IsClass && !type.IsSealed))
        {
            _formatter = new FudgeFormatterHelpers.RegisteredFormatter<T>();
        }
        return _formatter;
    }

    /// <summary>
    /// The last resort: the generated nested <c>FudgeFormatter.Instance</c>, found by reflection, for code compiled
    /// without module initializers (a <c>[FudgeMessage]</c> type in a netstandard2.0 library).
    /// </summary>
#if NET5_0_OR_GREATER
    // Trimmed and NativeAOT apps target net6.0 or later, where the generator registers every formatter from a module
    // initializer that names T.FudgeFormatter.Instance in code; the look-up above finds it, so this is not reached
    // for them. What is left is a type with no generated formatter, or one from a netstandard2.0 library: if trimming
    // removed what reflection needs, the result is null and the caller raises a FudgeException saying to register
    // the formatter explicitly; never a wrong formatter, never a crash.
    [UnconditionalSuppressMessage("Trimming", "IL2090", Justification = "Fallback after module-initializer registration; a miss is reported as a FudgeException naming FudgeFormatterCache<T>.Register.")]
    [UnconditionalSuppressMessage("Trimming", "IL2075", Justification = "Fallback after module-initializer registration; a miss is reported as a FudgeException naming FudgeFormatterCache<T>.Register.")]
    [UnconditionalSuppressMessage("Trimming", "IL2055", Justification = "Fallback after module-initializer registration; a miss is reported as a FudgeException naming FudgeFormatterCache<T>.Register.")]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "A generic type's formatter is registered by the generator for every closed use it sees; one it could not see raises a FudgeException naming FudgeFormatterCache<T>.Register when its code is missing.")]
#endif
    private static IFudgeFormatter<T>? FindNestedFormatter()
    {
        var type = typeof(T);
        var nested = type.GetNestedType("FudgeFormatter", BindingFlags.Public | BindingFlags.NonPublic);
        if (nested is null) return null;
        if (nested.IsGenericTypeDefinition)
        {
            // The formatter of a generic [FudgeMessage] type is nested in it, so it is generic in the same parameters:
            // the one of the closed type T takes T's arguments (those of its containing types first, as T has them).
            try
            {
                nested = nested.MakeGenericType(type.GetGenericArguments());
            }
            catch (NotSupportedException e)
            {
                throw new FudgeException($"The Fudge formatter of {FudgeTypeNames.CSharp(type)} cannot be made at run time here (a NativeAOT app without the code for it): use the type in a [FudgeMessage] member or a FudgeSerializer call the source generator can see, or declare it with [assembly: FudgeSerializable(typeof({FudgeTypeNames.CSharp(type)}))], or register its FudgeFormatter.Instance with FudgeFormatterCache<T>.Register.", e);
            }
            catch (ArgumentException)
            {
                return null;
            }
        }
        return nested.GetField("Instance", BindingFlags.Public | BindingFlags.Static)?.GetValue(null) as IFudgeFormatter<T>;
    }
}
