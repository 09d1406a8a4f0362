using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Text;
using MongoDB.Bson;

namespace Fudge.Bson.Internal;

/// <summary>
/// Reads BSON bytes with a <see cref="BsonElementReader"/> and writes the Fudge envelope straight into a
/// <see cref="FudgeWriter"/>: no BsonDocument and no <see cref="FudgeMsg"/> in between. Every problem with the
/// input raises <see cref="FudgeBsonException"/> with its byte offset.
/// </summary>
internal static class BsonToFudgeTranscoder
{
    private static readonly UTF8Encoding StrictUtf8 = new(false, true);

    public static void Transcode(ReadOnlySpan<byte> bson, ref FudgeWriter writer, FudgeBsonSettings settings)
    {
        var options = settings.ReaderOptions;
        if (bson.Length > options.MaxMessageSize)
            throw new FudgeBsonException(0, $"the document has {bson.Length} bytes, more than the limit of {options.MaxMessageSize} (FudgeReaderOptions.MaxMessageSize)", true);
        var document = BsonElementReader.Open(bson, 0, bson.Length);
        int declared = BinaryPrimitives.ReadInt32LittleEndian(bson);
        if (declared != bson.Length) throw new FudgeBsonException(declared, $"{bson.Length - declared} bytes follow the document");
        if (settings.Mode == FudgeBsonMode.Plain)
        {
            var envelope = writer.BeginEnvelope();
            WritePlainFields(ref writer, ref document, settings, 0);
            writer.EndEnvelope(envelope);
        }
        else
        {
            WriteLosslessEnvelope(ref writer, bson, ref document, options);
        }
    }

    // ---------------------------------------------------------------- plain

    private static void WritePlainFields(ref FudgeWriter writer, scoped ref BsonElementReader document, FudgeBsonSettings settings, int depth)
    {
        while (document.Read())
        {
            var key = PlainKey(ref document, settings);
            WritePlainValue(ref writer, key, ref document, settings, depth);
        }
    }

    private static FudgeFieldKey PlainKey(scoped ref BsonElementReader element, FudgeBsonSettings settings)
    {
        var key = element.Key;
        if (key.IsEmpty) return FudgeFieldKey.Anonymous;
        if (settings.NumericKeysAsOrdinals && BsonKeys.TryParseOrdinal(key, out short ordinal)) return FudgeFieldKey.FromOrdinal(ordinal);
        return FudgeFieldKey.Of(Name(key, element.KeyOffset));
    }

    private static void WritePlainValue(ref FudgeWriter writer, in FudgeFieldKey key, scoped ref BsonElementReader element, FudgeBsonSettings settings, int depth)
    {
        switch (element.Type)
        {
            case BsonKeys.Double: writer.WriteDouble(key, element.GetDouble()); break;
            case BsonKeys.String:
            case BsonKeys.JavaScript:
            case BsonKeys.Symbol:
                writer.WriteStringUtf8(key, element.GetStringUtf8());
                break;
            case BsonKeys.Document:
                var sub = OpenNested(ref element, settings.ReaderOptions, depth);
                var marker = writer.BeginMessage(key);
                WritePlainFields(ref writer, ref sub, settings, depth + 1);
                writer.EndMessage(marker);
                break;
            case BsonKeys.Array: WritePlainArray(ref writer, key, ref element, settings, depth); break;
            case BsonKeys.Binary:
                var bytes = element.GetBinary(out byte subtype);
                if (subtype == BsonKeys.FudgeSubtype) WriteTypedRaw(ref writer, key, bytes, element.ValueOffset);
                else writer.WriteBytes(key, bytes);
                break;
            case BsonKeys.ObjectId: writer.WriteBytes(key, element.ValueSpan); break;
            case BsonKeys.Boolean: writer.WriteBoolean(key, element.GetBoolean()); break;
            case BsonKeys.DateTime:
                if (!BsonDates.TryFromUnixMilliseconds(element.GetInt64(), out var dateTime))
                    throw new FudgeBsonException(element.ValueOffset, "the datetime is beyond the years a Fudge date holds");
                writer.WriteDateTime(key, dateTime);
                break;
            case BsonKeys.Null:
            case BsonKeys.Undefined:
            case BsonKeys.MinKey:
            case BsonKeys.MaxKey:
                writer.WriteIndicator(key);
                break;
            case BsonKeys.Regex:
                element.GetRegex(out var pattern, out var flags);
                WriteRegex(ref writer, key, pattern, flags);
                break;
            case BsonKeys.Int32: writer.WriteInt32(key, element.GetInt32()); break;
            case BsonKeys.Int64:
            case BsonKeys.Timestamp:
                writer.WriteInt64(key, element.GetInt64());
                break;
            case BsonKeys.Decimal128:
                var value = element.ValueSpan;
                var decimal128 = Decimal128.FromIEEEBits(BinaryPrimitives.ReadUInt64LittleEndian(value.Slice(8)), BinaryPrimitives.ReadUInt64LittleEndian(value));
                writer.WriteString(key, decimal128.ToString());
                break;
            default:
                throw new FudgeBsonException(element.ElementOffset, $"BSON type 0x{element.Type:x2} (deprecated) has no Fudge mapping");
        }
    }

