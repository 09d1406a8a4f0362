using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// Sub-messages a decode leaves pending: a chain of sub-messages with almost nothing in them would cost far more
/// memory than its bytes (issue 34), so <see cref="FudgeMsg.Parse"/> checks it to the bottom and keeps a copy of its
/// bytes, building each level when its field is first read. Nothing of that may show: same errors at the same offsets
/// at parse time, same fields, names, equality and bytes afterwards.
/// </summary>
public class PendingSubMessageTests
{
    /// <summary>Deep enough that the decode's credit runs out inside the chain (3 levels or so are built at once).</summary>
    private const int ChainDepth = 20;

    private static readonly FudgeTaxonomy Taxonomy = new(new Dictionary<short, string> { [1] = "text", [2] = "level" });

    /// <summary>
    /// Text, numbers, a date, an ordinal-only field the taxonomy names, an empty and a full sub-message: the end of a
    /// chain a decode leaves pending.
    /// </summary>
    private static FudgeMsg Inner() => new FudgeMsg()
        .Add("text", "héllo wörld ✓")
        .Add((short)7, 42)
        .Add((short)1, "named by the taxonomy")
        .Add("when", new FudgeDate(2026, 11, 27))
        .Add("empty", new FudgeMsg())
        .Add("leaf", new FudgeMsg().Add("x", 1.5).Add("y", -2.5));

    /// <summary>Sub-messages of one field each, <paramref name="depth"/> deep, around <paramref name="inner"/>.</summary>
    private static FudgeMsg Chain(int depth, FudgeMsg inner)
    {
        var message = inner;
        for (int level = 0; level < depth; level++) message = new FudgeMsg().Add((short)2, message);
        return message;
    }

    /// <summary>A message with a sub-message worth building, two pending chains and fields around them.</summary>
    private static FudgeMsg Sample() => new FudgeMsg()
        .Add("id", 12345)
        .Add("chain", Chain(ChainDepth, Inner()))
        .Add("quote", new FudgeMsg().Add("bid", 101.25).Add("ask", 101.5).Add("venue", "XNAS"))
        .Add("second", Chain(3, Inner()))
        .Add("tail", "end");

    private static byte[] SampleBytes(short taxonomyId = 0) => new FudgeEnvelope(Sample(), taxonomyId: taxonomyId).ToByteArray();

    [Fact]
    public void A_chain_of_near_empty_sub_messages_is_left_pending_and_reads_as_if_decoded_at_once()
    {
        var parsed = FudgeMsg.Parse(SampleBytes());

        Assert.Equal(0, parsed.GetMessage("quote")!.PendingSubMessageCount);
        var chain = parsed.GetMessage("chain")!;
        AssertPendingBelowSomeLevel(chain, 2);
        var inner = Enumerable.Range(0, ChainDepth).Aggregate(chain, (m, _) => m.GetMessage(2)!);
        Assert.Equal("héllo wörld ✓", inner.GetString("text"));
        Assert.Equal(new FudgeDate(2026, 11, 27), inner.GetDate("when"));
        Assert.Empty(inner.GetMessage("empty")!);
        Assert.Equal(-2.5, inner.GetMessage("leaf")!.GetDouble("y"));
        Assert.Equal(Sample(), parsed);
    }

    [Fact]
    public void Lazy_and_eager_messages_are_equal_with_equal_hash_codes_whatever_has_been_built()
    {
        var built = Sample();
        var untouched = FudgeMsg.Parse(SampleBytes());
        var other = FudgeMsg.Parse(SampleBytes());
        other.GetMessage("second")!.GetMessage(2);

        Assert.Equal(built.GetHashCode(), untouched.GetHashCode());
        Assert.True(untouched.Equals(other));
        Assert.True(built.Equals(other));
        Assert.True(other.Equals(built));
        Assert.False(untouched.Equals(Sample().Add("more", 1)));
    }

    [Fact]
    public void A_partly_built_message_encodes_to_the_bytes_it_was_parsed_from()
    {
        byte[] bytes = SampleBytes();
        var parsed = FudgeMsg.Parse(bytes);
        parsed.GetMessage("second")!.GetMessage(2)!.GetMessage(2);

        Assert.Equal(bytes, parsed.ToByteArray());
        Assert.Equal(bytes, FudgeMsg.Parse(bytes).ToByteArray()); // nothing built beforehand
        parsed.MaterializeAll();
        Assert.Equal(bytes, parsed.ToByteArray());
    }

