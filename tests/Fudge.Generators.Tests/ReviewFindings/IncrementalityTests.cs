using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>Edits an IDE makes on every keystroke must not regenerate formatters.</summary>
public class IncrementalityTests
{
    private const string Source = """
        using Fudge.Serialization;
        namespace I
        {
            [FudgeMessage] public partial class A { public int X { get; set; } public System.Collections.Generic.List<string>? L { get; set; } }
            public class Helper { public int Compute() { return 1; } }
            [FudgeMessage] public partial record B(int Y, A? Child);
        }
        """;

    private static GeneratorRunResult RunEdited(string before, string after)
    {
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, before);
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            new[] { new FudgeGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        driver = driver.RunGenerators(compilation);
        var tree = compilation.SyntaxTrees.Single();
        var edited = compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(SourceText.From(after)));
        return driver.RunGenerators(edited).GetRunResult().Results.Single();
    }

    [Theory]
    [InlineData("return 1;", "return 2 + 3;")]                         // a method body in the same file
    [InlineData("public class Helper", "\n\n    public class Helper")]   // lines shift under the second message
    public void An_edit_outside_the_messages_in_the_same_file_leaves_the_outputs_cached(string find, string replace)
    {
        var result = RunEdited(Source, Source.Replace(find, replace));
        foreach (var step in new[] { FudgeGenerator.Steps.Models, FudgeGenerator.Steps.Registrations })
            Assert.All(result.TrackedSteps[step].SelectMany(s => s.Outputs),
                o => Assert.True(o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"{step}: {o.Reason}"));
        var outputs = result.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(s => s.Outputs).ToList();
        Assert.NotEmpty(outputs);
        Assert.All(outputs, o => Assert.True(o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, o.Reason.ToString()));
    }
}
