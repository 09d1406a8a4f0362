using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// A filter's loop remembers the layouts of the messages it decides: which bytes are structure, and where the fields
/// it tests are. A message whose structure bytes equal a remembered layout's is decided from the values of those fields
/// alone. Whatever the values, the answer must be the walk's; and a message that differs from a layout in any
/// structure byte must not be taken for it.
/// </summary>
public class MessageLayoutTests
{
    private static readonly int MaxDepth = FudgeReaderOptions.Default.MaxDepth;

    public static readonly string[] StreamFilters =
    {
        "$.ticker == 'ACME' && $.trade.price > 100",
        "$.ticker in ['ACME', 'GLBX'] || $.bidSize >= 3000",
        "$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']",
        "$.Company.Ticker != 'AAPL' && $.Log.Seq < 20 && $.System.Pid",
    };

    [Fact]
    public void A_stream_is_decided_through_its_layouts_as_the_walk_and_the_model_decide_it()
    {
        var messages = Envelopes("ticks.fudge").Concat(Envelopes("logs.fudge")).ToArray();
        var random = new Random(5);
        foreach (var text in StreamFilters)
        {
            var filter = FudgeFilter.Compile(text);
            int byLayout = 0, held = 0;
            for (int round = 0; round < 40; round++)
            {
                foreach (var bytes in messages.OrderBy(_ => random.Next()))
                {
                    if (filter.Loop!.CachedLayout(bytes.AsSpan(FudgeEnvelopeHeader.Size), 0, MaxDepth) is not null) byLayout++;
                    bool matches = filter.Matches(bytes);
                    Assert.True(matches == filter.MatchesByWalk(bytes), text);
                    Assert.True(matches == filter.Matches(FudgeMsg.Parse(bytes)), text);
                    if (matches) held++;
                }
            }
            // Nearly every message, once the layouts are learned; the filters pass some and fail others.
            Assert.True(byLayout > messages.Length * 30, $"{text}: {byLayout} of {messages.Length * 40} by layout");
            Assert.InRange(held, 1, messages.Length * 40 - 1);
        }
    }

    [Fact]
    public void Any_values_in_the_bytes_that_are_not_structure_get_the_walks_answer()
    {
        var random = new Random(11);
        int checkedVariants = 0;
        foreach (var (text, bytes) in FiltersAndMessages())
        {
            var filter = FudgeFilter.Compile(text);
            filter.Matches(bytes); // a new filter records the layout of the first message it decides (up to 512 bytes)
            if (filter.Loop!.CachedLayout(bytes.AsSpan(FudgeEnvelopeHeader.Size), 0, MaxDepth) is not { } layout) continue;
            for (int variant = 0; variant < 8; variant++)
            {
                var changed = (byte[])bytes.Clone();
                for (int i = 0; i < layout.Length; i++)
                    if (!layout.IsStructure(i)) changed[FudgeEnvelopeHeader.Size + i] = Pick(random);
                Assert.NotNull(filter.Loop.CachedLayout(changed.AsSpan(FudgeEnvelopeHeader.Size), 0, MaxDepth));
                Assert.True(FilterOutcome.Of(() => filter.Matches(changed)) == FilterOutcome.Of(() => filter.MatchesByWalk(changed)), text);
                checkedVariants++;
            }
        }
        Assert.True(checkedVariants > 3000, checkedVariants.ToString());
    }

    [Fact]
    public void A_message_that_differs_in_one_structure_byte_is_not_taken_for_the_layout()
    {
        int refused = 0;
        foreach (var (text, bytes) in FiltersAndMessages().Where((_, i) => i % 5 == 0))
        {
            var filter = FudgeFilter.Compile(text);
            filter.Matches(bytes);
            if (filter.Loop!.CachedLayout(bytes.AsSpan(FudgeEnvelopeHeader.Size), 0, MaxDepth) is not { } layout) continue;
            for (int i = 0; i < layout.Length; i++)
            {
                if (!layout.IsStructure(i)) continue;
                byte original = bytes[FudgeEnvelopeHeader.Size + i];
                foreach (byte value in new[] { (byte)0x00, (byte)0xFF, (byte)(original ^ 0x01), (byte)(original ^ 0x80) })
                {
                    if (value == original) continue;
                    var changed = (byte[])bytes.Clone();
                    changed[FudgeEnvelopeHeader.Size + i] = value;
                    // (The loop may learn the layouts of some of these in turn: by their own structure bytes.)
                    Assert.False(layout.Fits(changed.AsSpan(FudgeEnvelopeHeader.Size), 0, MaxDepth), text);
                    Assert.True(FilterOutcome.Of(() => filter.Matches(changed)) == FilterOutcome.Of(() => filter.MatchesByWalk(changed)), text);
                    refused++;
                }
            }
        }
        Assert.True(refused > 1000, refused.ToString());
    }

