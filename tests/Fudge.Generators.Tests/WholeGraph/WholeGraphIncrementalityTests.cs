using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// Whole-graph code gives each type the models of the types its members hold: an edit outside the messages re-emits
/// nothing, and an edit of one message re-emits it and its holders only, and its holders' holders only while the code
/// of those takes it in (a run leaf inside a run leaf).
/// </summary>
public class WholeGraphIncrementalityTests
{
    private const string Source = """
        using Fudge.Serialization;
        namespace G
        {
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Leaf { [FudgeField(1)] public int X { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Holder { [FudgeField(1)] public Leaf? Leaf { get; set; } [FudgeField(2)] public System.Collections.Generic.List<Leaf>? Leaves { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Other { [FudgeField(1)] public string? S { get; set; } }
            public class Helper { public int Compute() { return 1; } }
        }
        """;

    // Top holds Middle, which can be no leaf (a dictionary), which holds Bottom; Outer holds Run, a run leaf that holds
    // the run leaf Inner: Outer's writer writes Inner's fields itself, Top's writer only calls Middle's.
    private const string Chains = """
        using Fudge.Serialization;
        namespace C
        {
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Bottom { [FudgeField(1)] public int X { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Middle { [FudgeField(1)] public Bottom? Bottom { get; set; } [FudgeField(2)] public System.Collections.Generic.Dictionary<string, int>? Tags { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Top { [FudgeField(1)] public Middle? Middle { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Inner { [FudgeField(1)] public int Y { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Run { [FudgeField(1)] public Inner? Inner { get; set; } [FudgeField(2)] public double Z { get; set; } }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class Outer { [FudgeField(1)] public Run? Run { get; set; } }
        }
        """;

    private static GeneratorRunResult RunEdited(string after) => RunEdited(Source, after);

    private static GeneratorRunResult RunEdited(string before, string after)
    {
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, before);
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            new[] { new FudgeGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            optionsProvider: WholeGraphTests.SwitchOptions.On,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        driver = driver.RunGenerators(compilation);
        var tree = compilation.SyntaxTrees.Single();
        return driver.RunGenerators(compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(SourceText.From(after)))).GetRunResult().Results.Single();
    }

    [Fact]
    public void An_edit_outside_the_messages_leaves_every_graph_input_cached()
    {
        var result = RunEdited(Source.Replace("return 1;", "return 2 + 3;"));
        var outputs = result.TrackedSteps[FudgeGenerator.Steps.GraphInputs].SelectMany(s => s.Outputs).ToList();
        Assert.Equal(3, outputs.Count);
        Assert.All(outputs, o => Assert.True(o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, o.Reason.ToString()));
    }

    [Fact]
    public void An_edit_of_a_nested_type_changes_its_holder_and_itself_only()
    {
        var result = RunEdited(Source.Replace("public int X { get; set; }", "public long X { get; set; }"));
        var changed = result.TrackedSteps[FudgeGenerator.Steps.GraphInputs].SelectMany(s => s.Outputs)
            .Where(o => o.Reason is not (IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged))
            .Select(o => ((GraphInput)o.Value).Model.Name).OrderBy(n => n).ToList();
        Assert.Equal(new[] { "Holder", "Leaf" }, changed);
        var generated = result.GeneratedSources.Single(s => s.HintName.Contains("Holder")).SourceText.ToString();
        Assert.Contains("global::G.Leaf.FudgeFormatter.__WriteRun", generated);
        Assert.Contains("TryEnterAnonymousMessage", generated);
    }

    [Fact]
    public void An_edit_below_a_type_that_can_be_no_leaf_does_not_reach_that_types_holders()
    {
        var result = RunEdited(Chains, Chains.Replace("public int X { get; set; }", "public long X { get; set; }"));
        Assert.Equal(new[] { "Bottom", "Middle" }, ChangedGraphInputs(result));
    }

    [Fact]
    public void An_edit_of_a_run_leaf_inside_a_run_leaf_reaches_the_holder_that_writes_both()
    {
        var result = RunEdited(Chains, Chains.Replace("public int Y { get; set; }", "public long Y { get; set; }"));
        Assert.Equal(new[] { "Inner", "Outer", "Run" }, ChangedGraphInputs(result));
        var outer = result.GeneratedSources.Single(s => s.HintName.Contains("Outer")).SourceText.ToString();
        Assert.Contains("global::C.Run.FudgeFormatter.__WriteRun", outer);
    }

    private static string[] ChangedGraphInputs(GeneratorRunResult result) =>
        result.TrackedSteps[FudgeGenerator.Steps.GraphInputs].SelectMany(s => s.Outputs)
            .Where(o => o.Reason is not (IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged))
            .Select(o => ((GraphInput)o.Value).Model.Name).OrderBy(n => n, System.StringComparer.Ordinal).ToArray();
}
