using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>Runs the generator in a <see cref="CSharpGeneratorDriver"/>: output compiles cleanly, diagnostics land where they should, caching works.</summary>
public class GeneratorDriverTests
{
    /// <summary>Every assembly of this process but the generator's: what the in-memory compilations of these tests reference.</summary>
    internal static readonly ImmutableArray<MetadataReference> References = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator)
        .Where(p => !Path.GetFileName(p).StartsWith("Fudge.Generators", StringComparison.Ordinal))
        .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
        .ToImmutableArray();

    internal static CSharpCompilation Compile(LanguageVersion version, bool nullable, params string[] sources)
    {
        var options = new CSharpParseOptions(version);
        var trees = sources.Select((s, i) => CSharpSyntaxTree.ParseText(s, options, path: $"Source{i}.cs"));
        return CSharpCompilation.Create("Corpus", trees, References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: nullable ? NullableContextOptions.Enable : NullableContextOptions.Disable));
    }

    internal static (Compilation Output, ImmutableArray<Diagnostic> GeneratorDiagnostics, GeneratorDriverRunResult Run) Generate(Compilation compilation)
    {
        var driver = CSharpGeneratorDriver.Create(
            new[] { new FudgeGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        var run = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        return (output, diagnostics, run.GetRunResult());
    }

    private static void AssertCompilesCleanly(Compilation output, ImmutableArray<Diagnostic> generatorDiagnostics)
    {
        Assert.Empty(generatorDiagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems.Select(d => d.ToString()))
            + Environment.NewLine + string.Join(Environment.NewLine, output.SyntaxTrees.Skip(1).Select(t => t.ToString())));
    }

    public const string Corpus = """
        using System;
        using System.Collections.Generic;
        using Fudge;
        using Fudge.Serialization;

        namespace Corpus
        {
            public enum Color : short { Red, Green }

            [FudgeMessage]
            public partial class Everything
            {
                public bool A { get; set; }
                public sbyte B { get; set; }
                public byte C { get; set; }
                public short D { get; set; }
                public ushort E { get; set; }
                public int F { get; set; }
                public uint G { get; set; }
                public long H { get; set; }
                public ulong I { get; set; }
                public float J { get; set; }
                public double K { get; set; }
                public char L { get; set; }
                public decimal M { get; set; }
                public string? N { get; set; }
                public Guid O { get; set; }
                public DateTime P { get; set; }
                public DateTimeOffset Q { get; set; }
                public DateOnly R { get; set; }
                public TimeOnly S { get; set; }
                public TimeSpan T { get; set; }
                public Color U { get; set; }
                public int? V { get; set; }
                public Color? W { get; set; }
                public byte[]? X { get; set; }
                public ReadOnlyMemory<byte> Y { get; set; }
                public Memory<byte> Z { get; set; }
                public short[]? Shorts { get; set; }
                public int[]? Ints { get; set; }
                public long[]? Longs { get; set; }
                public float[]? Floats { get; set; }
                public double[]? Doubles { get; set; }
                public string?[]? Strings { get; set; }
                public List<Nested?>? List { get; set; }
                public IReadOnlyList<int?>? ReadOnlyList { get; set; }
                public IEnumerable<Color>? Enumerable { get; set; }
                public HashSet<string>? Set { get; set; }
                public ISet<Guid>? ISet { get; set; }
                public IList<List<int[]>>? DeepList { get; set; }
                public ICollection<Point>? Points { get; set; }
                public IReadOnlyCollection<decimal>? Decimals { get; set; }
                public Dictionary<string, Nested>? Map { get; set; }
                public IDictionary<int, List<string?>>? MapOfLists { get; set; }
                public IReadOnlyDictionary<Color, double?>? EnumMap { get; set; }
                public FudgeMsg? Message { get; set; }
                public Nested? Child { get; set; }
                public Point Location { get; set; }
                public Point? MaybeLocation { get; set; }
                public int @class { get; set; }
                public int[][]? Jagged { get; set; }
            }

            [FudgeMessage(Fields = FudgeFieldIds.NamesAndOrdinals)]
            public partial class Nested
            {
                [FudgeField(1)] public string Name { get; set; } = "";
                [FudgeField(2, Name = "v")] public long Value { get; set; }
                [FudgeIgnore] public object? Ignored { get; set; }
            }

            [FudgeMessage]
            public partial struct Point { public int X; public int Y; }

            [FudgeMessage]
            public readonly partial record struct Tick(string Symbol, double Price);

            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
            public partial record Quote([property: FudgeField(1)] string Symbol, [property: FudgeField(2)] double Bid = 1.5, [property: FudgeField(3)] Color Color = Color.Green);

            [FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 7)]
            internal partial class Compact { [FudgeField(1)] public int A { get; set; } [FudgeField(-2)] public string? B { get; set; } }

            [FudgeMessage]
            public partial class Order
            {
                public required string Id { get; init; }
                public int Quantity { get; init; }
                public string Currency { get; set; } = "USD";
            }

            [FudgeMessage]
            public partial class Account
            {
                public Account(string owner, decimal balance = 10m) { Owner = owner; Balance = balance; }
                public string Owner { get; }
                public decimal Balance { get; private set; }
                [FudgeField] private int _secret;
                public int Secret => _secret;
            }

            public partial class Outer
            {
                internal partial struct Middle
                {
                    [FudgeMessage]
                    public partial record Inner(int Value);
                }
            }

            [FudgeMessage, FudgeUnion("A", typeof(DerivedA)), FudgeUnion("B", typeof(DerivedB)), FudgeUnion("BB", typeof(DerivedBB))]
            public abstract partial class Base { public int Id { get; set; } }

            [FudgeMessage] public partial class DerivedA : Base { public string? A { get; set; } }
            [FudgeMessage] public partial class DerivedB : Base { public string? B { get; set; } }
            [FudgeMessage] public partial class DerivedBB : DerivedB { public string? BB { get; set; } }

            [FudgeMessage]
            public partial class Extensible : IFudgeExtensible
            {
                public int A { get; set; }
                public FudgeMsg? ExtensionData { get; set; }
            }

            [FudgeMessage]
            public partial class WithConstructor
            {
                [FudgeConstructor]
                public WithConstructor(int x, string label = "none") { X = x; Label = label; }
                public WithConstructor() { }
                public int X { get; }
                public string Label { get; } = "";
            }
        }

        namespace Corpus.Records
        {
            [FudgeMessage] public partial record BaseRecord(int A);
            [FudgeMessage] public sealed partial record DerivedRecord(int A, string B) : BaseRecord(A);
            [FudgeMessage] public partial class Leaf : Corpus.DerivedB { public int[]? Data { get; set; } }
        }

        namespace Corpus.Java
        {
            public enum Kind { Plain, ShortSell, HTTPServer }
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class JavaBase { public string? Id { get; set; } public Kind Kind { get; set; } public Kind? Maybe { get; set; } public decimal Amount { get; set; } public char C { get; set; } public byte[]? B { get; set; } public float F { get; set; } public double? D { get; set; } }
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class JavaDerived : JavaBase { public List<JavaBase>? Children { get; set; } public JavaBase[]? Array { get; set; } public Dictionary<Kind, JavaBase>? ByKind { get; set; } public HashSet<Kind>? Kinds { get; set; } }
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public abstract partial class JavaAbstract { public int A { get; set; } }
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public sealed partial class JavaSealed : JavaAbstract { public JavaAbstract? Other { get; set; } }
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial struct JavaStruct { public double X { get; set; } }
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class JavaExtensible : IFudgeExtensible { public int A { get; set; } public FudgeMsg? ExtensionData { get; set; } }
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial record JavaRecord(int A, Kind K, JavaStruct S);
            [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class JavaRequired { public required string Name { get; init; } public int Level { get; init; } = 3; }
        }

        [FudgeMessage]
        public partial class InGlobalNamespace { public int Value { get; set; } }
        """;

    [Fact]
    public void Corpus_of_shapes_compiles_without_warnings()
    {
        var (output, diagnostics, run) = Generate(Compile(LanguageVersion.CSharp12, nullable: true, Corpus));
        AssertCompilesCleanly(output, diagnostics);
        var generated = run.GeneratedTrees.Select(t => Path.GetFileName(t.FilePath)).ToList();
        Assert.Contains("Corpus.Everything.Fudge.g.cs", generated);
        Assert.Contains("Corpus.Outer.Middle.Inner.Fudge.g.cs", generated);
        Assert.Contains("InGlobalNamespace.Fudge.g.cs", generated);
        Assert.Contains("FudgeFormatterRegistration.g.cs", generated);
    }

    [Fact]
    public void Output_compiles_for_csharp_7_3_without_nullable_or_module_initializers()
    {
        const string source = """
            using System.Collections.Generic;
            using Fudge.Serialization;
            namespace Old
            {
                [FudgeMessage]
                public partial class Legacy
                {
                    public string Name { get; set; }
                    public int? Count { get; set; }
                    public List<string> Tags { get; set; }
                    public Dictionary<string, int> Map { get; set; }
                    public Legacy Next { get; set; }
                }
            }
            """;
        var (output, diagnostics, run) = Generate(Compile(LanguageVersion.CSharp7_3, nullable: false, source));
        AssertCompilesCleanly(output, diagnostics);
        Assert.DoesNotContain(run.GeneratedTrees, t => t.FilePath.EndsWith("FudgeFormatterRegistration.g.cs", StringComparison.Ordinal));
        Assert.DoesNotContain("#nullable", run.GeneratedTrees.Single().ToString());
    }

    // ------------------------------------------------------------------ diagnostics

    public static IEnumerable<object[]> DiagnosticCases() => new[]
    {
        new object[] { "FUDGE001", "[FudgeMessage] public class {|NotPartial|} { public int A { get; set; } }" },
        new object[] { "FUDGE001", "public class Container { [FudgeMessage] public partial class {|Inside|} { } }" },
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.IO.Stream? {|Data|} { get; set; } }" },
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.Collections.Generic.Dictionary<M, int>? {|Map|} { get; set; } }" },
        new object[] { "FUDGE003", "[FudgeMessage] public partial class M { [FudgeField(Name = \"x\")] public int A { get; set; } [FudgeField(Name = \"x\")] public int {|B|} { get; set; } }" },
        new object[] { "FUDGE003", "[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class M { [FudgeField(1)] public int A { get; set; } [FudgeField(1)] public int {|B|} { get; set; } }" },
        new object[] { "FUDGE004", "[FudgeMessage] public partial class M { [FudgeField(40000)] public int {|A|} { get; set; } }" },
        new object[] { "FUDGE004", "[FudgeMessage] public partial class M { [FudgeField(-32769)] public int {|A|} { get; set; } }" },
        new object[] { "FUDGE005", "public partial class C { [FudgeMessage] private partial class {|Hidden|} { } }" },
        new object[] { "FUDGE006", "[FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class {|Box|}<T> { public T? A { get; set; } }" },
        new object[] { "FUDGE006", "[FudgeMessage] [FudgeUnion(\"C\", typeof(Circle<int>))] public abstract partial class Shape { } [FudgeMessage] public partial class {|Circle|}<T> : Shape { }" },
        new object[] { "FUDGE011", "[FudgeMessage] [{|FudgeUnion(\"C\", typeof(Circle<int>))|}] public abstract partial class Shape { } [FudgeMessage] public partial class Circle<T> : Shape { }" },
        new object[] { "FUDGE006", "[FudgeMessage] public static partial class {|Static|} { }" },
        new object[] { "FUDGE006", "[FudgeMessage] public partial class {|Taken|} { public int FudgeFormatter { get; set; } }" },
        new object[] { "FUDGE007", "[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class M { public int {|A|} { get; set; } }" },
        new object[] { "FUDGE008", "[FudgeMessage] public partial class M { [FudgeField(0)] public int {|A|} { get; set; } }" },
        new object[] { "FUDGE009", "[FudgeMessage] public partial class {|M|} { public M(System.IO.Stream s) { } public int A { get; set; } }" },
        new object[] { "FUDGE010", "[FudgeMessage] public partial class M { [FudgeField] public int {|A|} => 1; }" },
        new object[] { "FUDGE011", "[FudgeMessage] [{|FudgeUnion(\"X\", typeof(string))|}] public partial class M { }" },
        new object[] { "FUDGE011", "public class NotMessage : M { } [FudgeMessage] [{|FudgeUnion(\"X\", typeof(NotMessage))|}] public partial class M { }" },
        new object[] { "FUDGE012", "[FudgeMessage(Fields = FudgeFieldIds.Taxonomy)] public partial class {|M|} { [FudgeField(1)] public int A { get; set; } }" },
        new object[] { "FUDGE013", "[FudgeMessage] public partial class M { [FudgeField(Name = \"\")] public int {|A|} { get; set; } }" },
    };

    [Theory]
    [MemberData(nameof(DiagnosticCases))]
    public void Each_diagnostic_fires_at_its_location(string id, string markedSource)
    {
        int start = markedSource.IndexOf("{|", StringComparison.Ordinal);
        int end = markedSource.IndexOf("|}", StringComparison.Ordinal);
        string expectedText = markedSource.Substring(start + 2, end - start - 2);
        string source = "using Fudge.Serialization;\nnamespace D {\n" + markedSource.Replace("{|", "").Replace("|}", "") + "\n}";

        var (output, diagnostics, run) = Generate(Compile(LanguageVersion.CSharp12, nullable: true, source));

        var diagnostic = Assert.Single(diagnostics, d => d.Id == id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        // Locations cross the pipeline as (path, span, line span) values and are rebuilt when reported.
        Assert.Equal("Source0.cs", diagnostic.Location.GetLineSpan().Path);
        Assert.Equal(expectedText, source.Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
        Assert.Equal(2, diagnostic.Location.GetLineSpan().StartLinePosition.Line);
        // A type with an error gets no formatter, so nothing generated can fail to compile.
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error && d.Location.SourceTree is { } t && t.FilePath.EndsWith(".g.cs", StringComparison.Ordinal));
        Assert.Empty(run.GeneratedTrees.Where(t => !t.FilePath.EndsWith("Registration.g.cs", StringComparison.Ordinal)
                                                   && t.ToString().Contains("class FudgeFormatter", StringComparison.Ordinal)
                                                   && t.ToString().Contains("partial class " + expectedText, StringComparison.Ordinal)));
    }

    public static IEnumerable<object[]> SettingsWithoutEffect() => new[]
    {
        new object[] { "[FudgeMessage] public partial class M { [FudgeField(Accuracy = Fudge.FudgeDateTimeAccuracy.Millisecond)] public int {|A|} { get; set; } }" },
        new object[] { "[FudgeMessage(Mapping = FudgeObjectMapping.Java)] [FudgeUnion(\"D\", typeof(D))] public partial class {|M|} { public int A { get; set; } } [FudgeMessage(Mapping = FudgeObjectMapping.Java)] public partial class D : M { }" },
    };

    [Theory]
    [MemberData(nameof(SettingsWithoutEffect))]
    public void A_setting_that_cannot_take_effect_is_a_warning_and_the_type_still_gets_its_formatter(string markedSource)
    {
        int start = markedSource.IndexOf("{|", StringComparison.Ordinal);
        int end = markedSource.IndexOf("|}", StringComparison.Ordinal);
        string expectedText = markedSource.Substring(start + 2, end - start - 2);
        string source = "using Fudge.Serialization;\nnamespace D {\n" + markedSource.Replace("{|", "").Replace("|}", "") + "\n}";
        var (output, diagnostics, _) = Generate(Compile(LanguageVersion.CSharp12, nullable: true, source));
        var diagnostic = Assert.Single(diagnostics, d => d.Id == "FUDGE014");
        Assert.Equal(DiagnosticSeverity.Warning, diagnostic.Severity);
        Assert.Equal(expectedText, source.Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
    }

    [Fact]
    public void Attribute_on_two_partial_declarations_does_not_break_the_generator()
    {
        const string source = "using Fudge.Serialization; namespace P { [FudgeMessage] public partial class T { public int A { get; set; } } [FudgeMessage] public partial class T { } }";
        var (output, diagnostics, run) = Generate(Compile(LanguageVersion.CSharp12, nullable: true, source));
        Assert.Empty(diagnostics);
        Assert.Null(run.Results.Single().Exception);
        Assert.Contains(output.GetDiagnostics(), d => d.Id == "CS0579");
    }

    // ------------------------------------------------------------------ incrementality

    [Fact]
    public void Unrelated_edit_leaves_the_pipeline_cached()
    {
        var compilation = Compile(LanguageVersion.CSharp12, nullable: true, Corpus, "namespace Other { public class Unrelated { public int A; } }");
        var driver = CSharpGeneratorDriver.Create(
            new[] { new FudgeGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        GeneratorDriver first = driver.RunGenerators(compilation);

        var oldTree = compilation.SyntaxTrees.Last();
        var newTree = oldTree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From("namespace Other { public class Unrelated { public int A; public int B; } }"));
        var edited = compilation.ReplaceSyntaxTree(oldTree, newTree);
        var second = first.RunGenerators(edited).GetRunResult().Results.Single();

        foreach (var step in new[] { FudgeGenerator.Steps.Parse, FudgeGenerator.Steps.Models, FudgeGenerator.Steps.EmitOptions, FudgeGenerator.Steps.Registrations })
        {
            var outputs = second.TrackedSteps[step].SelectMany(s => s.Outputs).ToList();
            Assert.NotEmpty(outputs);
            Assert.All(outputs, o => Assert.True(o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, $"{step}: {o.Reason}"));
        }
        var sourceOutputs = second.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(s => s.Outputs).ToList();
        Assert.NotEmpty(sourceOutputs);
        Assert.All(sourceOutputs, o => Assert.True(o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, o.Reason.ToString()));
    }

    [Fact]
    public void Editing_one_message_regenerates_only_that_one()
    {
        const string a = "using Fudge.Serialization; namespace E { [FudgeMessage] public partial class A { public int X { get; set; } } }";
        const string b = "using Fudge.Serialization; namespace E { [FudgeMessage] public partial class B { public int Y { get; set; } } }";
        var compilation = Compile(LanguageVersion.CSharp12, nullable: true, a, b);
        GeneratorDriver driver = CSharpGeneratorDriver.Create(
            new[] { new FudgeGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            driverOptions: new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));
        driver = driver.RunGenerators(compilation);
        var oldTree = compilation.SyntaxTrees.Last();
        var edited = compilation.ReplaceSyntaxTree(oldTree, oldTree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From(b.Replace("int Y", "long Y"))));
        var result = driver.RunGenerators(edited).GetRunResult().Results.Single();
        var reasons = result.TrackedSteps[FudgeGenerator.Steps.Models].SelectMany(s => s.Outputs).Select(o => o.Reason).ToList();
        Assert.Contains(IncrementalStepRunReason.Modified, reasons);
        Assert.Contains(IncrementalStepRunReason.Cached, reasons);
    }

    [Fact]
    public void Pipeline_carries_no_symbols_or_syntax()
    {
        var (_, _, run) = Generate(Compile(LanguageVersion.CSharp12, nullable: true, Corpus));
        foreach (var step in run.Results.Single().TrackedSteps.Where(s => s.Key is FudgeGenerator.Steps.Parse or FudgeGenerator.Steps.Models or FudgeGenerator.Steps.Registrations))
            foreach (var output in step.Value.SelectMany(s => s.Outputs))
                AssertNoBannedTypes(output.Value, new HashSet<object>(ReferenceEqualityComparer.Instance));
    }

    private static void AssertNoBannedTypes(object? value, HashSet<object> seen)
    {
        if (value is null || value is string || value.GetType().IsPrimitive || value.GetType().IsEnum) return;
        if (!value.GetType().IsValueType && !seen.Add(value)) return;
        Assert.False(value is Compilation or ISymbol or SyntaxNode or SemanticModel, $"the pipeline carries a {value.GetType()}");
        if (value is DiagnosticDescriptor) return; // static, immutable descriptors
        if (value is IEnumerable items)
        {
            foreach (var item in items) AssertNoBannedTypes(item, seen);
            return;
        }
        foreach (var field in value.GetType().GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic))
            AssertNoBannedTypes(field.GetValue(value), seen);
    }
}
