using System;
using System.Buffers.Text;
using System.Collections.Generic;
using System.Linq;
using System.ComponentModel;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;

namespace Fudge.Serialization;

/// <summary>
/// Building blocks of generated formatters: conversions of CLR types without a native Fudge type, and the keys of
/// the collection conventions (spec §16). Not meant to be called by hand.
/// </summary>
[EditorBrowsable(EditorBrowsableState.Never)]
public static partial class FudgeFormatterHelpers
{
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    /// <summary>The key of list and array elements: anonymous.</summary>
    public static readonly FudgeFieldKey ListElementKey = FudgeFieldKey.Anonymous;

    /// <summary>The key of set elements: ordinal 1.</summary>
    public static readonly FudgeFieldKey SetElementKey = FudgeFieldKey.FromOrdinal(1);

    /// <summary>The key of map keys: ordinal 1.</summary>
    public static readonly FudgeFieldKey MapKeyKey = FudgeFieldKey.FromOrdinal(1);

    /// <summary>The key of map values: ordinal 2.</summary>
    public static readonly FudgeFieldKey MapValueKey = FudgeFieldKey.FromOrdinal(2);

    /// <summary>The key of the type-name field: ordinal 0.</summary>
    public static readonly FudgeFieldKey TypeNameKey = FudgeFieldKey.FromOrdinal(0);

    // ---------------------------------------------------------------- conventions

    /// <summary>True when the current field is an element of a list or set message: no ordinal, or ordinal 1 (negative-ordinal hints are skipped).</summary>
    public static bool IsCollectionElement(ref FudgeReader reader) => !reader.HasOrdinal || reader.Ordinal == 1;

    /// <summary>True when the current field is a map key (ordinal 1).</summary>
    public static bool IsMapKey(ref FudgeReader reader) => reader.HasOrdinal && reader.Ordinal == 1;

    /// <summary>True when the current field is a map value (ordinal 2).</summary>
    public static bool IsMapValue(ref FudgeReader reader) => reader.HasOrdinal && reader.Ordinal == 2;

    /// <summary>
    /// For a field name that matched no member byte for byte: the name decoded, when it holds a 0xED byte (and so may be
    /// Fudge-Java's CESU-8 form of a name outside the Basic Multilingual Plane) and decodes; otherwise null. Generated
    /// readers of types with such member names match the result.
    /// </summary>
    public static string? DecodeJavaName(ReadOnlySpan<byte> name)
        => JavaCesu8.MayHoldSurrogates(name) && JavaCesu8.TryDecode(name, out string? text) < 0 ? text : null;

    /// <summary>
    /// True when the type name on the wire, <paramref name="wire"/>, is <paramref name="utf8"/>: byte for byte, or as
    /// the CESU-8 form Fudge-Java writes for a name with characters outside the Basic Multilingual Plane (that second
    /// look is taken only when the wire form is longer and holds a 0xED byte).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static bool TypeNameEquals(ReadOnlySpan<byte> wire, ReadOnlySpan<byte> utf8)
        // Inlined where the generated reader passes its name as a constant, the comparison becomes a few instructions;
        // a call leaves it a general loop (2-3% of a union's read in a profile). The Java look stays out of line.
        => wire.SequenceEqual(utf8) || (wire.Length > utf8.Length && JavaTypeNameEquals(wire, utf8));

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static bool JavaTypeNameEquals(ReadOnlySpan<byte> wire, ReadOnlySpan<byte> utf8)
        => JavaCesu8.MayHoldSurrogates(wire) && JavaCesu8.TryDecode(wire, out string? text) < 0 && text == Encoding.UTF8.GetString(utf8.ToArray());

    /// <summary>
    /// Writes a pre-encoded type name at ordinal 0: as given, except that a Java-compatible writer gets its
    /// supplementary characters (the only 4-byte UTF-8 sequences) in CESU-8, as for every other string it writes.
    /// </summary>
    public static void WriteTypeName(ref FudgeWriter writer, ReadOnlySpan<byte> utf8) => WriteText(ref writer, in TypeNameKey, utf8);

    /// <summary>Writes pre-encoded text as a string, in the writer's encoding of supplementary characters.</summary>
    private static void WriteText(ref FudgeWriter writer, in FudgeFieldKey key, ReadOnlySpan<byte> utf8)
    {
        if (writer.StringEncoding == FudgeStringEncoding.JavaCesu8 && HasFourByteSequence(utf8))
            writer.WriteString(in key, Encoding.UTF8.GetString(utf8.ToArray()).AsSpan());
        else
            writer.WriteStringUtf8(in key, utf8);
    }

