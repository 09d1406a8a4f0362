using System;
using System.Collections;
using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// An <c>object</c> member writes its value's own Fudge type and reads back the natural .NET type of that wire type
/// (docs/generator-types.md, "object members"): an int comes back as a long, a decimal as its text, a list as a
/// <c>List&lt;object?&gt;</c>, a [FudgeMessage] object as itself. Every case in both field modes.
/// </summary>
public class ObjectMemberTests
{
    private static readonly Guid SomeGuid = new("0f8fad5b-d9cb-469f-a165-70867728950e");

    /// <summary>Each runtime value, and what an object member gives back for it.</summary>
    public static TheoryData<string, object, object> Values() => new()
    {
        { "bool", true, true },
        { "sbyte", (sbyte)-5, -5L },
        { "byte", (byte)200, 200L },
        { "short", (short)-300, -300L },
        { "ushort", (ushort)60000, 60000L },
        { "int", 5, 5L },
        { "int max", int.MaxValue, (long)int.MaxValue },
        { "uint", uint.MaxValue, (long)uint.MaxValue },
        { "long", long.MinValue, long.MinValue },
        { "ulong", ulong.MaxValue, -1L }, // the same 64 bits, as a typed ulong member writes them
        { "float", 1.5f, 1.5f },
        { "float NaN", BitConverter.Int32BitsToSingle(unchecked((int)0xFFC00001)), BitConverter.Int32BitsToSingle(unchecked((int)0xFFC00001)) },
        { "double", -0.0, -0.0 },
        { "char", 'x', "x" },
        { "decimal", 12.50m, "12.50" },
        { "string", "Ünïcode 🎉", "Ünïcode 🎉" },
        { "Guid", SomeGuid, SomeGuid.ToByteArray(bigEndian: true) },
        { "DateTime Utc", new DateTime(2026, 11, 28, 10, 30, 0, 123, DateTimeKind.Utc), new DateTime(2026, 11, 28, 10, 30, 0, 123, DateTimeKind.Utc) },
        { "DateTime Unspecified", new DateTime(2026, 11, 28, 10, 30, 0, DateTimeKind.Unspecified), new DateTime(2026, 11, 28, 10, 30, 0, DateTimeKind.Unspecified) },
        { "DateTimeOffset +02:00", new DateTimeOffset(2026, 11, 28, 10, 30, 0, TimeSpan.FromHours(2)), new DateTimeOffset(2026, 11, 28, 10, 30, 0, TimeSpan.FromHours(2)) },
        { "DateTimeOffset +00:00", new DateTimeOffset(2026, 11, 28, 10, 30, 0, TimeSpan.Zero), new DateTime(2026, 11, 28, 10, 30, 0, DateTimeKind.Utc) },
        { "DateOnly", new DateOnly(2026, 11, 28), new DateOnly(2026, 11, 28) },
        { "DateOnly max", DateOnly.MaxValue, DateOnly.MaxValue },
        { "TimeOnly", new TimeOnly(23, 59, 59, 999), new TimeOnly(23, 59, 59, 999) },
        { "TimeSpan", TimeSpan.FromMinutes(90), TimeSpan.FromMinutes(90).Ticks },
        { "byte[]", new byte[] { 1, 2, 3 }, new byte[] { 1, 2, 3 } },
        { "byte[16]", new byte[16], new byte[16] },
        { "short[]", new short[] { -1, 2 }, new short[] { -1, 2 } },
        { "int[]", new[] { 1, int.MinValue }, new[] { 1, int.MinValue } },
        { "long[]", new[] { long.MaxValue }, new[] { long.MaxValue } },
        { "float[]", new[] { 1.5f, float.NaN }, new[] { 1.5f, float.NaN } },
        { "double[]", new[] { 2.5, double.Epsilon }, new[] { 2.5, double.Epsilon } },
        { "enum", BagColor.Green, 2L },
        { "FudgeMsg", new FudgeMsg().Add("a", 1).Add("b", "x"), new FudgeMsg().Add("a", 1).Add("b", "x") },
        { "[FudgeMessage]", new BagPoint { X = 3, Label = "p" }, new BagPoint { X = 3, Label = "p" } },
        { "List<int>", new List<int> { 1, 2 }, new List<object?> { 1L, 2L } },
        { "object[] with a null", new object?[] { 1, "a", null }, new List<object?> { 1L, "a", null } },
        { "HashSet<string>", new HashSet<string> { "a" }, new HashSet<object?> { "a" } },
        { "Dictionary<string, object?>", new Dictionary<string, object?> { ["k"] = 1, ["n"] = null }, new Dictionary<object, object?> { ["k"] = 1L, ["n"] = null } },
        { "Dictionary<int, string>", new Dictionary<int, string> { [7] = "seven" }, new Dictionary<object, object?> { [7L] = "seven" } },
        { "nested lists", new List<object> { new List<object> { 1, new[] { 2 } } }, new List<object?> { new List<object?> { 1L, new[] { 2 } } } },
    };

