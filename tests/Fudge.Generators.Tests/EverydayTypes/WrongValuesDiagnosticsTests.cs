using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// FUDGE015: a member that holds data (an auto-property or a field) but that the reader cannot set is never left out
/// silently, in either field mode; computed properties are not data and are not reported.
/// </summary>
public class WrongValuesDiagnosticsTests
{
    public static IEnumerable<object[]> Cases() => new[]
    {
        new object[] { "[FudgeMessage] public partial class M { public System.Guid {|Id|} { get; } = System.Guid.NewGuid(); public int A { get; set; } }", "M", "it is left out of the message" },
        new object[] { "[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class M { public System.Guid {|Id|} { get; } = System.Guid.NewGuid(); [FudgeField(1)] public int A { get; set; } }", "M", "it is left out of the message" },
        new object[] { "[FudgeMessage] public partial class M { public readonly int {|Count|} = 3; }", "M", "it is left out of the message" },
        new object[] { "[FudgeMessage] public partial struct M { public M() { } public string {|Name|} { get; } = \"n\"; }", "M", "it is left out of the message" },
        new object[] { "[FudgeMessage] public partial class B { public int Y { get; private init; } } [FudgeMessage] public partial class {|M|} : B { }", "M", "it is left out of the message" },
        new object[] { "[FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class M { public string {|Id|} { get; } = \"x\"; }", "M", "it is written (as Fudge-Java's bean builder writes every readable property) but never read back" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void A_data_member_the_reader_cannot_set_is_a_warning_at_its_location(string markedSource, string type, string consequence)
    {
        int start = markedSource.IndexOf("{|", StringComparison.Ordinal);
        int end = markedSource.IndexOf("|}", StringComparison.Ordinal);
        string expectedText = markedSource.Substring(start + 2, end - start - 2);
        string source = "using Fudge.Serialization;\nnamespace D {\n" + markedSource.Replace("{|", "").Replace("|}", "") + "\n}";
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));

        var diagnostic = Assert.Single(diagnostics, d => d.Id == "FUDGE015");
        Assert.Equal(DiagnosticSeverity.Warning, diagnostic.Severity);
        Assert.Equal(expectedText, source.Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
        string member = expectedText == type ? "Y" : expectedText;
        Assert.Equal($"Member '{member}' of 'D.{type}' holds data but the reader cannot set it, so {consequence}: give it a setter or init accessor, or a constructor parameter of the same name and type, or mark it [FudgeIgnore]",
            diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
        // a warning: the type still gets its formatter, and it compiles
        Assert.Contains(run.GeneratedTrees, t => t.ToString().Contains("partial class " + type, StringComparison.Ordinal) || t.ToString().Contains("partial struct " + type, StringComparison.Ordinal));
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
    }

    [Theory]
    [InlineData("[FudgeMessage] public partial class M { public int A { get; set; } public int Twice => A * 2; public string Text { get { return A.ToString(); } } }")]
    [InlineData("[FudgeMessage] public partial class M { public System.Guid Id { get; } = System.Guid.NewGuid(); public M() { } public M(System.Guid id) { Id = id; } }")]
    [InlineData("[FudgeMessage] public partial class M { [FudgeIgnore] public System.Guid Id { get; } = System.Guid.NewGuid(); }")]
    [InlineData("[FudgeMessage] public partial class M { public System.Collections.Generic.List<int> Items { get; } = new(); }")]
    public void Computed_ignored_constructor_set_and_filled_members_are_not_reported(string source)
    {
        var (output, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, "using Fudge.Serialization;\nnamespace D {\n" + source + "\n}"));
        Assert.Empty(diagnostics);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity >= DiagnosticSeverity.Warning);
    }

    [Fact]
    public void An_explicit_field_that_cannot_be_set_is_still_an_error_in_both_modes()
    {
        foreach (string source in new[]
        {
            "[FudgeMessage] public partial class M { [FudgeField] public System.Guid Id { get; } = System.Guid.NewGuid(); }",
            "[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class M { [FudgeField(1)] public System.Guid Id { get; } = System.Guid.NewGuid(); }",
        })
        {
            var (_, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, "using Fudge.Serialization;\nnamespace D {\n" + source + "\n}"));
            Assert.Equal("FUDGE010", Assert.Single(diagnostics).Id);
        }
    }

    [Fact]
    public void Java_computed_properties_are_written_and_the_formatter_compiles_as_csharp_7_3()
    {
        const string source = "using Fudge.Serialization;\nnamespace D {\n[FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class M { public int A { get; set; } public int Twice { get { return A * 2; } } [FudgeField(Name = \"t\")] public string Text { get { return \"x\"; } } public System.IO.Stream Stream { get { return null; } } }\n}";
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp7_3, nullable: false, source));
        Assert.Empty(diagnostics);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity >= DiagnosticSeverity.Warning);
        string generated = run.GeneratedTrees.Single(t => t.ToString().Contains("partial class M", StringComparison.Ordinal)).ToString();
        Assert.Contains("value.Twice", generated, StringComparison.Ordinal);
        Assert.Contains("value.Text", generated, StringComparison.Ordinal);
        Assert.DoesNotContain("value.Stream", generated, StringComparison.Ordinal); // no mapping: a computed value is left out
    }
}
