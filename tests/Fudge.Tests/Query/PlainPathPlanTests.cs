using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Query;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// A filter of comparisons with literals, memberships and existence tests on plain paths, all joined by
/// <c>&amp;&amp;</c> or all by <c>||</c>, is decided by one loop over the message's bytes; anything out of the ordinary
/// is handed to the walk of the plan. The loop, the walk and the model must agree on every message, and on hostile
/// bytes the loop must never answer where the walk raises an error.
/// </summary>
public class PlainPathPlanTests
{
    public static readonly string[] LoopFilters =
    {
        "$.price > 0 && $.name != 'a'",
        "$.id == 3 || $.price <= -1.5 || $.qty != 'x'",
        "$.price >= '' && $.price < 'z'",
        "$.id && $.price != 0",
        "$['x y'] == '' || $['größe'] > 2 || $['名前']",
        "$.bid == true || $.ask == 2024-01-05 || $.ts > 2024-01-05T10:00:00Z",
        "$.a != 1 && $.a != 2",
        "$.price == 1e308 || $.qty == -9223372036854775808 || $.id == 127 || $.b == -0.0",
        "$.id in [1, 'a', true, 2.5] || $.name in ['', 'a', 'Z']",
        "$.price in [0, -0.0, 1e308] || $.qty in ['x', 3] || $.ts in [2024-01-05]",
    };

    // Paths into sub-messages, for trees of two names where they often lead somewhere.
    public static readonly string[] NestedFilters =
    {
        "$.a.b == 1 || $.b.a == 'x'",
        "$.a.a.b > 0 && $.b",
        "$.a.b in [1, 'x'] && $.a.a",
        "$.b.b.b || $.a.b.a.b != 0",
        "$.a && $.a.a && $.a.a.a",
        "$.a.b && $.a.b.a && $.b.a",
    };

    [Fact]
    public void Top_level_comparisons_with_literals_take_the_loop_and_other_filters_the_walk()
    {
        foreach (var text in LoopFilters.Concat(NestedFilters).Append("$.Symbol == 'AAPL' && $.Price > 10"))
            Assert.True(FudgeFilter.Compile(text).HasLoopPlan, text);
        string[] walked =
        {
            "$..a == 1",                           // a descent
            "!$.a",                                // neither all && nor all ||
            "$.a == 1 && $.b == 2 || $.c == 3",
            "starts_with($.a, 'x')",               // tests other than comparisons, memberships and existence
            "type($.a) == 'number'",
            "$.a < $.b",
            "$.#5 == 1",                           // an ordinal
            "$['😀 smile'] == 1",                  // a name beyond the BMP, which Java writes in CESU-8
            "$.* == 1",
            "$.a[0].b == 1",                       // an index
            "$.a.b.c.d.e.f == 1",                  // deeper than the loop goes
        };
        foreach (var text in walked) Assert.False(FudgeFilter.Compile(text).HasLoopPlan, text);
    }

    [Fact]
    public void The_loop_the_walk_and_the_model_agree_on_random_messages()
    {
        var filters = LoopFilters.Select(FudgeFilter.Compile).ToArray();
        var held = new int[filters.Length];
        foreach (var (seed, envelope) in RandomMessages.Envelopes(400))
        {
            var bytes = envelope.ToByteArray();
            for (int i = 0; i < filters.Length; i++)
            {
                bool byLoop = filters[i].Matches(bytes);
                Assert.True(byLoop == filters[i].MatchesByWalk(bytes), $"seed {seed}: {filters[i].Text} (loop and walk)");
                Assert.True(byLoop == filters[i].Matches(envelope.Message), $"seed {seed}: {filters[i].Text} (loop and model)");
                Assert.True(byLoop == filters[i].Matches(new FudgeReader(bytes)), $"seed {seed}: {filters[i].Text} (from a reader)");
                if (byLoop) held[i]++;
            }
        }
        Assert.True(held.All(n => n > 0 && n < 400), string.Join(", ", held));
    }

    [Fact]
    public void The_loop_the_walk_and_the_model_agree_on_nested_messages()
    {
        var filters = NestedFilters.Select(FudgeFilter.Compile).ToArray();
        var held = new int[filters.Length];
        for (int seed = 0; seed < 600; seed++)
        {
            var message = Tree(new Random(seed), 4);
            var bytes = message.ToByteArray();
            for (int i = 0; i < filters.Length; i++)
            {
                bool byLoop = filters[i].Matches(bytes);
                Assert.True(byLoop == filters[i].MatchesByWalk(bytes), $"seed {seed}: {filters[i].Text} (loop and walk)");
                Assert.True(byLoop == filters[i].Matches(message), $"seed {seed}: {filters[i].Text} (loop and model)");
                Assert.True(byLoop == filters[i].Matches(new FudgeReader(bytes)), $"seed {seed}: {filters[i].Text} (from a reader)");
                if (byLoop) held[i]++;
            }
        }
        Assert.True(held.All(n => n > 5 && n < 590), string.Join(", ", held));
    }

