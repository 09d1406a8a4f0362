using System;
using System.Buffers;
using MongoDB.Bson;

namespace Fudge.Json.Benchmarks;

/// <summary>The study's documents built as the MongoDB driver's BsonDocument, and written as Fudge with no DOM.</summary>
public static class BsonDocuments
{
    /// <summary>The native way: the driver's own document objects.</summary>
    public static BsonDocument BuildNative(Doc doc)
    {
        var document = new BsonDocument();
        foreach (var (key, value) in doc) document.Add(key, ToBsonValue(value));
        return document;
    }

    private static BsonValue ToBsonValue(object value) => value switch
    {
        Doc sub => BuildNative(sub),
        Repeated list => new BsonArray(list.ConvertAll(ToBsonValue)),
        string s => new BsonString(s),
        int i => new BsonInt32(i),
        long l => new BsonInt64(l),
        double d => new BsonDouble(d),
        bool b => b ? BsonBoolean.True : BsonBoolean.False,
        DateTime t => new BsonDateTime(t),
        int[] a => new BsonArray(a),
        byte[] bytes => new BsonBinaryData(bytes),
        _ => throw new ArgumentException("unexpected value " + value.GetType()),
    };

    /// <summary>
    /// The streaming way's first half: the document written as Fudge straight from the application's values with a
    /// FudgeWriter (what generated serializers do), no FudgeMsg.
    /// </summary>
    public static ReadOnlySpan<byte> WriteFudge(Doc doc, ArrayBufferWriter<byte> output)
    {
        output.ResetWrittenCount();
        var writer = new FudgeWriter(output, 4096);
        var envelope = writer.BeginEnvelope();
        WriteFields(ref writer, doc);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return output.WrittenSpan;
    }

    private static void WriteFields(ref FudgeWriter writer, Doc doc)
    {
        foreach (var (key, value) in doc)
        {
            if (value is Repeated list)
                foreach (var item in list) WriteValue(ref writer, key, item);
            else WriteValue(ref writer, key, value);
        }
    }

    private static void WriteValue(ref FudgeWriter writer, string key, object value)
    {
        switch (value)
        {
            case Doc sub:
                var marker = writer.BeginMessage(key);
                WriteFields(ref writer, sub);
                writer.EndMessage(marker);
                break;
            case string s: writer.WriteString(key, s); break;
            case int i: writer.WriteInt32(key, i); break;
            case long l: writer.WriteInt64(key, l); break;
            case double d: writer.WriteDouble(key, d); break;
            case bool b: writer.WriteBoolean(key, b); break;
            case DateTime t: writer.WriteDateTime(key, FudgeDateTime.FromDateTime(t)); break;
            case int[] a: writer.WriteInt32Array(key, a); break;
            case byte[] bytes: writer.WriteBytes(key, bytes); break;
            default: throw new ArgumentException("unexpected value " + value.GetType());
        }
    }
}
