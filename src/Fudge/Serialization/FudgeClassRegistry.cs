using System;
using System.Collections.Generic;
using System.Text;

namespace Fudge.Serialization;

/// <summary>
/// The class names (strings at ordinal 0, Fudge-Java's class headers) this process knows, each with the type and
/// formatter it stands for. Readers resolve a name only against this registry, never through
/// <see cref="Type.GetType(string)"/> or any other look-up of a type the data names: a message cannot make the process
/// build a type it did not register (the "gadget" attacks of serializers that load types by name).
/// </summary>
/// <remarks>
/// The source generator registers every <c>[FudgeMessage]</c> type mapped as a Fudge-Java object
/// (<see cref="FudgeObjectMapping.Java"/>) from the assembly's module initializer, under its Java class name; call
/// <see cref="Register{T}(string)"/> for others (a type compiled for netstandard2.0, where module initializers do not run, or
/// a hand-written formatter). Registration is thread-safe; look-ups take no lock.
/// </remarks>
public static class FudgeClassRegistry
{
    private static readonly object Gate = new();
    // By name: every type registered under it, the latest first. Two libraries may both name a type "Circle" (a
    // [FudgeUnion] name, a TypeName): a reader of a declared type takes the one that fits it.
    private static volatile Tables _tables = new(new Dictionary<string, Entry[]>(StringComparer.Ordinal), new Dictionary<Type, Entry>());

    /// <summary>
    /// Registers <typeparamref name="T"/> under <paramref name="className"/>: a class name on the wire that names it is
    /// read through <typeparamref name="T"/>'s formatter, and an object of runtime type <typeparamref name="T"/>
    /// written where a base type is declared is written through it. A later registration of the same type replaces
    /// the earlier one; several types may share a name, and a reader of a declared type takes the latest registered
    /// that it can hold (an untyped read takes the latest).
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="className"/> is empty.</exception>
    public static void Register<T>(string className) => Register<T>(className, writesClassName: false);

    /// <summary>
    /// <see cref="Register{T}(string)"/>, saying whether <typeparamref name="T"/>'s formatter writes
    /// <paramref name="className"/> at ordinal 0 itself (as generated formatters of Fudge-Java objects and of
    /// <c>[FudgeUnion]</c> hierarchies do). When it does not, an <c>object</c> or interface member holding a
    /// <typeparamref name="T"/> writes the name before the formatter's fields, so that it can be read back as a
    /// <typeparamref name="T"/>. The generator calls this for every <c>[FudgeMessage]</c> type.
    /// </summary>
    /// <exception cref="ArgumentException"><paramref name="className"/> is empty.</exception>
    public static void Register<T>(string className, bool writesClassName)
    {
        if (string.IsNullOrEmpty(className)) throw new ArgumentException("A class name is required.", nameof(className));
        var entry = new Entry<T>(className, writesClassName);
        lock (Gate)
        {
            // Copy on write: readers see one table or the other, never one being changed.
            var byName = new Dictionary<string, Entry[]>(_tables.ByName, StringComparer.Ordinal);
            var byType = new Dictionary<Type, Entry>(_tables.ByType);
            if (byType.TryGetValue(typeof(T), out var old) && byName.TryGetValue(old.ClassName, out var sharing))
            {
                var others = Array.FindAll(sharing, e => !ReferenceEquals(e, old));
                if (others.Length == 0) byName.Remove(old.ClassName);
                else byName[old.ClassName] = others;
            }
            byName.TryGetValue(className, out var earlier);
            var entries = new Entry[(earlier?.Length ?? 0) + 1];
            entries[0] = entry;
            earlier?.CopyTo(entries, 1);
            byName[className] = entries;
            byType[typeof(T)] = entry;
            _tables = new Tables(byName, byType);
        }
    }

    /// <summary>The type registered under <paramref name="className"/>, or null.</summary>
    public static Type? FindType(string className) => className is not null && _tables.ByName.TryGetValue(className, out var entries) ? entries[0].Type : null;

    /// <summary>The class name <paramref name="type"/> is registered under, or null.</summary>
    public static string? FindClassName(Type type) => type is not null && _tables.ByType.TryGetValue(type, out var entry) ? entry.ClassName : null;

    internal static Entry? Find(Type type) => _tables.ByType.TryGetValue(type, out var entry) ? entry : null;

    /// <summary>The latest entry of a class name as it is on the wire (UTF-8, or Fudge-Java's CESU-8), or null.</summary>
    internal static Entry? Find(ReadOnlySpan<byte> wireName) => FindAll(wireName)?[0];

    /// <summary>The latest entry of a class name as it is on the wire whose type a <paramref name="declared"/> can hold, or null.</summary>
    internal static Entry? Find(ReadOnlySpan<byte> wireName, Type declared)
    {
        var entries = FindAll(wireName);
        if (entries is null) return null;
        foreach (var entry in entries)
            if (declared.IsAssignableFrom(entry.Type)) return entry;
        return null;
    }

    private static Entry[]? FindAll(ReadOnlySpan<byte> wireName)
    {
        var byName = _tables.ByName;
        if (byName.Count == 0) return null;
        string? name = FudgeFormatterHelpers.DecodeJavaName(wireName);
        if (name is null)
        {
            try
            {
                name = Utf8Strict.GetString(wireName.ToArray());
            }
            catch (DecoderFallbackException)
            {
                return null; // not text: names nothing
            }
        }
        return byName.TryGetValue(name, out var entries) ? entries : null;
    }

    private static readonly UTF8Encoding Utf8Strict = new(false, true);

    private sealed class Tables(Dictionary<string, Entry[]> byName, Dictionary<Type, Entry> byType)
    {
        public readonly Dictionary<string, Entry[]> ByName = byName;
        public readonly Dictionary<Type, Entry> ByType = byType;
    }

    /// <summary>A registered type: its name, and its formatter reached without knowing the type at compile time.</summary>
    internal abstract class Entry(string className, Type type, bool writesClassName)
    {
        public string ClassName { get; } = className;

        /// <summary>The name as written at ordinal 0 (UTF-8).</summary>
        public byte[] ClassNameUtf8 { get; } = Encoding.UTF8.GetBytes(className);

        /// <summary>The formatter writes the class name itself (a Fudge-Java object's, a [FudgeUnion] hierarchy's).</summary>
        public bool WritesClassName => writesClassName || IsJava;

        /// <summary>The formatter is a Fudge-Java object's, which writes its class names after its fields.</summary>
        public abstract bool IsJava { get; }

        public Type Type { get; } = type;

        /// <summary>Reads an object of this type from the fields of the message the reader walks.</summary>
        public abstract object Read(ref FudgeReader reader);

        /// <summary>Writes the fields of <paramref name="value"/> (of this type) and its class names but the last <paramref name="declaredNames"/>.</summary>
        public abstract void WriteFields(ref FudgeWriter writer, object value, int declaredNames);
    }

    private sealed class Entry<T>(string className, bool writesClassName) : Entry(className, typeof(T), writesClassName)
    {
        public override bool IsJava => FudgeFormatterCache<T>.Formatter is IFudgeJavaFormatter<T>;

        public override object Read(ref FudgeReader reader) => FudgeFormatterCache<T>.Formatter.Read(ref reader)!;

        public override void WriteFields(ref FudgeWriter writer, object value, int declaredNames)
        {
            var formatter = FudgeFormatterCache<T>.Formatter;
            if (formatter is IFudgeJavaFormatter<T> java) java.WriteFields(ref writer, (T)value, declaredNames);
            else formatter.Write(ref writer, (T)value);
        }
    }
}