    /// <summary>
    /// <see cref="WriteTypeName"/> for a name with no character outside the Basic Multilingual Plane (the generator
    /// knows), which is the same bytes in either string encoding and so is copied as it is.
    /// </summary>
    public static void WriteBmpTypeName(ref FudgeWriter writer, ReadOnlySpan<byte> utf8) => writer.WriteStringUtf8((short)0, utf8);

    private static bool HasFourByteSequence(ReadOnlySpan<byte> utf8)
    {
        foreach (byte b in utf8)
            if (b >= 0xF0) return true;
        return false;
    }

    /// <summary>True when the current field is a type name (ordinal 0), which generated readers never treat as a member.</summary>
    public static bool IsTypeName(ref FudgeReader reader) => reader.HasOrdinal && reader.Ordinal == 0;

    // ---------------------------------------------------------------- integers without a Fudge type

    /// <summary>Reads an integer as <see cref="byte"/>, refusing values out of range.</summary>
    public static byte ReadByte(ref FudgeReader reader) => ToByte(ref reader, reader.GetInt64());

    /// <summary>Reads an integer as <see cref="ushort"/>, refusing values out of range.</summary>
    public static ushort ReadUInt16(ref FudgeReader reader) => ToUInt16(ref reader, reader.GetInt64());

    /// <summary>Reads an integer as <see cref="uint"/>, refusing values out of range.</summary>
    public static uint ReadUInt32(ref FudgeReader reader) => ToUInt32(ref reader, reader.GetInt64());

    // The narrowing half of the reads above, for a value the reader has already taken from its current field (the
    // generated readers' fused FudgeReader.TryReadInt64Field): the same range check and error, no second look at the type.

    /// <summary>Narrows <paramref name="value"/>, read from the reader's current field, to <see cref="byte"/>; out of range is a format error at that field.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static byte ToByte(ref FudgeReader reader, long value)
        => value < byte.MinValue || value > byte.MaxValue ? throw OutOfRange(ref reader, value, "byte") : (byte)value;

    /// <summary>Narrows <paramref name="value"/>, read from the reader's current field, to <see cref="sbyte"/>; out of range is a format error at that field.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static sbyte ToSByte(ref FudgeReader reader, long value)
        => value < sbyte.MinValue || value > sbyte.MaxValue ? throw OutOfRange(ref reader, value, "sbyte") : (sbyte)value;

    /// <summary>Narrows <paramref name="value"/>, read from the reader's current field, to <see cref="short"/>; out of range is a format error at that field.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static short ToInt16(ref FudgeReader reader, long value)
        => value < short.MinValue || value > short.MaxValue ? throw OutOfRange(ref reader, value, "short") : (short)value;

    /// <summary>Narrows <paramref name="value"/>, read from the reader's current field, to <see cref="ushort"/>; out of range is a format error at that field.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static ushort ToUInt16(ref FudgeReader reader, long value)
        => value < ushort.MinValue || value > ushort.MaxValue ? throw OutOfRange(ref reader, value, "ushort") : (ushort)value;

    /// <summary>Narrows <paramref name="value"/>, read from the reader's current field, to <see cref="uint"/>; out of range is a format error at that field.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static uint ToUInt32(ref FudgeReader reader, long value)
        => value < uint.MinValue || value > uint.MaxValue ? throw OutOfRange(ref reader, value, "uint") : (uint)value;

    /// <summary>Reads an int64 as <see cref="ulong"/> by its two's-complement bits (the way it was written).</summary>
    public static ulong ReadUInt64(ref FudgeReader reader) => unchecked((ulong)reader.GetInt64());

    /// <summary>Writes a <see cref="ulong"/> as an int64 with the same bits (values above <see cref="long.MaxValue"/> read as negative elsewhere).</summary>
    public static void WriteUInt64(ref FudgeWriter writer, in FudgeFieldKey key, ulong value) => writer.WriteInt64(key, unchecked((long)value));

    // ---------------------------------------------------------------- char, decimal, Guid, TimeSpan

