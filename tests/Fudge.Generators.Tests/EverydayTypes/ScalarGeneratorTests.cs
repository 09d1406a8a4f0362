using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>The generator's side of the scalars of issue 41: the output compiles as C# 7.3, and what it cannot map is reported.</summary>
public class ScalarGeneratorTests
{
    [Fact]
    public void Scalars_compile_as_csharp_7_3()
    {
        const string source = """
            using System;
            using System.Collections.Generic;
            using System.Numerics;
            using Fudge.Serialization;
            namespace Old
            {
                public enum Tiny : sbyte { Low = sbyte.MinValue, High = sbyte.MaxValue }
                public enum Huge : ulong { Top = ulong.MaxValue }

                [FudgeMessage]
                public partial class Legacy
                {
                    public Uri Link { get; set; }
                    public Version Version { get; set; }
                    public BigInteger Big { get; set; }
                    public Int128 Wide { get; set; }
                    public UInt128? MaybeWide { get; set; }
                    public Half Small { get; set; }
                    public IntPtr Native { get; set; }
                    public UIntPtr? MaybeNative { get; set; }
                    public ArraySegment<byte> Segment { get; set; }
                    public DateTimeOffset When { get; set; }
                    public int[,] Grid { get; set; }
                    public string[,,] Cube { get; set; }
                    public int[][,] Grids { get; set; }
                    public Version[,] Versions { get; set; }
                    public List<Half> Halves { get; set; }
                    public Dictionary<Int128, Uri> ByWide { get; set; }
                    public Dictionary<Tiny, Huge> ByTiny { get; set; }
                }

                [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
                public partial class LegacyOrdinals
                {
                    [FudgeField(1)] public BigInteger Big { get; set; }
                    [FudgeField(2)] public IntPtr Native { get; set; }
                    [FudgeField(3)] public Half Small { get; set; }
                    [FudgeField(4)] public long[,] Grid { get; set; }
                    [FudgeField(5)] public Huge Huge { get; set; }
                }
            }
            """;
        var (output, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp7_3, nullable: false, source));
        Assert.Empty(diagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
    }

    [Theory]
    [InlineData("public int[,][,]? {|Nested|} { get; set; }")]
    [InlineData("public System.ArraySegment<int> {|Ints|} { get; set; }")]
    [InlineData("public System.Collections.Generic.Dictionary<System.ArraySegment<byte>, int>? {|BySegment|} { get; set; }")]
    [InlineData("public System.Collections.Generic.Dictionary<int[,], int>? {|ByGrid|} { get; set; }")]
    public void What_has_no_mapping_is_reported_on_the_member(string member)
    {
        string source = "using Fudge.Serialization; [FudgeMessage] public partial class M { " + member + " }";
        int start = source.IndexOf("{|", StringComparison.Ordinal);
        string name = source.Substring(start + 2, source.IndexOf('|', start + 2) - start - 2);
        string plain = source.Replace("{|", "").Replace("|}", "");
        var (_, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, plain));
        var diagnostic = Assert.Single(diagnostics);
        Assert.Equal("FUDGE002", diagnostic.Id);
        Assert.Equal(start, diagnostic.Location.SourceSpan.Start);
        Assert.Equal(name.Length, diagnostic.Location.SourceSpan.Length);
    }
}
