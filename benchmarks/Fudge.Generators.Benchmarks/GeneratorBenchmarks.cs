using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Text;
using BenchmarkDotNet.Attributes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Fudge.Generators.Benchmarks;

/// <summary>
/// The Fudge source generator's time on a model of <see cref="Types"/> <c>[FudgeMessage]</c> types that hold one
/// another (nested objects, lists of them, small leaves), through Roslyn's incremental driver as an IDE or a build runs
/// it: <see cref="Cold"/> runs it on the whole model from nothing; <see cref="OneEdit"/> after an edit of one type's
/// member (the driver re-emits that type and its holders); <see cref="UnrelatedEdit"/> after an edit outside the
/// messages (nothing is emitted again). <see cref="WholeGraph"/> is the FudgeWholeGraph build property: whole-graph
/// code gives each type the models of the types it holds, which is what an edit's cost depends on.
/// </summary>
[MemoryDiagnoser]
public class GeneratorBenchmarks
{
    /// <summary>The number of message types in the model.</summary>
    public const int Types = 300;

    private CSharpCompilation _compilation = null!, _edited = null!, _unrelated = null!;
    private GeneratorDriver _driver = null!;
    private bool _flip;

    /// <summary>
    /// The FudgeWholeGraph build property: <c>false</c> (the per-object path, before issue 42), <c>write</c> (the
    /// default: whole-graph writers, per-object readers) or <c>true</c> (both halves whole-graph).
    /// </summary>
    [Params("false", "write", "true")]
    public string WholeGraph { get; set; } = "false";

    [GlobalSetup]
    public void Setup()
    {
        _compilation = Compile(Model(editedMember: false, helperResult: 1));
        _edited = Compile(Model(editedMember: true, helperResult: 1));
        _unrelated = Compile(Model(editedMember: false, helperResult: 2));
        _driver = NewDriver().RunGenerators(_compilation);
        var result = _driver.GetRunResult();
        if (result.Diagnostics.Length > 0 || result.GeneratedTrees.Length < Types)
            throw new InvalidOperationException($"The model does not generate cleanly: {result.GeneratedTrees.Length} files, {string.Join("; ", result.Diagnostics)}");
    }

    /// <summary>
    /// The generator on the whole model from a new driver and a new compilation of the same parsed source (its symbols
    /// bound afresh, as a build does; the metadata of the references stays loaded).
    /// </summary>
    [Benchmark]
    public int Cold()
    {
        var fresh = CSharpCompilation.Create(_compilation.AssemblyName, _compilation.SyntaxTrees, _compilation.References, _compilation.Options);
        return NewDriver().RunGenerators(fresh).GetRunResult().GeneratedTrees.Length;
    }

    /// <summary>The driver again after one type's member changed (alternately edited and back: each run sees an edit).</summary>
    [Benchmark]
    public int OneEdit()
    {
        _flip = !_flip;
        _driver = _driver.RunGenerators(_flip ? _edited : _compilation);
        return _driver.GetRunResult().GeneratedTrees.Length;
    }

    /// <summary>The driver again after an edit of a class that is no message (alternately edited and back).</summary>
    [Benchmark]
    public int UnrelatedEdit()
    {
        _flip = !_flip;
        _driver = _driver.RunGenerators(_flip ? _unrelated : _compilation);
        return _driver.GetRunResult().GeneratedTrees.Length;
    }

    private GeneratorDriver NewDriver() => CSharpGeneratorDriver.Create(
        new[] { new FudgeGenerator().AsSourceGenerator() },
        parseOptions: (CSharpParseOptions)_compilation.SyntaxTrees.First().Options,
        optionsProvider: new BuildProperties(WholeGraph));

    /// <summary>
    /// The model's source: types T0..T299 in a ring, each holding the next as an object and a list of a later one; every
    /// third a small leaf of fixed-width members and one string (a run leaf); every tenth with names on the wire.
    /// </summary>
    private static string Model(bool editedMember, int helperResult)
    {
        var sb = new StringBuilder();
        sb.AppendLine("using System; using System.Collections.Generic; using Fudge.Serialization;");
        sb.AppendLine("namespace Model {");
        for (int i = 0; i < Types; i++)
        {
            string fields = i % 10 == 0 ? "Names" : "Ordinals";
            sb.Append($"[FudgeMessage(Fields = FudgeFieldIds.{fields})] public sealed partial class T{i} {{ ");
            string a = editedMember && i == Types / 2 ? "int" : "long";
            sb.Append($"[FudgeField(1)] public {a} A {{ get; set; }} [FudgeField(2)] public string? B {{ get; set; }} [FudgeField(3)] public double C {{ get; set; }} ");
            sb.Append("[FudgeField(4)] public DateTime When { get; set; } ");
            if (i % 3 != 0)
            {
                sb.Append($"[FudgeField(5)] public T{(i + 1) % Types}? Next {{ get; set; }} ");
                sb.Append($"[FudgeField(6)] public List<T{(i + 3) % Types}>? Items {{ get; set; }} ");
                sb.Append("[FudgeField(7)] public Dictionary<string, int>? Tags { get; set; } ");
            }
            sb.AppendLine("}");
        }
        sb.AppendLine($"public static class Helper {{ public static int Compute() => {helperResult}; }}");
        sb.AppendLine("}");
        return sb.ToString();
    }

    private static CSharpCompilation Compile(string source)
    {
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(p => !Path.GetFileName(p).StartsWith("Fudge.Generators", StringComparison.Ordinal))
            .Concat(new[] { typeof(Fudge.Serialization.FudgeMessageAttribute).Assembly.Location })
            .Distinct()
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p));
        var parse = new CSharpParseOptions(LanguageVersion.Latest);
        return CSharpCompilation.Create("GeneratorBenchmarkModel", new[] { CSharpSyntaxTree.ParseText(source, parse, path: "Model.cs") }, references,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
    }

    /// <summary>The build properties the generator reads: FudgeWholeGraph alone.</summary>
    private sealed class BuildProperties : AnalyzerConfigOptionsProvider
    {
        private readonly Options _global;

        public BuildProperties(string wholeGraph) => _global = new Options(ImmutableDictionary<string, string>.Empty.Add("build_property.FudgeWholeGraph", wholeGraph));

        public override AnalyzerConfigOptions GlobalOptions => _global;

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Options.Empty;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Options.Empty;

        private sealed class Options : AnalyzerConfigOptions
        {
            public static readonly Options Empty = new(ImmutableDictionary<string, string>.Empty);

            private readonly ImmutableDictionary<string, string> _values;

            public Options(ImmutableDictionary<string, string> values) => _values = values;

            public override bool TryGetValue(string key, out string value) => _values.TryGetValue(key, out value!);
        }
    }
}
