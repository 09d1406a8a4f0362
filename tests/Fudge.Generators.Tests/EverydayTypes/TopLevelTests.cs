using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Generators.Tests.EverydayTypes.Generics;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// Values other than [FudgeMessage] types at the top level: a list, array or set is a message of its elements
/// (anonymous fields; ordinal 1 for sets), a dictionary one of keys at ordinal 1 and values at ordinal 2, as Fudge-Java
/// writes them; a scalar is the field <c>value</c>, as Fudge-Java's <c>FudgeContext.toFudgeMsg(42)</c> writes it.
/// </summary>
public class TopLevelTests
{
    private static byte[] Hex(string hex) => Convert.FromHexString(hex);

    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    [Fact]
    public void A_list_of_messages_is_a_message_of_anonymous_sub_messages()
    {
        var deals = new List<Deal> { GenericTests.NewDeal("VOD.L", 1.50m), null!, GenericTests.NewDeal("BP.L", 2m) };
        var bytes = FudgeSerializer.Serialize(deals);
        var msg = FudgeMsg.Parse(bytes);
        Assert.Equal(3, msg.Count);
        Assert.True(msg.All(f => f.Name is null && f.Ordinal is null));
        Assert.True(msg[1].IsIndicator);
        var back = FudgeSerializer.Deserialize<List<Deal>>(bytes);
        Assert.Equal(3, back.Count);
        GenericTests.AssertDeal(deals[0], back[0]);
        Assert.Null(back[1]);
        GenericTests.AssertDeal(deals[2], back[2]);

        var array = RoundTrip(deals.Where(d => d is not null).ToArray());
        GenericTests.AssertDeal(deals[2], array[1]);
        var ordinals = RoundTrip(new[] { new OrdinalDeal { Symbol = "O", Price = 0.10m } });
        Assert.Equal(decimal.GetBits(0.10m), decimal.GetBits(ordinals.Single().Price));
    }

    [Fact]
    public void Maps_sets_and_nested_collections()
    {
        var map = RoundTrip(new Dictionary<string, Deal> { ["a"] = GenericTests.NewDeal("A", 1m), ["none"] = null! });
        GenericTests.AssertDeal(GenericTests.NewDeal("A", 1m), map["a"]);
        Assert.Null(map["none"]);

        var set = FudgeSerializer.Serialize(new HashSet<string> { "x", "y" });
        Assert.All(FudgeMsg.Parse(set), f => Assert.Equal((short)1, f.Ordinal));
        Assert.Equal(new HashSet<string> { "x", "y" }, FudgeSerializer.Deserialize<HashSet<string>>(set));

        var nested = RoundTrip(new List<List<int>> { new() { 1, 2 }, new() });
        Assert.Equal(new[] { 1, 2 }, nested[0]);
        Assert.Empty(nested[1]);

        IReadOnlyList<string> readOnly = RoundTrip<IReadOnlyList<string>>(new List<string> { "r" });
        Assert.IsType<string[]>(readOnly);
        IDictionary<int, string?> interfaceMap = RoundTrip<IDictionary<int, string?>>(new Dictionary<int, string?> { [1] = null, [2] = "b" });
        Assert.Null(interfaceMap[1]);
        Assert.Equal("b", interfaceMap[2]);
        var pages = RoundTrip(new List<Page<int>> { new() { Items = { 4 } } });
        Assert.Equal(4, pages.Single().Items.Single());
    }

