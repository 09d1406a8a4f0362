using System;

namespace Fudge.RabbitMQ;

/// <summary>Checks that a body is exactly one well-formed envelope before it is handed on or routed.</summary>
internal static class FudgeEnvelopeCheck
{
    /// <summary>Reads the header and checks the declared size; cheap, done on every routed message.</summary>
    /// <exception cref="FudgeFormatException">The body is not one envelope.</exception>
    public static FudgeEnvelopeHeader ReadHeader(ReadOnlySpan<byte> body, FudgeReaderOptions? options)
    {
        var header = FudgeReader.ReadEnvelopeHeader(body, options);
        if (header.MessageSize != body.Length)
            throw new FudgeFormatException(0, $"the envelope declares {header.MessageSize} bytes but the body holds {body.Length}");
        return header;
    }

    /// <summary>Walks every field, sub-messages included, so a consumer is never handed a body it cannot read.</summary>
    /// <exception cref="FudgeFormatException">Some field is malformed.</exception>
    public static FudgeEnvelopeHeader Validate(ReadOnlySpan<byte> body, FudgeReaderOptions? options)
    {
        var header = ReadHeader(body, options);
        var reader = new FudgeReader(body, options);
        Walk(ref reader);
        return header;
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
