using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Text.Unicode;

namespace Fudge.Bson.Internal;

/// <summary>
/// Walks Fudge bytes with a <see cref="FudgeReader"/> and writes the BSON document straight into a
/// <see cref="BsonOutput"/>: no <see cref="FudgeMsg"/> and no BsonDocument in between. Malformed Fudge raises
/// <see cref="FudgeFormatException"/> (from the reader, or here for invalid UTF-8 and excessive nesting).
/// </summary>
internal static class FudgeToBsonTranscoder
{
    public static void Transcode(ReadOnlySpan<byte> envelope, ref BsonOutput output, FudgeBsonSettings settings)
    {
        var options = settings.ReaderOptions;
        var header = FudgeReader.ReadEnvelopeHeader(envelope, options);
        var fields = envelope.Slice(FudgeEnvelopeHeader.Size, header.MessageSize - FudgeEnvelopeHeader.Size);
        if (settings.Mode == FudgeBsonMode.Plain)
        {
            WritePlainDocument(fields, FudgeEnvelopeHeader.Size, ref output, options, 0);
            return;
        }
        int start = output.BeginDocument();
        if (header.ProcessingDirectives != 0) WriteInt32Element(ref output, BsonKeys.DirectivesUtf8, header.ProcessingDirectives);
        if (header.SchemaVersion != 0) WriteInt32Element(ref output, BsonKeys.SchemaUtf8, header.SchemaVersion);
        if (header.TaxonomyId != 0) WriteInt32Element(ref output, BsonKeys.TaxonomyUtf8, header.TaxonomyId);
        output.WriteElementHeader(BsonKeys.Array, BsonKeys.FieldsUtf8);
        WriteLosslessFields(fields, FudgeEnvelopeHeader.Size, ref output, options, 0);
        output.EndDocument(start);
    }

    private static void WriteInt32Element(ref BsonOutput output, ReadOnlySpan<byte> key, int value)
    {
        output.WriteElementHeader(BsonKeys.Int32, key);
        output.WriteInt32(value);
    }

    // ---------------------------------------------------------------- plain

    /// <summary>One entry per field of the message being written, to group repeated keys.</summary>
    private struct Entry
    {
        public int Offset;      // of the field, within the message's fields
        public int NameStart;   // of the name, within the message's fields; -1 when the field has no name
        public int NameLength;
        public short Ordinal;
        public bool HasOrdinal;
        public int Next;        // next field with the same key, or -1
        public int Tail;        // on the first field of a key: the last field with that key
        public bool IsRepeat;   // not the first field with its key
    }

    private static void WritePlainDocument(ReadOnlySpan<byte> fields, int baseOffset, ref BsonOutput output, FudgeReaderOptions options, int depth)
    {
        int start = output.BeginDocument();
        var entries = Collect(fields, baseOffset, options, out int count);
        try
        {
            if (!GroupRepeatedKeys(fields, entries, count))
            {
                // The usual case: every key is distinct, so the fields are written in one sequential walk.
                Span<byte> digits = stackalloc byte[11];
                var reader = FudgeReader.ForFields(fields, options, null, baseOffset);
                for (int i = 0; i < count && reader.Read(); i++)
                    WritePlainElement(ref output, CheckedKey(fields, baseOffset, entries[i], digits), ref reader, options, depth);
            }
            else WriteGroupedFields(fields, baseOffset, ref output, options, depth, entries, count);
        }
        finally
        {
            ArrayPool<Entry>.Shared.Return(entries);
        }
        output.EndDocument(start);
    }

    /// <summary>Writes each key once, at its first field: alone, or as an array of every field with that key.</summary>
    private static void WriteGroupedFields(ReadOnlySpan<byte> fields, int baseOffset, ref BsonOutput output, FudgeReaderOptions options, int depth, Entry[] entries, int count)
    {
        Span<byte> digits = stackalloc byte[11];
        for (int i = 0; i < count; i++)
        {
            ref var entry = ref entries[i];
            if (entry.IsRepeat) continue;
            var key = CheckedKey(fields, baseOffset, entry, digits);
            if (entry.Next < 0)
            {
                var field = FieldAt(fields, baseOffset, options, entry.Offset);
                WritePlainElement(ref output, key, ref field, options, depth);
                continue;
            }
            output.WriteElementHeader(BsonKeys.Array, key);
            int arrayStart = output.BeginDocument();
            int index = 0;
            for (int j = i; j >= 0; j = entries[j].Next)
            {
                var field = FieldAt(fields, baseOffset, options, entries[j].Offset);
                var indexKey = BsonKeys.FormatIndex(index++, digits);
                WritePlainElement(ref output, indexKey, ref field, options, depth);
            }
            output.EndDocument(arrayStart);
        }
    }

