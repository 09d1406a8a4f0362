using System;

namespace Fudge.Store;

/// <summary>What goes into a store is one whole, readable envelope: every store checks it before a row is written.</summary>
public static class FudgeEnvelopeCheck
{
    /// <summary>Checks that the bytes are exactly one envelope whose fields, sub-messages included, all read.</summary>
    /// <param name="envelope">The bytes to store.</param>
    /// <exception cref="FudgeFormatException">The bytes are not exactly one well-formed envelope.</exception>
    public static void Validate(ReadOnlySpan<byte> envelope) => ValidateFindingEmptyName(envelope);

    /// <summary>
    /// <see cref="Validate"/>, and whether a field of the envelope, at any depth, has a name that is empty (which a
    /// document's JSON form keys as it keys a field with neither name nor ordinal).
    /// </summary>
    /// <param name="envelope">The bytes to store.</param>
    /// <exception cref="FudgeFormatException">The bytes are not exactly one well-formed envelope.</exception>
    internal static bool ValidateFindingEmptyName(ReadOnlySpan<byte> envelope)
    {
        var header = FudgeReader.ReadEnvelopeHeader(envelope, null);
        if (header.MessageSize != envelope.Length)
            throw new FudgeFormatException(0, $"the envelope declares {header.MessageSize} bytes but {envelope.Length} were given");
        var reader = new FudgeReader(envelope);
        return Walk(ref reader);
    }

    private static bool Walk(ref FudgeReader reader)
    {
        bool emptyName = false;
        while (reader.Read())
        {
            emptyName |= reader.HasName && reader.NameUtf8.IsEmpty;
            if (reader.TypeId != FudgeTypeId.Message) continue;
            var inner = reader.ReadMessage();
            emptyName |= Walk(ref inner);
        }
        return emptyName;
    }
}
