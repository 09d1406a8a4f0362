using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// <c>fudge schema infer</c>: the inferred C# compiles with the generator, and every sample read into it and written
/// again gives its own bytes back.
/// </summary>
public class SchemaInferTests
{
    private static string JavaObjects(string folder) => Path.Combine(Fudge.Tests.Support.InteropVectors.Folder, "java-objects", folder);

    private static readonly Lazy<(string Code, System.Reflection.Assembly Assembly)> JavaModel = new(() =>
    {
        var result = FudgeTool.Run("schema", "infer", "--namespace", "Captured.Trading", JavaObjects("from-java"));
        Assert.True(result.ExitCode == 0, result.Stderr);
        return (result.Stdout, InferredCode.Compile(result.Stdout));
    });

    [Fact]
    public void The_Java_object_vectors_give_types_named_by_their_classes_with_the_hierarchy_and_enums()
    {
        string code = JavaModel.Value.Code;

        Assert.Contains("[assembly: FudgeJavaPackage(\"Captured.Trading\", \"com.acme.trading\")]", code);
        Assert.Contains("public partial class Equity : Instrument", code);
        Assert.Contains("public partial class Bond : Instrument", code);
        Assert.Contains("public enum Side", code);
        Assert.Contains("    ShortSell,", code);
        Assert.Contains("public Instrument Main { get; set; } = null!;", code);          // Java wrote only Equity's name: declared Instrument
        Assert.Contains("public Equity Exact { get; set; } = null!;", code);             // no name at all: the exact class, by its fields
        Assert.Contains("public List<Instrument> Holdings { get; set; } = null!;", code);
        Assert.Contains("public Dictionary<string, Instrument> ById { get; set; } = null!;", code);
        Assert.Contains("public Quote[] Quotes { get; set; } = null!;", code);           // an object array: elements without class names
        Assert.Contains("public HashSet<int> Numbers { get; set; } = null!;", code);     // byte, short and int elements widen to int
        Assert.Contains("public char Initial { get; set; }", code);              // Java's {value: "Q"} message
        Assert.DoesNotContain("class Initial", code);
        Assert.Contains("public Dictionary<string, Side> SideByName { get; set; } = null!;", code);
        Assert.Contains("[FudgeField(Accuracy = FudgeDateTimeAccuracy.Millisecond)] public DateTime When { get; set; }", code);
    }

    // The vectors of Java beans (class names at ordinal 0); top-level lists and maps (top-list, top-map) name no class,
    // so no inferred type stands for them.
    public static IEnumerable<object[]> JavaVectors()
        => Directory.GetFiles(JavaObjects("from-java"), "*.fudge").OrderBy(f => f, StringComparer.Ordinal)
            .Where(f => FudgeMsg.Parse(File.ReadAllBytes(f)).Any(field => field.Ordinal == 0 && field.Name is null && field.Value is string))
            .Select(f => new object[] { Path.GetFileNameWithoutExtension(f) });

    [Theory]
    [MemberData(nameof(JavaVectors))]
    public void Every_Java_object_vector_reads_into_the_inferred_types_and_writes_back(string name)
    {
        var assembly = JavaModel.Value.Assembly;
        byte[] java = File.ReadAllBytes(Path.Combine(JavaObjects("from-java"), name + ".fudge"));
        var message = FudgeMsg.Parse(java);
        string javaClass = (string)message.Last(f => f.Ordinal == 0 && f.Name is null).Value;   // the top level carries the whole chain
        string runtimeClass = (string)message.First(f => f.Ordinal == 0 && f.Name is null).Value;
        var type = assembly.GetTypes().Single(t => "com.acme.trading." + t.Name == runtimeClass);

        var (value, bytes) = InferredCode.RoundTrip(type, java);

        Assert.Equal(type, value.GetType());
        // Java's untyped read: the class names find the type (by name: the records test registers its own of the same names).
        Assert.Equal(type.Name, FudgeSerializer.DeserializeObject(java)!.GetType().Name);
        Assert.NotNull(javaClass);
        if (name == "temporal")
        {
            // Java's nanoseconds below .NET's 100 ns are lost, exactly as for the hand-written .NET mirrors of these beans.
            Assert.Equal(File.ReadAllBytes(Path.Combine(JavaObjects("from-dotnet"), name + ".fudge")), bytes);
            Assert.NotEqual(java, bytes);
        }
        else
        {
            Assert.Equal(Convert.ToHexString(java), Convert.ToHexString(bytes));
        }
    }

