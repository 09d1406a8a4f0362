using System;
using System.Collections.Immutable;
using System.Linq;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.CodeFixes.Tests;

/// <summary>A document of a workspace and the FUDGE002 diagnostics the Fudge generator reports on it, as an IDE has them.</summary>
internal static class FixDriver
{
    /// <summary>A document in a new C# project of an ad-hoc workspace, referencing the BCL of this process and Fudge.</summary>
    public static Document CreateDocument(string source)
    {
        var workspace = new AdhocWorkspace();
        var references = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(System.IO.Path.PathSeparator)
            .Where(p => System.IO.Path.GetFileName(p) is var f && (f.StartsWith("System.", StringComparison.Ordinal) || f is "mscorlib.dll" or "netstandard.dll"))
            .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
            .Append(MetadataReference.CreateFromFile(typeof(Fudge.Serialization.FudgeMessageAttribute).Assembly.Location));
        var project = workspace.AddProject(ProjectInfo.Create(
            ProjectId.CreateNewId(), VersionStamp.Default, "Shop", "Shop", LanguageNames.CSharp,
            compilationOptions: new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable),
            parseOptions: new CSharpParseOptions(LanguageVersion.Latest),
            metadataReferences: references));
        var document = DocumentInfo.Create(DocumentId.CreateNewId(project.Id), "Shop.cs",
            loader: TextLoader.From(TextAndVersion.Create(SourceText.From(source), VersionStamp.Default)), filePath: "/src/Shop.cs");
        return workspace.AddDocument(document);
    }

    /// <summary>The FUDGE002 diagnostics the Fudge generator reports on the document's project, as an IDE gets them from the generator driver.</summary>
    public static async Task<ImmutableArray<Diagnostic>> Fudge002Of(Document document)
    {
        var compilation = (await document.Project.GetCompilationAsync())!;
        var driver = CSharpGeneratorDriver.Create(new[] { new FudgeGenerator().AsSourceGenerator() },
            parseOptions: (CSharpParseOptions)document.Project.ParseOptions!);
        return driver.RunGenerators(compilation).GetRunResult().Diagnostics
            .Where(d => d.Id == AddFudgeMessageCodeFix.DiagnosticId).ToImmutableArray();
    }
}
