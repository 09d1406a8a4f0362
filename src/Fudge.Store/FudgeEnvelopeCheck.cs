using System;

namespace Fudge.Store;

/// <summary>What goes into a store is one whole, readable envelope: every store checks it before a row is written.</summary>
public static class FudgeEnvelopeCheck
{
    /// <summary>Checks that the bytes are exactly one envelope whose fields, sub-messages included, all read.</summary>
    /// <param name="envelope">The bytes to store.</param>
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
