using System;
using System.IO;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>
/// Finding: a derived <c>[FudgeMessage]</c> type whose base lives in another assembly got a formatter that assigned the
/// base's <c>internal set</c> (or <c>private protected set</c>) accessors, or read its <c>internal</c> <c>[FudgeField]</c>
/// members: code that does not compile (CS0272, CS0122). Members the derived type cannot reach are now left out.
/// </summary>
public class CrossAssemblyTests
{
    private const string Library = """
        using Fudge.Serialization;
        namespace Lib
        {
            public class PlainBase
            {
                public string? Id { get; internal set; }
                public int Code { get; private protected set; }
                public int Open { get; set; }
                [FudgeField] internal int Hidden { get; set; }
                [FudgeField] protected int Guarded { get; set; }
            }
        }
        """;

    private const string App = """
        using Fudge.Serialization;
        namespace App
        {
            [FudgeMessage] public partial class Derived : Lib.PlainBase { public int Own { get; set; } }
        }
        """;

    [Fact]
    public void Members_of_a_base_in_another_assembly_that_the_derived_type_cannot_reach_are_left_out()
    {
        var library = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, Library)
            .WithAssemblyName("Lib");
        using var image = new MemoryStream();
        var emitted = library.Emit(image);
        Assert.True(emitted.Success, string.Join(Environment.NewLine, emitted.Diagnostics));

        var app = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, App)
            .AddReferences(MetadataReference.CreateFromImage(image.ToArray()));
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(app);

        Assert.Empty(diagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        string generated = string.Join(Environment.NewLine, run.GeneratedTrees.Select(t => t.ToString()));
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems) + Environment.NewLine + generated);
        Assert.Contains("value.Open", generated);
        Assert.Contains("value.Guarded", generated);   // protected members are reachable from the derived type
        Assert.DoesNotContain("value.Id", generated);
        Assert.DoesNotContain("value.Hidden", generated);
    }
}
