using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.DocsCheck;

/// <summary>What compiling one block gave: the assembly (null on errors) and every diagnostic, located in the markdown.</summary>
/// <param name="Assembly">The emitted assembly, or null when the block does not compile.</param>
/// <param name="HasEntryPoint">True when the block (with its setup) has statements to run.</param>
/// <param name="Errors">Compiler and generator errors, as <c>file:line: CS0000: message</c>.</param>
/// <param name="Warnings">Compiler and generator warnings, in the same form.</param>
/// <param name="MissingUsings">Namespaces the visible code uses but does not import, described (VisibleUsings).</param>
internal sealed record CompiledBlock(byte[]? Assembly, bool HasEntryPoint, IReadOnlyList<string> Errors, IReadOnlyList<string> MissingUsings, IReadOnlyList<string> Warnings);

/// <summary>
/// Compiles blocks in process, as a new console project (net10.0, nullable and implicit usings on, the packed Fudge
/// packages referenced) would compile them, with the Fudge package's source generator. One compiler serves every
/// block: the whole check costs one build of this program, not one per block.
/// </summary>
internal sealed class BlockCompiler
{
    // What `dotnet new console` puts in every file (ImplicitUsings=enable).
    private const string ImplicitUsings = """
        global using System;
        global using System.Collections.Generic;
        global using System.IO;
        global using System.Linq;
        global using System.Net.Http;
        global using System.Threading;
        global using System.Threading.Tasks;
        """;

    // The namespaces of the packages and of the clients the docs show them with, imported for the hidden setup only
    // (preludes and doc-check comments): the block's own code must show its using lines (VisibleUsings checks that).
    private const string LibraryUsings = """
        using System.Buffers;
        using Fudge;
        using Fudge.Bson;
        using Fudge.Json;
        using Fudge.Nats;
        using Fudge.Query;
        using Fudge.RabbitMQ;
        using Fudge.Serialization;
        using Fudge.Store;
        using Fudge.Store.PostgreSql;
        using Fudge.Store.Sqlite;
        using Fudge.Transforms;
        using Fudge.Views;
        using Fudge.Xml;
        using MongoDB.Bson;
        using MongoDB.Bson.Serialization;
        using NATS.Client.Core;
        using NATS.Client.JetStream;
        using Newtonsoft.Json;
        using RabbitMQ.Client;
        """;

    private static readonly CSharpParseOptions ParseOptions = new(LanguageVersion.Latest);

    private readonly ImmutableArray<MetadataReference> _references;
    private readonly ImmutableArray<ISourceGenerator> _generators;
    private readonly string _preludeFolder;

    public BlockCompiler(string preludeFolder)
    {
        _preludeFolder = preludeFolder;
        // This program references exactly the packages a user's project would (and Roslyn, which no block names).
        var self = typeof(BlockCompiler).Assembly.Location;
        _references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(Path.PathSeparator)
            .Where(path => path.Length > 0 && !string.Equals(path, self, StringComparison.Ordinal))
            .Select(path => (MetadataReference)MetadataReference.CreateFromFile(path))
            .ToImmutableArray();
        _generators = LoadFudgeGenerators();
    }

