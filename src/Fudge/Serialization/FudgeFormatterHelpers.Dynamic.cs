using System;
using System.Collections;
using System.Collections.Generic;

namespace Fudge.Serialization;

// Members whose declared type says nothing of the wire: `object` (each value written as the Fudge type of its runtime
// type, read back as the natural .NET type of the wire type), and interfaces or abstract classes that are not
// [FudgeMessage] types (each value a registered type, named by its class name at ordinal 0). This dispatch is for
// such members only: typed members keep their generated code.
public static partial class FudgeFormatterHelpers
{
    // ---------------------------------------------------------------- object members: writing

    /// <summary>
    /// Writes the value of an <c>object</c> member (or an element of a collection of <c>object</c>) as the Fudge type
    /// of its runtime type: a boolean, an integer reduced to its smallest width, a float, a double, a string, a byte
    /// array, an array of a primitive, a date, a time or a date-time, a <see cref="FudgeMsg"/>; a registered type
    /// (see <see cref="FudgeClassRegistry"/>) as a sub-message holding its class names at ordinal 0; a dictionary as
    /// a sub-message of keys at ordinal 1 and values at ordinal 2, a set as one of values at ordinal 1, any other
    /// collection as one of anonymous values (a null element as an indicator). An enum is written as its number, a
    /// <see cref="decimal"/> as its text, a <see cref="char"/> as a one-character string, a <see cref="Guid"/> as 16
    /// bytes and a <see cref="TimeSpan"/> as its ticks, as typed members write them.
    /// </summary>
    /// <param name="writer">The writer.</param>
    /// <param name="key">The field's name and ordinal.</param>
    /// <param name="value">The value, not null (a null member is not written; a null element is an indicator).</param>
    /// <param name="member">The member being written (<c>Type.Member</c>), named by the exception.</param>
    /// <exception cref="FudgeException">The value's type has no Fudge mapping, or values are nested too deep (a cycle).</exception>
    public static void WriteObjectValue(ref FudgeWriter writer, in FudgeFieldKey key, object value, string member)
        => WriteDynamic(ref writer, in key, value, member, java: false);

    /// <summary>
    /// <see cref="WriteObjectValue"/> for an <c>object</c> property of a type mapped as a Fudge-Java object: the
    /// values Fudge-Java writes for an <c>Object</c> property take its forms (a <see cref="decimal"/> as
    /// <c>BigDecimal.toString()</c>, a <see cref="char"/> as Java's <c>Character</c> message with its class name, a NaN canonical, byte
    /// arrays of variable width, a <c>DateOnly</c> as the date it is).
    /// </summary>
    /// <exception cref="FudgeException">The value's type has no Fudge mapping, or values are nested too deep (a cycle).</exception>
    public static void WriteJavaObjectValue(ref FudgeWriter writer, in FudgeFieldKey key, object value, string member)
        => WriteDynamic(ref writer, in key, value, member, java: true);

