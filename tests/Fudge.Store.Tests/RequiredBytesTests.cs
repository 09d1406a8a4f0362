using System;
using System.Text;
using Fudge.Query;
using Fudge.Store.Tests.Support;
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

    [Fact]
    public void Every_document_a_filter_passes_holds_its_required_bytes()
    {
        // Strings in UTF-8 and in Fudge-Java's CESU-8 side by side. The literal past U+FFFF shows why it gives nothing:
        // the filter passes a CESU-8 document that does not hold the literal's UTF-8.
        var random = new Random(43);
        int passed = 0, searched = 0, missedByUtf8 = 0;
        for (int i = 0; i < 4000; i++)
        {
            byte[] envelope = RequiredBytesDocuments.Document(random);
            foreach (string template in RequiredBytesDocuments.Filters)
            foreach (string value in RequiredBytesDocuments.Values)
            {
                var filter = FudgeFilter.Compile(RequiredBytesDocuments.Filter(template, value));
                // The bytes' walk and the model's (which decodes Fudge-Java's strings first) alike.
                if (!filter.Matches(envelope) && !filter.Matches(FudgeMsg.Parse(envelope))) continue;
                passed++;
                if (RequiredBytes.Of(filter) is byte[] required)
                {
                    searched++;
                    Assert.True(envelope.AsSpan().IndexOf(required) >= 0, $"{filter} passes a document without its required bytes");
                }
                // A template that requires bytes, with a literal that gives none (past U+FFFF): its UTF-8 is missing.
                else if (RequiredBytes.Of(FudgeFilter.Compile(RequiredBytesDocuments.Filter(template, "XLON"))) is not null
                    && envelope.AsSpan().IndexOf(Encoding.UTF8.GetBytes(value)) < 0) missedByUtf8++;
            }
        }
        Assert.InRange(searched, 2000, passed);
        Assert.True(missedByUtf8 > 0, "no CESU-8 document passed a filter of a character past U+FFFF");
    }
}
