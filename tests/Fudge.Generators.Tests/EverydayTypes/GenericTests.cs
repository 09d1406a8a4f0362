using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using Fudge.Generators.Tests.EverydayTypes.Generics;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// Generic [FudgeMessage] types: <c>Page&lt;T&gt;</c> used as <c>Page&lt;Deal&gt;</c>, <c>Result&lt;T&gt;</c>, a closed
/// <c>Box&lt;int&gt;</c> member, records, structs, several type parameters, nested types, in both field modes.
/// </summary>
public class GenericTests
{
    internal static Deal NewDeal(string symbol, decimal price) => new()
    {
        Symbol = symbol, Price = price, At = new DateTime(2024, 3, 1, 9, 30, 0, 123, DateTimeKind.Utc).AddTicks(4567),
        Quantity = -0.0, Venue = Venue.Xpar,
    };

    internal static void AssertDeal(Deal? expected, Deal? actual)
    {
        if (expected is null) { Assert.Null(actual); return; }
        Assert.NotNull(actual);
        Assert.Equal(expected.Symbol, actual!.Symbol);
        Assert.Equal(decimal.GetBits(expected.Price), decimal.GetBits(actual.Price)); // the scale too
        Assert.Equal(expected.At, actual.At);
        Assert.Equal(expected.At.Kind, actual.At.Kind);
        Assert.Equal(BitConverter.DoubleToInt64Bits(expected.Quantity), BitConverter.DoubleToInt64Bits(actual.Quantity));
        Assert.Equal(expected.Venue, actual.Venue);
    }

    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    internal static Page<Deal> DealPage() => new()
    {
        Number = 3,
        Items = { NewDeal("VOD.L", 1.50m), null!, NewDeal("BP.L", 100m) },
        First = NewDeal("HSBA.L", 6.250m),
        Array = new[] { NewDeal("A", 1m), null! },
        ByKey = new Dictionary<string, Deal> { ["x"] = NewDeal("X", 0.10m), ["nothing"] = null! },
        Set = new HashSet<Deal>(),
    };

    [Fact]
    public void A_page_of_messages_round_trips_with_its_order_and_nulls()
    {
        var page = DealPage();
        var back = RoundTrip(page);
        Assert.Equal(3, back.Number);
        Assert.Equal(3, back.Items.Count);
        AssertDeal(page.Items[0], back.Items[0]);
        Assert.Null(back.Items[1]);
        AssertDeal(page.Items[2], back.Items[2]);
        AssertDeal(page.First, back.First);
        Assert.Equal(2, back.Array!.Length);
        AssertDeal(page.Array![0], back.Array[0]);
        Assert.Null(back.Array[1]);
        Assert.Equal(2, back.ByKey!.Count);
        AssertDeal(page.ByKey!["x"], back.ByKey["x"]);
        Assert.Null(back.ByKey["nothing"]);
        Assert.Empty(back.Set!);
    }

    [Fact]
    public void A_page_of_ints_has_the_bytes_an_int_member_would_have()
    {
        var page = new Page<int> { Number = 1, Items = { 1, 300, -70000 }, First = 7, Array = new[] { 5 }, Set = new HashSet<int> { 9 } };
        var msg = FudgeSerializer.ToFudgeMsg(page);
        Assert.Equal(FudgeTypeId.Int8, msg.GetField("First")!.Value.TypeId);
        var items = (FudgeMsg)msg.GetValue("Items")!;
        Assert.Equal(new object?[] { (sbyte)1, (short)300, -70000 }, items.Select(f => f.Value).ToArray());
        Assert.True(items.All(f => f.Name is null && f.Ordinal is null)); // anonymous list elements
        var set = (FudgeMsg)msg.GetValue("Set")!;
        Assert.Equal((short)1, set[0].Ordinal); // set elements at ordinal 1

        var back = RoundTrip(page);
        Assert.Equal(new[] { 1, 300, -70000 }, back.Items);
        Assert.Equal(7, back.First);
        Assert.Equal(new[] { 5 }, back.Array);
        Assert.Equal(new[] { 9 }, back.Set!.ToArray());
        Assert.Null(back.ByKey);
    }

