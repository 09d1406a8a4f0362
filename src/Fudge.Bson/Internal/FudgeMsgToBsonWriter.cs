using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text;
using MongoDB.Bson;
using MongoDB.Bson.IO;

namespace Fudge.Bson.Internal;

/// <summary>
/// Walks a <see cref="FudgeMsg"/> into any <see cref="IBsonWriter"/> with the same mapping as the streaming
/// transcoder: into a <see cref="BsonDocumentWriter"/> it builds a BsonDocument, into a BsonBinaryWriter it is the
/// <see cref="FudgeMsgBsonSerializer"/>.
/// </summary>
internal static class FudgeMsgToBsonWriter
{
    public static void Write(IBsonWriter writer, FudgeMsg message, byte directives, byte schema, short taxonomy, FudgeBsonSettings settings)
    {
        int maxDepth = settings.ReaderOptions.MaxDepth;
        if (settings.Mode == FudgeBsonMode.Plain)
        {
            WritePlainDocument(writer, message, maxDepth, 0);
            return;
        }
        writer.WriteStartDocument();
        if (directives != 0) writer.WriteInt32(BsonKeys.DirectivesName, directives);
        if (schema != 0) writer.WriteInt32(BsonKeys.SchemaName, schema);
        if (taxonomy != 0) writer.WriteInt32(BsonKeys.TaxonomyName, taxonomy);
        writer.WriteName(BsonKeys.FieldsName);
        WriteLosslessFields(writer, message, maxDepth, 0);
        writer.WriteEndDocument();
    }

    // ---------------------------------------------------------------- plain

    private static string KeyOf(in FudgeField field)
        => field.Name ?? (field.Ordinal is short ordinal ? ordinal.ToString(CultureInfo.InvariantCulture) : string.Empty);

    private static void WritePlainDocument(IBsonWriter writer, FudgeMsg message, int maxDepth, int depth)
    {
        int count = message.Count;
        var keys = new string[count];
        for (int i = 0; i < count; i++)
        {
            keys[i] = KeyOf(message[i]);
            if (keys[i].IndexOf('\0') >= 0)
                throw new FudgeBsonException(-1, $"the field name '{keys[i].Replace("\0", "\\0")}' holds U+0000, which a BSON key cannot hold; use lossless mode");
        }
        var next = GroupRepeatedKeys(keys, out var isRepeat);
        writer.WriteStartDocument();
        for (int i = 0; i < count; i++)
        {
            if (isRepeat is not null && isRepeat[i]) continue;
            writer.WriteName(keys[i]);
            if (next is null || next[i] < 0)
            {
                WritePlainValue(writer, message[i], maxDepth, depth);
                continue;
            }
            writer.WriteStartArray();
            for (int j = i; j >= 0; j = next[j]) WritePlainValue(writer, message[j], maxDepth, depth);
            writer.WriteEndArray();
        }
        writer.WriteEndDocument();
    }

    /// <summary>For each field, the next field with the same key (or -1); null when no key repeats.</summary>
    private static int[]? GroupRepeatedKeys(string[] keys, out bool[]? isRepeat)
    {
        int[]? next = null;
        int[]? tail = null;
        isRepeat = null;
        Dictionary<string, int>? firsts = keys.Length > 12 ? new Dictionary<string, int>(keys.Length, StringComparer.Ordinal) : null;
        for (int i = 0; i < keys.Length; i++)
        {
            int first = -1;
            if (firsts is not null)
            {
                if (!firsts.TryGetValue(keys[i], out first))
                {
                    firsts.Add(keys[i], i);
                    first = -1;
                }
            }
            else
            {
                for (int f = 0; f < i; f++)
                {
                    if ((isRepeat is null || !isRepeat[f]) && string.Equals(keys[f], keys[i], StringComparison.Ordinal))
                    {
                        first = f;
                        break;
                    }
                }
            }
            if (first < 0) continue;
            if (next is null)
            {
                next = new int[keys.Length];
                tail = new int[keys.Length];
                isRepeat = new bool[keys.Length];
                for (int k = 0; k < keys.Length; k++)
                {
                    next[k] = -1;
                    tail[k] = k;
                }
            }
            next[tail![first]] = i;
            tail[first] = i;
            isRepeat![i] = true;
        }
        return next;
    }

