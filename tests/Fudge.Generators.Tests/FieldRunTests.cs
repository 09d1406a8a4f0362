using System;
using System.Collections.Generic;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>Every fixed-width kind a field run takes, two strings (a run holds one) and a nested object between stretches.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class RunMix
{
    [FudgeField(1)] public bool Flag { get; set; }
    [FudgeField(2)] public sbyte Tick { get; set; }
    [FudgeField(3)] public short Lots { get; set; }
    [FudgeField(4)] public int Count { get; set; }
    [FudgeField(5)] public long Total { get; set; }
    [FudgeField(6)] public ulong Nanos { get; set; }
    [FudgeField(7)] public float Ratio { get; set; }
    [FudgeField(8)] public double Price { get; set; }
    [FudgeField(9)] public RunSide Side { get; set; }
    [FudgeField(10)] public string? Venue { get; set; }
    [FudgeField(11)] public string? Note { get; set; }
    [FudgeField(12)] public RunQuote? Quote { get; set; }
    [FudgeField(13)] public ushort After { get; set; }
    [FudgeField(14)] public uint Last { get; set; }
}

/// <summary>An enum over byte.</summary>
public enum RunSide : byte
{
    /// <summary>Bid.</summary>
    Buy,

    /// <summary>Offer.</summary>
    Sell = 200,
}

/// <summary>A union whose cases write their two type names as one pre-encoded block.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals, TypeName = "Quote")]
[FudgeUnion("Bid", typeof(RunBid))]
[FudgeUnion("Ask", typeof(RunAsk))]
public abstract partial class RunQuote
{
    [FudgeField(1)] public ulong Price { get; set; }
    [FudgeField(2)] public uint Size { get; set; }
}

/// <summary>A case with a member of its own.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class RunBid : RunQuote
{
    [FudgeField(3)] public byte Flags { get; set; }
}

/// <summary>A case with none.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class RunAsk : RunQuote
{
}

/// <summary>Lists of one element size whose total crosses the 1- and 2-byte size limits as their count varies.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class RunBook
{
    [FudgeField(1)] public List<RunBid> Levels { get; set; } = new();
}

/// <summary>
/// Generated writers put stretches of fixed-width members, strings and type names in field runs: the bytes are those
/// of the same message built as a <see cref="FudgeMsg"/> (every integer in its smallest width, every size minimal),
/// in a fixed destination of exactly their length too, and the values come back.
/// </summary>
public class FieldRunTests
{
    public static TheoryData<RunMix> Values() => new()
    {
        new RunMix(),
        new RunMix
        {
            Flag = true, Tick = sbyte.MinValue, Lots = short.MinValue, Count = int.MinValue, Total = long.MinValue, Nanos = ulong.MaxValue,
            Ratio = float.NaN, Price = double.MaxValue, Side = RunSide.Sell, Venue = "XNAS", Note = "\U0001F600 outside the BMP",
            Quote = new RunBid { Price = 1_890_000, Size = 100, Flags = 255 }, After = ushort.MaxValue, Last = uint.MaxValue,
        },
        new RunMix
        {
            Tick = 127, Lots = 128, Count = 32768, Total = int.MaxValue + 1L, Nanos = 1_764_000_000_000_000_000, Venue = new string('é', 85),
            Note = new string('v', 300), Quote = new RunAsk { Price = 32767, Size = 128 }, After = 255, Last = 65536,
        },
        new RunMix { Venue = null, Note = new string('€', 11000), Quote = new RunBid { Price = ulong.MaxValue, Size = 0, Flags = 0 } },
    };

