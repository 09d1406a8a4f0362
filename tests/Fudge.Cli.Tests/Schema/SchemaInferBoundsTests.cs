using System;
using System.IO;
using System.Linq;
using Fudge.Cli.Schema;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// <c>fudge schema infer</c> on class names written before the fields (this library's <c>[FudgeUnion]</c>), and the
/// bound on what the inference keeps however many messages it reads.
/// </summary>
public class SchemaInferBoundsTests
{
    private static FudgeMsg Leading(FudgeMsg fields, params string[] classes)
    {
        var message = new FudgeMsg();
        foreach (var name in classes) message.Add(0, name);
        foreach (var field in fields) message.Add(field);
        return message;
    }

    [Fact]
    public void Class_names_before_the_fields_give_FudgeUnion_declarations_and_the_types_write_the_same_bytes()
    {
        var messages = new[]
        {
            Leading(new FudgeMsg().Add("Id", "1").Add("Ticker", "VOD"), "Equity", "Acme.Instrument"),
            Leading(new FudgeMsg().Add("Id", "2").Add("Pair", "EURUSD"), "Fx", "Acme.Instrument"),
        };
        var result = FudgeTool.RunWithInput(messages.SelectMany(m => m.ToByteArray()).ToArray(), "schema", "infer", "-");
        Assert.True(result.ExitCode == 0, result.Stderr);

        Assert.Contains("[FudgeMessage(TypeName = \"Acme.Instrument\")]\n[FudgeUnion(\"Equity\", typeof(Equity))]\n[FudgeUnion(\"Fx\", typeof(Fx))]\npublic partial class Instrument\n", result.Stdout);
        var instrument = InferredCode.Compile(result.Stdout).GetTypes().Single(t => t.Name == "Instrument");
        foreach (var message in messages)
        {
            var (value, back) = InferredCode.RoundTrip(instrument, message.ToByteArray());
            Assert.Equal((string)message[0].Value, value.GetType().Name);
            Assert.True(message.ToByteArray().AsSpan().SequenceEqual(back), $"{FudgeMsg.Parse(back)}\n\n{result.Stdout}");
        }
    }

    [Fact]
    public void What_the_inference_keeps_stops_growing_once_every_shape_is_seen_and_each_message_allocates_the_same()
    {
        var ticks = new FudgeStreamReaderSamples(RepoFiles.Sample("ticks.fudge")).Messages;
        var javaObjects = Directory.GetFiles(Path.Combine(Fudge.Tests.Support.InteropVectors.Folder, "java-objects", "from-java"), "*.fudge")
            .OrderBy(f => f, StringComparer.Ordinal).Select(f => FudgeMsg.Parse(File.ReadAllBytes(f))).ToArray();
        var stats = new SchemaStatistics();
        void Add(int count)
        {
            for (int i = 0; i < count; i++)
            {
                stats.Add(ticks[i % ticks.Length], 0);
                stats.Add(javaObjects[i % javaObjects.Length], 0);
            }
        }

        Add(1_000);
        long kept = stats.Footprint();
        long before = GC.GetAllocatedBytesForCurrentThread();
        Add(1_000);
        long perThousand = GC.GetAllocatedBytesForCurrentThread() - before;
        before = GC.GetAllocatedBytesForCurrentThread();
        Add(20_000);
        long perTwentyThousand = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.Equal(kept, stats.Footprint());                     // 22,000 of each keep what 1,000 kept
        Assert.Equal(44_000L, stats.Messages);
        Assert.InRange(perTwentyThousand, 0, perThousand * 20 * 11 / 10);   // allocations grow with the messages, no faster
    }

    /// <summary>The envelopes of a sample file as messages.</summary>
    private sealed class FudgeStreamReaderSamples
    {
        public FudgeStreamReaderSamples(string path)
        {
            byte[] stream = File.ReadAllBytes(path);
            var messages = new System.Collections.Generic.List<FudgeMsg>();
            for (int at = 0; at < stream.Length;)
            {
                int size = (stream[at + 4] << 24) | (stream[at + 5] << 16) | (stream[at + 6] << 8) | stream[at + 7];
                messages.Add(FudgeMsg.Parse(stream.AsSpan(at, size)));
                at += size;
            }
            Messages = messages.ToArray();
        }

        public FudgeMsg[] Messages { get; }
    }
}