    [Fact]
    public void Records_read_and_write_the_Java_graph_as_the_classes_do()
    {
        var result = FudgeTool.Run("schema", "infer", "--records", JavaObjects("from-java"));
        Assert.True(result.ExitCode == 0, result.Stderr);
        Assert.Contains("public partial record Equity : Instrument", result.Stdout);
        var assembly = InferredCode.Compile(result.Stdout);
        byte[] java = File.ReadAllBytes(Path.Combine(JavaObjects("from-java"), "portfolio.fudge"));

        var (_, bytes) = InferredCode.RoundTrip(assembly.GetTypes().Single(t => t.Name == "Portfolio"), java);

        Assert.Equal(Convert.ToHexString(java), Convert.ToHexString(bytes));
    }

    [Theory]
    [InlineData("ticks.fudge", "Tick")]
    [InlineData("logs.fudge", "Log")]
    public void Every_sample_message_reads_into_the_inferred_type_and_writes_back_byte_for_byte(string sample, string root)
    {
        var result = FudgeTool.Run("schema", "infer", RepoFiles.Sample(sample));
        Assert.True(result.ExitCode == 0, result.Stderr);
        var type = InferredCode.Compile(result.Stdout).GetTypes().Single(t => t.Name == root);

        if (sample == "ticks.fudge") Assert.Contains("40 with nanoseconds below 100 ns, which .NET drops", result.Stdout);
        int count = 0;
        foreach (var envelope in Envelopes(File.ReadAllBytes(RepoFiles.Sample(sample))))
        {
            var (_, bytes) = InferredCode.RoundTrip(type, envelope);
            // A .NET DateTime holds 100 ns ticks: the samples' nanoseconds below that are all that may differ.
            byte[] expected = WithoutNanosecondsBelowTicks(FudgeMsg.Parse(envelope)).ToByteArray();
            Assert.True(expected.AsSpan().SequenceEqual(bytes), $"{sample} message {count}:\n{FudgeMsg.Parse(envelope)}\n---\n{FudgeMsg.Parse(bytes)}\n\n{result.Stdout}");
            count++;
        }
        Assert.True(count > 0);
    }

    [Fact]
    public void Integers_widen_to_the_smallest_type_holding_every_value_and_mix_with_doubles_into_double()
    {
        var messages = new[]
        {
            new FudgeMsg().Add("small", 1).Add("wide", 5).Add("mixed", 2).Add("later", "x"),
            new FudgeMsg().Add("small", -100).Add("wide", 70_000).Add("mixed", 2.5),
            new FudgeMsg().Add("small", 7).Add("wide", 5_000_000_000L).Add("mixed", 3),
        };
        string code = Infer(messages);

        Assert.Contains("public sbyte Small { get; set; }", code);
        Assert.Contains("public long Wide { get; set; }", code);
        Assert.Contains("public double Mixed { get; set; }", code);
        Assert.Contains("public string? Later { get; set; }", code);   // absent from two messages: nullable
        Assert.Contains("    // 3 of 3 messages; byte x1, int x1, long x1; e.g. 5.\n    [FudgeField(Name = \"wide\")] public long Wide", code);
    }

    [Fact]
    public void Ordinal_collections_become_lists_sets_and_dictionaries_and_equal_sub_messages_one_type()
    {
        var messages = new[]
        {
            new FudgeMsg()
                .Add("tags", new FudgeMsg().Add(1, "a").Add(1, "b"))
                .Add("prices", new FudgeMsg().Add(1, "x").Add(2, 1.5).Add(1, "y").Add(2, 2.5))
                .Add("legs", new FudgeMsg().Add(null, (short?)null, new FudgeMsg().Add("venue", "XNAS").Add("qty", 5)))
                .Add("bid", new FudgeMsg().Add("price", 1.5).Add("size", 10))
                .Add("ask", new FudgeMsg().Add("price", 1.6).Add("size", 20)),
        };
        string code = Infer(messages);

        Assert.Contains("public HashSet<string> Tags { get; set; } = null!;", code);
        Assert.Contains("public Dictionary<string, double> Prices { get; set; } = null!;", code);
        Assert.Contains("public List<Leg> Legs { get; set; } = null!;", code);
        Assert.Contains("public Bid Bid { get; set; } = null!;", code);
        Assert.Contains("public Bid Ask { get; set; } = null!;", code);   // the same fields under another name: the same type
        Assert.DoesNotContain("class Ask", code);
        InferredCode.Compile(code);
    }