    /// <summary>Writes a <see cref="char"/> as a one-character string (the core's secondary type).</summary>
    public static unsafe void WriteChar(ref FudgeWriter writer, in FudgeFieldKey key, char value)
        => writer.WriteString(key, new ReadOnlySpan<char>(&value, 1));

    /// <summary>
    /// Reads a one-character string as a <see cref="char"/>, or Fudge-Java's form of a <c>char</c> property (a
    /// sub-message holding the string as its field <c>value</c>).
    /// </summary>
    public static unsafe char ReadChar(ref FudgeReader reader)
    {
        if (reader.TypeId == FudgeTypeId.Message)
        {
            var sub = reader.ReadMessage();
            while (sub.Read())
                if (sub.TypeId == FudgeTypeId.String && sub.NameEquals("value"u8)) return ReadChar(ref sub);
            throw new FudgeFormatException(reader.ValueOffset, "a char written as a message holds it as the string field 'value'; this one has none");
        }
        if (reader.TypeId != FudgeTypeId.String) throw Mismatch(ref reader, "char");
        var bytes = reader.ValueSpan;
        if (bytes.Length is < 1 or > 3) throw new FudgeFormatException(reader.ValueOffset, $"a char is a one-character string; this one has {bytes.Length} UTF-8 bytes");
        char* chars = stackalloc char[4];
        int count;
        try
        {
            fixed (byte* b = bytes) count = StrictUtf8.GetChars(b, bytes.Length, chars, 4);
        }
        catch (DecoderFallbackException e)
        {
            throw new FudgeFormatException(reader.ValueOffset, "the string is not valid UTF-8", e);
        }
        if (count != 1) throw new FudgeFormatException(reader.ValueOffset, $"a char is a one-character string; this one has {count} characters");
        return chars[0];
    }

    /// <summary>
    /// Writes a <see cref="decimal"/> as its invariant-culture text (type 14), the core's secondary type and the form
    /// Fudge-Java reads as a <c>BigDecimal</c>: exact, scale kept (<c>1.50</c> stays <c>1.50</c>).
    /// </summary>
    public static unsafe void WriteDecimal(ref FudgeWriter writer, in FudgeFieldKey key, decimal value)
    {
#if NET6_0_OR_GREATER
        // A pointer-based span: the writer cannot capture it, which the compiler can only see this way.
        char* buffer = stackalloc char[64];
        var text = new Span<char>(buffer, 64);
        value.TryFormat(text, out int length, default, CultureInfo.InvariantCulture);
        writer.WriteString(key, new ReadOnlySpan<char>(buffer, length));
#else
        writer.WriteString(key, value.ToString(CultureInfo.InvariantCulture));
#endif
    }

    /// <summary>Reads a <see cref="decimal"/> from its text (plain or exponent form), or from an integer or floating field.</summary>
    public static decimal ReadDecimal(ref FudgeReader reader)
    {
        switch (reader.TypeId)
        {
            case FudgeTypeId.String:
                var bytes = reader.ValueSpan;
                if (Utf8Parser.TryParse(bytes, out decimal value, out int consumed) && consumed == bytes.Length) return value;
                if (decimal.TryParse(reader.GetString(), NumberStyles.Float, CultureInfo.InvariantCulture, out value)) return value;
                throw new FudgeFormatException(reader.ValueOffset, "the string is not a decimal number");
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64:
                return reader.GetInt64();
            case FudgeTypeId.Float:
            case FudgeTypeId.Double:
                double d = reader.GetDouble();
                if (double.IsNaN(d) || double.IsInfinity(d) || Math.Abs(d) > 7.9e28) throw OutOfRange(ref reader, d, "decimal");
                return (decimal)d;
            default:
                throw Mismatch(ref reader, "decimal");
        }
    }

    /// <summary>Writes a <see cref="Guid"/> as byte[16] (type 19) in RFC 4122 order, as Fudge-Java writes a UUID.</summary>
    public static unsafe void WriteGuid(ref FudgeWriter writer, in FudgeFieldKey key, Guid value)
    {
#if NET8_0_OR_GREATER
        byte* buffer = stackalloc byte[16];
        value.TryWriteBytes(new Span<byte>(buffer, 16), bigEndian: true, out _);
        writer.WriteBytes(key, new ReadOnlySpan<byte>(buffer, 16));
#else
        writer.WriteBytes(key, FudgeSecondaryTypes.GuidToBytes(value));
#endif
    }

