using System;

namespace Fudge;

/// <summary>Encodes and decodes <see cref="FudgeMsg"/> through <see cref="FudgeWriter"/> and <see cref="FudgeReader"/>.</summary>
internal static class FudgeMsgCodec
{
    public static void WriteFields(ref FudgeWriter writer, FudgeMsg message, IFudgeTaxonomy? taxonomy)
    {
        for (int i = 0; i < message.Count; i++)
        {
            var field = message[i];
            var key = KeyFor(field, taxonomy);
            WriteValue(ref writer, key, field.TypeId, field.Value, taxonomy);
        }
    }

    private static FudgeFieldKey KeyFor(in FudgeField field, IFudgeTaxonomy? taxonomy)
    {
        if (taxonomy is not null && field.Name is not null && taxonomy.GetOrdinal(field.Name) is short mapped
            && (field.Ordinal is null || field.Ordinal == mapped))
            return FudgeFieldKey.FromOrdinal(mapped);
        return FudgeFieldKey.Of(field.Name, field.Ordinal);
    }

    /// <summary>Writes a value with its recorded wire type, so decoded messages re-encode byte for byte.</summary>
    private static void WriteValue(ref FudgeWriter writer, in FudgeFieldKey key, byte typeId, object value, IFudgeTaxonomy? taxonomy)
    {
        switch (typeId)
        {
            case FudgeTypeId.Indicator: writer.WriteIndicator(key); break;
            case FudgeTypeId.Boolean: writer.WriteBoolean(key, (bool)value); break;
            case FudgeTypeId.Int8: writer.WriteExactInt8(key, (sbyte)value); break;
            case FudgeTypeId.Int16: writer.WriteExactInt16(key, (short)value); break;
            case FudgeTypeId.Int32: writer.WriteExactInt32(key, (int)value); break;
            case FudgeTypeId.Int64: writer.WriteExactInt64(key, (long)value); break;
            case FudgeTypeId.Float: writer.WriteSingle(key, (float)value); break;
            case FudgeTypeId.Double: writer.WriteDouble(key, (double)value); break;
            case FudgeTypeId.String: writer.WriteString(key, ((string)value).AsSpan()); break;
            case FudgeTypeId.Int16Array: writer.WriteInt16Array(key, (short[])value); break;
            case FudgeTypeId.Int32Array: writer.WriteInt32Array(key, (int[])value); break;
            case FudgeTypeId.Int64Array: writer.WriteInt64Array(key, (long[])value); break;
            case FudgeTypeId.FloatArray: writer.WriteSingleArray(key, (float[])value); break;
            case FudgeTypeId.DoubleArray: writer.WriteDoubleArray(key, (double[])value); break;
            case FudgeTypeId.Date: writer.WriteDate(key, (FudgeDate)value); break;
            case FudgeTypeId.Time: writer.WriteTime(key, (FudgeTime)value); break;
            case FudgeTypeId.DateTime: writer.WriteDateTime(key, (FudgeDateTime)value); break;
            case FudgeTypeId.Message:
                // A message built in code, or read with a raised MaxDepth, may nest deeper than this recursion can go.
                if (!StackRoom.ForAnotherLevel()) throw new FudgeException("The message is nested deeper than the remaining stack can encode.");
                var marker = writer.BeginMessage(key);
                WriteFields(ref writer, (FudgeMsg)value, taxonomy);
                writer.EndMessage(marker);
                break;
            default:
                if (value is FudgeUnknownValue unknown) writer.WriteRawField(key, typeId, unknown.Bytes.Span);
                else writer.WriteRawField(key, typeId, (byte[])value); // byte arrays keep their recorded type (6 or 17..25)
                break;
        }
    }

    /// <summary>Reads the remaining fields of a reader, at most <see cref="FudgeReaderOptions.MaxFieldCount"/> in all.</summary>
    public static FudgeMsg ReadFields(ref FudgeReader reader)
    {
        var context = new DecodeContext(reader.Options.MaxFieldCount);
        return ReadFields(ref reader, context);
    }

