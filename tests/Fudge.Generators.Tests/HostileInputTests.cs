using System;
using System.Collections.Generic;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>Truncated and corrupted serialized objects raise only <see cref="FudgeFormatException"/>.</summary>
public class HostileInputTests
{
    public static IEnumerable<object[]> Samples()
    {
        var r = new Random(99);
        yield return new object[] { "Trade", FudgeSerializer.Serialize(new Trade { Symbol = "VOD.L", Price = 1, Venue = "X", Quote = new Quote("Q", 1, 2) }) };
        yield return new object[] { "AllScalars", FudgeSerializer.Serialize(RoundTripTests.MaxScalars()) };
        yield return new object[] { "Collections", FudgeSerializer.Serialize(RoundTripTests.SampleCollections()) };
        yield return new object[] { "Maps", FudgeSerializer.Serialize(PropertyTests.RandomMaps(r)) };
        yield return new object[] { "Portfolio", FudgeSerializer.Serialize(new Portfolio { Name = "p", Items = new List<Instrument> { new FxOption { Id = "1", Strike = 2 }, new EquityTrade() } }) };
        yield return new object[] { "Order", FudgeSerializer.Serialize(new Order { Id = "o", Quantity = 1 }) };
        yield return new object[] { "Account", FudgeSerializer.Serialize(new Account("bob", 2.5m)) };
        var executed = new DateTime(2026, 11, 25, 19, 0, 0, DateTimeKind.Utc);
        yield return new object[] { "Fill", FudgeSerializer.Serialize(new Fill { Venue = "XLON", Executed = executed, Settles = new DateOnly(2026, 11, 27), Legs = new List<Fill> { new() { Venue = "BATE", Executed = executed } } }) };
        yield return new object[] { "CustomerV1", FudgeSerializer.Serialize(new CustomerV2 { Name = "n", Email = "e", Location = new Point { X = 1 } }) };
        // Ordinals read in place: field runs on the way out, the Take reads, union peeks and fused integers on the way in.
        yield return new object[] { "OrderedFeedBatch", FudgeSerializer.Serialize(FeedBatch()) };
        yield return new object[] { "OrderedHolder", FudgeSerializer.Serialize(new OrderedHolder
        {
            Tick = new OrderedTick { Symbol = "VOD", Price = 101.5, Size = 70_000, Level = -3, Weight = 0.5f, Marks = new List<int> { 1, 300 } },
            Ticks = new List<OrderedTick> { new() { Symbol = "A" }, new() { Symbol = "Ünïcode", Size = long.MinValue } },
            Tail = "end",
        }) };
    }

    // Three messages of both kinds, prices and sizes of every integer width, a symbol past the inline ASCII decode's reach.
    private static OrderedFeedBatch FeedBatch() => new()
    {
        SeqNo = ulong.MaxValue - 7,
        Messages = new List<OrderedFeedMessage>
        {
            new() { TsNanos = 1_764_000_000_123_456_789, Symbol = "SPY", Body = new OrderedTrade { Price = 6_012_300, Size = 100 } },
            new() { TsNanos = 1_764_000_000_123_456_829, Symbol = "SPY", Body = new OrderedLevel { Price = 127, Size = 40_000, Flags = 1, Bid = true } },
            new() { TsNanos = 5, Symbol = "A_SYMBOL_LONGER_THAN_THIRTY_TWO_BYTES", Body = new OrderedLevel { Price = long.MinValue, Size = int.MaxValue, Flags = 255 } },
        },
    };

    private static void Decode(string type, byte[] data)
    {
        switch (type)
        {
            case "Trade": FudgeSerializer.Deserialize<Trade>(data); break;
            case "AllScalars": FudgeSerializer.Deserialize<AllScalars>(data); break;
            case "Collections": FudgeSerializer.Deserialize<Collections>(data); break;
            case "Maps": FudgeSerializer.Deserialize<Maps>(data); break;
            case "Portfolio": FudgeSerializer.Deserialize<Portfolio>(data); break;
            case "Order": FudgeSerializer.Deserialize<Order>(data); break;
            case "Account": FudgeSerializer.Deserialize<Account>(data); break;
            case "CustomerV1": FudgeSerializer.Deserialize<CustomerV1>(data); break;
            case "Fill": FudgeSerializer.Deserialize<Fill>(data); break;
            case "OrderedFeedBatch": FudgeSerializer.Deserialize<OrderedFeedBatch>(data); break;
            case "OrderedHolder": FudgeSerializer.Deserialize<OrderedHolder>(data); break;
            default: throw new ArgumentException(type);
        }
    }

    private static void AssertOnlyFormatErrors(string type, byte[] data, string what)
    {
        try
        {
            Decode(type, data);
        }
        catch (FudgeFormatException)
        {
        }
        catch (Exception e)
        {
            Assert.Fail($"{what}: {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
        }
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Every_sample_decodes_whole(string type, byte[] data) => Decode(type, data); // or the cuts below prove nothing

    [Theory]
    [MemberData(nameof(Samples))]
    public void Every_truncation_raises_a_format_exception(string type, byte[] data)
    {
        for (int length = 0; length < data.Length; length++)
            Assert.Throws<FudgeFormatException>(() => Decode(type, data.AsSpan(0, length).ToArray()));
        // and a truncated body with its header size patched to match
        for (int length = 8; length < data.Length; length++)
        {
            var cut = data.AsSpan(0, length).ToArray();
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
            AssertOnlyFormatErrors(type, cut, $"truncated to {length}");
        }
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Every_corrupted_byte_raises_only_format_exceptions(string type, byte[] data)
    {
        var values = new byte[] { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0x0F, 0x20, 0x60 };
        for (int i = 0; i < data.Length; i++)
        {
            foreach (byte v in values)
            {
                if (data[i] == v) continue;
                var corrupt = (byte[])data.Clone();
                corrupt[i] = v;
                AssertOnlyFormatErrors(type, corrupt, $"byte {i} set to 0x{v:X2}");
                corrupt[i] = (byte)(data[i] ^ 0x55);
                AssertOnlyFormatErrors(type, corrupt, $"byte {i} xor 0x55");
            }
        }
    }

    [Fact]
    public void Random_garbage_raises_only_format_exceptions()
    {
        var r = new Random(7);
        for (int i = 0; i < 2000; i++)
        {
            var data = new byte[r.Next(8, 200)];
            r.NextBytes(data);
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(data.AsSpan(4), data.Length);
            foreach (var type in new[] { "Trade", "AllScalars", "Collections", "Maps", "Portfolio" })
                AssertOnlyFormatErrors(type, data, "garbage");
        }
    }
}

/// <summary>Unknown fields an extensible type keeps count towards MaxFieldCount, nested ones included (issue 10, item 7).</summary>
public class ExtensibleFieldCountTests
{
    [Fact]
    public void Kept_unknown_fields_obey_the_field_limit()
    {
        var msg = new Fudge.FudgeMsg().Add("Name", "n").Add("x", 1).Add("y", new Fudge.FudgeMsg().Add("p", 1).Add("q", 2));
        var bytes = msg.ToByteArray();

        var kept = Fudge.Serialization.FudgeSerializer.Deserialize<CustomerV1>(bytes, new Fudge.FudgeReaderOptions { MaxFieldCount = 4 });
        Assert.Equal(2, kept.ExtensionData!.Count);
        Assert.Throws<Fudge.FudgeFormatException>(() => Fudge.Serialization.FudgeSerializer.Deserialize<CustomerV1>(bytes, new Fudge.FudgeReaderOptions { MaxFieldCount = 3 }));
    }
}