    [Theory]
    [MemberData(nameof(Values))]
    public void The_bytes_are_the_messages_and_the_values_come_back(RunMix value)
    {
        foreach (var options in new[] { null, FudgeWriterOptions.JavaCompatible })
        {
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            FudgeSerializer.Serialize(buffer, value, options);
            byte[] bytes = buffer.WrittenSpan.ToArray();
            Assert.Equal(FudgeMsg.Parse(bytes).ToByteArray(options), bytes); // the DOM writes every size after the fact

            var back = FudgeSerializer.Deserialize<RunMix>(bytes);
            Assert.Equal(value.Flag, back.Flag);
            Assert.Equal(value.Tick, back.Tick);
            Assert.Equal(value.Lots, back.Lots);
            Assert.Equal(value.Count, back.Count);
            Assert.Equal(value.Total, back.Total);
            Assert.Equal(value.Nanos, back.Nanos);
            Assert.Equal(value.Ratio, back.Ratio);
            Assert.Equal(value.Price, back.Price);
            Assert.Equal(value.Side, back.Side);
            Assert.Equal(value.Venue, back.Venue);
            Assert.Equal(value.Note, back.Note);
            Assert.Equal(value.After, back.After);
            Assert.Equal(value.Last, back.Last);
            Assert.Equal(value.Quote?.GetType(), back.Quote?.GetType());
            Assert.Equal(value.Quote?.Price, back.Quote?.Price);
            Assert.Equal(value.Quote?.Size, back.Quote?.Size);
            Assert.Equal((value.Quote as RunBid)?.Flags, (back.Quote as RunBid)?.Flags);

            // Exactly as long a fixed destination is enough, one byte less is the writer's InvalidOperationException.
            var exact = new byte[bytes.Length];
            var writer = new FudgeWriter(exact.AsSpan(), options);
            FudgeSerializer.Serialize(ref writer, value);
            Assert.Equal(bytes, exact);
            Assert.Throws<InvalidOperationException>(() =>
            {
                var shorter = new FudgeWriter(new byte[bytes.Length - 1].AsSpan(), options);
                FudgeSerializer.Serialize(ref shorter, value);
            });
        }
    }

    [Fact]
    public void Type_names_and_members_are_the_fields_a_message_built_by_hand_has()
    {
        var value = new RunMix { Count = 7, Venue = "XLON", Quote = new RunBid { Price = 40_000, Size = 3, Flags = 1 } };
        var quote = new FudgeMsg().Add(0, "Bid").Add(0, "Quote").Add(1, 40_000).Add(2, 3).Add(3, 1);
        var expected = new FudgeMsg()
            .Add(1, false).Add(2, 0).Add(3, 0).Add(4, 7).Add(5, 0).Add(6, 0).Add(7, 0f).Add(8, 0d).Add(9, 0)
            .Add(10, "XLON").Add(12, quote).Add(13, 0).Add(14, 0);
        Assert.Equal(new FudgeEnvelope(expected).ToByteArray(), FudgeSerializer.Serialize(value));
    }

    [Fact]
    public void Lists_sized_by_count_take_the_minimal_size_width_whatever_the_count_before()
    {
        // Every level the same size: a list's size crosses 255 and 32,767 bytes at fixed counts, and the counts go up
        // and down across both limits, so the bytes per element the writer estimates from is often the wrong width.
        int element = FudgeSerializer.Serialize(new RunBook { Levels = { Level() } }).Length - 8 - 5; // envelope, list header
        var counts = new List<int>();
        foreach (int limit in new[] { 255, 32767 })
            foreach (int delta in new[] { 0, 1, -1, 2 })
                counts.Add(limit / element + delta);
        counts.AddRange(new[] { 1, 32767 / element + 1, 0, 255 / element + 1, 1 });
        foreach (int count in counts)
        {
            var book = new RunBook();
            for (int i = 0; i < count; i++) book.Levels.Add(Level());
            byte[] bytes = FudgeSerializer.Serialize(book);
            Assert.Equal(FudgeMsg.Parse(bytes).ToByteArray(), bytes);
            Assert.Equal(count, FudgeSerializer.Deserialize<RunBook>(bytes).Levels.Count);
        }
    }

    private static RunBid Level() => new() { Price = 1_000_000, Size = 100, Flags = 1 };
}
