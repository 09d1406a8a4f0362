using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

public class FilterTests
{
    private static readonly byte[] Bytes = QueryMessages.TradeBytes();

    // Every filter is evaluated on the bytes, on a multi-segment sequence and on the model; all must agree.
    private static bool Matches(string filter)
    {
        var compiled = FudgeFilter.Compile(filter);
        bool onBytes = compiled.Matches(Bytes);
        Assert.Equal(onBytes, compiled.Matches(Fudge.Tests.Support.Segments.Split(Bytes, 5, 40)));
        Assert.Equal(onBytes, compiled.Matches(QueryMessages.Trade()));
        return onBytes;
    }

    [Theory]
    [InlineData("$.qty == 42")]                 // int8 on the wire, integer literal
    [InlineData("$.qty == 42.0")]               // ... against a double literal
    [InlineData("$.qty > 41.5 && $.qty < 42.5")]
    [InlineData("$.notional == 1500000")]       // int32 on the wire
    [InlineData("$.notional >= 1.5e6")]
    [InlineData("$.price == 189.25")]
    [InlineData("$.price > 189")]               // double against an integer literal
    [InlineData("$.ratio == 0.5")]              // float widened to double
    [InlineData("$.ratio < 1")]
    [InlineData("42 == $.qty")]                 // literal first
    [InlineData("100 > $.qty")]
    [InlineData("$.qty != 7")]
    public void Numbers_compare_across_widths(string filter) => Assert.True(Matches(filter));

    [Theory]
    [InlineData("$.qty == 43")]
    [InlineData("$.qty > 42")]
    [InlineData("$.price < 189.25")]
    [InlineData("$.qty == '42'")]               // a number is never equal to a string
    [InlineData("$.qty < '42'")]
    public void Numbers_that_do_not_hold(string filter) => Assert.False(Matches(filter));

    [Theory]
    [InlineData("$.Company.Ticker == 'AAPL'", true)]
    [InlineData("$.Company.Ticker == \"AAPL\"", true)]
    [InlineData("$.Company.Ticker != 'AAPL'", false)]
    [InlineData("$.Company.Ticker < 'AAPM'", true)]
    [InlineData("$.Company.Ticker > 'AAPL'", false)]
    [InlineData("$.Company.Ticker in ['MSFT', 'AAPL']", true)]
    [InlineData("$.Company.Ticker in ['MSFT', 'GOOG']", false)]
    [InlineData("starts_with($.Company.Name, 'Apple')", true)]
    [InlineData("ends_with($.Company.Name, 'Inc.')", true)]
    [InlineData("contains($.Company.Name, 'le I')", true)]
    [InlineData("contains($.Company.Name, 'Pear')", false)]
    [InlineData("match($.Company.Ticker, 'A[A-Z]+')", true)]
    [InlineData("match($.Company.Ticker, 'AAP')", false)]      // match() is anchored to the whole string
    [InlineData("search($.Company.Ticker, 'AP')", true)]
    [InlineData("search($.Company.Name, '^apple')", false)]    // case matters
    [InlineData("search($.Company.Name, '(?i)^apple')", true)]
    [InlineData("starts_with($.qty, '4')", false)]             // string functions see strings only
    public void Strings(string filter, bool expected) => Assert.Equal(expected, Matches(filter));

    [Theory]
    [InlineData("$.tradeDate == 2024-01-05", true)]
    [InlineData("$.tradeDate < 2024-01-06", true)]
    [InlineData("$.tradeDate > 2024-01-05", false)]
    [InlineData("$.tradeDate >= 2024-01-05T00:00:00Z", true)]
    [InlineData("$.booked == 2024-01-05T10:30:00Z", true)]
    [InlineData("$.booked == 2024-01-05T11:30:00+01:00", true)]   // the same instant in another zone
    [InlineData("$.booked > 2024-01-05T10:29:59.999999999Z", true)]
    [InlineData("$.booked > 2024-01-05", true)]                   // a date literal is midnight
    [InlineData("$.booked < 2024-01-05T10:30:00.000000001Z", true)]
    [InlineData("$.booked == '2024-01-05T10:30:00Z'", false)]     // a quoted date is a string
    public void Dates_and_date_times_compare_as_instants(string filter, bool expected) => Assert.Equal(expected, Matches(filter));

    [Theory]
    [InlineData("$.active == true", true)]
    [InlineData("$.active != false", true)]
    [InlineData("$.active == false", false)]
    [InlineData("$.Company.Ticker", true)]             // existence
    [InlineData("$.Company.Missing", false)]
    [InlineData("!$.Company.Missing", true)]           // absence
    [InlineData("!$.Company", false)]
    [InlineData("$.missing != 1", false)]              // nothing selected: no test holds, not even !=
    [InlineData("!($.missing == 1)", true)]
    public void Booleans_existence_and_absence(string filter, bool expected) => Assert.Equal(expected, Matches(filter));

    [Theory]
    [InlineData("$.legs.venue == 'BATS'", true)]       // any of the repeated values
    [InlineData("$.legs.size > 15", true)]
    [InlineData("$.legs.size > 25", false)]
    [InlineData("$.legs.venue != 'XNAS'", true)]       // some leg is not XNAS
    [InlineData("!($.legs.venue == 'XNAS')", false)]   // "no leg is XNAS" is false
    [InlineData("$.legs[0].venue == 'BATS'", false)]
    [InlineData("$.legs[-2].venue == 'BATS'", true)]
    [InlineData("$..venue == 'EDGX'", true)]
    [InlineData("count($.legs) == 3", true)]
    [InlineData("count($.legs) > 3", false)]
    [InlineData("count($.missing) == 0", true)]
    [InlineData("count($..size) >= 3", true)]
    public void Repeated_fields_use_any_semantics(string filter, bool expected) => Assert.Equal(expected, Matches(filter));

