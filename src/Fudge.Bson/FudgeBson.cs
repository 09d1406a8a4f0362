using System;
using System.Buffers;
using Fudge.Bson.Internal;
using MongoDB.Bson;
using MongoDB.Bson.IO;

namespace Fudge.Bson;

/// <summary>
/// Fudge ⇄ BSON (MongoDB's document encoding). The streaming methods (<see cref="WriteBson"/>, <see cref="ToBson"/>,
/// <see cref="ToRawBsonDocument"/>, <see cref="ReadBson"/>, <see cref="ToFudge(ReadOnlySpan{byte}, FudgeBsonSettings?)"/>)
/// transcode bytes to bytes with no document object on either side; the document methods convert to and from the
/// driver's <see cref="BsonDocument"/>. Both follow the mapping in docs/store.md ("BSON type mapping").
/// </summary>
public static class FudgeBson
{
    // ---------------------------------------------------------------- Fudge bytes → BSON bytes

    /// <summary>Transcodes one Fudge envelope into one BSON document, appended to <paramref name="output"/>.</summary>
    /// <exception cref="FudgeFormatException">The Fudge bytes are malformed.</exception>
    /// <exception cref="FudgeBsonException">A value cannot be written as BSON in plain mode (a name holding U+0000).</exception>
    public static void WriteBson(ReadOnlySpan<byte> envelope, IBufferWriter<byte> output, FudgeBsonSettings? settings = null)
    {
        if (output is null) throw new ArgumentNullException(nameof(output));
        var bson = new BsonOutput(InitialSize(envelope.Length));
        try
        {
            FudgeToBsonTranscoder.Transcode(envelope, ref bson, settings ?? FudgeBsonSettings.Plain);
            var written = bson.Written;
            written.CopyTo(output.GetSpan(written.Length));
            output.Advance(written.Length);
        }
        finally
        {
            bson.Return();
        }
    }

    /// <summary>Transcodes one Fudge envelope into the bytes of one BSON document.</summary>
    /// <exception cref="FudgeFormatException">The Fudge bytes are malformed.</exception>
    /// <exception cref="FudgeBsonException">A value cannot be written as BSON in plain mode (a name holding U+0000).</exception>
    public static byte[] ToBson(ReadOnlySpan<byte> envelope, FudgeBsonSettings? settings = null)
    {
        var bson = new BsonOutput(InitialSize(envelope.Length));
        try
        {
            FudgeToBsonTranscoder.Transcode(envelope, ref bson, settings ?? FudgeBsonSettings.Plain);
            return bson.ToArray();
        }
        finally
        {
            bson.Return();
        }
    }

    /// <summary>
    /// Transcodes one Fudge envelope into a <see cref="RawBsonDocument"/>: the driver inserts it as it is, without
    /// building a BsonDocument. Dispose it when done.
    /// </summary>
    public static RawBsonDocument ToRawBsonDocument(ReadOnlySpan<byte> envelope, FudgeBsonSettings? settings = null)
        => new(ToBson(envelope, settings));

    // A plain document is usually a little larger than its Fudge form (a type byte and a zero per element).
    private static int InitialSize(int fudgeLength) => fudgeLength + fudgeLength / 2 + 64;

    // ---------------------------------------------------------------- BSON bytes → Fudge bytes

    /// <summary>Transcodes one BSON document (exactly <paramref name="bson"/>) into one Fudge envelope, appended to <paramref name="output"/>.</summary>
    /// <exception cref="FudgeBsonException">The bytes are not one valid BSON document, or break the mapping's rules.</exception>
    public static void ReadBson(ReadOnlySpan<byte> bson, IBufferWriter<byte> output, FudgeBsonSettings? settings = null)
    {
        if (output is null) throw new ArgumentNullException(nameof(output));
        var writer = new FudgeWriter(output, bson.Length);
        try
        {
            BsonToFudgeTranscoder.Transcode(bson, ref writer, settings ?? FudgeBsonSettings.Plain);
            writer.Flush();
        }
        finally
        {
            writer.Dispose();
        }
    }

