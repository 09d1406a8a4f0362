using System;
using System.Buffers;
using System.Text;
using Fudge.Query;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The bytes a store searches a row for before it tests the row (RequiredBytes): which tests of a filter give them,
/// and that every document the filter passes holds them, whichever encoding wrote its strings.
/// </summary>
public sealed class RequiredBytesTests
{
    [Theory]
    [InlineData("$.Legs.#.Venue == 'XLON'", "XLON")]
    [InlineData("any($.Legs.#, @.Venue == 'XLON' && @.Qty == 96)", "XLON")]
    [InlineData("$.Price > 5 && $.Legs.#.Venue == 'XLON'", "XLON")]
    [InlineData("$.Symbol == 'AAPL' && $.Legs.#.Venue == 'Zürich'", "Zürich")] // the longer, in bytes
    [InlineData("starts_with($.Symbol, 'AAP')", "AAP")]
    [InlineData("ends_with($.Symbol, 'APL')", "APL")]
    [InlineData("contains($.Symbol, '東京')", "東京")]
    [InlineData("$.Symbol == 'AA'", null)] // too short to be worth a search
    [InlineData("$.Symbol != 'AAPL'", null)]
    [InlineData("!($.Symbol == 'AAPL')", null)]
    [InlineData("$.Symbol == 'AAPL' || $.Symbol == 'MSFT'", null)]
    [InlineData("$.Symbol in ['AAPL', 'MSFT']", null)]
    [InlineData("!any($.Legs.#, !(@.Venue == 'XLON'))", null)] // every leg's venue: passes a document without legs
    [InlineData("count($.Legs.#) > 0", null)]
    [InlineData("$.Qty == 1000", null)]
    [InlineData("$.When == 2026-11-30", null)] // a date, equal to dates only
    [InlineData("$.When == '2026-11-30'", "2026-11-30")] // a string, equal to strings only
    [InlineData("match($.Symbol, 'AAPL')", null)]
    [InlineData("$.Symbol == 'key \U0001D465'", null)] // Fudge-Java writes it in CESU-8, other bytes than UTF-8's
    public void A_filter_requires_the_bytes_of_a_string_it_cannot_pass_without(string filter, string? required)
    {
        byte[]? bytes = RequiredBytes.Of(FudgeFilter.Compile(filter));
        Assert.Equal(required, bytes is null ? null : Encoding.UTF8.GetString(bytes));
    }

    [Fact]
    public void A_hex_equality_requires_its_bytes()
    {
        Assert.Equal(new byte[] { 0x00, 0x11, 0x22, 0x33 }, RequiredBytes.Of(FudgeFilter.Compile("hex($.Id) == '00112233'")));
        Assert.Null(RequiredBytes.Of(FudgeFilter.Compile("hex($.Id) != '00112233'")));
    }

    private static readonly string[] Values = { "XLON", "XLO", "Zürich", "東京", "key \U0001D465", "\U0001F600XLON", "AAPL", "APL" };

    private static readonly string[] Filters =
    {
        "$.Symbol == '{0}'", "$.Legs.#.Venue == '{0}'", "any($.Legs.#, @.Venue == '{0}' && @.Qty > 2)",
        "contains($.Symbol, '{0}')", "starts_with($.Legs.#.Venue, '{0}')", "ends_with($.Symbol, '{0}')",
        "$.Qty > 3 && $.Symbol == '{0}'",
    };

    [Fact]
    public void Every_document_a_filter_passes_holds_its_required_bytes()
    {
        // Strings in UTF-8 and in Fudge-Java's CESU-8 side by side. The literal past U+FFFF shows why it gives nothing:
        // the filter passes a CESU-8 document that does not hold the literal's UTF-8.
        var random = new Random(43);
        int passed = 0, searched = 0, missedByUtf8 = 0;
        for (int i = 0; i < 4000; i++)
        {
            byte[] envelope = Document(random);
            foreach (string template in Filters)
            foreach (string value in Values)
            {
                var filter = FudgeFilter.Compile(string.Format(System.Globalization.CultureInfo.InvariantCulture, template, value));
                // The bytes' walk and the model's (which decodes Fudge-Java's strings first) alike.
                if (!filter.Matches(envelope) && !filter.Matches(FudgeMsg.Parse(envelope))) continue;
                passed++;
                if (RequiredBytes.Of(filter) is byte[] required)
                {
                    searched++;
                    Assert.True(envelope.AsSpan().IndexOf(required) >= 0, $"{filter} passes a document without its required bytes");
                }
                else if (envelope.AsSpan().IndexOf(Encoding.UTF8.GetBytes(value)) < 0) missedByUtf8++;
            }
        }
        Assert.InRange(searched, 2000, passed);
        Assert.True(missedByUtf8 > 0, "no CESU-8 document passed a filter of a character past U+FFFF");
    }

    private static byte[] Document(Random random)
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
