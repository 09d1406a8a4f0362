using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.TypedQueries;

/// <summary>
/// A query written in a loop or per request is a new expression tree of the same shape each time. Its filter is shared
/// with the earlier queries of the same translation, and a projection's reads, compiled selector and learned layouts
/// and strings with the earlier ones of the same selector: whatever is shared, each query must answer as LINQ to Objects
/// over the deserialized ticks does with the values of that moment (captured variables that change, captured lists that
/// grow, a method over captured values), and projections of one shape enumerated at the same time must each read
/// their own stream.
/// </summary>
public class RepeatedQueryTests
{
    private static readonly string[] Symbols = { "A", "IBM", "AAPL", "MSFT", "Zürich" };

    private static List<PTick> Ticks(int count = 600)
    {
        var random = new Random(11);
        return Enumerable.Range(0, count).Select(i => new PTick
        {
            Symbol = Symbols[random.Next(Symbols.Length)],
            Sequence = i,
            Flags = random.Next(-50, 300),
            Lots = random.Next(3) == 0 ? null : random.Next(0, 1000),
            Level = (byte)random.Next(256),
            Trade = random.Next(5) == 0 ? null : new PTrade { Price = Math.Round(random.NextDouble() * 500, 2), Size = random.Next(1, 1000) },
        }).ToList();
    }

    private static byte[] Stream(IEnumerable<PTick> ticks)
    {
        var output = new MemoryStream();
        foreach (var tick in ticks) FudgeSerializer.Serialize(output, tick);
        return output.ToArray();
    }

    private static FudgeStreamReader Reader(byte[] stream) => new(new MemoryStream(stream));

    [Fact]
    public void A_query_in_a_loop_counts_with_each_value_its_variable_has()
    {
        var ticks = Ticks();
        var stream = Stream(ticks);
        foreach (var symbol in Symbols.Concat(Symbols.Reverse()))
        {
            for (int flags = -60; flags <= 300; flags += 120)
            {
                using var reader = Reader(stream);
                Assert.Equal(ticks.Count(t => t.Symbol == symbol && t.Flags > flags), reader.Query<PTick>().Count(t => t.Symbol == symbol && t.Flags > flags));
            }
        }
    }

    [Fact]
    public void A_variable_changed_after_one_query_is_read_again_by_the_next()
    {
        var ticks = Ticks();
        var stream = Stream(ticks);
        var limit = new Limit { Flags = 100 };
        using (var reader = Reader(stream)) Assert.Equal(ticks.Count(t => t.Flags > limit.Flags), reader.Query<PTick>().Where(t => t.Flags > limit.Flags).Count());
        limit.Flags = 200;
        using (var reader = Reader(stream)) Assert.Equal(ticks.Count(t => t.Flags > limit.Flags), reader.Query<PTick>().Where(t => t.Flags > limit.Flags).Count());
    }

    [Fact]
    public void A_captured_list_that_grows_between_queries_is_read_again()
    {
        var ticks = Ticks();
        var stream = Stream(ticks);
        var wanted = new List<string?> { "IBM" };
        using (var reader = Reader(stream)) Assert.Equal(ticks.Count(t => wanted.Contains(t.Symbol)), reader.Query<PTick>().Count(t => wanted.Contains(t.Symbol)));
        wanted.Add("AAPL");
        using (var reader = Reader(stream)) Assert.Equal(ticks.Count(t => wanted.Contains(t.Symbol)), reader.Query<PTick>().Count(t => wanted.Contains(t.Symbol)));
    }

    [Fact]
    public void A_method_over_captured_values_is_called_for_each_query()
    {
        var ticks = Ticks();
        var stream = Stream(ticks);
        var counter = new Counter();
        for (int i = 0; i < 3; i++)
        {
            using var reader = Reader(stream);
            int expected = ticks.Count(t => t.Flags > i * 100);
            Assert.Equal(expected, reader.Query<PTick>().Count(t => t.Flags > counter.Next()));
        }
        Assert.Equal(3, counter.Calls);
    }

    [Fact]
    public void A_projection_in_a_loop_gives_each_stream_its_own_values()
    {
        for (int seed = 0; seed < 4; seed++)
        {
            var ticks = Ticks(200 + (seed * 50));
            foreach (var tick in ticks) tick.Sequence += seed * 1_000;
            using var reader = Reader(Stream(ticks));
            Assert.Equal(ticks.Select(t => new { t.Symbol, t.Sequence, Price = t.Trade?.Price ?? 0 }),
                reader.Query<PTick>().Select(t => new { t.Symbol, t.Sequence, t.Trade!.Price }).ToList());
        }
    }

    [Fact]
    public async Task Projections_of_one_shape_enumerated_at_the_same_time_each_read_their_own_stream()
    {
        var first = Ticks(300);
        var second = Ticks(500);
        second.Reverse();
        using var one = Reader(Stream(first));
        using var two = Reader(Stream(second));
        using var a = one.Query<PTick>().Select(t => new { t.Symbol, t.Sequence }).GetEnumerator();
        using var b = two.Query<PTick>().Select(t => new { t.Symbol, t.Sequence }).GetEnumerator();
        var gotA = new List<(string?, long)>();
        var gotB = new List<(string?, long)>();
        while (true)
        {
            bool moreA = a.MoveNext(), moreB = b.MoveNext();
            if (moreA) gotA.Add((a.Current.Symbol, a.Current.Sequence));
            if (moreB) gotB.Add((b.Current.Symbol, b.Current.Sequence));
            if (!moreA && !moreB) break;
        }
        Assert.Equal(first.Select(t => (t.Symbol, t.Sequence)), gotA);
        Assert.Equal(second.Select(t => (t.Symbol, t.Sequence)), gotB);
        Assert.False(a.MoveNext());

        // And on threads of their own.
        var tasks = Enumerable.Range(0, 4).Select(i => Task.Run(() =>
        {
            var ticks = Ticks(400 + i);
            using var reader = Reader(Stream(ticks));
            return ticks.Select(t => (t.Symbol, t.Sequence)).SequenceEqual(reader.Query<PTick>().Select(t => new { t.Symbol, t.Sequence }).AsEnumerable().Select(x => (x.Symbol, x.Sequence)));
        })).ToArray();
        Assert.DoesNotContain(false, await Task.WhenAll(tasks));
    }

    [Fact]
    public void A_projection_with_a_captured_variable_reads_each_querys_value()
    {
        var ticks = Ticks(100);
        var stream = Stream(ticks);
        for (long offset = 0; offset < 3; offset++)
        {
            using var reader = Reader(stream);
            Assert.Equal(ticks.Select(t => t.Sequence + offset), reader.Query<PTick>().Select(t => t.Sequence + offset).ToList());
        }
    }

    private sealed class Counter
    {
        public int Calls { get; private set; }

        public int Next() => Calls++ * 100;
    }

    private sealed class Limit
    {
        public int Flags { get; set; }
    }
}
