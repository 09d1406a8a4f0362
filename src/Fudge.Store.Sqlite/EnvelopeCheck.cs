using System;

namespace Fudge.Store.Sqlite;

/// <summary>What goes into a store is one whole, readable envelope: checked before a row is written.</summary>
internal static class EnvelopeCheck
{
    /// <exception cref="FudgeFormatException">The bytes are not exactly one well-formed envelope.</exception>
    public static void Validate(ReadOnlySpan<byte> envelope)
    {
        var header = FudgeReader.ReadEnvelopeHeader(envelope, null);
        if (header.MessageSize != envelope.Length)
            throw new FudgeFormatException(0, $"the envelope declares {header.MessageSize} bytes but {envelope.Length} were given");
        var reader = new FudgeReader(envelope);
        Walk(ref reader);
    }

    private static void Walk(ref FudgeReader reader)
    {
        while (reader.Read())
        {
            if (reader.TypeId != FudgeTypeId.Message) continue;
            var inner = reader.ReadMessage();
            Walk(ref inner);
        }
    }
}