    [Fact]
    public void The_proto_output_is_a_file_the_generator_compiles_and_it_reads_the_samples_back()
    {
        var result = FudgeTool.Run("schema", "infer", "--proto", "--namespace", "captured.ticks", RepoFiles.Sample("ticks.fudge"));
        Assert.True(result.ExitCode == 0, result.Stderr);
        Assert.Contains("message Tick {", result.Stdout);
        Assert.Contains("required string ticker;", result.Stdout);

        var type = InferredCode.Compile("namespace Host { public static class Anchor { } }", ("ticks.proto", result.Stdout))
            .GetTypes().Single(t => t.FullName == "captured.ticks.Tick");
        foreach (var envelope in Envelopes(File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"))))
        {
            var (_, bytes) = InferredCode.RoundTrip(type, envelope);
            Assert.Equal(FudgeMsg.Parse(envelope).Select(f => f.Name), FudgeMsg.Parse(bytes).Select(f => f.Name));
        }
    }

    [Fact]
    public void The_same_input_gives_the_same_output()
    {
        var first = FudgeTool.Run("schema", "infer", RepoFiles.Sample("logs.fudge"), RepoFiles.Sample("ticks.fudge"));
        var second = FudgeTool.Run("schema", "infer", RepoFiles.Sample("logs.fudge"), RepoFiles.Sample("ticks.fudge"));
        Assert.Equal(0, first.ExitCode);
        Assert.Equal(first.Stdout, second.Stdout);
    }

    [Fact]
    public void Awkward_names_class_cycles_and_clashes_still_give_code_that_compiles_and_round_trips()
    {
        static FudgeMsg Named(FudgeMsg m, params string[] classes)
        {
            foreach (var c in classes) m.Add(0, c);
            return m;
        }
        var messages = new[]
        {
            new FudgeMsg().Add("class", 1).Add("1abc", "x").Add("a-b", 2.5).Add("a_b", true).Add("Ünïcode", "u").Add("ExtensionData", 3)
                .Add("FudgeFormatter", "f").Add("Message", new FudgeMsg().Add("Message", 1)).Add("System", new FudgeMsg().Add("x", 1)),
            Named(new FudgeMsg().Add("id", "a"), "p.A", "p.B"),
            Named(new FudgeMsg().Add("id", "b"), "p.B", "p.A"),               // a cycle: B's base is not A again
            Named(new FudgeMsg().Add("v", "c"), "q.A"),                        // the same simple name in another package
            new FudgeMsg().Add("side", Named(new FudgeMsg(), "p.A").Add(1, "BUY")),
        };
        var bytes = messages.SelectMany(m => m.ToByteArray()).ToArray();
        var result = FudgeTool.RunWithInput(bytes, "schema", "infer", "-");
        Assert.True(result.ExitCode == 0, result.Stderr);

        var assembly = InferredCode.Compile(result.Stdout);
        var root = assembly.GetTypes().Single(t => t.Name == "Message");
        var (_, back) = InferredCode.RoundTrip(root, messages[0].ToByteArray());
        Assert.True(messages[0].ToByteArray().AsSpan().SequenceEqual(back), $"{FudgeMsg.Parse(back)}\n\n{result.Stdout}");
    }

    [Fact]
    public void Damaged_input_is_refused_with_its_offset()
    {
        byte[] ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));
        var result = FudgeTool.RunWithInput(ticks.AsSpan(0, 5000).ToArray(), "schema", "infer", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.Equal("fudge: Invalid Fudge data at byte offset 5000: message 38: the stream ends inside an envelope that declares 167 bytes (123 arrived)\n", result.Stderr);
        Assert.Empty(result.StdoutBytes);
    }

    [Fact]
    public void Asking_for_both_outputs_is_a_usage_error()
    {
        var result = FudgeTool.Run("schema", "infer", "--csharp", "--proto", RepoFiles.Sample("ticks.fudge"));
        Assert.Equal(2, result.ExitCode);
        Assert.StartsWith("fudge: --csharp and --proto cannot be used together\n", result.Stderr);
    }

    private static string Infer(IEnumerable<FudgeMsg> messages)
    {
        var bytes = messages.SelectMany(m => m.ToByteArray()).ToArray();
        var result = FudgeTool.RunWithInput(bytes, "schema", "infer", "-");
        Assert.True(result.ExitCode == 0, result.Stderr);
        return result.Stdout;
    }

    private static FudgeMsg WithoutNanosecondsBelowTicks(FudgeMsg message)
        => new(message.Select(f => f.Value switch
        {
            FudgeDateTime dt => new FudgeField(f.Name, f.Ordinal, f.TypeId, new FudgeDateTime(dt.Date,
                new FudgeTime(dt.Time.SecondsSinceMidnight, dt.Time.Nanoseconds / 100 * 100, dt.Time.Accuracy, dt.Time.TimeZoneOffsetQuarterHours))),
            FudgeMsg sub => new FudgeField(f.Name, f.Ordinal, f.TypeId, WithoutNanosecondsBelowTicks(sub)),
            _ => f,
        }));

    private static IEnumerable<byte[]> Envelopes(byte[] stream)
    {
        for (int at = 0; at < stream.Length;)
        {
            int size = (stream[at + 4] << 24) | (stream[at + 5] << 16) | (stream[at + 6] << 8) | stream[at + 7];
            yield return stream.AsSpan(at, size).ToArray();
            at += size;
        }
    }
}