    /// <summary>One pass over the message's fields, recording where each is and what its key is (pooled; grows as needed).</summary>
    private static Entry[] Collect(ReadOnlySpan<byte> fields, int baseOffset, FudgeReaderOptions options, out int count)
    {
        var entries = ArrayPool<Entry>.Shared.Rent(16);
        var reader = FudgeReader.ForFields(fields, options, null, baseOffset);
        int i = 0;
        try
        {
            for (; reader.Read(); i++)
            {
                if (i == entries.Length)
                {
                    var larger = ArrayPool<Entry>.Shared.Rent(entries.Length * 2);
                    Array.Copy(entries, larger, i);
                    ArrayPool<Entry>.Shared.Return(entries);
                    entries = larger;
                }
                int offset = reader.FieldOffset - baseOffset;
                ref var entry = ref entries[i];
                entry.Offset = offset;
                entry.HasOrdinal = reader.HasOrdinal;
                entry.Ordinal = reader.Ordinal;
                if (reader.HasName)
                {
                    // The name follows the prefix, the type, the ordinal when present and the name's length byte.
                    entry.NameStart = offset + (reader.HasOrdinal ? 4 : 2) + 1;
                    entry.NameLength = reader.NameUtf8.Length;
                    if (!Utf8.IsValid(reader.NameUtf8))
                        throw new FudgeFormatException(baseOffset + entry.NameStart, "the field name is not valid UTF-8");
                }
                else
                {
                    entry.NameStart = -1;
                    entry.NameLength = 0;
                }
                entry.Next = -1;
                entry.Tail = i;
                entry.IsRepeat = false;
            }
        }
        catch
        {
            ArrayPool<Entry>.Shared.Return(entries);
            throw;
        }
        count = i;
        return entries;
    }

    /// <summary>The BSON key of a field: its name, else its ordinal's decimal text, else the empty key.</summary>
    private static ReadOnlySpan<byte> KeyOf(ReadOnlySpan<byte> fields, in Entry entry, Span<byte> digits)
    {
        if (entry.NameStart >= 0) return fields.Slice(entry.NameStart, entry.NameLength);
        if (entry.HasOrdinal) return BsonKeys.FormatIndex(entry.Ordinal, digits);
        return default;
    }

    private static ReadOnlySpan<byte> CheckedKey(ReadOnlySpan<byte> fields, int baseOffset, in Entry entry, Span<byte> digits)
    {
        var key = KeyOf(fields, entry, digits);
        if (key.IndexOf((byte)0) >= 0)
            throw new FudgeBsonException(-1, $"the Fudge field at byte offset {baseOffset + entry.Offset} has a name holding U+0000, which a BSON key cannot hold; use lossless mode");
        return key;
    }

