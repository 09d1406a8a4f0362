using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.Repeated;

/// <summary>
/// FUDGE018: <c>[FudgeField(Repeated = true)]</c> on a member that is no list or array is refused at the member, alone;
/// an element type with no mapping is FUDGE002 about the element, as for any list; the list types it takes compile.
/// </summary>
public class RepeatedDiagnosticsTests
{
    [Theory]
    [InlineData("string", "string")]
    [InlineData("System.Collections.Generic.HashSet<int>", "HashSet<int>")]
    [InlineData("System.Collections.Generic.Dictionary<string, int>", "Dictionary<string, int>")]
    [InlineData("int[,]", "int[,]")]
    [InlineData("System.Collections.Immutable.ImmutableArray<int>", "ImmutableArray<int>")]
    public void A_repeated_member_that_is_no_list_or_array_is_FUDGE018_at_the_member(string type, string spelled)
    {
        string source = $"[FudgeMessage] public partial class M {{ [FudgeField(Repeated = true)] public {type} Tags {{ get; set; }} = default!; }}";
        var diagnostic = Assert.Single(Diagnostics(source));
        Assert.Equal("FUDGE018", diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal($"Member 'Tags' is [FudgeField(Repeated = true)] but has type '{spelled}': a repeated member is a list or an array (T[], List<T>, IList<T>, ICollection<T>, IEnumerable<T>, IReadOnlyList<T> or IReadOnlyCollection<T>) whose elements are written as fields of their own",
            diagnostic.GetMessage());
        Assert.Equal("https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/generator.md#fudge018", diagnostic.Descriptor.HelpLinkUri);
        Assert.Equal("Tags", Wrap(source).Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
    }

    [Fact]
    public void An_element_type_without_a_mapping_is_FUDGE002_about_the_element()
    {
        var diagnostic = Assert.Single(Diagnostics("[FudgeMessage] public partial class M { [FudgeField(Repeated = true)] public System.Collections.Generic.List<System.IO.Stream> Data { get; set; } = new(); }"));
        Assert.Equal("FUDGE002", diagnostic.Id);
        Assert.Contains("its element type 'Stream'", diagnostic.GetMessage(), StringComparison.Ordinal);
    }

    [Fact]
    public void Every_list_and_array_type_compiles_as_a_repeated_member()
    {
        const string source = """
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
            public partial class M
            {
                [FudgeField(1, Repeated = true)] public int[] A { get; set; } = System.Array.Empty<int>();
                [FudgeField(2, Repeated = true)] public System.Collections.Generic.List<string> B { get; set; } = new();
                [FudgeField(3, Repeated = true)] public System.Collections.Generic.IList<long> C { get; set; } = new System.Collections.Generic.List<long>();
                [FudgeField(4, Repeated = true)] public System.Collections.Generic.ICollection<double> D { get; set; } = new System.Collections.Generic.List<double>();
                [FudgeField(5, Repeated = true)] public System.Collections.Generic.IEnumerable<byte[]>? E { get; set; }
                [FudgeField(6, Repeated = true)] public System.Collections.Generic.IReadOnlyList<M>? F { get; set; }
                [FudgeField(7, Repeated = true)] public System.Collections.Generic.IReadOnlyCollection<System.Collections.Generic.List<int>>? G { get; set; }
                [FudgeField(8, Repeated = true)] public byte[]? H { get; set; }
            }
            """;
        var (output, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, Wrap(source)));
        Assert.Empty(diagnostics);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Id != "CS1591"));
    }

    private static string Wrap(string source) => "using Fudge.Serialization;\nnamespace D {\n" + source + "\n}";

    private static Diagnostic[] Diagnostics(string source)
    {
        var (output, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, Wrap(source)));
        // Nothing generated fails to compile, whatever was refused.
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error && d.Location.SourceTree is { } t && t.FilePath.EndsWith(".g.cs", StringComparison.Ordinal));
        return diagnostics.ToArray();
    }
}
