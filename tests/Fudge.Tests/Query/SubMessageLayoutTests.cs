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
/// A <c>$..name</c> walk remembers the layouts of the sub-messages it passes through, and passes over a sub-message
/// laid out as one before when the values of its wanted fields refuse the test (<c>== 'text'</c> with another text):
/// a list of records is then one check per record. It must answer, and fail, exactly as the walk that reads every
/// sub-message.
/// </summary>
public class SubMessageLayoutTests
{
    public static readonly string[] DescendantFilters =
    {
        "$..Instrument == 'I-0'",
        "$..Instrument == 'XYZ' || $..Book == 'B2'",
        "$.Name == 'portfolio' && $..Instrument == 'I-17'",
        "$..Book == 'B1' && $..Instrument == 'I-3'",
        "$..Instrument == 'I-5' || $..Id == 12",
    };

    [Fact]
    public void Documents_of_records_get_the_answers_of_the_walk_that_reads_every_sub_message_and_of_the_model()
    {
        var random = new Random(1);
        foreach (var text in DescendantFilters)
        {
            var filter = FudgeFilter.Compile(text);
            var reference = FudgeFilter.Compile(text).ReadingEverySubMessage();
            int held = 0;
            for (int i = 0; i < 300; i++)
            {
                var document = Portfolio(random, random.Next(1, 40));
                var bytes = document.ToByteArray();
                bool matches = filter.Matches(bytes);
                Assert.True(matches == reference.Matches(bytes), $"{text}, document {i}");
                Assert.True(matches == filter.Matches(document), $"{text}, document {i} (model)");
                if (matches) held++;
            }
            Assert.InRange(held, 1, 299);
        }
    }

    [Fact]
    public void Every_corruption_of_a_document_gets_the_answer_or_error_of_the_walk_that_reads_every_sub_message()
    {
        var bytes = Portfolio(new Random(2), 24).ToByteArray();
        foreach (var text in DescendantFilters)
        {
            var filter = FudgeFilter.Compile(text);
            var reference = FudgeFilter.Compile(text).ReadingEverySubMessage();
            filter.Matches(bytes); // the layouts of its records are learned
            for (int i = FudgeEnvelopeHeader.Size; i < bytes.Length; i++)
            {
                foreach (byte value in new byte[] { 0x00, 0xFF, 0x80, 0x20, (byte)'I', 0x01 })
                {
                    var corrupt = (byte[])bytes.Clone();
                    corrupt[i] = corrupt[i] == value ? (byte)(value ^ 0x02) : value;
                    Assert.True(FilterOutcome.Of(() => filter.Matches(corrupt)) == FilterOutcome.Of(() => reference.Matches(corrupt)),
                        $"{text}: byte {i} set to 0x{corrupt[i]:x2}");
                }
            }
        }
    }

    [Theory]
    [MemberData(nameof(PlainPathPlanTests.Inputs), MemberType = typeof(PlainPathPlanTests))]
    public void Real_messages_truncated_and_corrupted_get_the_walks_answer_or_error(string name)
    {
        var bytes = name.EndsWith(".dat", StringComparison.Ordinal)
            ? InteropVectors.Read(name)
            : FirstEnvelope(File.ReadAllBytes(Path.Combine(InteropVectors.Folder, "..", "..", "samples", name)));
        string[] texts = { "$..Hostname == 'node-9' || $..Ticker == 'x'", "$..bibble == 'x' && $..String == 'y'", "$..Type == 'INFO'" };
        foreach (var text in texts)
        {
            var filter = FudgeFilter.Compile(text);
            var reference = FudgeFilter.Compile(text).ReadingEverySubMessage();
            filter.Matches(bytes);
            for (int length = FudgeEnvelopeHeader.Size; length < bytes.Length; length++)
            {
                var cut = bytes.AsSpan(0, length).ToArray();
                System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
                Assert.True(FilterOutcome.Of(() => filter.Matches(cut)) == FilterOutcome.Of(() => reference.Matches(cut)), $"{name} cut to {length}: {text}");
            }
            for (int i = FudgeEnvelopeHeader.Size; i < bytes.Length; i++)
            {
                foreach (byte value in new byte[] { 0x00, 0xFF, 0x80, 0x20 })
                {
                    var corrupt = (byte[])bytes.Clone();
                    corrupt[i] = corrupt[i] == value ? (byte)(value ^ 0x01) : value;
                    Assert.True(FilterOutcome.Of(() => filter.Matches(corrupt)) == FilterOutcome.Of(() => reference.Matches(corrupt)), $"{name} byte {i}: {text}");
                }
            }
        }
    }