    // A random tree of fields named `a` and `b`: small integers, two strings, two doubles and sub-messages.
    internal static FudgeMsg Tree(Random random, int depth)
    {
        var message = new FudgeMsg();
        int count = random.Next(5);
        for (int i = 0; i < count; i++)
        {
            string name = random.Next(2) == 0 ? "a" : "b";
            switch (random.Next(depth > 0 ? 5 : 3))
            {
                case 0: message.Add(name, random.Next(-1, 3)); break;
                case 1: message.Add(name, random.Next(2) == 0 ? "x" : "y"); break;
                case 2: message.Add(name, random.Next(2) == 0 ? 1.5 : -0.0); break;
                default: message.Add(name, Tree(random, depth - 1)); break;
            }
        }
        return message;
    }

    [Fact]
    public void Every_wire_type_compares_with_every_literal_and_list_as_the_model_compares_them()
    {
        var date = new FudgeDate(2024, 1, 5);
        FudgeField[] values =
        {
            new("v", null, FudgeTypeId.Int8, (sbyte)-128), new("v", null, FudgeTypeId.Int8, (sbyte)127),
            new("v", null, FudgeTypeId.Int16, (short)-32768), new("v", null, FudgeTypeId.Int32, int.MinValue),
            new("v", null, FudgeTypeId.Int64, 0L), new("v", null, FudgeTypeId.Int64, long.MaxValue),
            new("v", null, FudgeTypeId.Int64, 10L), new("v", null, FudgeTypeId.Float, 1.5f),
            new("v", null, FudgeTypeId.Float, float.NaN), new("v", null, FudgeTypeId.Double, -0.0),
            new("v", null, FudgeTypeId.Double, 1e308), new("v", null, FudgeTypeId.Double, double.NaN),
            new("v", null, FudgeTypeId.Double, 10.0),
            new("v", null, FudgeTypeId.String, ""), new("v", null, FudgeTypeId.String, "AAPL"),
            new("v", null, FudgeTypeId.String, "AAP"), new("v", null, FudgeTypeId.String, "AAPLX"),
            new("v", null, FudgeTypeId.String, "aapl"), new("v", null, FudgeTypeId.String, "€😀"),
            new("v", null, FudgeTypeId.String, "ABCDEFGHIJKLMNOPQRST"), new("v", null, FudgeTypeId.String, "ABCDEFGHIJKLMNOPQRSTU"),
            new("v", null, FudgeTypeId.Boolean, true), new("v", null, FudgeTypeId.Boolean, false),
            new("v", null, FudgeTypeId.Date, date), new("v", null, FudgeTypeId.DateTime, new FudgeDateTime(date)),
            new("v", null, FudgeTypeId.ByteArray, new byte[] { 1, 2, 3 }),
            new("v", null, FudgeTypeId.Message, new FudgeMsg().Add("v", 10)),
        };
        string[] literals =
        {
            "10", "-128", "127", "9223372036854775807", "1.5", "-0.0", "1e308", "'AAPL'", "''", "'€😀'",
            "'ABCDEFGHIJKLMNOPQRST'", "'ABCDEFGHIJKLMNOPQRSU'", "true", "2024-01-05", "2024-01-05T00:00:00Z",
        };
        string[] operators = { "==", "!=", "<", "<=", ">", ">=" };
        int compared = 0;
        foreach (var value in values)
        {
            var message = new FudgeMsg().Add("pad", 1).Add(value);
            var bytes = message.ToByteArray();
            foreach (var literal in literals)
            foreach (var op in operators)
            {
                if (literal == "true" && op is not ("==" or "!=")) continue; // booleans are not ordered: a parse error
                var filter = FudgeFilter.Compile($"$.v {op} {literal}");
                // Text past U+FFFF, which Fudge-Java writes in other bytes, is compared decoded: by the walk.
                Assert.Equal(literal != "'€😀'", filter.HasLoopPlan);
                bool byModel = filter.Matches(message);
                Assert.True(filter.Matches(bytes) == byModel, $"{value.TypeId} {value.Value} {op} {literal}");
                Assert.True(filter.MatchesByWalk(bytes) == byModel, $"{value.TypeId} {value.Value} {op} {literal} (walk)");
                compared++;
            }
            // Membership: each literal alone, and all of them at once.
            foreach (var list in literals.Select(literal => $"[{literal}]").Append($"[{string.Join(", ", literals)}]"))
            {
                var filter = FudgeFilter.Compile($"$.v in {list}");
                Assert.Equal(!list.Contains("'€😀'", StringComparison.Ordinal), filter.HasLoopPlan);
                bool byModel = filter.Matches(message);
                Assert.True(filter.Matches(bytes) == byModel, $"{value.TypeId} {value.Value} in {list}");
                Assert.True(filter.MatchesByWalk(bytes) == byModel, $"{value.TypeId} {value.Value} in {list} (walk)");
            }
        }
        Assert.Equal(values.Length * (literals.Length - 1) * operators.Length + values.Length * 2, compared);
    }