    private static void WritePlainValue(IBsonWriter writer, in FudgeField field, int maxDepth, int depth)
    {
        object value = field.Value;
        switch (field.TypeId)
        {
            case FudgeTypeId.Indicator: writer.WriteNull(); return;
            case FudgeTypeId.Boolean: writer.WriteBoolean((bool)value); return;
            case FudgeTypeId.Int8: writer.WriteInt32((sbyte)value); return;
            case FudgeTypeId.Int16: writer.WriteInt32((short)value); return;
            case FudgeTypeId.Int32: writer.WriteInt32((int)value); return;
            case FudgeTypeId.Int64: writer.WriteInt64((long)value); return;
            case FudgeTypeId.Float: writer.WriteDouble(BsonNumbers.Plain((float)value)); return;
            case FudgeTypeId.Double: writer.WriteDouble(BsonNumbers.Plain((double)value)); return;
            case FudgeTypeId.String: writer.WriteString((string)value); return;
            case FudgeTypeId.Message: WritePlainDocument(writer, (FudgeMsg)value, maxDepth, Enter(maxDepth, depth)); return;
            case FudgeTypeId.Int16Array: WriteArray(writer, (short[])value, static (w, v) => w.WriteInt32(v)); return;
            case FudgeTypeId.Int32Array: WriteArray(writer, (int[])value, static (w, v) => w.WriteInt32(v)); return;
            case FudgeTypeId.Int64Array: WriteArray(writer, (long[])value, static (w, v) => w.WriteInt64(v)); return;
            case FudgeTypeId.FloatArray: WriteArray(writer, (float[])value, static (w, v) => w.WriteDouble(BsonNumbers.Plain(v))); return;
            case FudgeTypeId.DoubleArray: WriteArray(writer, (double[])value, static (w, v) => w.WriteDouble(BsonNumbers.Plain(v))); return;
            case FudgeTypeId.Date:
                if (BsonDates.TryToUnixMilliseconds((FudgeDate)value, out long dateMilliseconds))
                {
                    writer.WriteDateTime(dateMilliseconds);
                    return;
                }
                break;
            case FudgeTypeId.DateTime:
                var dateTime = (FudgeDateTime)value;
                if (BsonDates.TryToUnixMilliseconds(dateTime.Date, dateTime.Time, out long milliseconds))
                {
                    writer.WriteDateTime(milliseconds);
                    return;
                }
                break;
            case FudgeTypeId.Time:
                Span<byte> text = stackalloc byte[24];
                if (BsonDates.TryFormatTime((FudgeTime)value, text, out int written))
                {
                    writer.WriteString(Encoding.ASCII.GetString(text.Slice(0, written)));
                    return;
                }
                break;
            default:
                if (value is byte[] bytes)
                {
                    writer.WriteBinaryData(new BsonBinaryData(bytes, BsonBinarySubType.Binary));
                    return;
                }
                break;
        }
        var payload = RawPayload(field);
        var typed = new byte[payload.Length + 1];
        typed[0] = field.TypeId;
        payload.CopyTo(typed, 1);
        writer.WriteBinaryData(new BsonBinaryData(typed, BsonBinarySubType.UserDefined));
    }

    private static void WriteArray<T>(IBsonWriter writer, T[] values, Action<IBsonWriter, T> write)
    {
        writer.WriteStartArray();
        foreach (var value in values) write(writer, value);
        writer.WriteEndArray();
    }

    // ---------------------------------------------------------------- lossless

    private static void WriteLosslessFields(IBsonWriter writer, FudgeMsg message, int maxDepth, int depth)
    {
        writer.WriteStartArray();
        foreach (var field in message)
        {
            writer.WriteStartDocument();
            if (field.Name is not null) writer.WriteString(BsonKeys.NameName, field.Name);
            if (field.Ordinal is short ordinal) writer.WriteInt32(BsonKeys.OrdinalName, ordinal);
            writer.WriteInt32(BsonKeys.TypeName, field.TypeId);
            WriteLosslessValue(writer, field, maxDepth, depth);
            writer.WriteEndDocument();
        }
        writer.WriteEndArray();
    }