    [Theory]
    [MemberData(nameof(PlainPathPlanTests.Inputs), MemberType = typeof(PlainPathPlanTests))]
    public void Real_messages_corrupted_after_their_layout_is_learned_get_the_walks_answer_or_error(string name)
    {
        var bytes = Input(name);
        foreach (var text in PlainPathPlanTests.HostileFilterTexts)
        {
            var filter = FudgeFilter.Compile(text);
            filter.Matches(bytes);
            bool learned = filter.Loop?.CachedLayout(bytes.AsSpan(FudgeEnvelopeHeader.Size), 0, MaxDepth) is not null;
            // Value bytes changed keep the layout; structure bytes changed lose it. The loop learns some of these in turn.
            for (int i = FudgeEnvelopeHeader.Size; i < bytes.Length; i++)
            {
                foreach (byte value in new byte[] { 0x00, 0xFF, 0x80, 0x20 })
                {
                    var corrupt = (byte[])bytes.Clone();
                    corrupt[i] = corrupt[i] == value ? (byte)(value ^ 0x01) : value;
                    Assert.True(FilterOutcome.Of(() => filter.Matches(corrupt)) == FilterOutcome.Of(() => filter.MatchesByWalk(corrupt)),
                        $"{name} with byte {i} set to 0x{value:x2}: {text} (layout learned: {learned})");
                }
            }
        }
    }

    [Fact]
    public void A_layout_is_used_only_at_the_depth_and_under_the_limit_it_was_recorded_at()
    {
        var filter = FudgeFilter.Compile("$.a.a.a == 1");
        var bytes = new FudgeMsg().Add("a", new FudgeMsg().Add("a", new FudgeMsg().Add("a", 1))).ToByteArray();
        var fields = bytes.AsSpan(FudgeEnvelopeHeader.Size);
        var loop = filter.Loop!;
        // Two sub-messages deep: within a limit of 2 from the top.
        Assert.Equal(1, loop.EvaluateFields(fields, 0, 2));
        Assert.NotNull(loop.CachedLayout(fields, 0, 2));
        Assert.Null(loop.CachedLayout(fields, 1, 2));
        Assert.Null(loop.CachedLayout(fields, 0, 1));
        // One level lower, or under a lower limit, the limit is reached: the loop leaves it to the walk, which reports it.
        Assert.Equal(PlainPathPlan.Undecided, loop.EvaluateFields(fields, 1, 2));
        Assert.Equal(PlainPathPlan.Undecided, loop.EvaluateFields(fields, 0, 1));
        Assert.Equal(1, loop.EvaluateFields(fields, 0, 2));
    }

    [Fact]
    public void A_stream_of_known_layouts_allocates_nothing()
    {
        var messages = Envelopes("ticks.fudge").Concat(Envelopes("logs.fudge")).ToArray();
        var filter = FudgeFilter.Compile("$.ticker == 'ACME' && $.trade.price > 100 || $.Log.Type == 'AUDIT'");
        Assert.Equal(0, Allocations.SteadyState(() =>
        {
            foreach (var bytes in messages) filter.Matches(bytes);
        }));
    }