    /// <summary>Reads a <see cref="Guid"/> from a 16-byte array in RFC 4122 order.</summary>
    public static Guid ReadGuid(ref FudgeReader reader)
    {
        if (!FudgeTypeId.IsByteArray(reader.TypeId) || reader.ValueSpan.Length != 16) throw Mismatch(ref reader, "Guid (byte[16])");
#if NET8_0_OR_GREATER
        return new Guid(reader.ValueSpan, bigEndian: true);
#else
        return FudgeSecondaryTypes.GuidFromBytes(reader.ValueSpan);
#endif
    }

    /// <summary>Reads a <see cref="TimeSpan"/> from its ticks (an integer field).</summary>
    public static TimeSpan ReadTimeSpan(ref FudgeReader reader) => TimeSpan.FromTicks(reader.GetInt64());

    // ---------------------------------------------------------------- dates and times

    /// <summary>Writes a <see cref="DateTime"/> as a date-time (type 28), nanosecond accuracy; a UTC value gets offset 0, an unspecified one no zone.</summary>
    public static void WriteDateTime(ref FudgeWriter writer, in FudgeFieldKey key, DateTime value)
        => writer.WriteDateTime(key, FudgeDateTime.FromDateTime(value));

    /// <summary>Writes a <see cref="DateTime"/> as <see cref="WriteDateTime(ref FudgeWriter, in FudgeFieldKey, DateTime)"/> does, under <paramref name="ordinal"/> alone.</summary>
    public static void WriteDateTime(ref FudgeWriter writer, short ordinal, DateTime value)
        => writer.WriteDateTime(ordinal, FudgeDateTime.FromDateTime(value));

    /// <summary>Writes a <see cref="DateTime"/> as <see cref="WriteDateTime(ref FudgeWriter, in FudgeFieldKey, DateTime)"/> does, with the given accuracy.</summary>
    public static void WriteDateTime(ref FudgeWriter writer, in FudgeFieldKey key, DateTime value, FudgeDateTimeAccuracy accuracy)
        => writer.WriteDateTime(key, FudgeDateTime.FromDateTime(value, accuracy));

    /// <summary>
    /// Writes a <see cref="DateTimeOffset"/> as a date-time (type 28) with its offset and the given accuracy; an offset
    /// that is not whole quarter hours, which a date-time cannot carry, as ISO 8601 text (see <c>WriteDateTimeOffsetText</c>).
    /// </summary>
    public static void WriteDateTimeOffset(ref FudgeWriter writer, in FudgeFieldKey key, DateTimeOffset value, FudgeDateTimeAccuracy accuracy)
    {
        if (IsQuarterHours(value.Offset)) writer.WriteDateTime(key, FudgeDateTime.FromDateTimeOffset(value, accuracy));
        else WriteDateTimeOffsetText(ref writer, in key, value);
    }

    /// <summary>Writes a <see cref="DateTimeOffset"/> as a date-time (type 28) with its offset (an offset that is not whole quarter hours as ISO 8601 text).</summary>
    public static void WriteDateTimeOffset(ref FudgeWriter writer, in FudgeFieldKey key, DateTimeOffset value)
    {
        if (IsQuarterHours(value.Offset)) writer.WriteDateTime(key, FudgeDateTime.FromDateTimeOffset(value));
        else WriteDateTimeOffsetText(ref writer, in key, value);
    }

    /// <summary>Reads a <see cref="DateTime"/> from a date-time or a date.</summary>
    public static DateTime ReadDateTime(ref FudgeReader reader)
    {
        var value = reader.GetDateTime();
        return value.TryToDateTime(out var result) ? result
            : Represent(value, static v => v.ToDateTime(), reader.ValueOffset, "date-time", nameof(DateTime));
    }

    /// <summary>Reads a <see cref="DateTimeOffset"/> from a date-time or a date (no zone reads as UTC), or ISO 8601 text with an offset.</summary>
    public static DateTimeOffset ReadDateTimeOffset(ref FudgeReader reader)
        => reader.TypeId == FudgeTypeId.String ? ReadDateTimeOffsetText(ref reader)
            : Represent(reader.GetDateTime(), static v => v.ToDateTimeOffset(), reader.ValueOffset, "date-time", nameof(DateTimeOffset));

#if NET6_0_OR_GREATER
    /// <summary>Writes a <see cref="DateOnly"/> as a date (type 26).</summary>
    public static void WriteDateOnly(ref FudgeWriter writer, in FudgeFieldKey key, DateOnly value)
        => writer.WriteDate(key, FudgeDate.FromDateOnly(value));