    [Fact]
    public void MaterializeAll_builds_every_pending_sub_message_at_every_depth()
    {
        var parsed = FudgeMsg.Parse(SampleBytes());
        parsed.MaterializeAll();

        var pending = new List<int>();
        var todo = new Stack<FudgeMsg>(new[] { parsed });
        while (todo.Count > 0)
        {
            var message = todo.Pop();
            pending.Add(message.PendingSubMessageCount);
            foreach (var field in message) if (field.Value is FudgeMsg sub) todo.Push(sub);
        }
        Assert.All(pending, count => Assert.Equal(0, count));
        Assert.Equal(Sample(), parsed);
    }

    [Fact]
    public void The_parent_of_pending_sub_messages_can_be_changed_before_they_are_read()
    {
        var parsed = FudgeMsg.Parse(SampleBytes());
        int version = parsed.Version;

        parsed.Insert(0, new FudgeField("first", null, FudgeTypeId.Indicator, FudgeIndicator.Instance));
        parsed.RemoveAt(parsed.IndexOf("quote"));
        parsed.SetAt(parsed.IndexOf("id"), new FudgeField(null, 5, FudgeTypeId.Int8, (sbyte)5));
        Assert.NotEqual(version, parsed.Version);

        var expected = Sample();
        expected.Insert(0, new FudgeField("first", null, FudgeTypeId.Indicator, FudgeIndicator.Instance));
        expected.RemoveAt(expected.IndexOf("quote"));
        expected.SetAt(expected.IndexOf("id"), new FudgeField(null, 5, FudgeTypeId.Int8, (sbyte)5));
        Assert.Equal(expected, parsed);

        // Building a pending sub-message is no change: an enumeration running over its parent goes on.
        var reparsed = FudgeMsg.Parse(SampleBytes());
        version = reparsed.Version;
        var kinds = new List<string>();
        foreach (var field in reparsed) kinds.Add(field.Value.GetType().Name);
        Assert.Equal(version, reparsed.Version);
        Assert.Equal(new[] { "Int16", "FudgeMsg", "FudgeMsg", "FudgeMsg", "String" }, kinds);

        // A built sub-message is the message's own: changes to it stay.
        var chain = reparsed.GetMessage("chain")!;
        chain.Add("added", true);
        Assert.Same(chain, reparsed.GetMessage("chain"));
        Assert.Equal(true, reparsed.GetMessage("chain")!.GetBoolean("added"));
    }

    [Fact]
    public void Ordinal_only_fields_in_pending_sub_messages_get_the_taxonomy_names_of_the_envelope()
    {
        var options = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(4, Taxonomy) };
        byte[] bytes = new FudgeEnvelope(Sample(), taxonomyId: 4).ToByteArray(Taxonomy); // "text" goes out as ordinal 1

        var parsed = FudgeMsg.Parse(bytes, options);