    [Theory]
    [MemberData(nameof(Values))]
    public void Each_runtime_type_comes_back_as_its_wire_types_natural_type_under_names(string what, object value, object expected)
    {
        var read = RoundTripTests.RoundTrip(new ObjectHolder { Value = value });
        AssertDeepEqual(expected, read.Value, what);
    }

    [Theory]
    [MemberData(nameof(Values))]
    public void Each_runtime_type_comes_back_as_its_wire_types_natural_type_under_ordinals(string what, object value, object expected)
    {
        var read = RoundTripTests.RoundTrip(new OrdinalObjectHolder { Value = value });
        AssertDeepEqual(expected, read.Value, what);
    }

    [Theory]
    [MemberData(nameof(Values))]
    public void Each_runtime_type_comes_back_inside_a_bag_and_a_list(string what, object value, object expected)
    {
        var holder = new ObjectHolder
        {
            Bag = new Dictionary<string, object?> { ["v"] = value, ["null"] = null },
            Items = new List<object?> { null, value },
            Array = new object?[] { value },
        };
        var read = RoundTripTests.RoundTrip(holder);
        AssertDeepEqual(expected, read.Bag!["v"], what);
        Assert.True(read.Bag.ContainsKey("null"));
        Assert.Null(read.Bag["null"]);
        Assert.Null(read.Items![0]);
        AssertDeepEqual(expected, read.Items[1], what);
        AssertDeepEqual(expected, Assert.Single(read.Array!), what);

        var ordinals = RoundTripTests.RoundTrip(new OrdinalObjectHolder { Bag = holder.Bag, Items = holder.Items, Array = holder.Array });
        AssertDeepEqual(expected, ordinals.Bag!["v"], what);
        AssertDeepEqual(expected, ordinals.Items![1], what);
    }

    [Fact]
    public void A_property_bag_keeps_nested_bags_lists_and_nulls()
    {
        var props = new Dictionary<string, object>
        {
            ["name"] = "desk",
            ["limits"] = new Dictionary<string, object?> { ["max"] = 1_000_000L, ["currency"] = "GBP", ["stop"] = null },
            ["books"] = new List<object?> { "A", null, new Dictionary<string, object> { ["id"] = 7 } },
            ["owner"] = new BagPoint { X = 1 },
        };
        foreach (var read in new[] { RoundTripTests.RoundTrip(new ObjectHolder { Props = props }).Props!, RoundTripTests.RoundTrip(new OrdinalObjectHolder { Props = props }).Props! })
        {
            Assert.IsType<Dictionary<string, object>>(read); // the member's declared type: a typed dictionary
            Assert.Equal("desk", read["name"]);
            var limits = Assert.IsType<Dictionary<object, object?>>(read["limits"]);
            Assert.Equal(1_000_000L, limits["max"]);
            Assert.Equal("GBP", limits["currency"]);
            Assert.Null(limits["stop"]);
            var books = Assert.IsType<List<object?>>(read["books"]);
            Assert.Equal(3, books.Count);
            Assert.Equal("A", books[0]);
            Assert.Null(books[1]);
            Assert.Equal(7L, Assert.IsType<Dictionary<object, object?>>(books[2])["id"]);
            Assert.Equal(new BagPoint { X = 1 }, read["owner"]);
        }
    }