    /// <summary>Writes a <see cref="DateOnly"/> as a date (type 26) under <paramref name="ordinal"/> alone.</summary>
    public static void WriteDateOnly(ref FudgeWriter writer, short ordinal, DateOnly value)
        => writer.WriteDate(ordinal, FudgeDate.FromDateOnly(value));

    /// <summary>Writes a <see cref="TimeOnly"/> as a time (type 27), nanosecond accuracy, no zone.</summary>
    public static void WriteTimeOnly(ref FudgeWriter writer, in FudgeFieldKey key, TimeOnly value)
        => writer.WriteTime(key, FudgeTime.FromTimeOnly(value));

    /// <summary>Reads a <see cref="DateOnly"/> from a date (or the date part of a date-time).</summary>
    public static DateOnly ReadDateOnly(ref FudgeReader reader)
    {
        var value = reader.GetDate();
        return value.TryGetDayNumber(out int days) ? DateOnly.FromDayNumber(days)
            : Represent(value, static v => v.ToDateOnly(), reader.ValueOffset, "date", nameof(DateOnly));
    }

    /// <summary>Reads a <see cref="TimeOnly"/> from a time (or the time part of a date-time).</summary>
    public static TimeOnly ReadTimeOnly(ref FudgeReader reader)
        => Represent(reader.GetTime(), static v => v.ToTimeOnly(), reader.ValueOffset, "time", nameof(TimeOnly));
#endif

    /// <summary>Converts a wire date/time to a .NET type, reporting values .NET cannot hold as a format error.</summary>
    private static TResult Represent<TValue, TResult>(TValue value, Func<TValue, TResult> convert, int offset, string what, string target)
    {
        try
        {
            return convert(value);
        }
        catch (Exception e) when (e is not FudgeFormatException)
        {
            throw new FudgeFormatException(offset, $"the {what} {value} cannot be represented as a {target}", e);
        }
    }

    // ---------------------------------------------------------------- messages

    /// <summary>Deepest nesting of objects written through <see cref="WriteObject{T}"/> before a cycle is assumed.</summary>
    public const int MaxWriteDepth = 1000;

    /// <summary>Writes a nested object as a sub-message through its formatter.</summary>
    /// <exception cref="FudgeException">Objects are nested deeper than <see cref="MaxWriteDepth"/> (a cycle in the object graph).</exception>
    public static void WriteObject<T>(ref FudgeWriter writer, in FudgeFieldKey key, T value)
    {
        // The depth is counted in the writer: no thread-static look-up and no finally block per object, and a writer
        // abandoned by an exception takes its count with it. The size hint makes each object's sub-message reserve
        // the size bytes the previous one of its type needed, so that long objects are not moved after writing.
        if (++writer.ObjectDepth > MaxWriteDepth) throw NestedTooDeep(typeof(T));
        var marker = writer.BeginMessage(key, FudgeFormatterCache<T>.SizeHint);
        FudgeFormatterCache<T>.Formatter.Write(ref writer, value);
        writer.EndMessage(marker, ref FudgeFormatterCache<T>.SizeHint);
        writer.ObjectDepth--;
    }