    [Fact]
    public void Scalars_strings_enums_and_nullables_as_type_arguments()
    {
        var strings = RoundTrip(new Page<string> { Items = { "a", null!, "" }, First = "é🎉" });
        Assert.Equal(new[] { "a", null, "" }, strings.Items);
        Assert.Equal("é🎉", strings.First);

        var venues = RoundTrip(new Page<Venue> { Items = { Venue.Xnys, Venue.Xlon }, First = Venue.Xpar });
        Assert.Equal(new[] { Venue.Xnys, Venue.Xlon }, venues.Items);
        Assert.Equal(Venue.Xpar, venues.First);

        var optional = RoundTrip(new Page<int?> { Items = { 1, null, 3 }, First = null });
        Assert.Equal(new int?[] { 1, null, 3 }, optional.Items);
        Assert.Null(optional.First);

        var decimals = RoundTrip(new Page<decimal> { Items = { 1.50m, -0.001m } });
        Assert.Equal(new[] { decimal.GetBits(1.50m), decimal.GetBits(-0.001m) }, decimals.Items.Select(decimal.GetBits));

        var dates = RoundTrip(new Page<DateTime> { First = new DateTime(2020, 1, 2, 3, 4, 5, DateTimeKind.Unspecified) });
        Assert.Equal(DateTimeKind.Unspecified, dates.First.Kind);

        var floats = RoundTrip(new Page<float> { Items = { float.NaN, -0.0f, float.Epsilon } });
        Assert.Equal(new[] { float.NaN, -0.0f, float.Epsilon }.Select(BitConverter.SingleToInt32Bits), floats.Items.Select(BitConverter.SingleToInt32Bits));
    }

    [Fact]
    public void Collections_as_type_arguments()
    {
        var lists = RoundTrip(new Page<List<int>> { Items = { new() { 1, 2 }, new(), null! }, First = new() { 3 } });
        Assert.Equal(3, lists.Items.Count);
        Assert.Equal(new[] { 1, 2 }, lists.Items[0]);
        Assert.Empty(lists.Items[1]);
        Assert.Null(lists.Items[2]);
        Assert.Equal(new[] { 3 }, lists.First);

        var maps = RoundTrip(new Page<Dictionary<string, int[]>> { First = new() { ["a"] = new[] { 1, 2 } } });
        Assert.Equal(new[] { 1, 2 }, maps.First!["a"]);
    }

    [Fact]
    public void Results_records_and_structs()
    {
        var ok = RoundTrip(new Result<int>(true, 42, null));
        Assert.Equal(new Result<int>(true, 42, null), ok);

        var failed = RoundTrip(new Result<Deal>(false, null, "no deal"));
        Assert.False(failed.Ok);
        Assert.Null(failed.Value);
        Assert.Equal("no deal", failed.Error);

        var batch = RoundTrip(new Result<List<Deal>>(true, new List<Deal> { NewDeal("Z", 2.0m) }, null));
        AssertDeal(NewDeal("Z", 2.0m), batch.Value!.Single());

        var box = RoundTrip(new Box<int> { Value = 5, Maybe = null });
        Assert.Equal(5, box.Value);
        Assert.Null(box.Maybe);
        var guid = Guid.NewGuid();
        Assert.Equal(guid, RoundTrip(new Box<Guid> { Maybe = guid }).Maybe);

        var ordinal = RoundTrip(new OrdinalResult<string>(true, "x"));
        Assert.Equal(new OrdinalResult<string>(true, "x"), ordinal);
    }

    [Fact]
    public void Several_type_parameters_nested_types_and_generic_bases()
    {
        var pair = RoundTrip(new Pair<string, OrdinalDeal>
        {
            Key = "k", Value = new OrdinalDeal { Symbol = "S", Price = 1.0m },
            Map = new Dictionary<string, OrdinalDeal?> { ["a"] = new OrdinalDeal { Symbol = "A" }, ["b"] = null },
        });
        Assert.Equal("k", pair.Key);
        Assert.Equal("1.0", pair.Value!.Price.ToString(System.Globalization.CultureInfo.InvariantCulture));
        Assert.Equal("A", pair.Map!["a"]!.Symbol);
        Assert.Null(pair.Map["b"]);

        var inner = RoundTrip(new Outer.Inner<string> { Item = "i", Pages = new() { new Page<string> { Items = { "p" } } } });
        Assert.Equal("i", inner.Item);
        Assert.Equal("p", inner.Pages!.Single().Items.Single());

        Assert.Equal(7L, RoundTrip(new Container<long>.Slot { Held = 7 }).Held);

        var tag = RoundTrip(new NamedTag { Tag = 4, Name = "n" });
        Assert.Equal(4, tag.Tag);
        Assert.Equal("n", tag.Name);
    }