    private static void WriteDynamic(ref FudgeWriter writer, in FudgeFieldKey key, object value, string member, bool java)
    {
        switch (value)
        {
            case string s: writer.WriteString(in key, s); return;
            case bool b: writer.WriteBoolean(in key, b); return;
            case int i: writer.WriteInt32(in key, i); return;
            case long l: writer.WriteInt64(in key, l); return;
            case double d: writer.WriteDouble(in key, java ? JavaNaN(d) : d); return;
            case float f: writer.WriteSingle(in key, java ? JavaNaN(f) : f); return;
            case short s16: writer.WriteInt16(in key, s16); return;
            case byte u8: writer.WriteInt16(in key, u8); return;
            case sbyte s8: writer.WriteSByte(in key, s8); return;
            case ushort u16: writer.WriteInt32(in key, u16); return;
            case uint u32: writer.WriteInt64(in key, u32); return;
            case ulong u64: WriteUInt64(ref writer, in key, u64); return;
            case decimal m:
                if (java) WriteJavaDecimal(ref writer, in key, m);
                else WriteDecimal(ref writer, in key, m);
                return;
            case char c:
                if (java) WriteJavaObjectChar(ref writer, in key, c);
                else WriteChar(ref writer, in key, c);
                return;
            case Guid g: WriteGuid(ref writer, in key, g); return;
            case DateTime dt: WriteDateTime(ref writer, in key, dt); return;
            case DateTimeOffset dto: WriteDateTimeOffset(ref writer, in key, dto); return;
#if NET6_0_OR_GREATER
            case DateOnly date:
                if (java) WriteJavaDateOnly(ref writer, in key, date);
                else WriteDateOnly(ref writer, in key, date);
                return;
            case TimeOnly time: WriteTimeOnly(ref writer, in key, time); return;
#endif
            case TimeSpan span: writer.WriteInt64(in key, span.Ticks); return;
            case FudgeDate fudgeDate: writer.WriteDate(in key, fudgeDate); return;
            case FudgeTime fudgeTime: writer.WriteTime(in key, fudgeTime); return;
            case FudgeDateTime fudgeDateTime: writer.WriteDateTime(in key, fudgeDateTime); return;
            case byte[] bytes:
                if (java) writer.WriteVariableBytes(in key, bytes);
                else writer.WriteBytes(in key, bytes);
                return;
            case short[] shorts: writer.WriteInt16Array(in key, shorts); return;
            case int[] ints: writer.WriteInt32Array(in key, ints); return;
            case long[] longs: writer.WriteInt64Array(in key, longs); return;
            case float[] floats:
                if (java) WriteJavaSingleArray(ref writer, in key, floats);
                else writer.WriteSingleArray(in key, floats);
                return;
            case double[] doubles:
                if (java) WriteJavaDoubleArray(ref writer, in key, doubles);
                else writer.WriteDoubleArray(in key, doubles);
                return;
            case FudgeMsg message: WriteMessage(ref writer, in key, message); return;
            case Enum e: WriteEnumNumber(ref writer, in key, e); return;
        }
        if (FudgeClassRegistry.Find(value.GetType()) is { } entry)
        {
            WriteRegistered(ref writer, in key, value, entry);
            return;
        }
        if (value is IEnumerable collection)
        {
            WriteCollection(ref writer, in key, collection, member, java);
            return;
        }
        throw NoMapping(member, value.GetType());
    }

    private static readonly byte[] JavaCharacterClass = System.Text.Encoding.UTF8.GetBytes("java.lang.Character");

    // Fudge-Java writes a Character held by an Object property as its Character message, then the class name (the
    // declared type, Object, is no help to the reader).
    private static void WriteJavaObjectChar(ref FudgeWriter writer, in FudgeFieldKey key, char value)
    {
        var message = writer.BeginMessage(in key);
        WriteChar(ref writer, in CharValueKey, value);
        WriteBmpTypeName(ref writer, JavaCharacterClass);
        writer.EndMessage(message);
    }

    private static void WriteEnumNumber(ref FudgeWriter writer, in FudgeFieldKey key, Enum value)
    {
        // Boxed enums convert through IConvertible to their underlying integer, whatever its width and sign.
        var convertible = (IConvertible)value;
        if (convertible.GetTypeCode() == TypeCode.UInt64) WriteUInt64(ref writer, in key, convertible.ToUInt64(null));
        else writer.WriteInt64(in key, convertible.ToInt64(null));
    }