    /// <summary>
    /// Links the fields that share a key (a name "5" and an ordinal 5 share the key "5"), in field order. Small
    /// messages compare keys pairwise; larger ones use a hash table with a per-process random seed, so crafted keys
    /// cannot force the quadratic case.
    /// </summary>
    /// <returns>True when some key repeats.</returns>
    private static bool GroupRepeatedKeys(ReadOnlySpan<byte> fields, Entry[] entries, int count)
    {
        bool repeats = false;
        Span<byte> a = stackalloc byte[11];
        Span<byte> b = stackalloc byte[11];
        if (count <= 12)
        {
            for (int i = 1; i < count; i++)
            {
                var key = KeyOf(fields, entries[i], a);
                for (int f = 0; f < i; f++)
                {
                    if (entries[f].IsRepeat || !key.SequenceEqual(KeyOf(fields, entries[f], b))) continue;
                    Link(entries, f, i);
                    repeats = true;
                    break;
                }
            }
            return repeats;
        }
        int size = 1;
        while (size < count * 2) size <<= 1;
        var slots = ArrayPool<int>.Shared.Rent(size);
        try
        {
            Array.Clear(slots, 0, size);
            for (int i = 0; i < count; i++)
            {
                var key = KeyOf(fields, entries[i], a);
                var hash = new HashCode();
                hash.AddBytes(key);
                int slot = hash.ToHashCode() & (size - 1);
                while (true)
                {
                    int occupant = slots[slot] - 1;
                    if (occupant < 0)
                    {
                        slots[slot] = i + 1;
                        break;
                    }
                    if (key.SequenceEqual(KeyOf(fields, entries[occupant], b)))
                    {
                        Link(entries, occupant, i);
                        repeats = true;
                        break;
                    }
                    slot = (slot + 1) & (size - 1);
                }
            }
        }
        finally
        {
            ArrayPool<int>.Shared.Return(slots);
        }
        return repeats;
    }

    private static void Link(Entry[] entries, int first, int repeat)
    {
        entries[entries[first].Tail].Next = repeat;
        entries[first].Tail = repeat;
        entries[repeat].IsRepeat = true;
    }

    private static FudgeReader FieldAt(ReadOnlySpan<byte> fields, int baseOffset, FudgeReaderOptions options, int offset)
    {
        var reader = FudgeReader.ForFields(fields.Slice(offset), options, null, baseOffset + offset);
        reader.Read();
        return reader;
    }

    private static void WritePlainElement(ref BsonOutput output, scoped ReadOnlySpan<byte> key, scoped ref FudgeReader field, FudgeReaderOptions options, int depth)
    {
        byte typeId = field.TypeId;
        switch (typeId)
        {
            case FudgeTypeId.Indicator:
                output.WriteElementHeader(BsonKeys.Null, key);
                return;
            case FudgeTypeId.Boolean:
                output.WriteElementHeader(BsonKeys.Boolean, key);
                output.WriteByte(field.GetBoolean() ? (byte)1 : (byte)0);
                return;
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
                output.WriteElementHeader(BsonKeys.Int32, key);
                output.WriteInt32((int)field.GetInt64());
                return;
            case FudgeTypeId.Int64:
                output.WriteElementHeader(BsonKeys.Int64, key);
                output.WriteInt64(field.GetInt64());
                return;
            case FudgeTypeId.Float:
            case FudgeTypeId.Double:
                output.WriteElementHeader(BsonKeys.Double, key);
                output.WriteDouble(BsonNumbers.Plain(field.GetDouble()));
                return;
            case FudgeTypeId.String:
                output.WriteElementHeader(BsonKeys.String, key);
                output.WriteString(CheckedUtf8(ref field));
                return;
            case FudgeTypeId.Message:
                output.WriteElementHeader(BsonKeys.Document, key);
                WritePlainDocument(field.ValueSpan, field.ValueOffset, ref output, options, EnterMessage(ref field, options, depth));
                return;
            case FudgeTypeId.Int16Array:
            case FudgeTypeId.Int32Array:
            case FudgeTypeId.Int64Array:
            case FudgeTypeId.FloatArray:
            case FudgeTypeId.DoubleArray:
                output.WriteElementHeader(BsonKeys.Array, key);
                WriteNumberArray(ref output, typeId, field.ValueSpan);
                return;
            case FudgeTypeId.Date:
                if (BsonDates.TryToUnixMilliseconds(field.GetDate(), out long dateMilliseconds))
                {
                    output.WriteElementHeader(BsonKeys.DateTime, key);
                    output.WriteInt64(dateMilliseconds);
                    return;
                }
                break;
            case FudgeTypeId.DateTime:
                var dateTime = field.GetDateTime();
                if (BsonDates.TryToUnixMilliseconds(dateTime.Date, dateTime.Time, out long milliseconds))
                {
                    output.WriteElementHeader(BsonKeys.DateTime, key);
                    output.WriteInt64(milliseconds);
                    return;
                }
                break;
            case FudgeTypeId.Time:
                Span<byte> text = stackalloc byte[24];
                if (BsonDates.TryFormatTime(field.GetTime(), text, out int written))
                {
                    output.WriteElementHeader(BsonKeys.String, key);
                    output.WriteString(text.Slice(0, written));
                    return;
                }
                break;
            default:
                if (FudgeTypeId.IsByteArray(typeId))
                {
                    output.WriteElementHeader(BsonKeys.Binary, key);
                    output.WriteBinary(BsonKeys.GenericSubtype, field.ValueSpan);
                    return;
                }
                break;
        }
        // Unknown types, and dates and times plain BSON cannot show: the type id and the raw Fudge payload.
        output.WriteElementHeader(BsonKeys.Binary, key);
        output.WriteTypedBinary(BsonKeys.FudgeSubtype, typeId, field.ValueSpan);
    }