    internal static Portfolio SamplePortfolio() => new()
    {
        Deals = DealPage(),
        Count = new Box<int> { Value = 2, Maybe = 3 },
        Batch = new Result<List<Deal>>(true, new() { NewDeal("B", 9.99m) }, null),
        Total = new Result<int>(true, 12, null),
        Nested = new Page<Result<Deal>> { Items = { new Result<Deal>(true, NewDeal("N", 1m), null), new Result<Deal>(false, null, "e") } },
        Inner = new Outer.Inner<string> { Item = "s" },
        Slot = new Container<long>.Slot { Held = long.MinValue },
        Optional = new Page<int?> { Items = { null, 1 } },
        Lists = new Page<List<int>> { First = new() { 1 } },
        Venues = new Page<Venue> { Items = { Venue.Xnys } },
        Tag = new NamedTag { Tag = -1, Name = "t" },
    };

    [Fact]
    public void Closed_generic_members_of_a_non_generic_type_names_mode()
    {
        var p = SamplePortfolio();
        var back = RoundTrip(p);
        AssertDeal(p.Deals!.Items[2], back.Deals!.Items[2]);
        Assert.Null(back.Deals.Items[1]);
        Assert.Equal(2, back.Count.Value);
        Assert.Equal(3, back.Count.Maybe);
        AssertDeal(p.Batch!.Value![0], back.Batch!.Value!.Single());
        Assert.Equal(12, back.Total!.Value);
        AssertDeal(p.Nested!.Items[0].Value, back.Nested!.Items[0].Value);
        Assert.Equal("e", back.Nested.Items[1].Error);
        Assert.Equal("s", back.Inner!.Item);
        Assert.Equal(long.MinValue, back.Slot!.Held);
        Assert.Equal(new int?[] { null, 1 }, back.Optional!.Items);
        Assert.Equal(new[] { 1 }, back.Lists!.First);
        Assert.Equal(Venue.Xnys, back.Venues!.Items.Single());
        Assert.Equal(-1, back.Tag!.Tag);
    }

    internal static OrdinalPortfolio SampleOrdinalPortfolio() => new()
    {
        Deals = new OrdinalPage<OrdinalDeal>
        {
            Number = 1, Items = new() { new OrdinalDeal { Symbol = "O", Price = 3.000m, At = new DateTime(2001, 1, 1, 0, 0, 0, DateTimeKind.Local) } },
            First = new OrdinalDeal { Symbol = "F" }, ReadOnly = new[] { new OrdinalDeal { Symbol = "R" } },
            ByKey = new() { ["k"] = new OrdinalDeal { Symbol = "K" } },
        },
        Total = new OrdinalResult<int>(true, -5),
        Pair = new Pair<string, OrdinalDeal> { Key = "p", Value = new OrdinalDeal { Symbol = "V" } },
        Nested = new OrdinalPage<OrdinalResult<decimal>> { Items = new() { new OrdinalResult<decimal>(true, 0.50m) } },
        Id = new Box<Guid> { Value = Guid.Parse("0f8fad5b-d9cb-469f-a165-70867728950e") },
    };