    /// <summary>
    /// Writes a nested object as a sub-message the way Fudge-Proto's Java writes a message-typed field
    /// (<c>addClassHeader(..., value.getClass(), Declared.class)</c>): through
    /// <see cref="IFudgeClassHeaderFormatter{T}.WriteAsField"/> when the formatter has it, so that the class names
    /// below the declared type <typeparamref name="T"/> come first; otherwise as <see cref="WriteObject{T}"/> does.
    /// </summary>
    /// <exception cref="FudgeException">Objects are nested deeper than <see cref="MaxWriteDepth"/> (a cycle in the object graph).</exception>
    public static void WriteObjectWithClassHeaders<T>(ref FudgeWriter writer, in FudgeFieldKey key, T value)
    {
        if (++writer.ObjectDepth > MaxWriteDepth) throw NestedTooDeep(typeof(T));
        var marker = writer.BeginMessage(key, FudgeFormatterCache<T>.SizeHint);
        var formatter = FudgeFormatterCache<T>.Formatter;
        if (formatter is IFudgeClassHeaderFormatter<T> headers) headers.WriteAsField(ref writer, value);
        else formatter.Write(ref writer, value);
        writer.EndMessage(marker, ref FudgeFormatterCache<T>.SizeHint);
        writer.ObjectDepth--;
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static FudgeException NestedTooDeep(Type type)
    {
        var e = new FudgeException($"Objects are nested more than {MaxWriteDepth} levels deep while writing a {type.Name}: the object graph probably has a cycle, which Fudge messages cannot represent.");
        e.Data[WritePathKey] = type.Name; // a cycle has no one member to name: FudgeSerializer passes it on as it is
        return e;
    }

    /// <summary>Reads the current sub-message field as a nested object through its formatter.</summary>
    public static T ReadObject<T>(ref FudgeReader reader)
    {
        var sub = reader.ReadMessage();
        return FudgeFormatterCache<T>.Formatter.Read(ref sub);
    }

    /// <summary>Reads a nested object from the reader of its sub-message (one <see cref="FudgeReader.TryReadAnonymousMessage"/> returned).</summary>
    public static T ReadObjectFrom<T>(ref FudgeReader message) => FudgeFormatterCache<T>.Formatter.Read(ref message);

    /// <summary>Writes a <see cref="FudgeMsg"/> member as a sub-message, each field with its recorded type.</summary>
    public static void WriteMessage(ref FudgeWriter writer, in FudgeFieldKey key, FudgeMsg value)
    {
        var marker = writer.BeginMessage(key);
        value.WriteFields(ref writer);
        writer.EndMessage(marker);
    }

    /// <summary>Reads the current sub-message field as a <see cref="FudgeMsg"/>.</summary>
    public static FudgeMsg ReadMessage(ref FudgeReader reader)
    {
        var sub = reader.ReadMessage();
        return FudgeMsg.ReadFields(ref sub);
    }

    // ---------------------------------------------------------------- extensibility

    /// <summary>Appends the reader's current field to <paramref name="extras"/> (created when null), keeping its wire type.</summary>
    public static FudgeMsg AddUnknownField(FudgeMsg? extras, ref FudgeReader reader)
    {
        extras ??= new FudgeMsg(FieldsFromHere(reader));
        // Unknown fields arrive one at a time; together with everything nested in them they share one field budget.
        int maxFields = reader.Options.MaxFieldCount;
        if (extras.DecodedFieldCount >= maxFields)
            throw new FudgeFormatException(reader.FieldOffset, $"the envelope holds more than {maxFields} fields (FudgeReaderOptions.MaxFieldCount)", null, true);
        extras.DecodedFieldCount++;
        var context = DecodeContext.ForUnknownFields(maxFields, maxFields - extras.DecodedFieldCount, extras);
        byte typeId = reader.TypeId;
        long keyAndType = FudgeField.Pack(reader.HasOrdinal ? reader.Ordinal : null, typeId);
        object value;
        if (typeId == FudgeTypeId.Message)
        {
            if (reader.Taxonomy is null)
            {
                value = FudgeMsgCodec.ReadSubMessage(ref reader, context, ref keyAndType);
            }
            else
            {
                reader.ReadMessage(); // checks the depth limit
                var plain = WithoutTaxonomy(reader.ValueSpan, reader.Options, reader.Depth, reader.ValueOffset);
                value = FudgeMsgCodec.ReadFields(ref plain, context);
            }
            extras.DecodedFieldCount = maxFields - context.RemainingFields;
        }
        else
        {
            value = FudgeMsgCodec.ReadSlotValue(ref reader, typeId, context, ref keyAndType);
        }
        context.EndUnknownField(); // the value holds any copy now; the thread's context must not keep it alive
        // Names repeated across unknown fields share one string, as they do when a whole message is decoded.
        string? name = reader.HasName ? context.Name(ref reader) : null;
        extras.AddDecoded(name, keyAndType, value);
        return extras;
    }

    /// <summary>
    /// The reader's current field and those after it in the same message, counted from their headers: an upper bound
    /// on the unknown fields still to come, so the list that keeps them is sized once instead of growing by doubling
    /// (which allocated about twice the final list again, the largest cost on a message of tiny unknown fields).
    /// </summary>
    private static int FieldsFromHere(FudgeReader reader)
    {
        int count = 1;
        int limit = reader.Options.MaxFieldCount;
        while (count <= limit && reader.Read()) count++;
        return count;
    }

    /// <summary>A reader over a sub-message's fields that restores no names, with the depth the outer reader has left.</summary>
    private static FudgeReader WithoutTaxonomy(ReadOnlySpan<byte> fields, FudgeReaderOptions options, int depth, int offset)
    {
        var plain = new FudgeReaderOptions
        {
            MaxDepth = Math.Max(1, options.MaxDepth - depth - 1),
            MaxMessageSize = options.MaxMessageSize,
        };
        return FudgeReader.ForFields(fields, plain, taxonomy: null, baseOffset: offset);
    }

    /// <summary>
    /// Called by an <see cref="IFudgeExtensible"/> type's reader for each type name (ordinal 0). While the names match
    /// the type's own (<paramref name="ownNamesUtf8"/>, in order) nothing is kept or allocated; from the first one that
    /// differs (a derived type this version does not know) every name is kept in <paramref name="extras"/>, so writing
    /// the value back keeps its identity. <paramref name="matched"/> starts at 0 and tracks the state.
    /// Integer type back-references are dropped: they mean nothing once the message is written again.
    /// </summary>
    public static FudgeMsg? KeepTypeName(FudgeMsg? extras, ref FudgeReader reader, byte[][] ownNamesUtf8, ref int matched)
    {
        if (reader.TypeId != FudgeTypeId.String) return extras;
        if (matched >= 0)
        {
            if (matched < ownNamesUtf8.Length && TypeNameEquals(reader.ValueSpan, ownNamesUtf8[matched]))
            {
                matched++;
                return extras;
            }
            extras ??= new FudgeMsg();
            for (int i = 0; i < matched; i++)
                extras.Add(new FudgeField(null, 0, FudgeTypeId.String, Encoding.UTF8.GetString(ownNamesUtf8[i])));
            matched = -1;
        }
        extras ??= new FudgeMsg();
        extras.Add(new FudgeField(null, 0, FudgeTypeId.String, reader.GetString()));
        return extras;
    }

    /// <summary>Writes the ordinal-0 type names kept in an <see cref="IFudgeExtensible"/> value's extras; false when there are none.</summary>
    public static bool WriteKeptTypeNames(ref FudgeWriter writer, FudgeMsg? extras)
    {
        if (extras is null) return false;
        bool any = false;
        for (int i = 0; i < extras.Count; i++)
        {
            var field = extras[i];
            if (field.Ordinal != 0 || field.Value is not string name) continue;
            writer.WriteString(TypeNameKey, name);
            any = true;
        }
        return any;
    }

    /// <summary>Writes an <see cref="IFudgeExtensible"/> value's extras after its members, except the type names <see cref="WriteKeptTypeNames"/> wrote first.</summary>
    public static void WriteExtensionData(ref FudgeWriter writer, FudgeMsg? extras)
    {
        if (extras is null) return;
        bool hasNames = false;
        for (int i = 0; i < extras.Count && !hasNames; i++) hasNames = extras[i].Ordinal == 0 && extras[i].Value is string;
        if (!hasNames)
        {
            extras.WriteFields(ref writer);
            return;
        }
        var rest = new FudgeMsg();
        for (int i = 0; i < extras.Count; i++)
            if (!(extras[i].Ordinal == 0 && extras[i].Value is string)) rest.Add(extras[i]);
        rest.WriteFields(ref writer);
    }

    /// <summary>Stores the unknown fields into an <see cref="IFudgeExtensible"/> value (no boxing for structs).</summary>
    public static void SetExtensionData<T>(ref T target, FudgeMsg? extras) where T : IFudgeExtensible => target.ExtensionData = extras;

    /// <summary>Gets the unknown fields of an <see cref="IFudgeExtensible"/> value (no boxing for structs).</summary>
    public static FudgeMsg? GetExtensionData<T>(ref T target) where T : IFudgeExtensible => target.ExtensionData;

    // ---------------------------------------------------------------- errors

    /// <summary>The error for a <c>required</c> member (or a required constructor parameter) absent from the data.</summary>
    public static FudgeFormatException MissingRequiredMember(int messageOffset, string typeName, string memberName, string fieldName)
        => new(messageOffset, $"the required member '{memberName}' of {typeName} is missing (no field '{fieldName}')");

    /// <summary>The error for a fixed-size array (Fudge-Proto <c>T[n]</c>) read with another number of elements.</summary>
    public static FudgeFormatException WrongArrayLength(int valueOffset, string typeName, string memberName, int expected, int actual)
        => new(valueOffset, $"the member '{memberName}' of {typeName} is a fixed-size array of {expected} elements, but the data holds {actual}");

    /// <summary>The error for writing a fixed-size array (Fudge-Proto <c>T[n]</c>) that holds another number of elements.</summary>
    public static FudgeException ArrayLengthToWrite(string typeName, string memberName, int expected, int actual)
    {
        var e = new FudgeException($"The member '{memberName}' of {typeName} is a fixed-size array of {expected} elements; it holds {actual}, so it cannot be written.");
        e.Data[WritePathKey] = typeName + "." + memberName; // names its member already
        return e;
    }

    /// <summary>The error for a polymorphic message whose ordinal-0 type names are all unknown and whose base type is abstract.</summary>
    public static FudgeFormatException UnknownTypeName(int messageOffset, string typeName)
        => new(messageOffset, $"no type name at ordinal 0 names a known type derived from the abstract {typeName}");

    /// <summary>The error for writing an instance of a type not declared with <see cref="FudgeUnionAttribute"/>.</summary>
    public static FudgeException UndeclaredDerivedType(Type actual, string baseTypeName)
        => new($"{actual.FullName} is not declared with [FudgeUnion] on {baseTypeName}, so it cannot be written as one.");

    private static FudgeFormatException Mismatch(ref FudgeReader reader, string wanted)
        => new(reader.FieldOffset, $"the field has type {FudgeTypeId.GetName(reader.TypeId)}, which cannot be read as {wanted}");

    private static FudgeFormatException OutOfRange(ref FudgeReader reader, object value, string wanted)
        => new(reader.FieldOffset, $"the field holds {Convert.ToString(value, CultureInfo.InvariantCulture)}, which does not fit in {wanted}");

    // Out of line: the narrowing helpers are inlined into generated readers, which should not carry the formatting.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FudgeFormatException OutOfRange(ref FudgeReader reader, long value, string wanted)
        => new(reader.FieldOffset, $"the field holds {value.ToString(CultureInfo.InvariantCulture)}, which does not fit in {wanted}");

    // ---------------------------------------------------------------- enums by name (Fudge-Proto)

    /// <summary>
    /// Writes <paramref name="value"/> as the name of its member, a string: how Fudge-Proto's Java writes an enum
    /// whose values it does not know (an <c>extern enum</c> no schema file of the project defines).
    /// </summary>
    public static void WriteEnumName<T>(ref FudgeWriter writer, in FudgeFieldKey key, T value) where T : struct, Enum
    {
        var values = EnumNames<T>.Values;
        for (int i = 0; i < values.Length; i++)
            if (EqualityComparer<T>.Default.Equals(values[i], value))
            {
                writer.WriteString(in key, EnumNames<T>.Names[i]);
                return;
            }
        throw new FudgeException($"{typeof(T).Name} has no member with the value {value}");
    }

    /// <summary>Reads the current field, a string naming a member of <typeparamref name="T"/> (compared as UTF-8, case-sensitive).</summary>
    public static T ReadEnumName<T>(ref FudgeReader reader) where T : struct, Enum
    {
        if (reader.TypeId == FudgeTypeId.String)
        {
            var name = reader.ValueSpan;
            var utf8 = EnumNames<T>.Utf8;
            for (int i = 0; i < utf8.Length; i++)
                if (name.SequenceEqual(utf8[i])) return EnumNames<T>.Values[i];
        }
        throw new FudgeFormatException(reader.FieldOffset, $"the field is not the name of a {typeof(T).Name} member");
    }

    /// <summary>The members of an enum, their names and the names' UTF-8 bytes, found once per type.</summary>
    private static class EnumNames<T> where T : struct, Enum
    {
#if NET5_0_OR_GREATER
        public static readonly T[] Values = Enum.GetValues<T>();
#else
        public static readonly T[] Values = (T[])Enum.GetValues(typeof(T));
#endif
        public static readonly string[] Names = Values.Select(v => v.ToString()).ToArray();
        public static readonly byte[][] Utf8 = Names.Select(n => Encoding.UTF8.GetBytes(n)).ToArray();
    }
}