    /// <summary>Writes a Fudge primitive array (big-endian payload) as a BSON array of int32, int64 or double.</summary>
    private static void WriteNumberArray(ref BsonOutput output, byte typeId, ReadOnlySpan<byte> payload)
    {
        int start = output.BeginDocument();
        int width = FudgeTypeId.GetArrayElementWidth(typeId);
        int count = payload.Length / width;
        for (int i = 0; i < count; i++)
        {
            var element = payload.Slice(i * width, width);
            switch (typeId)
            {
                case FudgeTypeId.Int16Array:
                    output.WriteIndexHeader(BsonKeys.Int32, i);
                    output.WriteInt32(BinaryPrimitives.ReadInt16BigEndian(element));
                    break;
                case FudgeTypeId.Int32Array:
                    output.WriteIndexHeader(BsonKeys.Int32, i);
                    output.WriteInt32(BinaryPrimitives.ReadInt32BigEndian(element));
                    break;
                case FudgeTypeId.Int64Array:
                    output.WriteIndexHeader(BsonKeys.Int64, i);
                    output.WriteInt64(BinaryPrimitives.ReadInt64BigEndian(element));
                    break;
                case FudgeTypeId.FloatArray:
                    output.WriteIndexHeader(BsonKeys.Double, i);
                    output.WriteDouble(BsonNumbers.Plain(BitConverter.Int32BitsToSingle(BinaryPrimitives.ReadInt32BigEndian(element))));
                    break;
                default:
                    output.WriteIndexHeader(BsonKeys.Double, i);
                    output.WriteDouble(BsonNumbers.Plain(BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(element))));
                    break;
            }
        }
        output.EndDocument(start);
    }

    // ---------------------------------------------------------------- lossless

    private static void WriteLosslessFields(ReadOnlySpan<byte> fields, int baseOffset, ref BsonOutput output, FudgeReaderOptions options, int depth)
    {
        int start = output.BeginDocument();
        var reader = FudgeReader.ForFields(fields, options, null, baseOffset);
        int index = 0;
        while (reader.Read())
        {
            output.WriteIndexHeader(BsonKeys.Document, index++);
            int fieldStart = output.BeginDocument();
            if (reader.HasName)
            {
                var name = reader.NameUtf8;
                if (!Utf8.IsValid(name)) throw new FudgeFormatException(reader.FieldOffset, "the field name is not valid UTF-8");
                output.WriteElementHeader(BsonKeys.String, BsonKeys.NameUtf8);
                output.WriteString(name);
            }
            if (reader.HasOrdinal) WriteInt32Element(ref output, BsonKeys.OrdinalUtf8, reader.Ordinal);
            WriteInt32Element(ref output, BsonKeys.TypeUtf8, reader.TypeId);
            WriteLosslessValue(ref output, ref reader, options, depth);
            output.EndDocument(fieldStart);
        }
        output.EndDocument(start);
    }

    private static void WriteLosslessValue(ref BsonOutput output, ref FudgeReader field, FudgeReaderOptions options, int depth)
    {
        var key = BsonKeys.ValueUtf8;
        byte typeId = field.TypeId;
        switch (typeId)
        {
            case FudgeTypeId.Indicator:
                return;
            case FudgeTypeId.Boolean:
                byte flag = field.ValueSpan[0];
                if (flag > 1) break; // only 0 and 1 are BSON booleans; other bytes travel raw
                output.WriteElementHeader(BsonKeys.Boolean, key);
                output.WriteByte(flag);
                return;
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
                output.WriteElementHeader(BsonKeys.Int32, key);
                output.WriteInt32((int)field.GetInt64());
                return;
            case FudgeTypeId.Int64:
                output.WriteElementHeader(BsonKeys.Int64, key);
                output.WriteInt64(field.GetInt64());
                return;
            case FudgeTypeId.Float:
                float single = field.GetSingle();
                if (!BsonNumbers.TravelsAsDouble(single)) break;
                output.WriteElementHeader(BsonKeys.Double, key);
                output.WriteDouble(single);
                return;
            case FudgeTypeId.Double:
                long bits = BinaryPrimitives.ReadInt64BigEndian(field.ValueSpan);
                if (!BsonNumbers.TravelsAsDouble(BitConverter.Int64BitsToDouble(bits))) break;
                output.WriteElementHeader(BsonKeys.Double, key);
                output.WriteInt64(bits);
                return;
            case FudgeTypeId.String:
                output.WriteElementHeader(BsonKeys.String, key);
                output.WriteString(CheckedUtf8(ref field));
                return;
            case FudgeTypeId.Message:
                output.WriteElementHeader(BsonKeys.Array, key);
                WriteLosslessFields(field.ValueSpan, field.ValueOffset, ref output, options, EnterMessage(ref field, options, depth));
                return;
            case FudgeTypeId.FloatArray:
            case FudgeTypeId.DoubleArray:
                if (!AllTravelAsDoubles(typeId, field.ValueSpan)) break;
                output.WriteElementHeader(BsonKeys.Array, key);
                WriteNumberArray(ref output, typeId, field.ValueSpan);
                return;
            case FudgeTypeId.Int16Array:
            case FudgeTypeId.Int32Array:
            case FudgeTypeId.Int64Array:
                output.WriteElementHeader(BsonKeys.Array, key);
                WriteNumberArray(ref output, typeId, field.ValueSpan);
                return;
            default:
                if (FudgeTypeId.IsByteArray(typeId))
                {
                    output.WriteElementHeader(BsonKeys.Binary, key);
                    output.WriteBinary(BsonKeys.GenericSubtype, field.ValueSpan);
                    return;
                }
                break;
        }
        // Dates, times, unknown types and the few values above BSON cannot carry exactly: the raw Fudge payload.
        output.WriteElementHeader(BsonKeys.Binary, key);
        output.WriteBinary(BsonKeys.FudgeSubtype, field.ValueSpan);
    }

    private static bool AllTravelAsDoubles(byte typeId, ReadOnlySpan<byte> payload)
    {
        if (typeId == FudgeTypeId.FloatArray)
        {
            for (int i = 0; i + 4 <= payload.Length; i += 4)
                if (!BsonNumbers.TravelsAsDouble(BitConverter.Int32BitsToSingle(BinaryPrimitives.ReadInt32BigEndian(payload.Slice(i))))) return false;
            return true;
        }
        for (int i = 0; i + 8 <= payload.Length; i += 8)
            if (!BsonNumbers.TravelsAsDouble(BitConverter.Int64BitsToDouble(BinaryPrimitives.ReadInt64BigEndian(payload.Slice(i))))) return false;
        return true;
    }

    // ---------------------------------------------------------------- shared

    private static ReadOnlySpan<byte> CheckedUtf8(ref FudgeReader field)
    {
        var utf8 = field.ValueSpan;
        if (!Utf8.IsValid(utf8)) throw new FudgeFormatException(field.ValueOffset, "the string is not valid UTF-8");
        return utf8;
    }

    /// <summary>Checks the nesting limit (and the stack) before a sub-message is walked; returns its depth.</summary>
    private static int EnterMessage(ref FudgeReader field, FudgeReaderOptions options, int depth)
    {
        if (depth + 1 > options.MaxDepth)
            throw new FudgeFormatException(field.FieldOffset, $"sub-messages are nested deeper than the limit of {options.MaxDepth} (FudgeReaderOptions.MaxDepth)", null, true);
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
            throw new FudgeFormatException(field.FieldOffset, $"sub-messages are nested {depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth", null, true);
        return depth + 1;
    }
}
