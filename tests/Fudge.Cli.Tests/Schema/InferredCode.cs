using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Runtime.Loader;
using Fudge.Serialization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// Compiles what <c>fudge schema infer</c> wrote, in memory, with this repository's source generator (as a user's build
/// would), and serializes through the types it produced.
/// </summary>
public static class InferredCode
{
    private static readonly ImmutableArray<MetadataReference> References = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!)
        .Split(Path.PathSeparator)
        .Where(p => !Path.GetFileName(p).StartsWith("Fudge.Generators", StringComparison.Ordinal)
                    && !Path.GetFileName(p).StartsWith("Microsoft.CodeAnalysis", StringComparison.Ordinal))
        .Select(p => (MetadataReference)MetadataReference.CreateFromFile(p))
        .ToImmutableArray();

    private static readonly CSharpParseOptions Parse = new(LanguageVersion.Latest, preprocessorSymbols: new[] { "NET", "NET8_0_OR_GREATER", "NET6_0_OR_GREATER", "NET10_0_OR_GREATER" });

    /// <summary>Compiles C# source (and optionally .proto files given to the generator); fails the test on any error or warning.</summary>
    public static Assembly Compile(string csharp, params (string Path, string Text)[] protos)
        => AssemblyLoadContext.Default.LoadFromStream(new MemoryStream(Emit(csharp, protos)));

    /// <summary>Compiles C# source (and optionally .proto files) into an assembly file, as a user's build would leave it on disk.</summary>
    public static void CompileToFile(string path, string csharp, params (string Path, string Text)[] protos)
        => File.WriteAllBytes(path, Emit(csharp, protos));

    private static byte[] Emit(string csharp, (string Path, string Text)[] protos)
    {
        var tree = CSharpSyntaxTree.ParseText(csharp, Parse, path: "Inferred.cs");
        var compilation = CSharpCompilation.Create("Inferred" + Guid.NewGuid().ToString("N"), new[] { tree }, References,
            new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable));
        var texts = protos.Select(p => (AdditionalText)new ProtoText(p.Path, p.Text)).ToImmutableArray();
        var options = new ProtoOptions();
        GeneratorDriver driver = CSharpGeneratorDriver.Create(new[] { new global::Fudge.Generators.FudgeGenerator().AsSourceGenerator() }, texts, Parse, options);
        driver = driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);
        using var stream = new MemoryStream();
        var emitted = output.Emit(stream);
        var problems = generatorDiagnostics.Concat(emitted.Diagnostics)
            .Where(d => d.Severity >= DiagnosticSeverity.Warning && d.Id != "CS1591" && d.Id != "FUDGEP025")
            .ToList();
        if (problems.Count > 0 || !emitted.Success)
            throw new InvalidOperationException("the inferred code does not compile cleanly:\n" + string.Join("\n", problems) + "\n\n" + csharp);
        return stream.ToArray();
    }

    /// <summary>Reads one envelope into <paramref name="type"/> and writes it again with the generated formatter.</summary>
    public static (object Value, byte[] Bytes) RoundTrip(Type type, byte[] envelope)
    {
        var deserialize = typeof(FudgeSerializer).GetMethods()
            .Single(m => m.Name == nameof(FudgeSerializer.Deserialize) && m.IsGenericMethod && m.GetParameters() is { Length: 2 } p && p[0].ParameterType == typeof(ReadOnlySpan<byte>))
            .MakeGenericMethod(type);
        var serialize = typeof(FudgeSerializer).GetMethods()
            .Single(m => m.Name == nameof(FudgeSerializer.Serialize) && m.IsGenericMethod && m.GetParameters().Length == 1)
            .MakeGenericMethod(type);
        object value = Invoke(() => DeserializeSpan(deserialize, envelope));
        byte[] bytes = (byte[])Invoke(() => serialize.Invoke(null, new[] { value })!);
        return (value, bytes);
    }

    // A ReadOnlySpan cannot be boxed for MethodInfo.Invoke: go through a delegate of the closed method.
    private static object DeserializeSpan(MethodInfo deserialize, byte[] envelope)
    {
        var helper = typeof(InferredCode).GetMethod(nameof(DeserializeTyped), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(deserialize.GetGenericArguments()[0]);
        return helper.Invoke(null, new object[] { envelope })!;
    }

    private static object DeserializeTyped<T>(byte[] envelope) => FudgeSerializer.Deserialize<T>(envelope)!;

    private static object Invoke(Func<object> call)
    {
        try
        {
            return call();
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
            throw;
        }
    }

    private sealed class ProtoText(string path, string text) : AdditionalText
    {
        public override string Path => path;

        public override SourceText GetText(System.Threading.CancellationToken cancellationToken = default) => SourceText.From(text);
    }

    /// <summary>Marks every additional file as a Fudge-Proto file (what the package's targets do for &lt;FudgeProto&gt; items).</summary>
    private sealed class ProtoOptions : Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptionsProvider
    {
        public override Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions GlobalOptions => Options.Empty;

        public override Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Options.Empty;

        public override Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Options.Proto;

        private sealed class Options(bool proto) : Microsoft.CodeAnalysis.Diagnostics.AnalyzerConfigOptions
        {
            public static readonly Options Empty = new(false), Proto = new(true);

            public override bool TryGetValue(string key, out string value)
            {
                value = proto && key == "build_metadata.AdditionalFiles.FudgeProto" ? "true" : "";
                return value.Length > 0;
            }
        }
    }
}