        AssertPendingBelowSomeLevel(parsed.GetMessage("chain")!, 2);
        var level = parsed.GetMessage("chain")!.GetField(2)!.Value;
        Assert.Equal("level", level.Name);
        var inner = Enumerable.Range(0, ChainDepth).Aggregate(parsed.GetMessage("chain")!, (m, _) => m.GetMessage("level")!);
        Assert.Equal("héllo wörld ✓", inner.GetString("text"));
        Assert.Equal(new object[] { "héllo wörld ✓", "named by the taxonomy" }, inner.GetAll((short)1).Select(f => f.Value));
        Assert.Equal(new[] { "text", "text" }, inner.GetAll((short)1).Select(f => f.Name));
        Assert.Equal(FudgeMsg.Parse(bytes, options), parsed); // and the same as what a fresh parse gives
        Assert.Equal(bytes, new FudgeEnvelope(parsed, taxonomyId: 4).ToByteArray(Taxonomy));
    }

    [Fact]
    public void Threads_reading_a_pending_sub_message_at_once_all_get_the_same_message()
    {
        for (int round = 0; round < 20; round++)
        {
            var parsed = FudgeMsg.Parse(SampleBytes());
            using var start = new Barrier(4);
            var seen = new FudgeMsg[4];
            var threads = Enumerable.Range(0, 4).Select(index => new Thread(() =>
            {
                start.SignalAndWait();
                var message = parsed.GetMessage("chain")!;
                for (int level = 0; level < ChainDepth; level++) message = message.GetMessage(2)!;
                seen[index] = message;
            })).ToList();
            threads.ForEach(thread => thread.Start());
            threads.ForEach(thread => thread.Join());
            Assert.All(seen, message => Assert.Same(seen[0], message));
            Assert.Equal(Inner(), seen[0]);
        }
    }

    [Fact]
    public void The_depth_and_field_limits_are_enforced_inside_pending_sub_messages_at_parse()
    {
        byte[] bytes = SampleBytes();
        int fields = CountFields(Sample());

        Assert.Equal(Sample(), FudgeMsg.Parse(bytes, new FudgeReaderOptions { MaxFieldCount = fields }));
        var tooMany = Assert.Throws<FudgeFormatException>(() => FudgeMsg.Parse(bytes, new FudgeReaderOptions { MaxFieldCount = fields - 1 }));
        Assert.Contains("MaxFieldCount", tooMany.Message);

        Assert.Equal(Sample(), FudgeMsg.Parse(bytes, new FudgeReaderOptions { MaxDepth = ChainDepth + 2 })); // chain, inner, leaf
        var tooDeep = Assert.Throws<FudgeFormatException>(() => FudgeMsg.Parse(bytes, new FudgeReaderOptions { MaxDepth = ChainDepth + 1 }));
        Assert.Contains("MaxDepth", tooDeep.Message);
    }

    /// <summary>
    /// Every prefix of the sample (with its size patched, so the reader must walk into the cut field to notice) and
    /// every byte of it set to a few values: Parse raises exactly the error, at exactly the offset, that decoding
    /// everything at once raises, and whatever it accepts can then be read and encoded in full without an exception.
    /// </summary>
    [Fact]
    public void Errors_inside_pending_sub_messages_are_raised_at_parse_where_an_eager_decode_raises_them()
    {
        byte[] original = SampleBytes();
        int checkedInputs = 0, refused = 0;
        foreach (byte[] input in Truncations(original).Concat(Corruptions(original)))
        {
            var expected = Outcome(() => EagerWalk(input));
            var actual = Outcome(() =>
            {
                var message = FudgeMsg.Parse(input);
                message.MaterializeAll();
                message.ToByteArray();
                _ = message.ToString();
            });
            Assert.True(expected == actual, $"input {checkedInputs}: eager {expected ?? "accepted"}, Parse {actual ?? "accepted"}");
            checkedInputs++;
            if (actual is not null) refused++;
        }
        Assert.True(refused > checkedInputs / 4, $"only {refused} of {checkedInputs} inputs were refused: the corruption does not reach the chains");
    }

    private static IEnumerable<byte[]> Truncations(byte[] original)
    {
        for (int length = FudgeEnvelopeHeader.Size; length < original.Length; length++)
        {
            byte[] cut = original.AsSpan(0, length).ToArray();
            BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
            yield return cut;
        }
    }

    private static IEnumerable<byte[]> Corruptions(byte[] original)
    {
        foreach (byte value in new byte[] { 0x00, 0x01, 0x0F, 0x7F, 0x80, 0xC3, 0xED, 0xFF })
        {
            for (int offset = FudgeEnvelopeHeader.Size; offset < original.Length; offset++)
            {
                if (original[offset] == value) continue;
                byte[] corrupt = (byte[])original.Clone();
                corrupt[offset] = value;
                yield return corrupt;
            }
        }
    }

    /// <summary>The error an action raises, as offset and text, or null; anything but a format error fails the test.</summary>
    private static string? Outcome(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (FudgeFormatException error)
        {
            return $"{error.Offset}: {error.Message}";
        }
    }

    /// <summary>
    /// The reference: every field of every level decoded in the order a decode that builds everything at once takes
    /// (a level's headers first, then each field's name and value, sub-messages as they come).
    /// </summary>
    private static void EagerWalk(byte[] envelope)
    {
        var reader = new FudgeReader(envelope);
        if (reader.EnvelopeHeader.MessageSize != envelope.Length) throw new InvalidOperationException("the test builds whole envelopes");
        Walk(ref reader);

        static void Walk(ref FudgeReader reader)
        {
            var counter = reader;
            while (counter.Read()) { }
            while (reader.Read())
            {
                _ = reader.GetName();
                if (reader.TypeId == FudgeTypeId.String) _ = reader.GetString();
                if (reader.TypeId != FudgeTypeId.Message) continue;
                var sub = reader.ReadMessage();
                Walk(ref sub);
            }
        }
    }

    /// <summary>
    /// Walks a chain down without building more than each step needs: the first levels were built at parse, the rest
    /// was left pending, and each level built from the copy leaves its own sub-message pending in turn.
    /// </summary>
    private static void AssertPendingBelowSomeLevel(FudgeMsg chain, short ordinal)
    {
        var pendingPerLevel = new List<int>();
        var message = chain;
        while (true)
        {
            pendingPerLevel.Add(message.PendingSubMessageCount); // counted before the level's own field is read
            if (message.GetField(ordinal) is not { } field) break;
            message = (FudgeMsg)field.Value;
        }
        Assert.Contains(1, pendingPerLevel);
        Assert.All(pendingPerLevel.SkipWhile(count => count == 0), count => Assert.Equal(1, count));
    }

    private static int CountFields(FudgeMsg message)
        => message.Sum(field => 1 + (field.Value is FudgeMsg sub ? CountFields(sub) : 0));
}