    private static void WriteRegex(ref FudgeWriter writer, in FudgeFieldKey key, ReadOnlySpan<byte> pattern, ReadOnlySpan<byte> flags)
    {
        var text = ArrayPool<byte>.Shared.Rent(pattern.Length + flags.Length + 2);
        try
        {
            text[0] = (byte)'/';
            pattern.CopyTo(text.AsSpan(1));
            text[pattern.Length + 1] = (byte)'/';
            flags.CopyTo(text.AsSpan(pattern.Length + 2));
            writer.WriteStringUtf8(key, text.AsSpan(0, pattern.Length + flags.Length + 2));
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(text);
        }
    }

    /// <summary>
    /// A plain array: all int32 → int[]; integers with an int64 → long[]; numbers with a double → double[]; empty →
    /// an empty int[]; anything else → one field per element under the same key.
    /// </summary>
    private static void WritePlainArray(ref FudgeWriter writer, in FudgeFieldKey key, scoped ref BsonElementReader element, FudgeBsonSettings settings, int depth)
    {
        var array = OpenNested(ref element, settings.ReaderOptions, depth);
        int count = 0;
        bool allNumbers = true, anyInt64 = false, anyDouble = false;
        var scan = array;
        while (scan.Read())
        {
            count++;
            switch (scan.Type)
            {
                case BsonKeys.Int32: break;
                case BsonKeys.Int64: anyInt64 = true; break;
                case BsonKeys.Double: anyDouble = true; break;
                default: allNumbers = false; break;
            }
        }
        if (!allNumbers)
        {
            while (array.Read()) WritePlainValue(ref writer, key, ref array, settings, depth + 1);
            return;
        }
        if (anyDouble) WriteNumbers<double>(ref writer, key, ref array, count, static (scoped ref BsonElementReader e) => e.Type switch
        {
            BsonKeys.Double => e.GetDouble(),
            BsonKeys.Int64 => e.GetInt64(),
            _ => e.GetInt32(),
        });
        else if (anyInt64) WriteNumbers<long>(ref writer, key, ref array, count, static (scoped ref BsonElementReader e) => e.Type == BsonKeys.Int64 ? e.GetInt64() : e.GetInt32());
        else WriteNumbers<int>(ref writer, key, ref array, count, static (scoped ref BsonElementReader e) => e.GetInt32());
    }

    private delegate T ElementValue<T>(scoped ref BsonElementReader element);

    private static void WriteNumbers<T>(ref FudgeWriter writer, in FudgeFieldKey key, scoped ref BsonElementReader array, int count, ElementValue<T> read) where T : struct
    {
        var values = ArrayPool<T>.Shared.Rent(count);
        try
        {
            for (int i = 0; i < count && array.Read(); i++) values[i] = read(ref array);
            var span = values.AsSpan(0, count);
            if (typeof(T) == typeof(int)) writer.WriteInt32Array(key, System.Runtime.InteropServices.MemoryMarshal.Cast<T, int>(span));
            else if (typeof(T) == typeof(long)) writer.WriteInt64Array(key, System.Runtime.InteropServices.MemoryMarshal.Cast<T, long>(span));
            else writer.WriteDoubleArray(key, System.Runtime.InteropServices.MemoryMarshal.Cast<T, double>(span));
        }
        finally
        {
            ArrayPool<T>.Shared.Return(values);
        }
    }

    /// <summary>Plain binary subtype 0x80: a Fudge type id, then the raw payload of that type.</summary>
    private static void WriteTypedRaw(ref FudgeWriter writer, in FudgeFieldKey key, ReadOnlySpan<byte> bytes, int offset)
    {
        if (bytes.IsEmpty) throw new FudgeBsonException(offset, "a Fudge-typed binary (subtype 0x80) starts with the Fudge type id; this one is empty");
        WriteRaw(ref writer, key, bytes[0], bytes.Slice(1), offset);
    }

