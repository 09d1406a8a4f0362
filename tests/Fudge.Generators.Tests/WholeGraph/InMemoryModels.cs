using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// Model files embedded in this test assembly, compiled again in memory with the generator into a second assembly
/// (most often with FudgeWholeGraph=false, for the per-object code to compare this suite's whole-graph code with).
/// </summary>
internal static class InMemoryModels
{
    private static readonly CSharpParseOptions Parse = new(LanguageVersion.Latest);

    /// <summary>The text of the embedded resource <paramref name="name"/> (a model file, or proto/NAME.proto).</summary>
    internal static string Resource(string name)
    {
        using var stream = typeof(InMemoryModels).Assembly.GetManifestResourceStream(name) ?? throw new InvalidOperationException("no embedded " + name);
        using var reader = new StreamReader(stream);
        return reader.ReadToEnd();
    }

    /// <summary>C# source parsed as the compilation parses it; <paramref name="path"/> names it in diagnostics.</summary>
    internal static SyntaxTree Source(string text, string path) => CSharpSyntaxTree.ParseText(text, Parse, path: path);

    /// <summary>The embedded model file <paramref name="name"/>, parsed.</summary>
    internal static SyntaxTree ModelFile(string name) => Source(Resource(name), name);

    /// <summary>
    /// <paramref name="sources"/> compiled with the generator under <paramref name="options"/> (the build properties
    /// and file metadata it sees; <paramref name="additionalFiles"/> are the .proto schemas, if any), against every
    /// assembly of this process but the generator's (<see cref="GeneratorDriverTests.References"/>), and loaded. The
    /// test fails on an error diagnostic, or on any generator diagnostic at all when
    /// <paramref name="noGeneratorDiagnostics"/>. <paramref name="beforeEmit"/> gets the compilation with the generated
    /// code (to assert on it, or to take a tree out) and returns the one to emit.
    /// </summary>
    internal static Assembly Compile(string assemblyName, IEnumerable<SyntaxTree> sources, AnalyzerConfigOptionsProvider options,
        IEnumerable<AdditionalText>? additionalFiles = null, bool noGeneratorDiagnostics = false, Func<Compilation, Compilation>? beforeEmit = null)
    {
        // The driver tests' reference objects: the same objects in every compilation of a run let each after the first
        // reuse the metadata of the two hundred-odd assemblies read for the first, instead of reading them again.
        var compilation = CSharpCompilation.Create(assemblyName, sources, GeneratorDriverTests.References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, optimizationLevel: OptimizationLevel.Release));
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new FudgeGenerator().AsSourceGenerator() }, additionalFiles, Parse, options);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        if (noGeneratorDiagnostics) Assert.Empty(diagnostics);
        else Assert.Empty(diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error));
        if (beforeEmit is not null) output = beforeEmit(output);
        using var image = new MemoryStream();
        var emitted = output.Emit(image);
        Assert.True(emitted.Success, string.Join(Environment.NewLine, emitted.Diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error)));
        return Assembly.Load(image.ToArray());
    }

    /// <summary>All the generated code of <paramref name="compilation"/> (with the sources), as one string to search.</summary>
    internal static string Text(Compilation compilation) => string.Concat(compilation.SyntaxTrees.Select(t => t.ToString()));
}
