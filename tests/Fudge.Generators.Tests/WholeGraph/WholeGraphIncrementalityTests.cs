using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// Whole-graph code gives each type the models of the types its members hold: an edit outside the messages re-emits
/// nothing, and an edit of one message re-emits it and its holders only.
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

    private static GeneratorRunResult RunEdited(string after)
    {
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, Source);
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
}