    /// <summary>Writes a raw Fudge payload after checking it is one the type can have.</summary>
    private static void WriteRaw(ref FudgeWriter writer, in FudgeFieldKey key, byte typeId, ReadOnlySpan<byte> payload, int offset)
    {
        if (typeId == FudgeTypeId.Message)
            throw new FudgeBsonException(offset, "a sub-message cannot be given as raw Fudge bytes");
        int width = FudgeTypeId.GetFixedWidth(typeId);
        if (width >= 0 && payload.Length != width)
            throw new FudgeBsonException(offset, $"a raw {FudgeTypeId.GetName(typeId)} payload is {width} bytes, not {payload.Length}");
        int element = FudgeTypeId.GetArrayElementWidth(typeId);
        if (element > 0 && payload.Length % element != 0)
            throw new FudgeBsonException(offset, $"a raw {FudgeTypeId.GetName(typeId)} payload of {payload.Length} bytes is not a whole number of elements");
        if (typeId == FudgeTypeId.String && !System.Text.Unicode.Utf8.IsValid(payload))
            throw new FudgeBsonException(offset, "a raw string payload is not valid UTF-8");
        writer.WriteRawField(key, typeId, payload);
    }

    // ---------------------------------------------------------------- lossless

    private static void WriteLosslessEnvelope(ref FudgeWriter writer, ReadOnlySpan<byte> bson, scoped ref BsonElementReader document, FudgeReaderOptions options)
    {
        int directives = 0, schema = 0, taxonomy = 0, fieldsOffset = -1, fieldsLength = 0;
        while (document.Read())
        {
            var key = document.Key;
            if (key.SequenceEqual(BsonKeys.FieldsUtf8))
            {
                Expect(ref document, BsonKeys.Array, "fields");
                fieldsOffset = document.ValueOffset;
                fieldsLength = document.ValueLength;
            }
            else if (key.SequenceEqual(BsonKeys.DirectivesUtf8)) directives = Int32In(ref document, 0, byte.MaxValue, "processingDirectives");
            else if (key.SequenceEqual(BsonKeys.SchemaUtf8)) schema = Int32In(ref document, 0, byte.MaxValue, "schemaVersion");
            else if (key.SequenceEqual(BsonKeys.TaxonomyUtf8)) taxonomy = Int32In(ref document, short.MinValue, short.MaxValue, "taxonomy");
            else throw new FudgeBsonException(document.ElementOffset, $"a lossless document has no member '{Name(key, document.KeyOffset)}'");
        }
        if (fieldsOffset < 0) throw new FudgeBsonException(0, "a lossless document needs a 'fields' array");
        var envelope = writer.BeginEnvelope((byte)directives, (byte)schema, (short)taxonomy);
        var fields = BsonElementReader.Open(bson, fieldsOffset, fieldsOffset + fieldsLength);
        WriteLosslessFields(ref writer, bson, ref fields, options, 0);
        writer.EndEnvelope(envelope);
    }

    private static void WriteLosslessFields(ref FudgeWriter writer, ReadOnlySpan<byte> bson, scoped ref BsonElementReader fields, FudgeReaderOptions options, int depth)
    {
        while (fields.Read())
        {
            Expect(ref fields, BsonKeys.Document, "a field");
            var field = fields.OpenDocument();
            string? name = null;
            short? ordinal = null;
            int typeId = -1, valueOffset = -1, fieldOffset = fields.ValueOffset;
            while (field.Read())
            {
                var member = field.Key;
                if (member.SequenceEqual(BsonKeys.NameUtf8) && name is null)
                {
                    Expect(ref field, BsonKeys.String, "name");
                    name = Name(field.GetStringUtf8(), field.ValueOffset);
                }
                else if (member.SequenceEqual(BsonKeys.OrdinalUtf8) && ordinal is null) ordinal = (short)Int32In(ref field, short.MinValue, short.MaxValue, "ordinal");
                else if (member.SequenceEqual(BsonKeys.TypeUtf8) && typeId < 0) typeId = Int32In(ref field, 0, byte.MaxValue, "type");
                else if (member.SequenceEqual(BsonKeys.ValueUtf8) && valueOffset < 0) valueOffset = field.ElementOffset;
                else throw new FudgeBsonException(field.ElementOffset, $"a lossless field has no member '{Name(member, field.KeyOffset)}', or has it twice");
            }
            if (typeId < 0) throw new FudgeBsonException(fieldOffset, "a lossless field needs a 'type'");
            var key = FudgeFieldKey.Of(name, ordinal);
            if (valueOffset < 0)
            {
                if (typeId != FudgeTypeId.Indicator) throw new FudgeBsonException(fieldOffset, $"a lossless {FudgeTypeId.GetName((byte)typeId)} field needs a 'value'");
                writer.WriteIndicator(key);
                continue;
            }
            // Re-read just the value element, now that the type is known whatever the member order.
            var value = BsonElementReader.Open(bson, fieldOffset, fieldOffset + BinaryPrimitives.ReadInt32LittleEndian(bson.Slice(fieldOffset)));
            while (value.Read() && value.ElementOffset != valueOffset) { }
            WriteLosslessValue(ref writer, key, (byte)typeId, bson, ref value, options, depth);
        }
    }