    /// <summary>Transcodes one BSON document into the bytes of one Fudge envelope.</summary>
    /// <exception cref="FudgeBsonException">The bytes are not one valid BSON document, or break the mapping's rules.</exception>
    public static byte[] ToFudge(ReadOnlySpan<byte> bson, FudgeBsonSettings? settings = null)
    {
        var output = new ArrayBufferWriter<byte>(Math.Max(bson.Length, 64));
        ReadBson(bson, output, settings);
        return output.WrittenSpan.ToArray();
    }

    /// <summary>Transcodes a <see cref="RawBsonDocument"/> (as the driver returns it) into a Fudge envelope.</summary>
    public static byte[] ToFudge(RawBsonDocument document, FudgeBsonSettings? settings = null)
    {
        if (document is null) throw new ArgumentNullException(nameof(document));
        var slice = document.Slice;
        var bytes = new byte[slice.Length];
        slice.GetBytes(0, bytes, 0, bytes.Length);
        return ToFudge(bytes, settings);
    }

    // ---------------------------------------------------------------- BsonDocument

    /// <summary>Converts a message to a BsonDocument (lossless mode records a zero envelope header).</summary>
    public static BsonDocument ToBsonDocument(FudgeMsg message, FudgeBsonSettings? settings = null)
        => ToBsonDocument(new FudgeEnvelope(message ?? throw new ArgumentNullException(nameof(message))), settings);

    /// <summary>Converts an envelope to a BsonDocument.</summary>
    /// <exception cref="FudgeBsonException">A value cannot be written as BSON in plain mode (a name holding U+0000), or the message nests too deep.</exception>
    public static BsonDocument ToBsonDocument(FudgeEnvelope envelope, FudgeBsonSettings? settings = null)
    {
        if (envelope is null) throw new ArgumentNullException(nameof(envelope));
        var document = new BsonDocument();
        using (var writer = new BsonDocumentWriter(document))
            FudgeMsgToBsonWriter.Write(writer, envelope.Message, envelope.ProcessingDirectives, envelope.SchemaVersion, envelope.TaxonomyId, settings ?? FudgeBsonSettings.Plain);
        return document;
    }

    /// <summary>Decodes Fudge bytes and converts the envelope to a BsonDocument.</summary>
    /// <exception cref="FudgeFormatException">The Fudge bytes are malformed.</exception>
    public static BsonDocument ToBsonDocument(ReadOnlySpan<byte> envelope, FudgeBsonSettings? settings = null)
        => ToBsonDocument(FudgeEnvelope.Parse(envelope, (settings ?? FudgeBsonSettings.Plain).ReaderOptions), settings);

    /// <summary>
    /// Converts a BsonDocument to a Fudge envelope. The document is encoded with the driver's own BSON writer and
    /// then transcoded, so documents and bytes follow exactly the same reading rules.
    /// </summary>
    /// <exception cref="FudgeBsonException">The document breaks the mapping's rules, or cannot be encoded as BSON.</exception>
    public static FudgeEnvelope ToEnvelope(BsonDocument document, FudgeBsonSettings? settings = null)
    {
        if (document is null) throw new ArgumentNullException(nameof(document));
        byte[] bson;
        try
        {
            bson = document.ToBson();
        }
        catch (BsonException e)
        {
            throw new FudgeBsonException(-1, "the document cannot be encoded as BSON: " + e.Message);
        }
        settings ??= FudgeBsonSettings.Plain;
        return FudgeEnvelope.Parse(ToFudge(bson, settings), settings.ReaderOptions);
    }

    /// <summary>Converts a BsonDocument to a Fudge message (see <see cref="ToEnvelope"/>).</summary>
    public static FudgeMsg ToMessage(BsonDocument document, FudgeBsonSettings? settings = null) => ToEnvelope(document, settings).Message;
}