    [Fact]
    public void A_null_object_member_is_omitted_and_reads_back_null()
    {
        byte[] bytes = FudgeSerializer.Serialize(new ObjectHolder());
        Assert.Empty(FudgeMsg.Parse(bytes));
        Assert.Null(FudgeSerializer.Deserialize<ObjectHolder>(bytes).Value);
    }

    [Fact]
    public void Scalars_take_the_wire_type_a_typed_member_of_their_type_takes()
    {
        // An int 5 is reduced to int8, as an int member writes it; a string is a string field.
        var fields = FudgeMsg.Parse(FudgeSerializer.Serialize(new OrdinalObjectHolder { Value = 5 }));
        Assert.Equal(FudgeTypeId.Int8, Assert.Single(fields).TypeId);
        fields = FudgeMsg.Parse(FudgeSerializer.Serialize(new OrdinalObjectHolder { Value = new List<object> { "a" } }));
        var list = Assert.IsType<FudgeMsg>(Assert.Single(fields).Value);
        Assert.Null(Assert.Single(list).Ordinal); // an anonymous field, as Fudge-Java's ListBuilder writes
    }

    [Fact]
    public void A_FudgeMessage_object_carries_its_class_name_at_ordinal_0()
    {
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize(new ObjectHolder { Value = new BagMoney { Amount = 1.5m, Currency = "EUR" } }));
        var sub = Assert.IsType<FudgeMsg>(message.GetValue("Value"));
        Assert.Equal("acme.Money", sub.GetValue((short)0)); // its TypeName
        var read = FudgeSerializer.Deserialize<ObjectHolder>(message.ToByteArray());
        var money = Assert.IsType<BagMoney>(read.Value);
        Assert.Equal((1.5m, "EUR"), (money.Amount, money.Currency));
    }

    [Fact]
    public void A_message_naming_an_unregistered_class_stays_a_FudgeMsg_and_nothing_is_instantiated()
    {
        // A real .NET type the data names: never loaded, never built.
        var message = new FudgeMsg().Add("Value", new FudgeMsg().Add(0, "System.IO.FileInfo").Add("fileName", "/etc/passwd"));
        var read = FudgeSerializer.Deserialize<ObjectHolder>(message.ToByteArray());
        var raw = Assert.IsType<FudgeMsg>(read.Value);
        Assert.Equal("System.IO.FileInfo", raw.GetValue((short)0));
    }

    [Fact]
    public void A_value_with_no_mapping_is_a_FudgeException_naming_the_member_and_the_type()
    {
        var error = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new ObjectHolder { Value = new NotAMessage() }));
        Assert.Contains("ObjectHolder.Value", error.Message);
        Assert.Contains(typeof(NotAMessage).FullName!, error.Message);
        error = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new OrdinalObjectHolder { Bag = new() { ["x"] = new List<object> { new Uri("http://x") } } }));
        Assert.Contains("OrdinalObjectHolder.Bag", error.Message);
        Assert.Contains("System.Uri", error.Message);
    }

    [Fact]
    public void A_list_that_holds_itself_is_a_FudgeException_not_a_stack_overflow()
    {
        var list = new List<object>();
        list.Add(list);
        var error = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(new ObjectHolder { Value = list }));
        Assert.Contains("nested", error.Message);
    }

    [Fact]
    public void Nesting_deeper_than_MaxDepth_is_a_format_error()
    {
        var inner = new FudgeMsg().Add(null, 1);
        for (int i = 0; i < 200; i++) inner = new FudgeMsg().Add(null, inner);
        byte[] bytes = new FudgeMsg().Add("Value", inner).ToByteArray();
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<ObjectHolder>(bytes, new FudgeReaderOptions { MaxDepth = 64 }));
    }

    public static IEnumerable<object[]> Samples()
    {
        yield return new object[] { FudgeSerializer.Serialize(new ObjectHolder
        {
            Value = new BagPoint { X = 3, Label = "p" },
            Bag = new() { ["a"] = 1, ["b"] = new List<object?> { "x", null, 2.5 }, ["c"] = new DateOnly(2026, 1, 2), ["d"] = new BagMoney { Amount = 2m } },
            Items = new() { new HashSet<string> { "s" }, new Dictionary<string, object> { ["k"] = new byte[20] } },
        }) };
        yield return new object[] { FudgeSerializer.Serialize(new OrdinalObjectHolder
        {
            Value = new List<object> { new DateTimeOffset(2026, 1, 2, 3, 4, 5, TimeSpan.FromHours(-5)), new TimeOnly(1, 2), BagColor.Red },
            Props = new Dictionary<string, object> { ["p"] = new BagPoint { X = -1 } },
        }) };
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Truncated_and_corrupted_bags_raise_only_format_exceptions(byte[] data)
    {
        FudgeSerializer.Deserialize<ObjectHolder>(data); // whole, it reads
        for (int length = 8; length < data.Length; length++)
        {
            var cut = data.AsSpan(0, length).ToArray();
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
            OnlyFormatErrors(cut);
        }
        for (int i = 8; i < data.Length; i++)
        {
            foreach (byte v in new byte[] { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0x0F, 0x1A, 0x1B, 0x1C })
            {
                var corrupt = (byte[])data.Clone();
                corrupt[i] = v;
                OnlyFormatErrors(corrupt);
                corrupt[i] = (byte)(data[i] ^ 0x55);
                OnlyFormatErrors(corrupt);
            }
        }
    }

    private static void OnlyFormatErrors(byte[] data)
    {
        try
        {
            FudgeSerializer.Deserialize<ObjectHolder>(data);
            FudgeSerializer.Deserialize<OrdinalObjectHolder>(data);
        }
        catch (FudgeFormatException)
        {
        }
    }

    /// <summary>Deep equality with the exact types: DateTime kind, float bits, list order, nulls, dictionary entries.</summary>
    internal static void AssertDeepEqual(object? expected, object? actual, string what)
    {
        if (expected is null)
        {
            Assert.Null(actual);
            return;
        }
        Assert.NotNull(actual);
        Assert.True(expected.GetType() == actual!.GetType(), $"{what}: expected a {expected.GetType()}, got a {actual.GetType()} ({actual})");
        switch (expected)
        {
            case float f: Assert.Equal(BitConverter.SingleToInt32Bits(f), BitConverter.SingleToInt32Bits((float)actual)); break;
            case double d: Assert.Equal(BitConverter.DoubleToInt64Bits(d), BitConverter.DoubleToInt64Bits((double)actual)); break;
            case DateTime dt: Assert.Equal((dt.Ticks, dt.Kind), (((DateTime)actual).Ticks, ((DateTime)actual).Kind)); break;
            case DateTimeOffset dto: Assert.Equal((dto.DateTime, dto.Offset), (((DateTimeOffset)actual).DateTime, ((DateTimeOffset)actual).Offset)); break;
            case FudgeMsg m: Assert.Equal(m, actual); break;
            case IDictionary map:
                var other = (IDictionary)actual;
                Assert.Equal(map.Count, other.Count);
                foreach (DictionaryEntry e in map)
                {
                    Assert.True(other.Contains(e.Key), $"{what}: key {e.Key} missing");
                    AssertDeepEqual(e.Value, other[e.Key], what);
                }
                break;
            case HashSet<object?> set: Assert.True(set.SetEquals((HashSet<object?>)actual), what); break;
            case float[] fs: Assert.Equal(fs.Select(BitConverter.SingleToInt32Bits), ((float[])actual).Select(BitConverter.SingleToInt32Bits)); break;
            case IList list when expected is not Array || expected is object[]:
                var items = (IList)actual;
                Assert.Equal(list.Count, items.Count);
                for (int i = 0; i < list.Count; i++) AssertDeepEqual(list[i], items[i], what);
                break;
            default: Assert.Equal(expected, actual); break;
        }
    }
}

