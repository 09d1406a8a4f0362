using System;
using System.Text.Unicode;

namespace Fudge.Cli.Validate;

/// <summary>
/// Checks one envelope completely by walking its bytes with <see cref="FudgeReader"/>, without building a
/// <see cref="FudgeMsg"/>: the same checks decoding makes (structure, sizes, nesting limits, array widths, strict UTF-8
/// of names and strings), at the speed of a raw scan and with no allocation.
/// </summary>
internal static class EnvelopeScan
{
    /// <summary>Validates the envelope that fills <paramref name="envelope"/> exactly.</summary>
    /// <exception cref="FudgeFormatException">The first problem, with its offset in the envelope.</exception>
    public static void Check(ReadOnlySpan<byte> envelope, FudgeReaderOptions options)
    {
        var reader = new FudgeReader(envelope, options);
        if (reader.EnvelopeHeader.MessageSize != envelope.Length)
            throw new FudgeFormatException(reader.EnvelopeHeader.MessageSize, $"the envelope declares {reader.EnvelopeHeader.MessageSize} bytes but {envelope.Length} were given");
        CheckFields(ref reader);
    }

    private static void CheckFields(ref FudgeReader reader)
    {
        while (reader.Read())
        {
            // Text the strict check refuses gets the reader's own decoding, which also takes Fudge-Java's CESU-8
            // surrogate pairs and throws, with the offset of the bad sequence, for anything else.
            if (reader.HasName && !Utf8.IsValid(reader.NameUtf8)) _ = reader.GetName();
            if (reader.TypeId == FudgeTypeId.String && !Utf8.IsValid(reader.ValueSpan)) _ = reader.GetString();
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                CheckFields(ref sub);
            }
        }
    }
}
