using System;
using System.Linq;
using System.Reflection;
using Fudge.Serialization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// The two halves of whole-graph code are selected apart (FudgeWholeGraph=write, =read): every combination of writer
/// and reader writes and reads the bytes of the others. This suite's own models have both halves (=true); the model
/// file is compiled again with each half alone and with neither.
/// </summary>
public class WholeGraphHalvesTests
{
    // Neither half is the per-object code WholeGraphTests compiles (the same file, the switch off): compiled once for both.
    private static Lazy<Assembly> Neither => WholeGraphTests.PerObject;
    private static readonly Lazy<Assembly> WriterOnly = new(() => WholeGraphTests.CompileModels(WholeGraphTests.SwitchOptions.WriteOnly, "WholeGraphWriterOnly"));
    private static readonly Lazy<Assembly> ReaderOnly = new(() => WholeGraphTests.CompileModels(WholeGraphTests.SwitchOptions.ReadOnly, "WholeGraphReaderOnly"));

    /// <summary>The bytes of <paramref name="value"/> (both halves) read and written again unchanged by each other combination.</summary>
    private static void AssertEveryCombinationKeepsTheBytes<T>(T value)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        Assert.Equal(bytes, WholeGraphTests.RoundTripIn<T>(Neither.Value, bytes));
        Assert.Equal(bytes, WholeGraphTests.RoundTripIn<T>(WriterOnly.Value, bytes));
        Assert.Equal(bytes, WholeGraphTests.RoundTripIn<T>(ReaderOnly.Value, bytes));
        Assert.Equal(bytes, FudgeSerializer.Serialize(FudgeSerializer.Deserialize<T>(bytes)));
    }

    [Fact]
    public void Each_half_alone_reads_and_writes_the_bytes_of_both_halves_and_of_neither()
    {
        for (int seed = 0; seed < 150; seed++)
        {
            var random = new WholeGraphRandom(10_000 + seed);
            AssertEveryCombinationKeepsTheBytes(random.Book());
            if (seed % 5 == 0)
            {
                AssertEveryCombinationKeepsTheBytes(random.Node(4));
                AssertEveryCombinationKeepsTheBytes(random.Named(3));
                AssertEveryCombinationKeepsTheBytes(random.Both(3));
                AssertEveryCombinationKeepsTheBytes(random.Tax(3));
                AssertEveryCombinationKeepsTheBytes(random.Extra());
                AssertEveryCombinationKeepsTheBytes(random.Flags());
            }
        }
    }

    [Theory]
    [InlineData("true", true, true)]
    [InlineData("TRUE ", true, true)]
    [InlineData("write", true, false)]
    [InlineData("read", false, true)]
    [InlineData("false", false, false)]
    [InlineData(" False", false, false)]
    // Unset (the package's props pass an empty value) or unknown: the writer's half, the default.
    [InlineData("", true, false)]
    [InlineData(null, true, false)]
    [InlineData("bogus", true, false)]
    public void The_switch_value_selects_the_halves(string? value, bool write, bool read)
    {
        string generated = Generate(new WholeGraphTests.SwitchOptions(value), HolderSource);
        Assert.Equal(write, generated.Contains("__WriteRun", StringComparison.Ordinal));
        Assert.Equal(read, generated.Contains("TryEnterAnonymousMessage", StringComparison.Ordinal));
        // Each half alone leaves the other's code as the per-object path writes it.
        Assert.Equal(!write, generated.Contains("WriteObject<global::G.Leaf>", StringComparison.Ordinal));
        Assert.Equal(!read, generated.Contains("ReadObjectFrom<global::G.Leaf>", StringComparison.Ordinal));
    }

    [Fact]
    public void A_list_of_leaves_is_written_many_to_a_run_with_the_bytes_of_one_per_element()
    {
        // Under an ordinal, in its holder's run: the list's sub-message begun there with a size hint, each element taken
        // while the run's room holds it (no pass over the list first), the rest through the writer when it runs short.
        string generated = Generate(WholeGraphTests.SwitchOptions.On, HolderSource);
        Assert.Contains("__run1.BeginMessage((short)2, ", generated, StringComparison.Ordinal);
        Assert.Contains("__run1.BytesFree <", generated, StringComparison.Ordinal);
        Assert.Contains("Rest(ref writer, ", generated, StringComparison.Ordinal);
        Assert.DoesNotContain("__room", generated, StringComparison.Ordinal);
        // Under a name, many to a run of the list writer's own, not one run each.
        generated = Generate(WholeGraphTests.SwitchOptions.On, NamedHolderSource, "Named");
        Assert.Contains("var __leaves = writer.BeginFieldRun(", generated, StringComparison.Ordinal);
        Assert.Contains("__leaves.BytesFree <", generated, StringComparison.Ordinal);

        // More lots than one run's room holds, nulls between them, venues long enough to widen a lot's size (the
        // content slides inside a run that holds others), and lists empty or all null.
        var random = new WholeGraphRandom(5);
        var lots = Enumerable.Range(0, 1500).Select(i => i % 97 == 5 ? null! : random.Lot()).ToArray();
        for (int i = 0; i < lots.Length; i += 13)
            if (lots[i] is { } lot) lot.Venue = new string('v', 80 + i % 300);
        var position = random.Position();
        position.Lots = lots.Where(l => l is not null).ToList();
        var book = new GBook { Name = "runs", Positions = { position, new GPosition { Instrument = "none" } }, Spare = lots };
        byte[] bytes = FudgeSerializer.Serialize(book);
        Assert.True(bytes.Length > 4 * 16384, bytes.Length.ToString());
        AssertEveryCombinationKeepsTheBytes(book);
        AssertEveryCombinationKeepsTheBytes(new GBook { Name = "nulls", Spare = new GLot[] { null!, null! } });
        AssertEveryCombinationKeepsTheBytes(new GBook { Name = "empty", Spare = Array.Empty<GLot>() });
        var back = FudgeSerializer.Deserialize<GBook>(bytes);
        Assert.Equal(lots.Length, back.Spare!.Length);
        Assert.Null(back.Spare[5]);
        Assert.Equal(lots[13].Venue, back.Spare[13].Venue);
    }

    private const string HolderSource = """
        using Fudge.Serialization;
        namespace G
        {
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Leaf { [FudgeField(1)] public int X { get; set; } [FudgeField(2)] public string? S { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Holder { [FudgeField(1)] public Leaf? Leaf { get; set; } [FudgeField(2)] public System.Collections.Generic.List<Leaf>? Leaves { get; set; } }
        }
        """;

    private const string NamedHolderSource = """
        using Fudge.Serialization;
        namespace G
        {
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Leaf { [FudgeField(1)] public int X { get; set; } [FudgeField(2)] public string? S { get; set; } }
            [FudgeMessage] public partial class Named { public System.Collections.Generic.List<Leaf>? Leaves { get; set; } }
        }
        """;

    /// <summary>The source the generator writes for <paramref name="source"/>'s <paramref name="type"/> with the switch as <paramref name="options"/> set it.</summary>
    private static string Generate(WholeGraphTests.SwitchOptions options, string source, string type = "Holder")
    {
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source);
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new FudgeGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options, optionsProvider: options);
        var result = driver.RunGenerators(compilation).GetRunResult().Results.Single();
        return result.GeneratedSources.Single(s => s.HintName.Contains("." + type + ".", StringComparison.Ordinal)).SourceText.ToString();
    }
}
