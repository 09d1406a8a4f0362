using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>Every member kind and object shape survives serialize/deserialize, and re-serializes to the same bytes.</summary>
public class RoundTripTests
{
    internal static T RoundTrip<T>(T value)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        var back = FudgeSerializer.Deserialize<T>(bytes);
        Assert.Equal(bytes, FudgeSerializer.Serialize(back));
        return back;
    }

    public static AllScalars MaxScalars() => new()
    {
        Bool = true, SByte = sbyte.MinValue, Byte = byte.MaxValue, Int16 = short.MinValue, UInt16 = ushort.MaxValue,
        Int32 = int.MinValue, UInt32 = uint.MaxValue, Int64 = long.MinValue, UInt64 = ulong.MaxValue,
        Single = float.Epsilon, Double = double.MaxValue, Char = '€', Decimal = -79228162514264337593543950335m,
        String = "héllo wörld €𝄞", Guid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"),
        DateTime = new DateTime(2024, 2, 29, 23, 59, 59, DateTimeKind.Utc).AddTicks(1234567),
        DateTimeOffset = new DateTimeOffset(2010, 3, 4, 11, 12, 13, TimeSpan.FromMinutes(330)).AddTicks(9876543),
        DateOnly = new DateOnly(1, 1, 2), TimeOnly = new TimeOnly(23, 59, 59, 999).Add(TimeSpan.FromTicks(9999)),
        TimeSpan = TimeSpan.FromTicks(-123456789012345), Side = Side.Sell, Status = Status.Closed, Flags = BigFlags.High | BigFlags.Low,
    };

    [Fact]
    public void Scalars_at_their_limits()
    {
        var value = MaxScalars();
        var back = RoundTrip(value);
        Assert.Equal(value.Bool, back.Bool);
        Assert.Equal(value.SByte, back.SByte);
        Assert.Equal(value.Byte, back.Byte);
        Assert.Equal(value.Int16, back.Int16);
        Assert.Equal(value.UInt16, back.UInt16);
        Assert.Equal(value.Int32, back.Int32);
        Assert.Equal(value.UInt32, back.UInt32);
        Assert.Equal(value.Int64, back.Int64);
        Assert.Equal(value.UInt64, back.UInt64);
        Assert.Equal(value.Single, back.Single);
        Assert.Equal(value.Double, back.Double);
        Assert.Equal(value.Char, back.Char);
        Assert.Equal(value.Decimal, back.Decimal);
        Assert.Equal(value.String, back.String);
        Assert.Equal(value.Guid, back.Guid);
        Assert.Equal(value.DateTime, back.DateTime);
        Assert.Equal(DateTimeKind.Utc, back.DateTime.Kind);
        Assert.Equal(value.DateTimeOffset, back.DateTimeOffset);
        Assert.Equal(value.DateTimeOffset.Offset, back.DateTimeOffset.Offset);
        Assert.Equal(value.DateOnly, back.DateOnly);
        Assert.Equal(value.TimeOnly, back.TimeOnly);
        Assert.Equal(value.TimeSpan, back.TimeSpan);
        Assert.Equal(value.Side, back.Side);
        Assert.Equal(value.Status, back.Status);
        Assert.Equal(value.Flags, back.Flags);
    }

    [Fact]
    public void Decimal_keeps_its_scale_and_is_written_as_invariant_text()
    {
        var back = RoundTrip(new AllScalars { Decimal = 1.50m });
        Assert.Equal("1.50", back.Decimal.ToString(System.Globalization.CultureInfo.InvariantCulture));
        var msg = FudgeSerializer.ToFudgeMsg(new AllScalars { Decimal = 1.50m });
        Assert.Equal("1.50", msg.GetString("Decimal"));
    }

    [Fact]
    public void Decimal_reads_exponent_text_and_numbers_from_other_writers()
    {
        var msg = new FudgeMsg().Add("Decimal", "1.5E+3");
        Assert.Equal(1500m, FudgeSerializer.FromFudgeMsg<AllScalars>(msg).Decimal);
        Assert.Equal(42m, FudgeSerializer.FromFudgeMsg<AllScalars>(new FudgeMsg().Add("Decimal", 42)).Decimal);
    }

    [Fact]
    public void Guid_is_rfc4122_byte16()
    {
        var guid = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");
        var msg = FudgeSerializer.ToFudgeMsg(new AllScalars { Guid = guid });
        var field = msg.GetField("Guid")!.Value;
        Assert.Equal(FudgeTypeId.ByteArray16, field.TypeId);
        Assert.Equal(Convert.FromHexString("00112233445566778899AABBCCDDEEFF"), (byte[])field.Value);
    }

    [Fact]
    public void Unspecified_datetime_stays_unspecified()
    {
        var dt = new DateTime(2001, 2, 3, 4, 5, 6, DateTimeKind.Unspecified).AddTicks(7);
        var back = RoundTrip(new AllScalars { DateTime = dt });
        Assert.Equal(dt, back.DateTime);
        Assert.Equal(DateTimeKind.Unspecified, back.DateTime.Kind);
    }

    [Fact]
    public void Nullables_absent_and_present()
    {
        var empty = RoundTrip(new AllNullables());
        Assert.Null(empty.Int32);
        Assert.Equal(8, FudgeSerializer.Serialize(new AllNullables()).Length);

        var full = new AllNullables
        {
            Bool = false, Byte = 0, Int32 = -1, Int64 = long.MaxValue, UInt64 = 5, Double = double.NaN, Char = 'x', Decimal = 0.001m,
            Guid = Guid.NewGuid(), DateTime = DateTime.MinValue, DateOnly = DateOnly.MaxValue, TimeOnly = TimeOnly.MinValue,
            TimeSpan = TimeSpan.MaxValue, Side = Side.Buy, Point = new Point { X = 1, Y = -2 },
        };
        var back = RoundTrip(full);
        Assert.Equal(full.Bool, back.Bool);
        Assert.Equal(full.Byte, back.Byte);
        Assert.Equal(full.Int32, back.Int32);
        Assert.Equal(full.Int64, back.Int64);
        Assert.Equal(full.UInt64, back.UInt64);
        Assert.True(double.IsNaN(back.Double!.Value));
        Assert.Equal(full.Char, back.Char);
        Assert.Equal(full.Decimal, back.Decimal);
        Assert.Equal(full.Guid, back.Guid);
        Assert.Equal(full.DateTime, back.DateTime);
        Assert.Equal(full.DateOnly, back.DateOnly);
        Assert.Equal(full.TimeOnly, back.TimeOnly);
        Assert.Equal(full.TimeSpan, back.TimeSpan);
        Assert.Equal(full.Side, back.Side);
        Assert.Equal(full.Point, back.Point);
    }

    [Fact]
    public void Indicator_reads_as_null()
    {
        var msg = new FudgeMsg().Add("Int32", null).Add("Point", null);
        var back = FudgeSerializer.FromFudgeMsg<AllNullables>(msg);
        Assert.Null(back.Int32);
        Assert.Null(back.Point);
    }

    [Fact]
    public void Binary_members_use_native_array_types()
    {
        var value = new Binary
        {
            Bytes = new byte[] { 1, 2, 3 }, Memory = new byte[16], Shorts = new short[] { short.MinValue, 0, short.MaxValue },
            Ints = new[] { int.MinValue, 1 }, Longs = new[] { long.MaxValue }, Floats = new[] { 1.5f, float.NegativeInfinity }, Doubles = Array.Empty<double>(),
        };
        var back = RoundTrip(value);
        Assert.Equal(value.Bytes, back.Bytes);
        Assert.Equal(value.Memory.ToArray(), back.Memory.ToArray());
        Assert.Equal(value.Shorts, back.Shorts);
        Assert.Equal(value.Ints, back.Ints);
        Assert.Equal(value.Longs, back.Longs);
        Assert.Equal(value.Floats, back.Floats);
        Assert.Equal(value.Doubles, back.Doubles);

        var msg = FudgeSerializer.ToFudgeMsg(value);
        Assert.Equal(FudgeTypeId.ByteArray, msg.GetField("Bytes")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.ByteArray16, msg.GetField("Memory")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.Int16Array, msg.GetField("Shorts")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.Int32Array, msg.GetField("Ints")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.Int64Array, msg.GetField("Longs")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.FloatArray, msg.GetField("Floats")!.Value.TypeId);
        Assert.Equal(FudgeTypeId.DoubleArray, msg.GetField("Doubles")!.Value.TypeId);
    }

    public static Collections SampleCollections() => new()
    {
        Names = new[] { "a", null, "c" },
        IntList = new List<int> { 1, 1000, -100000 },
        Quotes = new[] { new Quote("A", 1, 2), new Quote("B", 3, 4) },
        Tags = new List<string> { "x", "y" },
        Set = new HashSet<string> { "p", "q" },
        NullableInts = new List<int?> { 1, null, 3 },
        Nested = new List<List<string>> { new() { "a" }, new(), new() { "b", "c" } },
        Jagged = new[] { new[] { 1, 2 }, Array.Empty<int>() },
        Sides = new List<Side> { Side.Buy, Side.Sell },
        Guids = new List<Guid> { Guid.Empty },
        Decimals = new[] { 1.1m, -2m },
        LongSet = new HashSet<long> { long.MinValue, 0 },
        Points = new List<Point> { new() { X = 1, Y = 2 } },
        Blobs = new List<byte[]> { new byte[] { 9 }, new byte[4] },
        ReadOnlySet = new HashSet<string> { "r" },
    };

    [Fact]
    public void Collections_of_every_kind()
    {
        var value = SampleCollections();
        var back = RoundTrip(value);
        Assert.Equal(value.Names, back.Names);
        Assert.Equal(value.IntList, back.IntList);
        Assert.Equal(value.Quotes, back.Quotes);
        Assert.Equal(value.Tags, back.Tags);
        Assert.Equal(value.Set, back.Set);
        Assert.Equal(value.NullableInts, back.NullableInts);
        Assert.Equal(value.Nested, back.Nested);
        Assert.Equal(value.Jagged, back.Jagged);
        Assert.Equal(value.Sides, back.Sides);
        Assert.Equal(value.Guids, back.Guids);
        Assert.Equal(value.Decimals, back.Decimals);
        Assert.Equal(value.LongSet, back.LongSet);
        Assert.Equal(value.Points, back.Points);
        Assert.Equal(value.Blobs, back.Blobs);
        Assert.Equal(value.ReadOnlySet, back.ReadOnlySet);
    }

    [Fact]
    public void Lists_are_anonymous_fields_sets_use_ordinal_1_nulls_are_indicators()
    {
        var msg = FudgeSerializer.ToFudgeMsg(SampleCollections());
        var names = msg.GetMessage("Names")!;
        Assert.Equal(3, names.Count);
        Assert.All(names, f => Assert.True(f.Name is null && f.Ordinal is null));
        Assert.True(names[1].IsIndicator);
        var set = msg.GetMessage("Set")!;
        Assert.All(set, f => Assert.Equal((short)1, f.Ordinal));
    }

    [Fact]
    public void Maps_pair_keys_at_ordinal_1_with_values_at_ordinal_2()
    {
        var value = new Maps
        {
            Counts = new Dictionary<string, int> { ["a"] = 1, ["b"] = 2 },
            QuotesById = new Dictionary<int, Quote?> { [1] = new Quote("X", 1, 2), [2] = null },
            Lists = new Dictionary<Guid, List<string>> { [Guid.Empty] = new() { "z" } },
            BySide = new Dictionary<Side, string?> { [Side.Buy] = "b", [Side.Sell] = null },
        };
        var back = RoundTrip(value);
        Assert.Equal(value.Counts, back.Counts);
        Assert.Equal(value.QuotesById, back.QuotesById);
        Assert.Equal(value.Lists[Guid.Empty], back.Lists![Guid.Empty]);
        Assert.Equal(value.BySide, back.BySide);

        var counts = FudgeSerializer.ToFudgeMsg(value).GetMessage("Counts")!;
        Assert.Equal(new short?[] { 1, 2, 1, 2 }, counts.Select(f => f.Ordinal).ToArray());
    }

    [Fact]
    public void Maps_written_keys_then_values_read_too()
    {
        // Fudge-CSharp's order: all keys, then all values.
        var counts = new FudgeMsg().Add(1, "a").Add(1, "b").Add(2, 10).Add(2, 20).Add(-1, "hint");
        var back = FudgeSerializer.FromFudgeMsg<Maps>(new FudgeMsg().Add("Counts", counts));
        Assert.Equal(new Dictionary<string, int> { ["a"] = 10, ["b"] = 20 }, back.Counts);
    }

    [Fact]
    public void FudgeMsg_member_keeps_its_fields()
    {
        var payload = new FudgeMsg().Add("x", 1).Add(5, "five").Add("sub", new FudgeMsg().Add("y", 2.5));
        var back = RoundTrip(new WithFudgeMsg { Name = "n", Payload = payload });
        Assert.Equal(payload, back.Payload);
    }

    [Fact]
    public void Struct_with_fields_and_record_structs()
    {
        Assert.Equal(new Point { X = -7, Y = 99999 }, RoundTrip(new Point { X = -7, Y = 99999 }));
        Assert.Equal(new Tick("ABC", 1.25, 123456789), RoundTrip(new Tick("ABC", 1.25, 123456789)));
    }

    [Fact]
    public void Positional_record_missing_fields_take_parameter_defaults()
    {
        Assert.Equal(new PositionalWithDefaults("a", 1, "b"), RoundTrip(new PositionalWithDefaults("a", 1, "b")));
        var back = FudgeSerializer.FromFudgeMsg<PositionalWithDefaults>(new FudgeMsg().Add("Name", "only"));
        Assert.Equal(new PositionalWithDefaults("only", 7, "none"), back);
    }

    [Fact]
    public void Required_and_init_members()
    {
        var back = RoundTrip(new Order { Id = "o1", Quantity = 3, Currency = "EUR", Priority = 1 });
        Assert.Equal("o1", back.Id);
        Assert.Equal(3, back.Quantity);
        Assert.Equal("EUR", back.Currency);

        var partial = FudgeSerializer.FromFudgeMsg<Order>(new FudgeMsg().Add("Id", "o2"));
        Assert.Equal("USD", partial.Currency); // absent: the initializer's default stays
        Assert.Equal(5, partial.Priority);

        var error = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.FromFudgeMsg<Order>(new FudgeMsg().Add("Quantity", 1)));
        Assert.Contains("'Id'", error.Message);
        Assert.IsAssignableFrom<FudgeException>(error);
    }

    [Fact]
    public void Get_only_and_private_setter_members_go_through_the_constructor()
    {
        var back = RoundTrip(new Account("alice", 12.5m));
        Assert.Equal("alice", back.Owner);
        Assert.Equal(12.5m, back.Balance);
        Assert.False(FudgeSerializer.ToFudgeMsg(back).HasField("Computed"));
    }

    [Fact]
    public void Renamed_ignored_and_private_members()
    {
        var value = new Renamed { Symbol = "s", Secret = "x", Hidden = 4 };
        value.SetHiddenProperty(9);
        var msg = FudgeSerializer.ToFudgeMsg(value);
        Assert.Equal("s", msg.GetString("sym"));
        Assert.False(msg.HasField("Secret"));
        Assert.Equal(4, msg.GetInt32("_hidden"));
        Assert.Equal(9, msg.GetInt32("h"));
        var back = RoundTrip(value);
        Assert.Equal("s", back.Symbol);
        Assert.Null(back.Secret);
        Assert.Equal(4, back.Hidden);
        Assert.Equal(9, back.GetHiddenProperty());
    }

    [Fact]
    public void Nested_and_global_types()
    {
        Assert.Equal("v", RoundTrip(new Outer.Middle.Inner { Value = "v" }).Value);
        Assert.Equal(3, RoundTrip(new GlobalMessage { Value = 3 }).Value);
        Assert.Equal(8, FudgeSerializer.Serialize(new Empty()).Length);
        Assert.NotNull(RoundTrip(new Empty()));
    }

    [Fact]
    public void Field_id_modes()
    {
        var quote = FudgeSerializer.ToFudgeMsg(new Quote("Q", 1, 2));
        Assert.All(quote, f => Assert.Null(f.Name));
        Assert.Equal(new short?[] { 1, 2, 3 }, quote.Select(f => f.Ordinal).ToArray());

        var both = FudgeSerializer.ToFudgeMsg(new Both { Symbol = "B", Price = 2 });
        Assert.Equal(("Symbol", (short?)1), (both[0].Name, both[0].Ordinal));
        Assert.Equal(("px", (short?)2), (both[1].Name, both[1].Ordinal));
        Assert.Equal(2.0, RoundTrip(new Both { Symbol = "B", Price = 2 }).Price);
    }

    [Fact]
    public void Taxonomy_mode_writes_ordinals_and_the_taxonomy_id()
    {
        var value = new Compact { Symbol = "C", Price = 3.5, Size = 10 };
        byte[] bytes = FudgeSerializer.Serialize(value);
        var header = FudgeReader.ReadEnvelopeHeader(bytes);
        Assert.Equal(42, header.TaxonomyId);
        var plain = FudgeMsg.Parse(bytes);
        Assert.All(plain, f => Assert.Null(f.Name));

        var formatter = FudgeSerializer.GetFormatter<Compact>();
        var options = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(formatter.TaxonomyId, formatter.Taxonomy!) };
        var named = FudgeMsg.Parse(bytes, options);
        Assert.Equal("C", named.GetString("Symbol"));
        Assert.Equal(10, named.GetInt32("Size"));
        Assert.Equal("C", FudgeSerializer.ToFudgeMsg(value).GetString("Symbol"));

        var back = RoundTrip(value);
        Assert.Equal(3.5, back.Price);
        Assert.Equal(10, back.Size);
    }

    [Fact]
    public void Unknown_fields_are_skipped_and_missing_fields_keep_defaults()
    {
        var msg = new FudgeMsg().Add("Other", "x").Add("Price", 5).Add(77, new FudgeMsg().Add("deep", 1)).Add("Symbol", "S");
        var trade = FudgeSerializer.FromFudgeMsg<Trade>(msg);
        Assert.Equal(5, trade.Price);
        Assert.Equal("S", trade.Symbol);
        Assert.Equal(0, trade.Quantity);
    }

    [Fact]
    public void Integers_widen_and_refuse_to_narrow_out_of_range()
    {
        var msg = new FudgeMsg().Add("Byte", 300);
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.FromFudgeMsg<AllScalars>(msg));
        var ok = FudgeSerializer.FromFudgeMsg<AllScalars>(new FudgeMsg().Add("Int64", (sbyte)-3).Add("Double", 7));
        Assert.Equal(-3, ok.Int64);
        Assert.Equal(7.0, ok.Double);
    }

    // ---- polymorphism

    [Fact]
    public void Polymorphic_members_and_lists_keep_their_concrete_types()
    {
        var portfolio = new Portfolio
        {
            Name = "p",
            Items = new List<Instrument> { new EquityTrade { Id = "1", Ticker = "VOD" }, new FxTrade { Id = "2", Pair = "EURUSD" }, new FxOption { Id = "3", Pair = "USDJPY", Strike = 150 } },
            Main = new FxOption { Id = "m", Strike = 1 },
        };
        var back = RoundTrip(portfolio);
        Assert.IsType<EquityTrade>(back.Items![0]);
        Assert.Equal("VOD", ((EquityTrade)back.Items[0]).Ticker);
        Assert.IsType<FxTrade>(back.Items[1]);
        Assert.Equal("EURUSD", ((FxTrade)back.Items[1]).Pair);
        var option = Assert.IsType<FxOption>(back.Items[2]);
        Assert.Equal(150, option.Strike);
        Assert.Equal("USDJPY", option.Pair);
        Assert.Equal("3", option.Id);
        Assert.IsType<FxOption>(back.Main);
    }

    [Fact]
    public void Type_names_at_ordinal_0_list_the_type_then_its_bases()
    {
        var msg = FudgeSerializer.ToFudgeMsg<Instrument>(new FxOption { Id = "3", Strike = 2 });
        var names = msg.GetAll(0).Select(f => (string)f.Value).ToArray();
        Assert.Equal(new[] { "FxOption", "Fx", "Fudge.Generators.Tests.Models.Instrument" }, names);
        Assert.Equal(0, msg.IndexOf(0));
    }

    [Fact]
    public void Unknown_most_derived_name_falls_back_to_the_first_recognised_one()
    {
        var msg = new FudgeMsg().Add(0, "SomeFutureTrade").Add(0, "Fx").Add("Pair", "GBPUSD").Add("Extra", 1);
        var fx = Assert.IsType<FxTrade>(FudgeSerializer.FromFudgeMsg<Instrument>(msg));
        Assert.Equal("GBPUSD", fx.Pair);
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.FromFudgeMsg<Instrument>(new FudgeMsg().Add(0, "Nope")));
    }

    [Fact]
    public void Concrete_base_reads_itself_and_its_derived_types()
    {
        var special = RoundTrip<Event>(new SpecialEvent { Code = 1, Detail = "d" });
        Assert.Equal("d", Assert.IsType<SpecialEvent>(special).Detail);
        var plain = RoundTrip(new Event { Code = 2 });
        Assert.IsType<Event>(plain);
        Assert.Equal("Event", FudgeSerializer.ToFudgeMsg(new Event()).GetString(0));
        Assert.IsType<Event>(FudgeSerializer.FromFudgeMsg<Event>(new FudgeMsg().Add("Code", 3)));
    }

    // ---- evolvability

    [Fact]
    public void Unknown_fields_survive_a_round_trip_through_an_older_version()
    {
        var v2 = new CustomerV2 { Name = "n", Email = "e@x", Age = 42, Location = new Point { X = 1, Y = 2 } };
        byte[] v2Bytes = FudgeSerializer.Serialize(v2);
        var v1 = FudgeSerializer.Deserialize<CustomerV1>(v2Bytes);
        Assert.Equal("n", v1.Name);
        Assert.Equal(3, v1.ExtensionData!.Count);
        v1.Name = "renamed";
        var again = FudgeSerializer.Deserialize<CustomerV2>(FudgeSerializer.Serialize(v1));
        Assert.Equal("renamed", again.Name);
        Assert.Equal("e@x", again.Email);
        Assert.Equal(42, again.Age);
        Assert.Equal(v2.Location, again.Location);

        var s = FudgeSerializer.FromFudgeMsg<ExtensibleStruct>(new FudgeMsg().Add("A", 1).Add("B", 2));
        Assert.Equal(2, s.ExtensionData!.GetInt32("B"));
        Assert.Equal(2, FudgeSerializer.ToFudgeMsg(s).GetInt32("B"));
    }

    // ---- entry points

    [Fact]
    public async Task Every_entry_point_gives_the_same_bytes_and_value()
    {
        var trade = new Trade { Symbol = "VOD.L", Price = 123, Quantity = 5, Quote = new Quote("VOD.L", 1, 2) };
        byte[] expected = FudgeSerializer.Serialize(trade);

        var buffer = new ArrayBufferWriter<byte>();
        FudgeSerializer.Serialize(buffer, trade);
        Assert.Equal(expected, buffer.WrittenSpan.ToArray());

        var stream = new MemoryStream();
        FudgeSerializer.Serialize(stream, trade);
        await FudgeSerializer.SerializeAsync(stream, trade);
        Assert.Equal(expected.Concat(expected).ToArray(), stream.ToArray());

        stream.Position = 0;
        Assert.Equal(123, FudgeSerializer.Deserialize<Trade>(stream).Price);
        Assert.Equal(123, (await FudgeSerializer.DeserializeAsync<Trade>(stream)).Price);
        Assert.Equal(stream.Length, stream.Position);
        await Assert.ThrowsAsync<FudgeFormatException>(async () => await FudgeSerializer.DeserializeAsync<Trade>(stream));

        var sequence = Support.Segmented(expected, 3);
        Assert.False(sequence.IsSingleSegment);
        Assert.Equal("VOD.L", FudgeSerializer.Deserialize<Trade>(sequence).Symbol);
        Assert.Equal("VOD.L", FudgeSerializer.Deserialize<Trade>(new ReadOnlySequence<byte>(expected)).Symbol);

        Assert.Equal(123, FudgeSerializer.FromFudgeMsg<Trade>(FudgeSerializer.ToFudgeMsg(trade)).Price);
    }

    [Fact]
    public void Reader_options_limit_size_and_depth()
    {
        var trade = new Trade { Symbol = "X", Quote = new Quote("Q", 1, 2) };
        byte[] bytes = FudgeSerializer.Serialize(trade);
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Trade>(bytes, new FudgeReaderOptions { MaxMessageSize = 16 }));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Trade>(bytes, new FudgeReaderOptions { MaxDepth = 0 }));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Trade>(new MemoryStream(bytes), new FudgeReaderOptions { MaxMessageSize = 16 }));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Trade>(bytes.Concat(new byte[] { 0 }).ToArray()));
    }

    [Fact]
    public void Null_and_unknown_types_are_rejected_clearly()
    {
        Assert.Throws<ArgumentNullException>(() => FudgeSerializer.Serialize<Trade>(null!));
        var error = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new System.Text.StringBuilder("x")));
        Assert.Contains("[FudgeMessage]", error.Message);
    }
}

internal static class Support
{
    public static ReadOnlySequence<byte> Segmented(byte[] data, int segmentSize)
    {
        Segment? first = null, last = null;
        for (int i = 0; i < data.Length; i += segmentSize)
        {
            var memory = new ReadOnlyMemory<byte>(data, i, Math.Min(segmentSize, data.Length - i));
            if (first is null) first = last = new Segment(memory, 0);
            else last = last!.Append(memory);
        }
        return new ReadOnlySequence<byte>(first!, 0, last!, last!.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long index)
        {
            Memory = memory;
            RunningIndex = index;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