    [Fact]
    public void Only_a_repeat_of_the_name_that_passes_counts_and_the_loop_stops_once_decided()
    {
        var bytes = new FudgeMsg().Add("Symbol", "MSFT").Add("Price", 5.0).Add("Symbol", "AAPL").Add("Price", 12.5).ToByteArray();
        Assert.True(FudgeFilter.Compile("$.Symbol == 'AAPL' && $.Price > 10").Matches(bytes));
        Assert.False(FudgeFilter.Compile("$.Symbol == 'IBM' || $.Price > 20").Matches(bytes));
        // Decided at the first field: bytes that would be refused later are never read.
        bytes[bytes.Length - 8 - 5 - 1 - 1] = 0xFF; // the last Price's type id: no such fixed-width type
        Assert.True(FudgeFilter.Compile("$.Symbol == 'MSFT' || $.Price > 20").Matches(bytes));
        Assert.Throws<FudgeFormatException>(() => FudgeFilter.Compile("$.Symbol == 'IBM' || $.Price > 20").Matches(bytes));
    }

    [Fact]
    public void A_number_with_a_size_prefix_is_judged_by_the_reader()
    {
        // Price as a double with a one-byte size: 8 is what the reader accepts, 7 it refuses. The loop takes a size
        // prefix only on strings, so both go to the walk, which answers or raises the reader's error.
        byte[] Message(byte size)
        {
            var fields = new List<byte> { 0x28, FudgeTypeId.Double, 5 };
            fields.AddRange("Price"u8.ToArray());
            fields.Add(size);
            fields.AddRange(new byte[] { 0x40, 0x29, 0, 0, 0, 0, 0, 0 }.Take(size));
            var envelope = new List<byte> { 0, 0, 0, 0 };
            envelope.AddRange(BitConverter.GetBytes(System.Buffers.Binary.BinaryPrimitives.ReverseEndianness(8 + fields.Count)));
            envelope.AddRange(fields);
            return envelope.ToArray();
        }
        var filter = FudgeFilter.Compile("$.Price > 10");
        Assert.True(filter.Matches(Message(8)));
        var error = Assert.Throws<FudgeFormatException>(() => filter.Matches(Message(7)));
        Assert.Equal(FilterOutcome.Of(() => filter.MatchesByWalk(Message(7))), $"error at {error.Offset}: {error.Message}");
    }

    [Fact]
    public void Sub_messages_on_a_path_are_entered_in_place_within_the_depth_limit()
    {
        var message = new FudgeMsg()
            .Add("a", new FudgeMsg().Add("b", 1))
            .Add("a", "not a message")
            .Add("a", new FudgeMsg())
            .Add("a", new FudgeMsg().Add("a", new FudgeMsg().Add("a", new FudgeMsg().Add("b", 2))));
        var bytes = message.ToByteArray();
        var filter = FudgeFilter.Compile("$.a.b == 2 || $.a.a.a.b == 2");
        Assert.True(filter.HasLoopPlan);
        Assert.True(filter.Matches(bytes));
        Assert.False(FudgeFilter.Compile("$.a.b == 2").Matches(bytes)); // every `a` is looked into, none has b == 2
        Assert.True(FudgeFilter.Compile("$.a.b == 1 && $.a.a.a.b == 2").Matches(bytes));
        // From a reader of a sub-message: the same paths, relative to it.
        var reader = new FudgeReader(bytes);
        while (reader.Read() && !(reader.TypeId == FudgeTypeId.Message && reader.ValueSpan.Length > 10)) { }
        var inner = reader.ReadMessage();
        Assert.True(FudgeFilter.Compile("$.a.a.b == 2").Matches(in inner));
        // The depth limit is the walk's to report, at the same offset, whether or not the loop ran first.
        var shallow = new FudgeReaderOptions { MaxDepth = 2 };
        var error = Assert.Throws<FudgeFormatException>(() => filter.Matches(bytes, shallow));
        Assert.Equal(FilterOutcome.Of(() => filter.MatchesByWalk(bytes, shallow)), $"error at {error.Offset}: {error.Message}");
        Assert.True(FudgeFilter.Compile("$.a.b == 1").Matches(bytes, shallow));
    }