    [Fact]
    public void Scalars_are_the_field_value()
    {
        var bytes = FudgeSerializer.Serialize(42);
        var msg = FudgeMsg.Parse(bytes);
        Assert.Equal(42, Convert.ToInt32(msg.GetValue("value")));
        Assert.Equal(42, FudgeSerializer.Deserialize<int>(bytes));
        Assert.Equal("héllo", RoundTrip("héllo"));
        Assert.Equal(decimal.GetBits(1.230m), decimal.GetBits(RoundTrip(1.230m)));
        Assert.Equal(Venue.Xnys, RoundTrip(Venue.Xnys));
        Assert.Equal(DateTimeKind.Utc, RoundTrip(new DateTime(2020, 1, 1, 0, 0, 0, DateTimeKind.Utc)).Kind);
        Assert.Equal(BitConverter.DoubleToInt64Bits(-0.0), BitConverter.DoubleToInt64Bits(RoundTrip(-0.0)));
        Assert.Equal(5, RoundTrip<int?>(5));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<int>(FudgeSerializer.Serialize(new List<int> { 1 })));
    }

    // Written by Fudge-Java 0.3 (FudgeContext.toFudgeMsg, then toByteArray): 42, "hello", 1.5, true, ArrayList [1, "x"]
    // read as strings..., HashSet [1], LinkedHashMap {a: 1}, String[] {"p", "q"}.
    private const string JavaInteger = "000000000000003c88020576616c75652a300e0000116a6176612e6c616e672e496e7465676572300e0000106a6176612e6c616e672e4e756d626572";
    private const string JavaString = "000000000000002b280e0576616c75650568656c6c6f300e0000106a6176612e6c616e672e537472696e67";
    private const string JavaDouble = "0000000000000042880b0576616c75653ff8000000000000300e0000106a6176612e6c616e672e446f75626c65300e0000106a6176612e6c616e672e4e756d626572";
    private const string JavaBoolean = "000000000000002788020576616c756501300e0000116a6176612e6c616e672e426f6f6c65616e";
    private const string JavaSet = "000000000000000d9002000101";
    private const string JavaMap = "0000000000000013300e000101619002000201";
    private const string JavaStringArray = "0000000000000010200e0170200e0171";

    [Fact]
    public void Reads_what_Fudge_Java_writes_at_the_top_level()
    {
        Assert.Equal(42, FudgeSerializer.Deserialize<int>(Hex(JavaInteger)));
        Assert.Equal(42L, FudgeSerializer.Deserialize<long>(Hex(JavaInteger)));
        Assert.Equal("hello", FudgeSerializer.Deserialize<string>(Hex(JavaString)));
        Assert.Equal(1.5, FudgeSerializer.Deserialize<double>(Hex(JavaDouble)));
        Assert.True(FudgeSerializer.Deserialize<bool>(Hex(JavaBoolean)));
        Assert.Equal(new HashSet<int> { 1 }, FudgeSerializer.Deserialize<HashSet<int>>(Hex(JavaSet)));
        Assert.Equal(1, FudgeSerializer.Deserialize<Dictionary<string, int>>(Hex(JavaMap))["a"]);
        Assert.Equal(new[] { "p", "q" }, FudgeSerializer.Deserialize<string[]>(Hex(JavaStringArray)));
    }

    [Fact]
    public void Writes_what_Fudge_Java_writes_for_collections()
    {
        // Fudge-Java reads these back with fromFudgeMsg (a list, a set, a map): the same bytes as it writes.
        Assert.Equal(JavaStringArray, Convert.ToHexString(FudgeSerializer.Serialize(new List<string> { "p", "q" })).ToLowerInvariant());
        Assert.Equal(JavaSet, Convert.ToHexString(FudgeSerializer.Serialize(new HashSet<int> { 1 })).ToLowerInvariant());
        Assert.Equal(JavaMap, Convert.ToHexString(FudgeSerializer.Serialize(new Dictionary<string, int> { ["a"] = 1 })).ToLowerInvariant());
        // A scalar: the field "value" Java reads with fromFudgeMsg(Integer.class, msg); Java's class names are not written.
        Assert.Equal("000000000000001188020576616c75652a", Convert.ToHexString(FudgeSerializer.Serialize(42)).ToLowerInvariant());
    }

    [Fact]
    public async Task Every_entry_point_takes_top_level_values()
    {
        var value = new List<Deal> { GenericTests.NewDeal("E", 5m) };
        var expected = FudgeSerializer.Serialize(value);

        var buffer = new ArrayBufferWriter<byte>();
        FudgeSerializer.Serialize<List<Deal>>(buffer, value);
        Assert.Equal(expected, buffer.WrittenSpan.ToArray());
        Assert.Equal("E", FudgeSerializer.Deserialize<List<Deal>>(new ReadOnlySequence<byte>(expected)).Single().Symbol);

        var stream = new MemoryStream();
        FudgeSerializer.Serialize(stream, value);
        await FudgeSerializer.SerializeAsync(stream, value);
        stream.Position = 0;
        Assert.Equal("E", FudgeSerializer.Deserialize<List<Deal>>(stream).Single().Symbol);
        Assert.Equal("E", (await FudgeSerializer.DeserializeAsync<List<Deal>>(stream)).Single().Symbol);

        var direct = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(direct);
        FudgeSerializer.Serialize(ref writer, value);
        FudgeSerializer.Serialize(ref writer, 7);
        writer.Flush();
        var reader = new FudgeReader(expected);
        Assert.Equal("E", FudgeSerializer.Deserialize<List<Deal>>(ref reader).Single().Symbol);

        var msg = FudgeSerializer.ToFudgeMsg(value);
        Assert.Equal("E", FudgeSerializer.FromFudgeMsg<List<Deal>>(msg).Single().Symbol);
        Assert.Equal("s", FudgeSerializer.FromFudgeMsg<string>(FudgeSerializer.ToFudgeMsg("s")));
        Assert.Equal(3, FudgeSerializer.Deserialize<Page<int>>(FudgeSerializer.Serialize(new Page<int> { Number = 3 })).Number);
    }

    [Fact]
    public void Unsupported_top_level_types_still_say_what_to_do()
    {
        var e = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new System.Text.StringBuilder("x")));
        Assert.Contains("[FudgeMessage]", e.Message);
    }

    public static TheoryData<string, byte[]> Samples() => new()
    {
        { "list", FudgeSerializer.Serialize(new List<Deal> { GenericTests.NewDeal("L", 1.5m), null! }) },
        { "map", FudgeSerializer.Serialize(new Dictionary<string, List<int>> { ["a"] = new() { 1, 2 }, ["b"] = null! }) },
        { "set", FudgeSerializer.Serialize(new HashSet<string> { "x", "y" }) },
        { "int", FudgeSerializer.Serialize(123456) },
    };

    private static void Decode(string type, byte[] data)
    {
        switch (type)
        {
            case "list": FudgeSerializer.Deserialize<List<Deal>>(data); break;
            case "map": FudgeSerializer.Deserialize<Dictionary<string, List<int>>>(data); break;
            case "set": FudgeSerializer.Deserialize<HashSet<string>>(data); break;
            default: FudgeSerializer.Deserialize<int>(data); break;
        }
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Hostile_input_raises_only_format_exceptions(string type, byte[] data)
    {
        Decode(type, data);
        HostileInput.AssertOnlyFormatErrors(data, d => Decode(type, d));
    }
}