    [Fact]
    public void Closed_generic_members_of_a_non_generic_type_ordinals_mode()
    {
        var p = SampleOrdinalPortfolio();
        var bytes = FudgeSerializer.Serialize(p);
        var msg = FudgeMsg.Parse(bytes);
        Assert.All(msg, f => Assert.Null(f.Name)); // ordinals only, all the way down
        Assert.All((FudgeMsg)msg.GetValue(1)!, f => Assert.Null(f.Name));
        var back = FudgeSerializer.Deserialize<OrdinalPortfolio>(bytes);
        Assert.Equal("O", back.Deals!.Items!.Single().Symbol);
        Assert.Equal(decimal.GetBits(3.000m), decimal.GetBits(back.Deals.Items![0].Price));
        Assert.Equal(DateTimeKind.Utc, back.Deals.Items![0].At.Kind); // Local is written with its offset, read back as the UTC instant
        Assert.Equal(p.Deals!.Items![0].At.ToUniversalTime(), back.Deals.Items![0].At);
        Assert.Equal("F", back.Deals.First!.Symbol);
        Assert.IsType<OrdinalDeal[]>(back.Deals.ReadOnly);
        Assert.Equal("R", back.Deals.ReadOnly!.Single().Symbol);
        Assert.Equal("K", back.Deals.ByKey!["k"].Symbol);
        Assert.Equal(new OrdinalResult<int>(true, -5), back.Total);
        Assert.Equal("V", back.Pair!.Value!.Symbol);
        Assert.Equal(decimal.GetBits(0.50m), decimal.GetBits(back.Nested!.Items!.Single().Value));
        Assert.Equal(p.Id!.Value.Value, back.Id!.Value.Value);
    }

    [Fact]
    public void Each_closed_type_has_its_own_formatter_and_the_cache_finds_it()
    {
        Assert.Same(Page<Deal>.FudgeFormatter.Instance, FudgeFormatterCache<Page<Deal>>.Formatter);
        Assert.Same(Page<int>.FudgeFormatter.Instance, FudgeSerializer.GetFormatter<Page<int>>());
        Assert.NotSame((object)Page<Deal>.FudgeFormatter.Instance, Page<int>.FudgeFormatter.Instance);
        // A closed type no member or call names is found by reflection (the JIT makes it).
        Assert.Same(Page<TimeSpan>.FudgeFormatter.Instance, FudgeFormatterCache<Page<TimeSpan>>.Formatter);
        Assert.Same(Outer.Inner<Guid>.FudgeFormatter.Instance, FudgeFormatterCache<Outer.Inner<Guid>>.Formatter);
        Assert.Same(Container<byte>.Slot.FudgeFormatter.Instance, FudgeFormatterCache<Container<byte>.Slot>.Formatter);
    }

    [Fact]
    public void A_type_argument_of_a_newer_scalar_shape_round_trips()
    {
        // Once a FudgeException at run time; a type argument without a mapping is now FUDGE016 (TypeArgumentDiagnosticsTests).
        var back = FudgeSerializer.Deserialize<Page<Uri>>(FudgeSerializer.Serialize(new Page<Uri> { First = new Uri("http://x") }));
        Assert.Equal(new Uri("http://x"), back.First);
    }

    [Fact]
    public void Serializing_a_page_to_a_reused_buffer_allocates_nothing()
    {
        var page = new Page<Deal> { Number = 1, Items = { NewDeal("VOD.L", 1.5m), NewDeal("BP.L", 2m) }, First = NewDeal("F", 3m), Array = new[] { NewDeal("A", 1m) } };
        var buffer = new ArrayBufferWriter<byte>(4096);
        Assert.Equal(0, Allocations.SteadyState(() =>
        {
            buffer.ResetWrittenCount();
            FudgeSerializer.Serialize(buffer, page);
        }, 1000, warmUps: 2000));
        var ints = new Page<int> { Items = { 1, 2, 3 }, First = 4, ByKey = new() { ["a"] = 1 } };
        Assert.Equal(0, Allocations.SteadyState(() =>
        {
            buffer.ResetWrittenCount();
            FudgeSerializer.Serialize(buffer, ints);
        }, 1000, warmUps: 2000));
    }

    public static TheoryData<string, byte[]> HostileSamples() => new()
    {
        { "portfolio", FudgeSerializer.Serialize(SamplePortfolio()) },
        { "ordinal-portfolio", FudgeSerializer.Serialize(SampleOrdinalPortfolio()) },
    };

    private static void Decode(string type, byte[] data)
    {
        if (type == "portfolio") FudgeSerializer.Deserialize<Portfolio>(data);
        else FudgeSerializer.Deserialize<OrdinalPortfolio>(data);
    }

    [Theory]
    [MemberData(nameof(HostileSamples))]
    public void Hostile_input_raises_only_format_exceptions(string type, byte[] data)
    {
        Decode(type, data);
        HostileInput.AssertOnlyFormatErrors(data, d => Decode(type, d));
    }
}
