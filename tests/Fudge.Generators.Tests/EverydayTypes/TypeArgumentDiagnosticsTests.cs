using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// FUDGE016: a generic [FudgeMessage] type closed over a type argument Fudge cannot serialize is refused while
/// compiling, where the closed type is used (a member, a FudgeSerializer call), never when the program runs.
/// </summary>
public class TypeArgumentDiagnosticsTests
{
    private const string Table = "https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/generator-types.md#wire-mapping";
    private const string Page = "[FudgeMessage] public partial class Page<T> { public T? Item { get; set; } public System.Collections.Generic.List<T>? Items { get; set; } }";

    [Theory]
    [InlineData("[FudgeMessage] public partial class Holder { public Page<System.Lazy<int>>? {|Lazy|} { get; set; } }",
        "The [FudgeMessage] type 'Page<Lazy<int>>' has the type argument 'Lazy<int>', which Fudge cannot serialize: it has no Fudge mapping; use a supported type (see " + Table + ")")]
    [InlineData("public class Address { } [FudgeMessage] public partial class Holder { public Page<Address>? {|Home|} { get; set; } }",
        "The [FudgeMessage] type 'Page<Address>' has the type argument 'Address', which Fudge cannot serialize: it has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address'")]
    [InlineData("public static class Use { public static byte[] Write() => {|FudgeSerializer.Serialize(new Page<System.IO.Stream>())|}; }",
        "The [FudgeMessage] type 'Page<Stream>' has the type argument 'Stream', which Fudge cannot serialize: it has no Fudge mapping; use a supported type (see " + Table + ")")]
    [InlineData("[FudgeMessage] public partial class Holder { public Page<System.Collections.Generic.List<System.Action>>? {|Callbacks|} { get; set; } }",
        "The [FudgeMessage] type 'Page<List<Action>>' has the type argument 'List<Action>', which Fudge cannot serialize: its element type 'Action' has no Fudge mapping; use a supported type (see " + Table + ")")]
    public void A_type_argument_without_a_mapping_is_refused_where_it_is_used(string marked, string message)
    {
        int start = marked.IndexOf("{|", StringComparison.Ordinal), end = marked.IndexOf("|}", StringComparison.Ordinal);
        string expectedText = marked.Substring(start + 2, end - start - 2);
        string source = "using Fudge.Serialization;\nnamespace D {\n" + Page + "\n" + marked.Replace("{|", "").Replace("|}", "") + "\n}";
        var (output, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));

        var diagnostic = Assert.Single(diagnostics);
        Assert.Equal("FUDGE016", diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal(message, diagnostic.GetMessage());
        Assert.Equal(expectedText, source.Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
        Assert.Equal("https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/generator.md#fudge016", diagnostic.Descriptor.HelpLinkUri);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
    }

    [Fact]
    public void Type_arguments_with_a_mapping_get_no_diagnostic_and_generated_value_formatters()
    {
        string source = "using Fudge.Serialization;\nnamespace D {\n" + Page + """

            public interface IShape { }
            [FudgeMessage] public partial class Holder
            {
                public Page<System.Collections.Immutable.ImmutableList<int>>? A { get; set; }
                public Page<System.Uri>? B { get; set; }
                public Page<(int, string)>? C { get; set; }
                public Page<int[,]>? E { get; set; }
                public Page<object>? F { get; set; }
                public Page<IShape>? G { get; set; }
                public Page<int>? H { get; set; }
            }
            }
            """;
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));
        Assert.Empty(diagnostics);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
        string registration = run.GeneratedTrees.Single(t => t.FilePath.EndsWith("FudgeFormatterRegistration.g.cs", StringComparison.Ordinal)).ToString();
        // One value formatter per shape the runtime lacks (not int or Uri: the runtime's own).
        Assert.Equal(5, registration.Split("private sealed class __FudgeValue_").Length - 1);
        Assert.DoesNotContain("FudgeValueFormatterCache<int>.Register", registration, StringComparison.Ordinal);
    }
}