    [Theory]
    [InlineData("type($.qty) == 'byte'", true)]
    [InlineData("type($.qty) == 'int8'", true)]
    [InlineData("type($.qty) == 'integer'", true)]
    [InlineData("type($.qty) == 'number'", true)]
    [InlineData("type($.price) == 'integer'", false)]
    [InlineData("type($.price) == 'double'", true)]
    [InlineData("type($.price) != 'double'", false)]
    [InlineData("type($.legs) == 'message'", true)]
    [InlineData("type($.tags) == 'array'", true)]
    [InlineData("type($.tags) == 'bytes'", false)]
    [InlineData("type($.tags) == 'int[]'", true)]
    [InlineData("type($.booked) == 'datetime'", true)]
    [InlineData("type($.Company.Ticker) == 'STRING'", true)]
    public void Type_tests_see_the_wire_type(string filter, bool expected) => Assert.Equal(expected, Matches(filter));

    [Theory]
    [InlineData("$.qty == 42 && $.price > 100", true)]
    [InlineData("$.qty == 42 && $.price > 200", false)]
    [InlineData("$.qty == 1 || $.price > 100", true)]
    [InlineData("$.qty == 1 || $.price > 200", false)]
    [InlineData("$.qty == 1 || $.qty == 42 && $.price > 200", false)]     // && binds tighter than ||
    [InlineData("$.qty == 42 || $.qty == 1 && $.price > 200", true)]
    [InlineData("($.qty == 42 || $.qty == 1) && $.price > 200", false)]
    [InlineData("!($.qty == 42) || $.active == true", true)]
    [InlineData("! $.qty == 42", false)]                                  // ! negates the comparison that follows
    [InlineData("!!$.qty", true)]
    [InlineData(" ( $.qty\n==\t42 ) ", true)]                             // blanks anywhere between tokens
    public void Logic_and_precedence(string filter, bool expected) => Assert.Equal(expected, Matches(filter));

    [Fact]
    public void Ordinals_anonymous_and_quoted_names_are_reachable()
    {
        Assert.True(Matches("$.#5 == 'five'"));
        Assert.True(Matches("$.# == 'anonymous'"));
        Assert.True(Matches("$['Log Type'] in ['AUDIT', 'SECURITY']"));
    }

    [Fact]
    public void Names_from_the_envelope_taxonomy_resolve_ordinal_only_fields()
    {
        var bytes = QueryMessages.OrdinalOnlyBytes();
        var filter = FudgeFilter.Compile("$.ticker == 'ACME' && $.quote.price < 13");
        Assert.True(filter.Matches(bytes, QueryMessages.WithTaxonomy()));
        Assert.False(filter.Matches(bytes));
        Assert.True(FudgeFilter.Compile("$.#1 == 'ACME'").Matches(bytes));
    }

    [Fact]
    public void A_descent_finds_ordinal_only_fields_by_their_taxonomy_names_at_any_depth()
    {
        var bytes = QueryMessages.OrdinalOnlyBytes();
        var options = QueryMessages.WithTaxonomy();
        Assert.True(FudgeFilter.Compile("$..price < 13 && $..ticker == 'ACME'").Matches(bytes, options));
        Assert.True(FudgeFilter.Compile("$..price == 12.5 && $.quote").Matches(bytes, options));
        Assert.False(FudgeFilter.Compile("$..price > 13 || $..ticker == 'OTHER'").Matches(bytes, options));
        Assert.False(FudgeFilter.Compile("$..price").Matches(bytes));
    }

    [Fact]
    public void A_filter_evaluates_on_a_reader_positioned_on_a_sub_message()
    {
        var reader = new FudgeReader(Bytes);
        Assert.True(reader.Read());
        var company = reader.ReadMessage();
        Assert.True(FudgeFilter.Compile("$.Ticker == 'AAPL'").Matches(in company));
        Assert.True(company.Read()); // the filter did not move the reader
        Assert.Equal("Ticker", company.GetName());
    }

    [Fact]
    public void Strings_compare_by_code_point_on_bytes_and_on_the_model()
    {
        var message = new FudgeMsg().Add("s", "é").Add("t", "\U0001F600");
        var bytes = message.ToByteArray();
        foreach (var text in new[] { "$.s > 'z'", "$.s == 'é'", "$.t > 'é'", "match($.t, '..')", "$.s == '\\u00e9'" })
        {
            var filter = FudgeFilter.Compile(text);
            Assert.True(filter.Matches(bytes), text);
            Assert.Equal(filter.Matches(bytes), filter.Matches(message));
        }
    }

    [Fact]
    public void Regular_expressions_over_long_strings_use_a_pooled_buffer()
    {
        var message = new FudgeMsg().Add("text", new string('a', 5000) + "needle");
        Assert.True(FudgeFilter.Compile("search($.text, 'needle$')").Matches(message.ToByteArray()));
    }

    [Fact]
    public void Invalid_utf8_under_a_regular_expression_is_a_format_error()
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(buffer);
        var envelope = writer.BeginEnvelope();
        writer.WriteStringUtf8("s", new byte[] { 0xC3, 0x28 });
        writer.EndEnvelope(envelope);
        writer.Flush();
        var e = Assert.Throws<FudgeFormatException>(() => FudgeFilter.Compile("match($.s, '.*')").Matches(buffer.WrittenSpan));
        Assert.Contains("UTF-8", e.Reason);
    }

    [Fact]
    public void Back_references_are_refused_at_compile_time_on_net8_and_later()
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile(@"match($.a, '(a)\\1')"));
        Assert.Equal(12, e.Column);
    }
}
