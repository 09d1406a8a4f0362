using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.Tests.Proto;

/// <summary>Runs the generator on in-memory .proto files, marked FudgeProto="true" as the package's build files mark them.</summary>
internal static class ProtoDriver
{
    public sealed class ProtoText : AdditionalText
    {
        private readonly SourceText _text;

        public ProtoText(string path, string text)
        {
            Path = path;
            _text = SourceText.From(text);
        }

        public override string Path { get; }

        public override SourceText GetText(CancellationToken cancellationToken = default) => _text;
    }

    private sealed class Options : AnalyzerConfigOptions
    {
        private readonly Dictionary<string, string> _values;

        public Options(Dictionary<string, string> values) => _values = values;

        public override bool TryGetValue(string key, out string value) => _values.TryGetValue(key, out value!);
    }

    private sealed class OptionsProvider : AnalyzerConfigOptionsProvider
    {
        private readonly string _namespaceMap;
        private readonly string _defaultMutability;

        public OptionsProvider(string namespaceMap, string defaultMutability)
        {
            _namespaceMap = namespaceMap;
            _defaultMutability = defaultMutability;
        }

        public override AnalyzerConfigOptions GlobalOptions => new Options(new());

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => new Options(new());

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => textFile.Path.EndsWith(".proto", System.StringComparison.Ordinal)
            ? new Options(new()
            {
                ["build_metadata.AdditionalFiles.FudgeProto"] = "true",
                ["build_metadata.AdditionalFiles.FudgeProtoNamespace"] = _namespaceMap,
                ["build_metadata.AdditionalFiles.FudgeProtoDefaultMutability"] = _defaultMutability,
            })
            : new Options(new());
    }

    public static GeneratorDriver Create(Compilation compilation, IEnumerable<AdditionalText> files, string namespaceMap = "", string defaultMutability = "")
        => CSharpGeneratorDriver.Create(
            new[] { new FudgeGenerator().AsSourceGenerator() },
            files,
            (CSharpParseOptions)compilation.SyntaxTrees.First().Options,
            new OptionsProvider(namespaceMap, defaultMutability),
            new GeneratorDriverOptions(IncrementalGeneratorOutputKind.None, trackIncrementalGeneratorSteps: true));

    /// <summary>Generates from one .proto file; returns the generator's diagnostics and the compilation with its output.</summary>
    public static (ImmutableArray<Diagnostic> Diagnostics, Compilation Output) Run(string proto, string path = "schema.proto", string namespaceMap = "", string defaultMutability = "")
    {
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, "namespace Host { }");
        Create(compilation, new[] { new ProtoText(path, proto) }, namespaceMap, defaultMutability)
            .RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        return (diagnostics, output);
    }
}