    private static void WriteLosslessValue(IBsonWriter writer, in FudgeField field, int maxDepth, int depth)
    {
        object value = field.Value;
        switch (field.TypeId)
        {
            case FudgeTypeId.Indicator: return;
            case FudgeTypeId.Boolean: writer.WriteBoolean(BsonKeys.ValueName, (bool)value); return;
            case FudgeTypeId.Int8: writer.WriteInt32(BsonKeys.ValueName, (sbyte)value); return;
            case FudgeTypeId.Int16: writer.WriteInt32(BsonKeys.ValueName, (short)value); return;
            case FudgeTypeId.Int32: writer.WriteInt32(BsonKeys.ValueName, (int)value); return;
            case FudgeTypeId.Int64: writer.WriteInt64(BsonKeys.ValueName, (long)value); return;
            case FudgeTypeId.Float:
                if (!BsonNumbers.TravelsAsDouble((float)value)) break;
                writer.WriteDouble(BsonKeys.ValueName, (float)value);
                return;
            case FudgeTypeId.Double:
                if (!BsonNumbers.TravelsAsDouble((double)value)) break;
                writer.WriteDouble(BsonKeys.ValueName, (double)value);
                return;
            case FudgeTypeId.String: writer.WriteString(BsonKeys.ValueName, (string)value); return;
            case FudgeTypeId.Message:
                writer.WriteName(BsonKeys.ValueName);
                WriteLosslessFields(writer, (FudgeMsg)value, maxDepth, Enter(maxDepth, depth));
                return;
            case FudgeTypeId.Int16Array: writer.WriteName(BsonKeys.ValueName); WriteArray(writer, (short[])value, static (w, v) => w.WriteInt32(v)); return;
            case FudgeTypeId.Int32Array: writer.WriteName(BsonKeys.ValueName); WriteArray(writer, (int[])value, static (w, v) => w.WriteInt32(v)); return;
            case FudgeTypeId.Int64Array: writer.WriteName(BsonKeys.ValueName); WriteArray(writer, (long[])value, static (w, v) => w.WriteInt64(v)); return;
            case FudgeTypeId.DoubleArray:
                if (!Array.TrueForAll((double[])value, BsonNumbers.TravelsAsDouble)) break;
                writer.WriteName(BsonKeys.ValueName);
                WriteArray(writer, (double[])value, static (w, v) => w.WriteDouble(v));
                return;
            case FudgeTypeId.FloatArray:
                if (!Array.TrueForAll((float[])value, BsonNumbers.TravelsAsDouble)) break;
                writer.WriteName(BsonKeys.ValueName);
                WriteArray(writer, (float[])value, static (w, v) => w.WriteDouble(v));
                return;
            default:
                if (value is byte[] bytes)
                {
                    writer.WriteBinaryData(BsonKeys.ValueName, new BsonBinaryData(bytes, BsonBinarySubType.Binary));
                    return;
                }
                break;
        }
        writer.WriteBinaryData(BsonKeys.ValueName, new BsonBinaryData(RawPayload(field), BsonBinarySubType.UserDefined));
    }

    // ---------------------------------------------------------------- shared

    /// <summary>The value's payload as on the Fudge wire (big-endian), for the types that travel raw.</summary>
    private static byte[] RawPayload(in FudgeField field)
    {
        switch (field.Value)
        {
            case FudgeUnknownValue unknown: return unknown.Bytes.ToArray();
            case FudgeDate date:
                var d = new byte[4];
                date.WriteTo(d);
                return d;
            case FudgeTime time:
                var t = new byte[8];
                time.WriteTo(t);
                return t;
            case FudgeDateTime dateTime:
                var dt = new byte[12];
                dateTime.Date.WriteTo(dt);
                dateTime.Time.WriteTo(dt.AsSpan(4));
                return dt;
            case double number:
                var n = new byte[8];
                BinaryPrimitives.WriteInt64BigEndian(n, BitConverter.DoubleToInt64Bits(number));
                return n;
            case double[] numbers:
                var ns = new byte[numbers.Length * 8];
                for (int i = 0; i < numbers.Length; i++) BinaryPrimitives.WriteInt64BigEndian(ns.AsSpan(i * 8), BitConverter.DoubleToInt64Bits(numbers[i]));
                return ns;
            case float single:
                var f = new byte[4];
                BinaryPrimitives.WriteInt32BigEndian(f, BitConverter.SingleToInt32Bits(single));
                return f;
            case float[] singles:
                var fs = new byte[singles.Length * 4];
                for (int i = 0; i < singles.Length; i++) BinaryPrimitives.WriteInt32BigEndian(fs.AsSpan(i * 4), BitConverter.SingleToInt32Bits(singles[i]));
                return fs;
            case byte[] bytes: return bytes;
            default:
                throw new FudgeBsonException(-1, $"a {FudgeTypeId.GetName(field.TypeId)} field holds a {field.Value.GetType().Name}, which has no BSON mapping");
        }
    }

    private static int Enter(int maxDepth, int depth)
    {
        // A FudgeMsg in memory may even contain itself; the limit turns that into an error instead of a stack overflow.
        if (depth + 1 > maxDepth || !RuntimeHelpers.TryEnsureSufficientExecutionStack())
            throw new FudgeBsonException(-1, $"sub-messages are nested deeper than the limit of {maxDepth} (FudgeReaderOptions.MaxDepth)", true);
        return depth + 1;
    }
}