    /// <summary>
    /// Reads the remaining fields into a list sized exactly: a first pass over the field headers counts them (no
    /// values are decoded), which also charges them to the envelope's field budget before anything is built.
    /// </summary>
    internal static FudgeMsg ReadFields(ref FudgeReader reader, DecodeContext context)
    {
        var counter = reader;
        int count = 0;
        while (counter.Read())
        {
            if (++count > context.RemainingFields)
                throw new FudgeFormatException(counter.FieldOffset,
                    $"the envelope holds more than {context.MaxFields} fields (FudgeReaderOptions.MaxFieldCount)");
        }
        context.RemainingFields -= count;
        var message = new FudgeMsg(count);
        while (reader.Read())
        {
            string? name = reader.HasName ? context.Name(ref reader) : reader.GetName();
            short? ordinal = reader.HasOrdinal ? reader.Ordinal : null;
            byte typeId = reader.TypeId;
            object value = typeId == FudgeTypeId.Message ? ReadSubMessage(ref reader, context) : ReadValue(ref reader, typeId, context);
            message.AddDecoded(name, FudgeField.Pack(ordinal, typeId), value);
        }
        return message;
    }

    /// <summary>
    /// The value of a sub-message field stored in a <see cref="FudgeMsg"/>: an empty one is left pending (made real
    /// when first read, see <see cref="FudgeMsg.EmptyMessagePending"/>), so it costs no object while it is not read.
    /// </summary>
    internal static object ReadSubMessage(ref FudgeReader reader, DecodeContext context)
    {
        var sub = reader.ReadMessage(); // checks the depth limit, empty or not
        return reader.ValueSpan.IsEmpty ? FudgeMsg.EmptyMessagePending : ReadFields(ref sub, context);
    }

    /// <summary>Decodes the reader's current field (sub-messages included) into a model field.</summary>
    public static FudgeField ReadField(ref FudgeReader reader)
    {
        string? name = reader.GetName();
        short? ordinal = reader.HasOrdinal ? reader.Ordinal : null;
        byte typeId = reader.TypeId;
        return new FudgeField(name, ordinal, typeId, ReadValue(ref reader, typeId, new DecodeContext(reader.Options.MaxFieldCount)), true);
    }

    /// <summary>
    /// Decodes the reader's current value into its wire form. Empty arrays are the shared <see cref="Array.Empty{T}"/>
    /// instances (nothing can be stored in them), so a message of many empty arrays costs a field each.
    /// </summary>
    internal static object ReadValue(ref FudgeReader reader, byte typeId, DecodeContext context)
    {
        switch (typeId)
        {
            case FudgeTypeId.Indicator: return FudgeIndicator.Instance;
            case FudgeTypeId.Boolean: return BoxCache.Of(reader.GetBoolean());
            case FudgeTypeId.Int8: return BoxCache.Of((sbyte)reader.GetInt64());
            case FudgeTypeId.Int16: return BoxCache.Of((short)reader.GetInt64());
            case FudgeTypeId.Int32: return (int)reader.GetInt64();
            case FudgeTypeId.Int64: return reader.GetInt64();
            case FudgeTypeId.Float: return reader.GetSingle();
            case FudgeTypeId.Double: return reader.GetDouble();
            case FudgeTypeId.String: return reader.GetString();
            case FudgeTypeId.Int16Array: return reader.ValueSpan.IsEmpty ? Array.Empty<short>() : reader.GetInt16Array();
            case FudgeTypeId.Int32Array: return reader.ValueSpan.IsEmpty ? Array.Empty<int>() : reader.GetInt32Array();
            case FudgeTypeId.Int64Array: return reader.ValueSpan.IsEmpty ? Array.Empty<long>() : reader.GetInt64Array();
            case FudgeTypeId.FloatArray: return reader.ValueSpan.IsEmpty ? Array.Empty<float>() : reader.GetSingleArray();
            case FudgeTypeId.DoubleArray: return reader.ValueSpan.IsEmpty ? Array.Empty<double>() : reader.GetDoubleArray();
            case FudgeTypeId.Date: return reader.GetDate();
            case FudgeTypeId.Time: return reader.GetTime();
            case FudgeTypeId.DateTime: return reader.GetDateTime();
            case FudgeTypeId.Message:
                var sub = reader.ReadMessage();
                return ReadFields(ref sub, context);
            default:
                if (FudgeTypeId.IsByteArray(typeId)) return reader.ValueSpan.IsEmpty ? Array.Empty<byte>() : reader.GetBytes();
                return new FudgeUnknownValue(typeId, reader.ValueSpan);
        }
    }
}