    private static void WriteCollection(ref FudgeWriter writer, in FudgeFieldKey key, IEnumerable collection, string member, bool java)
    {
        if (++writer.ObjectDepth > MaxWriteDepth) throw NestedTooDeep(collection.GetType());
        var marker = writer.BeginMessage(in key);
        if (collection is IDictionary dictionary)
        {
            var e = dictionary.GetEnumerator();
            while (e.MoveNext())
            {
                WriteElement(ref writer, in MapKeyKey, e.Key, member, java);
                WriteElement(ref writer, in MapValueKey, e.Value, member, java);
            }
        }
        else if (collection is IEnumerable<KeyValuePair<string, object?>> pairs)
        {
            // Dictionaries of string to object that are not an IDictionary (ExpandoObject, read-only ones).
            foreach (var pair in pairs)
            {
                WriteElement(ref writer, in MapKeyKey, pair.Key, member, java);
                WriteElement(ref writer, in MapValueKey, pair.Value, member, java);
            }
        }
        else
        {
            var elementKey = IsSet(collection) ? SetElementKey : ListElementKey;
            foreach (var element in collection) WriteElement(ref writer, in elementKey, element, member, java);
        }
        writer.EndMessage(marker);
        writer.ObjectDepth--;
    }

    private static void WriteElement(ref FudgeWriter writer, in FudgeFieldKey key, object? value, string member, bool java)
    {
        if (value is null) writer.WriteIndicator(in key);
        else WriteDynamic(ref writer, in key, value, member, java);
    }

    // The sets written with ordinal 1 (Fudge-Java's SetBuilder form): those of the element types a property bag
    // holds. Finding ISet<T> of any T would take reflection over the value's interfaces, which trimming may remove.
    private static bool IsSet(IEnumerable collection) => collection is ISet<object?> or ISet<string> or ISet<long> or ISet<int>
        or ISet<double> or ISet<Guid> or ISet<DateTime>
#if NET5_0_OR_GREATER
        or IReadOnlySet<object?> or IReadOnlySet<string> or IReadOnlySet<long> or IReadOnlySet<int>
#endif
        ;

    private static void WriteRegistered(ref FudgeWriter writer, in FudgeFieldKey key, object value, FudgeClassRegistry.Entry entry)
    {
        if (++writer.ObjectDepth > MaxWriteDepth) throw NestedTooDeep(entry.Type);
        var marker = writer.BeginMessage(in key);
        if (!entry.WritesClassName) WriteTypeName(ref writer, entry.ClassNameUtf8);
        // Declared as object (or an interface): every name of the chain is below the declared type.
        entry.WriteFields(ref writer, value, 0);
        writer.EndMessage(marker);
        writer.ObjectDepth--;
    }

    private static FudgeException NoMapping(string member, Type type)
        => new($"{member}: a value of type {type.FullName} has no Fudge mapping in an object member: use a primitive, a string, a date or time, a byte or primitive array, a collection or dictionary of such values, a FudgeMsg, or a [FudgeMessage] type (registered in FudgeClassRegistry).");

    // ---------------------------------------------------------------- object members: reading

    /// <summary>
    /// Reads the current field as the value of an <c>object</c> member: the natural .NET type of its wire type (see
    /// docs/generator-types.md, "object members"). An integer of any width is a <see cref="long"/>; a date a
    /// <c>DateOnly</c> (a <see cref="DateTime"/> before .NET 6); a time without zone a <c>TimeOnly</c> (a
    /// <see cref="TimeSpan"/> before .NET 6); a date-time without zone a <see cref="DateTime"/> of kind
    /// <see cref="DateTimeKind.Unspecified"/>, at offset 0 one of kind <see cref="DateTimeKind.Utc"/>, at another
    /// offset a <see cref="DateTimeOffset"/>; a value .NET cannot hold stays a <see cref="FudgeDate"/>,
    /// <see cref="FudgeTime"/> or <see cref="FudgeDateTime"/>. A sub-message whose class names (at ordinal 0) name a
    /// registered type is that type; one without class names is a <c>List&lt;object?&gt;</c> (anonymous fields), a
    /// <c>HashSet&lt;object?&gt;</c> (ordinal 1) or a <c>Dictionary&lt;object, object?&gt;</c> (ordinals 1 and 2);
    /// any other a <see cref="FudgeMsg"/>. An indicator is null. No type is loaded by a name the data gives.
    /// </summary>
    /// <exception cref="FudgeFormatException">The field cannot be read (a registered type refuses its message, nesting too deep).</exception>
    public static object? ReadObjectValue(ref FudgeReader reader)
    {
        if (reader.IsIndicator) return null;
        if (reader.TypeId == FudgeTypeId.Message)
        {
            var sub = reader.ReadMessage();
            return UntypedObjectReader.Read(ref sub, FudgeUnknownClasses.AsMessage, naturalValues: true);
        }
        return ReadNaturalScalar(ref reader);
    }