    [Fact]
    public void Paths_of_up_to_five_names_take_the_loop_and_longer_ones_the_walk()
    {
        var deepest = new FudgeMsg().Add("v", 8);
        for (int i = 0; i < 9; i++) deepest = new FudgeMsg().Add("a", deepest);
        var bytes = deepest.ToByteArray();
        var five = FudgeFilter.Compile("$.a.a.a.a.a == 1 || $.a.a.a.a");
        Assert.True(five.HasLoopPlan);
        Assert.True(five.Matches(bytes));
        var ten = FudgeFilter.Compile("$.a.a.a.a.a.a.a.a.a.v == 8");
        Assert.False(ten.HasLoopPlan);
        Assert.True(ten.Matches(bytes));
        Assert.False(FudgeFilter.Compile("$.a.a.a.a.a.a.a.a.a.v != 8").Matches(bytes));
    }

    [Fact]
    public void With_a_taxonomy_the_walk_names_ordinal_only_fields()
    {
        // The envelope names a taxonomy the resolver knows: an ordinal-only field may be `ticker`, so the loop stands aside.
        var filter = FudgeFilter.Compile("$.ticker == 'ACME'");
        Assert.True(filter.HasLoopPlan);
        Assert.True(filter.Matches(QueryMessages.OrdinalOnlyBytes(), QueryMessages.WithTaxonomy()));
        Assert.False(filter.Matches(QueryMessages.OrdinalOnlyBytes()));
        Assert.True(filter.Matches(new FudgeReader(QueryMessages.OrdinalOnlyBytes(), QueryMessages.WithTaxonomy())));
    }

    public static IEnumerable<object[]> Inputs()
    {
        yield return new object[] { "ticks.fudge" };
        yield return new object[] { "logs.fudge" };
        foreach (var name in InteropVectors.Names.Where(name => name != "variableWidthColumnSizes.dat")) yield return new object[] { name };
    }

    public static readonly string[] HostileFilterTexts =
    {
        "$.Symbol == 'AAPL' && $.Price > 10",
        "$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']",
        "$.Company.Ticker == 'x' || $.Log.Seq > 3 || $.System.Hostname",
        "$.sub1.bibble == 'fibble' && $.sub2.bibble9 > 9837437 || $.sub1.x",
        "$.Symbol != 'x' || $.Size >= 100 || $.Kind == 'Trade'",
        "$.Hostname == 'node-5' && $.Type == 'AUDIT'",
        "$.int > 1 || $.String == 'x' || $.double < 0 || $.long != 3 || $.boolean",
        "$.byte >= 0 && $.short < 100 && $.float != 2 && $.Integer",
    };

    private static readonly FudgeFilter[] HostileFilters = HostileFilterTexts.Select(FudgeFilter.Compile).ToArray();

    [Theory]
    [MemberData(nameof(Inputs))]
    public void On_every_truncation_and_corruption_the_loop_answers_as_the_walk(string name)
    {
        var bytes = name.EndsWith(".dat", StringComparison.Ordinal)
            ? InteropVectors.Read(name)
            : FirstEnvelope(File.ReadAllBytes(Path.Combine(InteropVectors.Folder, "..", "..", "samples", name)));
        for (int length = 0; length < bytes.Length; length++)
        {
            var cut = bytes.AsSpan(0, length).ToArray();
            if (length >= FudgeEnvelopeHeader.Size) System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut, length);
            Agree(cut, $"{name} cut to {length}");
        }
        foreach (byte value in new byte[] { 0x00, 0xFF, 0x80, 0x20 })
        {
            for (int i = 0; i < bytes.Length; i++)
            {
                var corrupt = (byte[])bytes.Clone();
                corrupt[i] = corrupt[i] == value ? (byte)(value ^ 0x01) : value;
                Agree(corrupt, $"{name} with byte {i} set to 0x{value:x2}");
            }
        }
    }

    private static void Agree(byte[] bytes, string what)
    {
        foreach (var filter in HostileFilters)
            Assert.True(FilterOutcome.Of(() => filter.Matches(bytes)) == FilterOutcome.Of(() => filter.MatchesByWalk(bytes)), $"{what}: {filter.Text}");
    }


    private static byte[] FirstEnvelope(byte[] stream) => stream.AsSpan(0, FudgeReader.ReadEnvelopeHeader(stream).MessageSize).ToArray();
}
