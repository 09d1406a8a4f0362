using System;
using System.Buffers;
using System.Globalization;

namespace Fudge.Store.Tests.Support;

/// <summary>
/// Trade-like documents for the stores' search of a row's bytes (RequiredBytes): strings in UTF-8 or in Fudge-Java's
/// CESU-8, field by field, drawn from values that hold one another's bytes ("XLO" in "XLON", "XLON" in "\U0001F600XLON",
/// each also with an "s" after it), and filter templates that require them or not.
/// </summary>
public static class RequiredBytesDocuments
{
    public static readonly string[] Values = { "XLON", "XLO", "Zürich", "東京", "key \U0001D465", "\U0001F600XLON", "AAPL", "APL", "ÆØÅ" };

    /// <summary>Filter texts with a <c>{0}</c> for one of <see cref="Values"/>.</summary>
    public static readonly string[] Filters =
    {
        "$.Symbol == '{0}'", "$.Legs.#.Venue == '{0}'", "any($.Legs.#, @.Venue == '{0}' && @.Qty > 2)",
        "contains($.Symbol, '{0}')", "starts_with($.Legs.#.Venue, '{0}')", "ends_with($.Symbol, '{0}')",
        "$.Qty > 3 && $.Symbol == '{0}'", "!($.Symbol == '{0}')",
    };

    public static string Filter(string template, string value) => string.Format(CultureInfo.InvariantCulture, template, value);

    /// <summary>A document with a Symbol, a Qty and a list of 0 to 3 legs, each with a Venue and a Qty.</summary>
    public static byte[] Document(Random random)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var marker = writer.BeginEnvelope(0, 0, 0);
        writer.WriteString(FudgeFieldKey.Create("Symbol"), Pick(random).AsSpan(), AnyEncoding(random));
        writer.WriteInt32(FudgeFieldKey.Create("Qty"), random.Next(6));
        // A list as the typed writers make it: a sub-message of anonymous elements.
        var legs = writer.BeginMessage(FudgeFieldKey.Create("Legs"));
        for (int i = random.Next(4); i > 0; i--)
        {
            var leg = writer.BeginMessage(FudgeFieldKey.Anonymous);
            writer.WriteString(FudgeFieldKey.Create("Venue"), Pick(random).AsSpan(), AnyEncoding(random));
            writer.WriteInt32(FudgeFieldKey.Create("Qty"), random.Next(6));
            writer.EndMessage(leg);
        }
        writer.EndMessage(legs);
        writer.EndEnvelope(marker);
        writer.Flush();
        writer.Dispose();
        return output.WrittenSpan.ToArray();
    }

    private static string Pick(Random random)
        => random.Next(3) == 0 ? Values[random.Next(Values.Length)] + "s" : Values[random.Next(Values.Length)];

    private static FudgeStringEncoding AnyEncoding(Random random) => random.Next(2) == 0 ? FudgeStringEncoding.Utf8 : FudgeStringEncoding.JavaCesu8;
}