    /// <summary>The natural .NET value of the current field, which is not a sub-message (see <see cref="ReadObjectValue"/>).</summary>
    internal static object ReadNaturalScalar(ref FudgeReader reader)
    {
        switch (reader.TypeId)
        {
            case FudgeTypeId.Indicator: return FudgeIndicator.Instance;
            case FudgeTypeId.Boolean: return reader.GetBoolean();
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64: return reader.GetInt64();
            case FudgeTypeId.Float: return reader.GetSingle();
            case FudgeTypeId.Double: return reader.GetDouble();
            case FudgeTypeId.String: return reader.GetString();
            case FudgeTypeId.Int16Array: return reader.GetInt16Array();
            case FudgeTypeId.Int32Array: return reader.GetInt32Array();
            case FudgeTypeId.Int64Array: return reader.GetInt64Array();
            case FudgeTypeId.FloatArray: return reader.GetSingleArray();
            case FudgeTypeId.DoubleArray: return reader.GetDoubleArray();
            case FudgeTypeId.Date: return NaturalDate(reader.GetDate());
            case FudgeTypeId.Time: return NaturalTime(reader.GetTime());
            case FudgeTypeId.DateTime: return NaturalDateTime(reader.GetDateTime());
            default:
                if (FudgeTypeId.IsByteArray(reader.TypeId)) return reader.GetBytes();
                return new FudgeUnknownValue(reader.TypeId, reader.ValueSpan);
        }
    }

    private static object NaturalDate(FudgeDate value)
    {
        if (!value.IsConvertible) return value;
#if NET6_0_OR_GREATER
        return value.ToDateOnly();
#else
        return value.ToDateTime();
#endif
    }

    private static object NaturalTime(FudgeTime value)
    {
        if (value.TimeZoneOffsetQuarterHours is not null || value.SecondsSinceMidnight > 86399 || value.Nanoseconds > 999_999_999) return value;
#if NET6_0_OR_GREATER
        return value.ToTimeOnly();
#else
        return value.TimeOfDay;
#endif
    }

    private static object NaturalDateTime(FudgeDateTime value)
    {
        try
        {
            int? quarters = value.Time.TimeZoneOffsetQuarterHours;
            // No zone: the wall-clock DateTime; offset 0: the UTC DateTime (as a UTC DateTime is written); another
            // offset: the DateTimeOffset (as a DateTimeOffset is written).
            if (quarters is null or 0) return value.ToDateTime();
            return value.ToDateTimeOffset();
        }
        catch (Exception e) when (e is FudgeException or ArgumentException)
        {
            return value; // a date .NET cannot hold: the wire value as it is
        }
    }

    // ---------------------------------------------------------------- interface and abstract members

    /// <summary>
    /// Writes the value of a member declared as an interface or an abstract class that is not a <c>[FudgeMessage]</c>
    /// type: a sub-message of the value's registered type (see <see cref="FudgeClassRegistry"/>; the generator
    /// registers every <c>[FudgeMessage]</c> type) holding its class names at ordinal 0, read back by
    /// <see cref="ReadRegisteredObject{T}"/>.
    /// </summary>
    /// <exception cref="FudgeException">The value's runtime type is not registered, or objects are nested too deep.</exception>
    public static void WriteRegisteredObject<T>(ref FudgeWriter writer, in FudgeFieldKey key, T value, string member)
        => WriteRegistered(ref writer, in key, value!, FindRegistered<T>(value!, member));