    private static void WriteLosslessValue(ref FudgeWriter writer, in FudgeFieldKey key, byte typeId, ReadOnlySpan<byte> bson, scoped ref BsonElementReader value, FudgeReaderOptions options, int depth)
    {
        if (value.Type == BsonKeys.Binary)
        {
            var bytes = value.GetBinary(out byte subtype);
            if (subtype == BsonKeys.FudgeSubtype)
            {
                WriteRaw(ref writer, key, typeId, bytes, value.ValueOffset);
                return;
            }
        }
        switch (typeId)
        {
            case FudgeTypeId.Indicator:
                throw new FudgeBsonException(value.ElementOffset, "an indicator has no 'value'");
            case FudgeTypeId.Boolean:
                Expect(ref value, BsonKeys.Boolean, "a boolean value");
                writer.WriteBoolean(key, value.GetBoolean());
                return;
            case FudgeTypeId.Int8: writer.WriteExactInt8(key, (sbyte)Int32In(ref value, sbyte.MinValue, sbyte.MaxValue, "a byte value")); return;
            case FudgeTypeId.Int16: writer.WriteExactInt16(key, (short)Int32In(ref value, short.MinValue, short.MaxValue, "a short value")); return;
            case FudgeTypeId.Int32: writer.WriteExactInt32(key, Int32In(ref value, int.MinValue, int.MaxValue, "an int value")); return;
            case FudgeTypeId.Int64:
                if (value.Type == BsonKeys.Int32) writer.WriteExactInt64(key, value.GetInt32());
                else
                {
                    Expect(ref value, BsonKeys.Int64, "a long value");
                    writer.WriteExactInt64(key, value.GetInt64());
                }
                return;
            case FudgeTypeId.Float:
                Expect(ref value, BsonKeys.Double, "a float value");
                writer.WriteSingle(key, ToSingle(value.GetDouble(), value.ValueOffset));
                return;
            case FudgeTypeId.Double:
                Expect(ref value, BsonKeys.Double, "a double value");
                writer.WriteDouble(key, value.GetDouble());
                return;
            case FudgeTypeId.String:
                Expect(ref value, BsonKeys.String, "a string value");
                writer.WriteStringUtf8(key, value.GetStringUtf8());
                return;
            case FudgeTypeId.Message:
                Expect(ref value, BsonKeys.Array, "a message value (an array of fields)");
                var sub = OpenNested(ref value, options, depth);
                var marker = writer.BeginMessage(key);
                WriteLosslessFields(ref writer, bson, ref sub, options, depth + 1);
                writer.EndMessage(marker);
                return;
            case FudgeTypeId.Int16Array:
            case FudgeTypeId.Int32Array:
            case FudgeTypeId.Int64Array:
            case FudgeTypeId.FloatArray:
            case FudgeTypeId.DoubleArray:
                Expect(ref value, BsonKeys.Array, $"a {FudgeTypeId.GetName(typeId)} value");
                var array = OpenNested(ref value, options, depth);
                WriteLosslessArray(ref writer, key, typeId, ref array);
                return;
            default:
                if (FudgeTypeId.IsByteArray(typeId))
                {
                    Expect(ref value, BsonKeys.Binary, $"a {FudgeTypeId.GetName(typeId)} value");
                    WriteRaw(ref writer, key, typeId, value.GetBinary(out _), value.ValueOffset);
                    return;
                }
                throw new FudgeBsonException(value.ElementOffset, $"a lossless {FudgeTypeId.GetName(typeId)} value is a Fudge-typed binary (subtype 0x80)");
        }
    }

