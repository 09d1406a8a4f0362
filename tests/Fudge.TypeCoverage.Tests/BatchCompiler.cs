using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;

namespace Fudge.TypeCoverage.Tests;

/// <summary>
/// Compiles every case for one library in ONE compilation (with that library's source generator), gives each error to
/// the case it belongs to, drops those cases and compiles the rest again until nothing fails; the survivors are emitted
/// and loaded.
/// </summary>
public static class BatchCompiler
{
    /// <summary>The outcome for one library: the loaded assembly of the cases that compiled, and the first error of each that did not.</summary>
    public sealed record Batch(Library Library, Assembly? Assembly, IReadOnlyDictionary<string, Diagnostic> Refused, IReadOnlyDictionary<string, ImmutableArray<Diagnostic>> Warnings, int Passes, TimeSpan Elapsed)
    {
        /// <summary>Errors the compiler reported inside GENERATED code, by case: a generator must never write code that does not compile.</summary>
        public IReadOnlyDictionary<string, Diagnostic> GeneratedCodeErrors { get; init; } = new Dictionary<string, Diagnostic>();
    }

    internal static readonly ImmutableArray<MetadataReference> References = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator)
        .Where(p => !Path.GetFileName(p).StartsWith("Fudge.Generators", StringComparison.Ordinal)
                    && !Path.GetFileName(p).StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal)
                    && !Path.GetFileName(p).StartsWith("MemoryPack.Generator", StringComparison.Ordinal))
        .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
        .ToImmutableArray();

    /// <summary>C# latest with the symbols a net10.0 build defines (MemoryPack's generated code depends on them).</summary>
    internal static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest, preprocessorSymbols: new[]
    {
        "RELEASE", "NET", "NET10_0", "NETCOREAPP", "NET10_0_OR_GREATER", "NET9_0_OR_GREATER", "NET8_0_OR_GREATER", "NET7_0_OR_GREATER",
        "NET6_0_OR_GREATER", "NET5_0_OR_GREATER", "NETCOREAPP3_1_OR_GREATER", "NETCOREAPP3_0_OR_GREATER", "NETCOREAPP2_2_OR_GREATER",
        "NETCOREAPP2_1_OR_GREATER", "NETCOREAPP2_0_OR_GREATER", "NETCOREAPP1_1_OR_GREATER", "NETCOREAPP1_0_OR_GREATER",
    });

    private static readonly Regex CaseNamespace = new(@"Case_[A-Za-z0-9_]+", RegexOptions.Compiled);

    /// <summary>Compiles, attributes errors, recompiles the rest, emits and loads.</summary>
    public static Batch Compile(IReadOnlyList<CorpusCase> cases, Library library)
    {
        var clock = System.Diagnostics.Stopwatch.StartNew();
        var byNamespace = cases.ToDictionary(c => c.Namespace, StringComparer.Ordinal);
        var trees = cases.ToDictionary(c => c.Namespace,
            c => CSharpSyntaxTree.ParseText(CaseSource.For(c, library), ParseOptions, path: c.Namespace + ".cs"), StringComparer.Ordinal);
        var refused = new Dictionary<string, Diagnostic>(StringComparer.Ordinal);
        var warnings = new Dictionary<string, ImmutableArray<Diagnostic>>(StringComparer.Ordinal);
        var generatedCodeErrors = new Dictionary<string, Diagnostic>(StringComparer.Ordinal);

        // Later passes remove trees from the same compilation and rerun the same driver, so references are bound and
        // unchanged generator inputs are processed once.
        Compilation compilation = CSharpCompilation.Create("Corpus." + library, trees.Values, References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable,
                optimizationLevel: OptimizationLevel.Debug, concurrentBuild: true));
        var generators = Generators(library);
        GeneratorDriver? driver = generators.Length > 0 ? CSharpGeneratorDriver.Create(generators, parseOptions: ParseOptions) : null;
        for (int pass = 0; ; pass++)
        {
            if (pass > 8) throw new InvalidOperationException($"{library}: errors still attributed after {pass} passes");
            Compilation output = compilation;
            var diagnostics = new List<Diagnostic>();
            var generatorWarnings = new List<Diagnostic>();
            if (driver is not null)
            {
                driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out output, out var generatorDiagnostics);
                diagnostics.AddRange(generatorDiagnostics);
                generatorWarnings.AddRange(generatorDiagnostics.Where(d => d.Severity == DiagnosticSeverity.Warning));
            }
            // Emitting binds everything once and reports every error: no separate GetDiagnostics pass. A generator that
            // refuses a type reports an error and generates nothing for it, so the rest still emits: the refused cases
            // are recorded (a user's build would stop there) and the others run from this same assembly.
            using var stream = new MemoryStream();
            var emitted = output.Emit(stream);
            diagnostics.AddRange(emitted.Diagnostics);

            var errors = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
            foreach (var error in errors.Where(e => e.Location.SourceTree is { } t && !trees.ContainsKey(Path.GetFileNameWithoutExtension(t.FilePath))))
                if (Owner(error, byNamespace) is { } owner && !generatedCodeErrors.ContainsKey(owner)) generatedCodeErrors[owner] = error;
            if (emitted.Success)
            {
                Refuse(errors, byNamespace, refused, library);
                foreach (var group in generatorWarnings.GroupBy(d => Owner(d, byNamespace)))
                    if (group.Key is not null) warnings[group.Key] = group.ToImmutableArray();
                return new Batch(library, Assembly.Load(stream.ToArray()), refused, warnings, pass + 1, clock.Elapsed) { GeneratedCodeErrors = generatedCodeErrors };
            }
            var owners = Refuse(errors, byNamespace, refused, library);
            if (owners.Count == 0) throw new InvalidOperationException($"{library}: no progress attributing errors");
            compilation = compilation.RemoveSyntaxTrees(owners.Select(o => trees[o]));
        }
    }

    /// <summary>Records the first error of each case not yet refused (the generator's own rather than the compiler's cascade) and returns those cases.</summary>
    private static HashSet<string> Refuse(List<Diagnostic> errors, IReadOnlyDictionary<string, CorpusCase> byNamespace, Dictionary<string, Diagnostic> refused, Library library)
    {
        var owners = new HashSet<string>(StringComparer.Ordinal);
        foreach (var error in errors)
        {
            string owner = Owner(error, byNamespace) ?? throw new InvalidOperationException($"{library}: an error no case owns: {error}");
            if (refused.ContainsKey(owner) || !owners.Add(owner)) continue;
            refused[owner] = errors.Where(e => Owner(e, byNamespace) == owner)
                .OrderBy(e => e.Id.StartsWith("CS", StringComparison.Ordinal) ? 1 : 0).First();
        }
        return owners;
    }

    /// <summary>The case an error belongs to: the tree it is in, or for generated code the case namespace it names.</summary>
    private static string? Owner(Diagnostic d, IReadOnlyDictionary<string, CorpusCase> byNamespace)
    {
        // The Fudge generator rebuilds its locations from (path, span) values: they have a path but no tree.
        string path = d.Location.SourceTree?.FilePath ?? d.Location.GetLineSpan().Path ?? "";
        string file = Path.GetFileNameWithoutExtension(path);
        if (byNamespace.ContainsKey(file)) return file;
        var tree = d.Location.SourceTree;
        if (tree is null) return null;
        // Generated code: the hint name, then the line of the error, then the whole file.
        foreach (string text in new[] { tree.FilePath, LineOf(d), tree.ToString() })
            foreach (Match m in CaseNamespace.Matches(text))
                if (byNamespace.ContainsKey(m.Value)) return m.Value;
        return null;
    }

    private static string LineOf(Diagnostic d)
    {
        var text = d.Location.SourceTree!.GetText();
        int line = d.Location.GetLineSpan().StartLinePosition.Line;
        return line < text.Lines.Count ? text.Lines[line].ToString() : "";
    }

    private static ImmutableArray<ISourceGenerator> Generators(Library library) => library switch
    {
        Library.FudgeNames or Library.FudgeOrdinals => ImmutableArray.Create(new global::Fudge.Generators.FudgeGenerator().AsSourceGenerator()),
        Library.MemoryPack => MemoryPackGenerators.Value,
        _ => ImmutableArray<ISourceGenerator>.Empty,
    };

    private static readonly Lazy<ImmutableArray<ISourceGenerator>> MemoryPackGenerators = new(() =>
    {
        string path = Path.Combine(AppContext.BaseDirectory, "rivals", "MemoryPack.Generator.dll");
        var reference = new AnalyzerFileReference(path, new Loader());
        var generators = reference.GetGenerators(LanguageNames.CSharp);
        if (generators.IsEmpty) throw new InvalidOperationException("no source generator in " + path);
        return generators;
    });

    private sealed class Loader : IAnalyzerAssemblyLoader
    {
        public void AddDependencyLocation(string fullPath) { }
        public Assembly LoadFromPath(string fullPath) => Assembly.LoadFrom(fullPath);
    }
}