    private static FudgeClassRegistry.Entry FindRegistered<T>(object value, string member)
    {
        var type = value.GetType();
        return FudgeClassRegistry.Find(type)
            ?? throw new FudgeException($"{member}: {type.FullName} is not registered in FudgeClassRegistry, so a {typeof(T).FullName} member cannot name it: mark it [FudgeMessage] (and partial), or register its formatter with FudgeClassRegistry.Register.");
    }

    /// <summary>
    /// The formatter of an interface or abstract class with no formatter of its own (<see cref="FudgeFormatterCache{T}"/>
    /// uses it), so that a <typeparamref name="T"/> can be serialized at the top level: the runtime type's fields and
    /// class name, read back through the registry as <see cref="ReadRegisteredObject{T}"/> does.
    /// </summary>
    internal sealed class RegisteredFormatter<T> : IFudgeFormatter<T>
    {
        public short TaxonomyId => 0;

        public IFudgeTaxonomy? Taxonomy => null;

        public void Write(ref FudgeWriter writer, T value)
        {
            if (value is null) throw new ArgumentNullException(nameof(value));
            var entry = FindRegistered<T>(value, typeof(T).Name);
            if (!entry.WritesClassName) WriteTypeName(ref writer, entry.ClassNameUtf8);
            entry.WriteFields(ref writer, value, 0);
        }

        public T Read(ref FudgeReader reader) => ReadRegisteredFrom<T>(ref reader, Math.Max(0, reader.ValueOffset));
    }

    /// <summary>
    /// Reads the current field (a sub-message) as a <typeparamref name="T"/>: the first of its class names (strings
    /// at ordinal 0) registered in <see cref="FudgeClassRegistry"/> for a type assignable to <typeparamref name="T"/>
    /// gives the type. Nothing else is ever instantiated.
    /// </summary>
    /// <exception cref="FudgeFormatException">The field is not a sub-message, or none of its class names is registered for a <typeparamref name="T"/>.</exception>
    public static T ReadRegisteredObject<T>(ref FudgeReader reader)
    {
        if (reader.TypeId != FudgeTypeId.Message)
            throw new FudgeFormatException(reader.ValueOffset, $"a {typeof(T).FullName} is a sub-message naming its class at ordinal 0, not a field of type {reader.TypeId}");
        var sub = reader.ReadMessage();
        return ReadRegisteredFrom<T>(ref sub, reader.ValueOffset);
    }

    /// <summary>Reads the message <paramref name="sub"/> walks as the registered <typeparamref name="T"/> its class names give.</summary>
    internal static T ReadRegisteredFrom<T>(ref FudgeReader sub, int messageOffset)
    {
        var scan = sub;
        int firstName = -1;
        string? unknown = null;
        while (scan.Read())
        {
            if (!scan.HasOrdinal || scan.Ordinal != 0 || scan.TypeId != FudgeTypeId.String) continue;
            if (FudgeClassRegistry.Find(scan.ValueSpan, typeof(T)) is { } entry) return (T)entry.Read(ref sub);
            if (firstName < 0)
            {
                firstName = scan.FieldOffset;
                unknown = DecodeJavaName(scan.ValueSpan) ?? System.Text.Encoding.UTF8.GetString(scan.ValueSpan.ToArray());
                if (unknown.Length > 128) unknown = unknown.Substring(0, 128) + "...";
            }
        }
        if (firstName < 0)
            throw new FudgeFormatException(messageOffset, $"the message of a {typeof(T).FullName} names no class (no string at ordinal 0)");
        throw new FudgeFormatException(firstName, $"no class name of the message is registered for a {typeof(T).FullName} (the first is \"{unknown}\"); only types registered in FudgeClassRegistry are read");
    }
}