    private static void WriteLosslessArray(ref FudgeWriter writer, in FudgeFieldKey key, byte typeId, scoped ref BsonElementReader array)
    {
        int count = 0;
        var scan = array;
        while (scan.Read()) count++;
        switch (typeId)
        {
            case FudgeTypeId.Int16Array:
                var shorts = ArrayPool<short>.Shared.Rent(count);
                for (int i = 0; i < count && array.Read(); i++) shorts[i] = (short)Int32In(ref array, short.MinValue, short.MaxValue, "a short[] element");
                writer.WriteInt16Array(key, shorts.AsSpan(0, count));
                ArrayPool<short>.Shared.Return(shorts);
                return;
            case FudgeTypeId.Int32Array:
                var ints = ArrayPool<int>.Shared.Rent(count);
                for (int i = 0; i < count && array.Read(); i++) ints[i] = Int32In(ref array, int.MinValue, int.MaxValue, "an int[] element");
                writer.WriteInt32Array(key, ints.AsSpan(0, count));
                ArrayPool<int>.Shared.Return(ints);
                return;
            case FudgeTypeId.Int64Array:
                var longs = ArrayPool<long>.Shared.Rent(count);
                for (int i = 0; i < count && array.Read(); i++)
                {
                    if (array.Type == BsonKeys.Int32) longs[i] = array.GetInt32();
                    else
                    {
                        Expect(ref array, BsonKeys.Int64, "a long[] element");
                        longs[i] = array.GetInt64();
                    }
                }
                writer.WriteInt64Array(key, longs.AsSpan(0, count));
                ArrayPool<long>.Shared.Return(longs);
                return;
            case FudgeTypeId.FloatArray:
                var floats = ArrayPool<float>.Shared.Rent(count);
                for (int i = 0; i < count && array.Read(); i++)
                {
                    Expect(ref array, BsonKeys.Double, "a float[] element");
                    floats[i] = ToSingle(array.GetDouble(), array.ValueOffset);
                }
                writer.WriteSingleArray(key, floats.AsSpan(0, count));
                ArrayPool<float>.Shared.Return(floats);
                return;
            default:
                var doubles = ArrayPool<double>.Shared.Rent(count);
                for (int i = 0; i < count && array.Read(); i++)
                {
                    Expect(ref array, BsonKeys.Double, "a double[] element");
                    doubles[i] = array.GetDouble();
                }
                writer.WriteDoubleArray(key, doubles.AsSpan(0, count));
                ArrayPool<double>.Shared.Return(doubles);
                return;
        }
    }

    // ---------------------------------------------------------------- shared

    private static float ToSingle(double value, int offset)
    {
        float single = (float)value;
        if (single != value && !double.IsNaN(value)) throw new FudgeBsonException(offset, $"{value} is not a float value (it would be rounded)");
        return single;
    }

    private static void Expect(scoped ref BsonElementReader element, byte bsonType, string what)
    {
        if (element.Type != bsonType)
            throw new FudgeBsonException(element.ElementOffset, $"{what} must be BSON type 0x{bsonType:x2}, not 0x{element.Type:x2}");
    }

    private static int Int32In(scoped ref BsonElementReader element, int min, int max, string what)
    {
        Expect(ref element, BsonKeys.Int32, what);
        int value = element.GetInt32();
        if (value < min || value > max) throw new FudgeBsonException(element.ValueOffset, $"{what} must be in {min}..{max}, not {value}");
        return value;
    }

    private static BsonElementReader OpenNested(scoped ref BsonElementReader element, FudgeReaderOptions options, int depth)
    {
        if (depth + 1 > options.MaxDepth)
            throw new FudgeBsonException(element.ElementOffset, $"documents are nested deeper than the limit of {options.MaxDepth} (FudgeReaderOptions.MaxDepth)", true);
        if (!RuntimeHelpers.TryEnsureSufficientExecutionStack())
            throw new FudgeBsonException(element.ElementOffset, $"documents are nested {depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth", true);
        return element.OpenDocument();
    }

    /// <summary>A Fudge field name from UTF-8 bytes (already checked to be valid); at most 255 bytes.</summary>
    private static string Name(ReadOnlySpan<byte> utf8, int offset)
    {
        if (utf8.Length > 255) throw new FudgeBsonException(offset, $"a Fudge field name is at most 255 UTF-8 bytes; this one has {utf8.Length}");
        return StrictUtf8.GetString(utf8);
    }
}
