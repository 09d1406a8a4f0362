using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

[FudgeMessage]
public partial class PTick
{
    public string? Symbol { get; set; }
    public long Sequence { get; set; }
    public int Flags { get; set; }
    public int? Lots { get; set; }
    public QSide Side { get; set; }
    public float Ratio { get; set; }
    public bool Active { get; set; }
    public byte Level { get; set; }
    public PTrade? Trade { get; set; }
}

[FudgeMessage]
public partial class PTrade
{
    public double Price { get; set; }
    public long Size { get; set; }
}

/// <summary>
/// A field-only projection reads its leaves in one pass over each message into typed slots: what it gives is what the
/// leaves' paths select (the first field of each), converted as <see cref="FudgeConvert"/> converts it, and all it
/// allocates per message is the result and its strings.
/// </summary>
public class ProjectionReadTests
{
    private static readonly string[] Symbols = Enumerable.Range(0, 50).Select(i => "S" + i.ToString("000", System.Globalization.CultureInfo.InvariantCulture)).ToArray();

    private static byte[] Stream<T>(IEnumerable<T> messages)
    {
        var output = new MemoryStream();
        foreach (var message in messages) FudgeSerializer.Serialize(output, message);
        return output.ToArray();
    }

    private static List<PTick> Ticks(int seed, int count)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, count).Select(i => new PTick
        {
            Symbol = random.Next(10) == 0 ? null : Symbols[random.Next(Symbols.Length)],
            Sequence = i * 1_000_003L,
            Flags = random.Next(-5, 300),
            Lots = random.Next(3) == 0 ? null : random.Next(-2, 100_000),
            Side = (QSide)random.Next(1, 4),
            Ratio = (float)random.NextDouble(),
            Active = random.Next(2) == 0,
            Level = (byte)random.Next(256),
            Trade = random.Next(5) == 0 ? null : new PTrade { Price = Math.Round(random.NextDouble() * 500, 2), Size = random.Next(1, 1000) },
        }).ToList();
    }

    private static double Sum(byte[] stream)
    {
        using var reader = new FudgeStreamReader(new MemoryStream(stream, writable: false));
        double sum = 0;
        foreach (var tick in reader.Query<PTick>().Select(t => new { t.Symbol, t.Trade!.Price })) sum += tick.Price + tick.Symbol!.Length;
        return sum;
    }

    [Fact]
    public void A_two_field_projection_allocates_only_its_results_and_their_strings()
    {
        const int count = 20_000;
        var ticks = Ticks(seed: 5, count: count);
        foreach (var tick in ticks)
        {
            tick.Symbol ??= "S000";
            tick.Trade ??= new PTrade { Price = 1 };
        }
        var stream = Stream(ticks);
        Sum(stream); // the selector compiled, the code jitted
        long before = GC.GetAllocatedBytesForCurrentThread();
        double sum = Sum(stream);
        long perTick = (GC.GetAllocatedBytesForCurrentThread() - before) / count;
        Assert.Equal(ticks.Sum(t => t.Trade!.Price + t.Symbol!.Length), sum, precision: 6);
        // On a 64-bit runtime: the anonymous object (header, method table, a reference and a double: 32 bytes) and its
        // four-character string (32 bytes); the reader, its buffer and the enumerators are shared by every tick.
        Assert.True(perTick <= 32 + 32 + 8, $"{perTick} bytes a tick");
    }

    [Fact]
    public void The_next_projection_of_the_same_shape_allocates_only_its_results()
    {
        // The selector written again is the same shape: its reads, compiled selector, layouts and strings are the last
        // enumeration's, so no string is decoded again and nothing is set up again.
        const int count = 20_000;
        var ticks = Ticks(seed: 6, count: count);
        foreach (var tick in ticks)
        {
            tick.Symbol ??= "S000";
            tick.Trade ??= new PTrade { Price = 1 };
        }
        var stream = Stream(ticks);
        Sum(stream);
        // The shared projectors are emptied when 64 shapes are held, and other tests running in parallel can fill
        // them between two enumerations here: the fewest bytes of three tries is this shape's own cost.
        long total = long.MaxValue;
        for (int attempt = 0; attempt < 3 && total > (32L * count) + 8_192; attempt++)
        {
            long before = GC.GetAllocatedBytesForCurrentThread();
            double sum = Sum(stream);
            total = Math.Min(total, GC.GetAllocatedBytesForCurrentThread() - before);
            Assert.Equal(ticks.Sum(t => t.Trade!.Price + t.Symbol!.Length), sum, precision: 6);
        }
        // The anonymous objects (32 bytes each), and per query the expression tree, the reader, the stream and the enumerator.
        Assert.True(total <= (32L * count) + 8_192, $"{total - (32L * count)} bytes besides the results");
    }

    [Fact]
    public void Nested_leaves_agree_with_linq_over_the_deserialized_ticks()
    {
        var ticks = Ticks(seed: 17, count: 500);
        var back = ticks.Select(t => FudgeSerializer.Deserialize<PTick>(FudgeSerializer.Serialize(t))).ToList();
        using var reader = new FudgeStreamReader(new MemoryStream(Stream(ticks)));
        var projection = reader.Query<PTick>().Where(t => t.Flags > 10).Select(t => new { t.Symbol, t.Trade!.Price, t.Trade.Size, t.Lots, t.Side, t.Ratio, t.Active, t.Level, Total = t.Trade.Price * t.Trade.Size });
        Assert.True(projection.ReadsFieldsOnly);
        var expected = back.Where(t => t.Flags > 10)
            .Select(t => new { t.Symbol, Price = t.Trade?.Price ?? 0, Size = t.Trade?.Size ?? 0, t.Lots, t.Side, t.Ratio, t.Active, t.Level, Total = (t.Trade?.Price ?? 0) * (t.Trade?.Size ?? 0) });
        Assert.Equal(expected, projection.ToList());
    }

    [Fact]
    public async Task The_asynchronous_projection_reads_the_same_values()
    {
        var ticks = Ticks(seed: 3, count: 200);
        using var reader = new FudgeStreamReader(new MemoryStream(Stream(ticks)));
        var got = new List<(string?, long)>();
        await foreach (var value in reader.Query<PTick>().Select(t => ValueTuple.Create(t.Symbol, t.Sequence))) got.Add(value);
        Assert.Equal(ticks.Select(t => (t.Symbol, t.Sequence)), got);
    }

    /// <summary>
    /// Messages written field by field, with every member's field of a random wire type (or absent, repeated, an
    /// indicator, a sub-message): each leaf is the first field its path selects (<see cref="FudgePath"/>), converted by
    /// <see cref="FudgeConvert.To{T}"/>; a value that converts to nothing raises the same <see cref="FudgeException"/>.
    /// </summary>
    [Fact]
    public void Each_leaf_is_the_first_field_of_its_path_converted_as_FudgeConvert_converts_it()
    {
        var random = new Random(43);
        string[] top = { "Symbol", "Sequence", "Flags", "Lots", "Side", "Ratio", "Active", "Level" };
        for (int round = 0; round < 2_000; round++)
        {
            var message = new FudgeMsg();
            var trade = new FudgeMsg();
            foreach (var name in top.OrderBy(_ => random.Next()))
                AddRandom(message, name, random);
            AddRandom(trade, "Price", random);
            AddRandom(trade, "Size", random);
            if (random.Next(4) != 0) message.Add("Trade", trade);
            if (random.Next(4) == 0) message.Add("Trade", new FudgeMsg().Add("Price", 7.5).Add("Size", 3));
            var bytes = message.ToByteArray();

            object?[]? expected;
            try
            {
                expected = new object?[]
                {
                    First<string>(bytes, "$.Symbol"), First<long>(bytes, "$.Sequence"), First<int>(bytes, "$.Flags"), First<int?>(bytes, "$.Lots"),
                    First<QSide>(bytes, "$.Side"), First<float>(bytes, "$.Ratio"), First<bool>(bytes, "$.Active"), First<byte>(bytes, "$.Level"),
                    First<double>(bytes, "$.Trade.Price"), First<long>(bytes, "$.Trade.Size"),
                };
            }
            catch (FudgeException)
            {
                expected = null;
            }
            using var reader = new FudgeStreamReader(new MemoryStream(bytes));
            var projection = reader.Query<PTick>().Select(t => new object?[] { t.Symbol, t.Sequence, t.Flags, t.Lots, t.Side, t.Ratio, t.Active, t.Level, t.Trade!.Price, t.Trade.Size });
            if (expected is null)
            {
                Assert.ThrowsAny<FudgeException>(() => projection.First());
                continue;
            }
            Assert.Equal(expected, projection.First());
        }
    }

    [Fact]
    public void A_value_out_of_its_members_range_is_refused_as_FudgeConvert_refuses_it()
    {
        var bytes = new FudgeMsg().Add("Level", 300).ToByteArray();
        var expected = Assert.Throws<FudgeException>(() => FudgeConvert.To<byte>(300));
        using var reader = new FudgeStreamReader(new MemoryStream(bytes));
        var e = Assert.Throws<FudgeException>(() => reader.Query<PTick>().Select(t => t.Level).First());
        Assert.Equal(expected.Message, e.Message);
    }

    private static T? First<T>(byte[] bytes, string path)
    {
        var fields = FudgePath.Compile(path).Select(bytes);
        return fields.Count == 0 ? default : FudgeConvert.To<T>(fields[0].Value);
    }

    // A value of a random wire type for the member, mostly of one its type converts from (one in twenty of another).
    private static void AddRandom(FudgeMsg message, string name, Random random)
    {
        bool text = name == "Symbol";
        bool floating = name is "Ratio" or "Price";
        int copies = random.Next(8) == 0 ? 2 : 1;
        for (int i = 0; i < copies; i++)
        {
            object? value = random.Next(20) switch
            {
                0 => null,
                1 => FudgeIndicator.Instance,
                2 => random.Next(10) == 0 ? new FudgeMsg().Add("x", 1) : text ? 5 : "5",
                3 => random.Next(4) == 0 ? (long)random.Next() << random.Next(0, 32) : random.Next(-5, 260),
                _ when text => random.Next(3) == 0 ? "Zürich\U0001F600" : Symbols[random.Next(Symbols.Length)],
                4 or 5 => (sbyte)random.Next(-128, 128),
                6 or 7 => (short)random.Next(0, 200),
                8 or 9 => random.Next(-5, 255),
                10 => random.Next(2) == 0,
                11 => (long)random.Next(0, 100),
                _ when floating => random.Next(2) == 0 ? (float)(random.NextDouble() * 100) : random.NextDouble() * 1e6,
                _ => random.Next(0, 100),
            };
            if (value is null) return;
            message.Add(name, value);
        }
    }
}