    [Fact]
    public void Records_are_passed_over_only_within_the_depth_limit()
    {
        // Records whose own sub-messages go three levels down, in a document two levels deep.
        var document = new FudgeMsg().Add("Positions", Records(new Random(3), 20, nested: 3));
        var bytes = document.ToByteArray();
        foreach (int maxDepth in new[] { 2, 3, 4, 5, 6, 64 })
        {
            var options = new FudgeReaderOptions { MaxDepth = maxDepth };
            var filter = FudgeFilter.Compile("$..Instrument == 'none'");
            var reference = FudgeFilter.Compile("$..Instrument == 'none'").ReadingEverySubMessage();
            for (int round = 0; round < 3; round++)
                Assert.True(FilterOutcome.Of(() => filter.Matches(bytes, options)) == FilterOutcome.Of(() => reference.Matches(bytes, options)), $"limit {maxDepth}");
        }
    }

    [Fact]
    public void A_list_of_records_is_passed_over_by_its_layouts()
    {
        var bytes = Portfolio(new Random(4), 64).ToByteArray();
        var filter = FudgeFilter.Compile("$..Instrument == 'none'");
        Assert.False(filter.Matches(bytes));
        // 64 records of a few layouts: once learned, most are passed over, and nothing is allocated.
        Assert.Equal(0, Allocations.SteadyState(() => filter.Matches(bytes)));
    }

    [Fact]
    public void Threads_that_share_a_filter_get_the_walks_answers()
    {
        var random = new Random(5);
        var documents = Enumerable.Range(0, 60).Select(_ => Portfolio(random, random.Next(1, 30)).ToByteArray()).ToArray();
        foreach (var text in DescendantFilters)
        {
            var filter = FudgeFilter.Compile(text);
            var reference = FudgeFilter.Compile(text).ReadingEverySubMessage();
            var expected = documents.Select(bytes => reference.Matches(bytes)).ToArray();
            var wrong = new int[4];
            Parallel.For(0, 4, new ParallelOptions { MaxDegreeOfParallelism = 4 }, thread =>
            {
                var order = new Random(thread);
                for (int n = 0; n < 3_000; n++)
                {
                    int i = order.Next(documents.Length);
                    if (filter.Matches(documents[i]) != expected[i]) wrong[thread]++;
                }
            });
            Assert.Equal(0, wrong.Sum());
        }
    }

    // A portfolio: a few top-level fields and a list of positions, anonymous sub-messages of a few layouts (the
    // instrument's and book's lengths, the id's width and an optional nested sub-message vary).
    internal static FudgeMsg Portfolio(Random random, int positions)
        => new FudgeMsg()
            .Add("Name", random.Next(3) == 0 ? "portfolio" : "other")
            .Add("Id", random.Next(20))
            .Add("Positions", Records(random, positions, nested: random.Next(3)));

    private static FudgeMsg Records(Random random, int count, int nested)
    {
        var list = new FudgeMsg();
        for (int i = 0; i < count; i++)
        {
            var position = new FudgeMsg()
                .Add("Id", random.Next(4) == 0 ? 12 : random.Next(100, 100_000))
                .Add("Instrument", "I-" + random.Next(random.Next(2) == 0 ? 10 : 30))
                .Add("Book", "B" + random.Next(3))
                .Add("Price", random.NextDouble() * 100)
                .Add("Hash", new byte[] { (byte)random.Next(256), 1, 2, 3 });
            var inner = position;
            for (int level = 0; level < nested; level++)
            {
                var lot = new FudgeMsg().Add("Size", random.Next(1000)).Add("Book", "B" + random.Next(3));
                inner.Add("Lots", lot);
                inner = lot;
            }
            list.Add(null, null, position);
        }
        return list;
    }

    private static byte[] FirstEnvelope(byte[] stream) => stream.AsSpan(0, FudgeReader.ReadEnvelopeHeader(stream).MessageSize).ToArray();
}