/// <summary>
/// An Object property of a Fudge-Java object: the bytes are those Fudge-Java 0.3 writes for the same bean
/// (JavaBeanBuilder, objectToFudgeMsgWithClassHeaders with Object declared), produced by running it; Fudge-Java
/// reads them back as it reads its own (a list, map or set held by an Object property comes back to Java as a bare
/// <c>java.lang.Object</c>, with its own bytes as with these).
/// </summary>
public class JavaObjectMemberTests
{
    public static TheoryData<string, object, string> JavaBytes() => new()
    {
        { "int", 5, "000000000000004288020576616c756505300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "string", "text", "0000000000000046280e0576616c75650474657874300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "double", 2.5, "0000000000000049880b0576616c75654004000000000000300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "bytes", new byte[] { 1, 2, 3, 4 }, "000000000000004628060576616c75650401020304300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "bean", new JavaPoint { X = 3 }, "000000000000007a280f0576616c7565388802017803300e00002e66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661506f696e74300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "char", 'q', "0000000000000064280f0576616c756522280e0576616c75650171300e0000136a6176612e6c616e672e436861726163746572300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "decimal", 0.00000012m, "0000000000000048280e0576616c756506312e32452d37300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "list", new List<object?> { 1, "x", null }, "000000000000004b280f0576616c756509800201200e01788000300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "ints", new[] { 1, 2 }, "000000000000004a28080576616c7565080000000100000002300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
        { "bool", true, "000000000000004288010576616c756501300e00002c66756467652e67656e657261746f72732e74657374732e657665727964617974797065732e4a617661426167" },
    };

    [Theory]
    [MemberData(nameof(JavaBytes))]
    public void An_object_property_takes_the_bytes_Fudge_Java_writes(string what, object value, string javaHex)
    {
        Assert.True(Convert.ToHexString(FudgeSerializer.Serialize(new JavaBag { Value = value })).Equals(javaHex, StringComparison.OrdinalIgnoreCase), what);
    }

    [Fact]
    public void Java_forms_read_back_as_their_natural_types()
    {
        Assert.Equal(5L, FudgeSerializer.Deserialize<JavaBag>(Convert.FromHexString(Hex("int"))).Value);
        Assert.Equal("1.2E-7", FudgeSerializer.Deserialize<JavaBag>(Convert.FromHexString(Hex("decimal"))).Value);
        Assert.Equal(3, Assert.IsType<JavaPoint>(FudgeSerializer.Deserialize<JavaBag>(Convert.FromHexString(Hex("bean"))).Value).X);
        Assert.Equal(new List<object?> { 1L, "x", null }, Assert.IsType<List<object?>>(FudgeSerializer.Deserialize<JavaBag>(Convert.FromHexString(Hex("list"))).Value));
        // Java's Character message names java.lang.Character, which no .NET type is registered as: it stays a message.
        var character = Assert.IsType<FudgeMsg>(FudgeSerializer.Deserialize<JavaBag>(Convert.FromHexString(Hex("char"))).Value);
        Assert.Equal("q", character.GetValue("value"));
    }

    private static string Hex(string what)
    {
        foreach (var row in JavaBytes())
            if ((string)row[0] == what) return (string)row[2];
        throw new ArgumentException(what);
    }
}