    public CompiledBlock Compile(MarkdownBlock block)
    {
        var trees = new List<SyntaxTree>
        {
            CSharpSyntaxTree.ParseText(ImplicitUsings, ParseOptions, "ImplicitUsings.g.cs"),
        };
        var hidden = HiddenSetup(block);
        var code = (CompilationUnitSyntax)CSharpSyntaxTree.ParseText(block.Code, ParseOptions).GetRoot();
        var usings = ((CompilationUnitSyntax)CSharpSyntaxTree.ParseText(LibraryUsings, ParseOptions).GetRoot()).Usings
            .Concat(hidden.SelectMany(h => h.Usings)).ToList();
        usings = usings.Where((u, i) => !usings.Take(i).Any(earlier => earlier.IsEquivalentTo(u, topLevel: false))).ToList();
        string hiddenUsings = string.Concat(usings.Where(u => !code.Usings.Any(c => c.IsEquivalentTo(u, topLevel: false))).Select(u => u.ToFullString().Trim() + "\n"));
        string hiddenStatements = string.Concat(hidden.SelectMany(h => h.Members.OfType<GlobalStatementSyntax>()).Select(s => s.ToFullString()));
        string hiddenTypes = string.Concat(hidden.SelectMany(h => h.Members.Where(m => m is not GlobalStatementSyntax)).Select(m => m.ToFullString()));

        var main = new StringBuilder();
        bool hasStatements;
        if (block.Directive.MembersOf is { } type)
        {
            // A fragment of members: compiled inside the class its directive names, with the hidden usings around it.
            main.Append(hiddenUsings).Append(hiddenStatements).Append("partial class ").Append(type).Append("\n{\n")
                .Append(LineDirective(block.FirstLine, block.File)).Append(block.Code).Append("\n#line default\n}\n");
            hasStatements = hiddenStatements.Length > 0;
        }
        else
        {
            // The block as pasted into Program.cs, with the hidden setup statements run before its own statements.
            int split = code.Members.Count > 0 ? code.Members[0].FullSpan.Start : code.FullSpan.End;
            main.Append(hiddenUsings)
                .Append(LineDirective(block.FirstLine, block.File)).Append(block.Code[..split]).Append('\n')
                .Append("#line hidden\n").Append(hiddenStatements).Append('\n')
                .Append(LineDirective(block.FirstLine + block.Code[..split].Count(c => c == '\n'), block.File)).Append(block.Code[split..]).Append('\n');
            hasStatements = hiddenStatements.Length > 0 || code.Members.OfType<GlobalStatementSyntax>().Any();
        }
        trees.Add(CSharpSyntaxTree.ParseText(main.ToString(), ParseOptions, block.File));
        if (hiddenTypes.Length > 0)
            trees.Add(CSharpSyntaxTree.ParseText(string.Concat(usings.Select(u => u.ToFullString())) + hiddenTypes, ParseOptions, "HiddenTypes.cs"));

        var compilation = CSharpCompilation.Create(
            "DocBlock_" + block.File.Replace('/', '_').Replace('.', '_') + "_" + block.FirstLine,
            trees,
            _references,
            new CSharpCompilationOptions(hasStatements ? OutputKind.ConsoleApplication : OutputKind.DynamicallyLinkedLibrary,
                nullableContextOptions: NullableContextOptions.Enable, allowUnsafe: false));
        CSharpGeneratorDriver.Create(_generators, parseOptions: ParseOptions)
            .RunGeneratorsAndUpdateCompilation(compilation, out var generated, out var generatorDiagnostics);

        using var pe = new MemoryStream();
        var result = generated.Emit(pe);
        // Warnings about the hidden setup (an unused callback stub, say) are not the reader's: only errors count there.
        // The library usings imported for the hidden setup make the block's unnecessary-using diagnostics meaningless.
        var diagnostics = generatorDiagnostics.Concat(result.Diagnostics).Distinct()
            .Where(d => d.Severity == DiagnosticSeverity.Error || IsInBlock(d, block.File) && d.Id is not ("CS0105" or "CS8019")).ToList();
        var errors = diagnostics.Where(d => d.Severity == DiagnosticSeverity.Error).Select(Describe).ToList();
        // A members-of fragment is not pasted into Program.cs: only whole blocks must show their using lines.
        var missingUsings = result.Success && block.Directive.MembersOf is null
            ? VisibleUsings.Missing(generated, generated.SyntaxTrees.First(t => t.FilePath == block.File), code, block.File).ToList()
            : new List<string>();
        return new CompiledBlock(
            result.Success ? pe.ToArray() : null,
            hasStatements,
            errors,
            missingUsings,
            diagnostics.Where(d => d.Severity == DiagnosticSeverity.Warning).Select(Describe).ToList());
    }

    /// <summary>The named preludes, then the setup written in the directive itself, each parsed on its own.</summary>
    private List<CompilationUnitSyntax> HiddenSetup(MarkdownBlock block)
    {
        var parts = new List<CompilationUnitSyntax>();
        foreach (var name in block.Directive.Preludes)
        {
            var path = Path.Combine(_preludeFolder, name + ".cs");
            if (!File.Exists(path)) throw new DocCheckException($"prelude '{name}' not found (expected docs/doc-check/{name}.cs)");
            parts.Add(Parse(File.ReadAllText(path), $"prelude docs/doc-check/{name}.cs"));
        }
        parts.Add(Parse(block.Directive.Setup, $"hidden setup at {block.File}:{block.Directive.SetupLine}"));
        return parts;
    }

    private static CompilationUnitSyntax Parse(string text, string what)
    {
        var root = (CompilationUnitSyntax)CSharpSyntaxTree.ParseText(text, ParseOptions).GetRoot();
        // Statements and types are separated before compiling, so their order in the setup text does not matter.
        var error = root.GetDiagnostics().FirstOrDefault(d => d.Severity == DiagnosticSeverity.Error && d.Id != "CS8803");
        return error is null ? root : throw new DocCheckException($"the {what} does not parse: {error}");
    }

    private static bool IsInBlock(Diagnostic diagnostic, string file) =>
        diagnostic.Location.SourceTree is { } tree && tree.FilePath == file
        && tree.GetLineVisibility(diagnostic.Location.SourceSpan.Start) == LineVisibility.Visible;

    private static string LineDirective(int line, string file) => $"#line {line} \"{file}\"\n";

    private static string Describe(Diagnostic diagnostic)
    {
        var span = diagnostic.Location.GetMappedLineSpan();
        string where = span.IsValid && span.Path.Length > 0 ? $"{span.Path}:{span.StartLinePosition.Line + 1}" : "(generated)";
        return $"{where}: {diagnostic.Id}: {diagnostic.GetMessage()}";
    }

    /// <summary>
    /// The generators the Fudge package carries in analyzers/dotnet/cs (the build writes their paths beside this
    /// program), instantiated as Roslyn would.
    /// </summary>
    private static ImmutableArray<ISourceGenerator> LoadFudgeGenerators()
    {
        var list = Path.Combine(AppContext.BaseDirectory, "fudge-generators.txt");
        var generators = File.ReadAllLines(list).Where(line => line.Length > 0)
            .Select(Assembly.LoadFrom)
            .SelectMany(assembly => assembly.GetTypes())
            .Where(type => !type.IsAbstract && type.GetCustomAttributes(typeof(GeneratorAttribute), inherit: false).Length > 0)
            .Select(type => Activator.CreateInstance(type) switch
            {
                IIncrementalGenerator incremental => incremental.AsSourceGenerator(),
                ISourceGenerator source => source,
                _ => throw new DocCheckException($"{type} is marked [Generator] but is no generator"),
            })
            .ToImmutableArray();
        return generators.Length > 0 ? generators : throw new DocCheckException($"no source generator in the Fudge package (listed in {list})");
    }
}
