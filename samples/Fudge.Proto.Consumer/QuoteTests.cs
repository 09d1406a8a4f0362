using System;
using Fudge.Samples.quotes;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Proto.Consumer;

/// <summary>The sample schema, compiled by the packed package: the generated types serialize like any [FudgeMessage] type.</summary>
public class QuoteTests
{
    [Fact]
    public void A_quote_round_trips()
    {
        var quote = new Quote
        {
            Symbol = "VOD.L",
            Bids = { new Level(99.5, 1000) },   // readonly fields: set by the constructor
            Asks = { new Level(100.25, 500), new Level(100.5, 10_000_000_000) },
            Stamp = new DateTimeOffset(2011, 3, 16, 9, 30, 0, TimeSpan.Zero),
        };
        byte[] bytes = FudgeSerializer.Serialize(quote);
        Quote back = FudgeSerializer.Deserialize<Quote>(bytes);
        Assert.Equal("VOD.L", back.Symbol);
        Assert.Equal(Venue.LSE, back.Venue);
        Assert.Equal("none", back.Comment);
        Assert.Equal(2, back.Asks.Count);
        Assert.Equal(10_000_000_000, back.Asks[1].Size);
        Assert.Equal(99.5, back.Bids[0].Price);
        Assert.Equal(quote.Stamp, back.Stamp);

        // Readable without the classes: the venue is a name, the asks are two fields with ordinal 4.
        var message = FudgeMsg.Parse(bytes);
        Assert.Equal("LSE", message.GetString(2));
    }

    [Fact]
    public void A_missing_required_field_names_the_field()
    {
        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Level>(new FudgeMsg().Add(1, 1.0).ToByteArray()));
        Assert.Contains("Size", error.Message);
    }

    [Fact]
    public void A_derived_quote_is_read_back_as_itself_through_a_field_of_its_base()
    {
        var book = new QuoteBook { Quotes = { new IndicativeQuote { Symbol = "X", Confidence = 0.9 } } };
        var back = FudgeSerializer.Deserialize<QuoteBook>(FudgeSerializer.Serialize(book));
        Assert.Equal(0.9, Assert.IsType<IndicativeQuote>(back.Quotes[0]).Confidence);

        // At the top level, as in Fudge-Proto's Java, no class is named: the type asked for is the type read.
        byte[] topLevel = FudgeSerializer.Serialize<Quote>(new IndicativeQuote { Symbol = "X", Confidence = 0.9 });
        Assert.Equal(0.9, FudgeSerializer.Deserialize<IndicativeQuote>(topLevel).Confidence);
    }
}