    [Fact]
    public void A_stream_whose_messages_all_differ_learns_ever_more_rarely()
    {
        // Each message has a name no other has; the stream is read three times, so that a layout learned from a
        // message is used once in each later pass, as in a replay of a log.
        var messages = Enumerable.Range(0, 20_000)
            .Select(i => new FudgeMsg().Add("ticker", "ACME").Add("n" + i.ToString("x"), i).ToByteArray())
            .ToArray();
        var filter = FudgeFilter.Compile("$.ticker == 'ACME' && $.price > 1");
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int pass = 0; pass < 3; pass++)
            foreach (var bytes in messages) Assert.False(filter.Matches(bytes));
        double perMessage = (GC.GetAllocatedBytesForCurrentThread() - before) / (3.0 * messages.Length);
        // Recording every sixteenth would cost some 20 bytes a message here; backing off, under 1.
        Assert.True(perMessage < 1, $"{perMessage} bytes a message");
    }

    [Fact]
    public void Threads_that_share_a_filter_get_the_walks_answers()
    {
        var messages = Envelopes("ticks.fudge").Concat(Envelopes("logs.fudge")).ToArray();
        var random = new Random(3);
        // Values changed at random, so that one layout serves messages with different answers.
        var variants = Enumerable.Range(0, 400).Select(i =>
        {
            var bytes = (byte[])messages[i % messages.Length].Clone();
            var layout = FudgeFilter.Compile(StreamFilters[0]).Loop!.Record(bytes.AsSpan(FudgeEnvelopeHeader.Size), 0, MaxDepth)!;
            for (int j = 0; j < layout.Length; j++)
                if (!layout.IsStructure(j) && random.Next(8) == 0) bytes[FudgeEnvelopeHeader.Size + j] = Pick(random);
            return bytes;
        }).ToArray();
        foreach (var text in StreamFilters)
        {
            var filter = FudgeFilter.Compile(text);
            var expected = variants.Select(bytes => FilterOutcome.Of(() => filter.MatchesByWalk(bytes))).ToArray();
            var wrong = new int[4];
            Parallel.For(0, 4, new ParallelOptions { MaxDegreeOfParallelism = 4 }, thread =>
            {
                var order = new Random(thread);
                for (int n = 0; n < 20_000; n++)
                {
                    int i = order.Next(variants.Length);
                    if (FilterOutcome.Of(() => filter.Matches(variants[i])) != expected[i]) wrong[thread]++;
                }
            });
            Assert.Equal(0, wrong.Sum());
        }
    }

    [Fact]
    public void The_structure_comparison_agrees_with_one_byte_by_byte_at_every_length()
    {
        var random = new Random(17);
        for (int length = 0; length <= 100; length++)
        {
            for (int round = 0; round < 50; round++)
            {
                var message = new byte[length];
                var mask = new byte[length];
                random.NextBytes(message);
                for (int i = 0; i < length; i++) mask[i] = random.Next(3) == 0 ? (byte)0 : (byte)0xFF;
                var structure = message.Select((b, i) => (byte)(b & mask[i])).ToArray();
                if (length > 0 && round % 2 == 1) message[random.Next(length)] ^= (byte)(1 << random.Next(8));
                bool expected = message.Select((b, i) => (byte)(b & mask[i])).SequenceEqual(structure);
                Assert.Equal(expected, Layout.SameStructure(message, structure, mask));
                Assert.Equal(expected, Layout.SameStructureByWords(message, structure, mask));
            }
        }
    }

    [Theory]
    [InlineData(15)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(31)]
    [InlineData(32)]
    [InlineData(33)]
    public void A_changed_structure_byte_is_seen_wherever_it_is_around_the_vector_widths(int length)
    {
        // From 32 bytes the structure is compared as 32-byte vectors (with AVX2), the last one overlapping, and below
        // that word by word: a change at the first byte, the last, or where the vectors or words overlap is a
        // different structure; a change in a byte that is not structure is not.
        var random = new Random(length);
        var message = new byte[length];
        random.NextBytes(message);
        var mask = new byte[length];
        for (int i = 0; i < length; i++) mask[i] = i % 3 == 2 ? (byte)0 : (byte)0xFF;
        var structure = message.Select((b, i) => (byte)(b & mask[i])).ToArray();
        Assert.True(Layout.SameStructure(message, structure, mask));
        for (int at = 0; at < length; at++)
        {
            var changed = (byte[])message.Clone();
            changed[at] ^= 0x80;
            Assert.Equal(mask[at] == 0, Layout.SameStructure(changed, structure, mask));
            Assert.Equal(mask[at] == 0, Layout.SameStructureByWords(changed, structure, mask));
        }
    }

    // Loop filters on random messages and trees of two names, each filter with each message.
    private static IEnumerable<(string Filter, byte[] Bytes)> FiltersAndMessages()
    {
        var messages = RandomMessages.Envelopes(150).Select(e => e.Envelope.ToByteArray())
            .Concat(Enumerable.Range(0, 150).Select(seed => PlainPathPlanTests.Tree(new Random(seed), 4).ToByteArray()))
            .ToArray();
        foreach (var text in PlainPathPlanTests.LoopFilters.Concat(PlainPathPlanTests.NestedFilters))
            foreach (var bytes in messages)
                yield return (text, bytes);
    }

    // Bytes that often mean something: small numbers, the edges of each width, letters the filters compare with.
    private static byte Pick(Random random) => random.Next(4) switch
    {
        0 => (byte)random.Next(256),
        1 => (byte)"axyZ"[random.Next(4)],
        2 => new byte[] { 0x00, 0x01, 0x02, 0x3F, 0x7F, 0x80, 0xFF }[random.Next(7)],
        _ => (byte)random.Next(4),
    };

    private static byte[] Input(string name) => name.EndsWith(".dat", StringComparison.Ordinal)
        ? InteropVectors.Read(name)
        : Envelopes(name).First();

    private static IEnumerable<byte[]> Envelopes(string sample)
    {
        var stream = File.ReadAllBytes(Path.Combine(InteropVectors.Folder, "..", "..", "samples", sample));
        for (int at = 0; at < stream.Length;)
        {
            int size = FudgeReader.ReadEnvelopeHeader(stream.AsSpan(at)).MessageSize;
            yield return stream.AsSpan(at, size).ToArray();
            at += size;
        }
    }
}
