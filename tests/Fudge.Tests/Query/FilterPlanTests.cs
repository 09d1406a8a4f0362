using System.Linq;
using Fudge.Query;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// On bytes, a filter evaluates all its tests in one walk of the message and stops once the result is decided; on a
/// <see cref="FudgeMsg"/> it evaluates test by test. The two must always agree: these tests compare them on random
/// messages with repeated keys, nesting, ordinals, anonymous fields and non-ASCII names.
/// </summary>
public class FilterPlanTests
{
    public static readonly string[] Filters =
    {
        "$.id && $.price",
        "$.id || $.price",
        "!$.id && $.qty",
        "!($.id || $.price) || $.qty",
        "$.price > 0 && $.price < 100",
        "$.price > 0 || $.qty == 1 || $.a.b",
        "$.a.b > 0 && !$.a.price",
        "$.a.b.x || $.b.a.id != 3",
        "$.a.* && $.*.id",
        "$.#5 || $['x y'] || $.# || $.#0",
        "$.name == 'a' || $.name >= 'b'",
        "starts_with($.name, 'a') || contains($..name, 'b')",
        "$..price > 1 && $.price < 1",
        "$.a[0].b || $.a[-1].id",
        "count($.a) > 1 && $.a.b",
        "type($.price) == 'number' && !(type($.id) == 'string')",
        "$['größe'] || $['😀 smile'] || $['名前'].id",
        "$.id in [1, 'a', true] && !($.qty in [0, 2])",
        "!(!$.id) && !(!(!$.price))",
        "($.a || $.b) && ($.id || $.qty) && !($.x && $.y)",
        "$.price < $.qty || $.a.b >= $..id",
        "$.name != $.id && $.id == $.a.id",
        "$.* == $.a.* && $.b",
        "$..id == 3 || $..price > 5",
        "$..a && $.a.b",
        "$..b && !$..qty && $.a.id",
        "!$..name || $..id",
        "$..id > 1 && $..id < 1",
        "$..a.b || $..id",
        "$..['😀 smile'] || $..['größe']",
        // A lone `== 'text'` test lets the walk pass over fields of its name with other values, at every depth.
        "$..name == 'a' || $..b == 'Z'",
        "$.name == 'a' && !($..id == 'a') || $.a.name == '0'",
        "$..a == '' || $..name == '€'",
    };

    [Fact]
    public void Bytes_and_model_agree_on_random_messages()
    {
        var compiled = Filters.Select(FudgeFilter.Compile).ToArray();
        var held = new int[compiled.Length];
        foreach (var (seed, envelope) in RandomMessages.Envelopes(300))
        {
            var bytes = envelope.ToByteArray();
            for (int i = 0; i < compiled.Length; i++)
            {
                bool onBytes = compiled[i].Matches(bytes);
                Assert.True(compiled[i].Matches(envelope.Message) == onBytes, $"seed {seed}: {compiled[i].Text}");
                if (onBytes) held[i]++;
            }
        }
        // The comparison means something only if the messages make most filters both hold and fail.
        Assert.True(held.Count(n => n > 0 && n < 300) >= compiled.Length / 2, string.Join(", ", held));
    }

    [Fact]
    public void More_tests_than_the_plan_holds_still_evaluate()
    {
        // 70 tests: the plan walks 64 of them, the rest are evaluated on their own.
        var text = string.Join(" || ", Enumerable.Range(0, 69).Select(i => $"$.f{i} == {i}")) + " || $.last == 'yes'";
        var filter = FudgeFilter.Compile(text);

        Assert.True(filter.Matches(new FudgeMsg().Add("x", 1).Add("last", "yes").ToByteArray()));
        Assert.True(filter.Matches(new FudgeMsg().Add("f68", 68).ToByteArray()));
        Assert.True(filter.Matches(new FudgeMsg().Add("f3", 3).ToByteArray()));
        Assert.False(filter.Matches(new FudgeMsg().Add("f3", 4).Add("last", "no").ToByteArray()));
    }

    [Fact]
    public void A_decided_filter_stops_reading_and_an_undecided_one_reads_to_the_end()
    {
        // The first field decides `$.a || ...`: the malformed bytes after it are never read.
        var bytes = new FudgeMsg().Add("a", 1).Add("b", "text").ToByteArray();
        bytes[bytes.Length - 5] = 0xFF; // b's value size: 255 bytes, beyond the end of the message
        var decided = FudgeFilter.Compile("$.a || $.b == 'x'");
        Assert.True(decided.Matches(bytes));
        // Any semantics: `$.a == 2` may still hold on a later repeat, so the walk goes on and meets the bad bytes.
        var undecided = FudgeFilter.Compile("$.a == 2 && $.b");
        Assert.Throws<FudgeFormatException>(() => undecided.Matches(bytes));
    }

    [Fact]
    public void Doubles_compare_on_bytes_as_on_the_model_at_the_edges()
    {
        // The bytes take a direct IEEE comparison for double fields; the model goes through the general ordering, where
        // NaN is incomparable (only != holds). Both must give the same answers.
        double[] values = { double.NaN, double.NegativeInfinity, -1.5, -0.0, 0.0, 1e-300, 10, double.PositiveInfinity };
        string[] literals = { "-1.5", "0", "-0.0", "10", "1e308", "-1e308", "10.0" };
        string[] operators = { "==", "!=", "<", "<=", ">", ">=" };
        foreach (var value in values)
        {
            var message = new FudgeMsg().Add("price", value);
            var bytes = message.ToByteArray();
            foreach (var literal in literals)
            foreach (var op in operators)
            {
                var filter = FudgeFilter.Compile($"$.price {op} {literal}");
                Assert.True(filter.Matches(message) == filter.Matches(bytes), $"{value} {op} {literal}");
            }
        }
        Assert.True(FudgeFilter.Compile("$.price != 0").Matches(new FudgeMsg().Add("price", double.NaN).ToByteArray()));
        Assert.False(FudgeFilter.Compile("$.price >= 0").Matches(new FudgeMsg().Add("price", double.NaN).ToByteArray()));
        Assert.True(FudgeFilter.Compile("$.price == 0").Matches(new FudgeMsg().Add("price", -0.0).ToByteArray()));
    }

    [Fact]
    public void An_equality_with_text_passes_over_other_values_of_its_name_and_still_finds_the_one()
    {
        // Fields named `Instrument` of every other kind, at every depth, before the one that is the text: the walk passes
        // over them on their type or bytes, but still enters the sub-message that has the name.
        var deepest = new FudgeMsg().Add("Instrument", "XYZ").Add("Instrument", 1);
        var message = new FudgeMsg()
            .Add("Instrument", "XY").Add("Instrument", "XYZW").Add("Instrument", "xyz").Add("Instrument", 7)
            .Add("Instrument", "XYZ"u8.ToArray()).Add("Instrument", new FudgeMsg().Add("Book", new FudgeMsg().Add("x", deepest)));
        var filter = FudgeFilter.Compile("$..Instrument == 'XYZ'");

        Assert.True(filter.Matches(message.ToByteArray()));
        Assert.True(filter.Matches(message));
        deepest.Remove("Instrument");
        Assert.False(filter.Matches(message.ToByteArray()));
        Assert.False(filter.Matches(message));
        // At the top level the same: a later repeat that is the text passes.
        Assert.True(FudgeFilter.Compile("$.Instrument == 'XYZW' && $.Instrument == 'XY'").Matches(message.ToByteArray()));
        Assert.False(FudgeFilter.Compile("$.Instrument == 'XYZ'").Matches(message.ToByteArray()));
    }
}
