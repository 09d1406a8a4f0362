using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.Proto;

/// <summary>
/// One .proto file as the pipeline sees it: its path, text, namespace mapping and whether fields without
/// <c>readonly</c> or <c>mutable</c> are readonly (all equatable).
/// </summary>
internal sealed record ProtoInput(string Path, string Text, string NamespaceMap, bool NullableAnnotations = true, bool ReadonlyByDefault = false, bool JavaValues = false);
// JavaValues (FudgeProtoMapping="Java"): values take the forms Fudge-Proto's generated Java writes (CESU-8 text,
// canonical NaN, real first and last dates, datetime without a zone).

/// <summary>An enum a .proto file defines, by its full proto name, and whether it is written by name (else by value).</summary>
internal sealed record ProtoEnumEncoding(string FullName, bool ByName);

/// <summary>What one .proto file produces: the declarations, the formatter models, and the diagnostics.</summary>
internal sealed record ProtoFileOutput(
    string Path,
    string DeclarationsHintName,
    string? Declarations,
    EquatableArray<TypeModel> Models,
    EquatableArray<DiagnosticInfo> Diagnostics);

/// <summary>
/// The .proto half of the generator: each additional file with the metadata <c>FudgeProto = true</c> is parsed and
/// mapped on its own, so editing one file reruns only its own steps and outputs.
/// </summary>
internal static class ProtoPipeline
{
    public const string ParseStep = "ProtoParse";

    /// <summary>Per file: the enums it defines (for the <c>extern enum</c> references of the other files).</summary>
    public const string EnumsStep = "ProtoEnums";

    public static IncrementalValuesProvider<ProtoFileOutput> Register(IncrementalGeneratorInitializationContext context, IncrementalValueProvider<EmitOptions> emitOptions)
    {
        var inputs = context.AdditionalTextsProvider
            .Combine(context.AnalyzerConfigOptionsProvider)
            .Select(static (pair, ct) => ToInput(pair.Left, pair.Right.GetOptions(pair.Left), ct))
            .Where(static i => i is not null)
            .Select(static (i, _) => i!)
            .Combine(emitOptions)
            .Select(static (pair, _) => pair.Left with { NullableAnnotations = pair.Right.NullableDirectives });
        // Fudge-Proto compiles a project's files together, so an extern enum takes the encoding of its definition in
        // another file. The index of every file's enums changes only when an enum is added, removed or re-encoded:
        // other edits leave it equal, and the other files' steps cached.
        var enumIndex = inputs.Select(static (input, ct) => DefinedEnums(input, ct)).WithTrackingName(EnumsStep)
            .Collect()
            .Select(static (all, _) => all.SelectMany(e => e).Distinct().OrderBy(e => e.FullName, System.StringComparer.Ordinal).ThenBy(e => e.ByName).ToEquatableArray());
        return inputs.Combine(enumIndex).Select(static (pair, ct) => Compile(pair.Left, ct, pair.Right)).WithTrackingName(ParseStep);
    }

    /// <summary>The enums <paramref name="input"/> defines (none when it has errors: it then generates nothing).</summary>
    public static EquatableArray<ProtoEnumEncoding> DefinedEnums(ProtoInput input, CancellationToken ct)
    {
        var diagnostics = new ProtoDiagnosticBag(input.Path, SourceText.From(input.Text));
        var root = ProtoParser.Parse(input.Text, diagnostics);
        ct.ThrowIfCancellationRequested();
        var binder = new ProtoBinder(diagnostics, input.ReadonlyByDefault);
        binder.Bind(root);
        if (diagnostics.HasErrors) return new EquatableArray<ProtoEnumEncoding>(new ProtoEnumEncoding[0]);
        return binder.Enums.Where(e => binder.FullNames.ContainsKey(e))
            .Select(e => new ProtoEnumEncoding(binder.FullNames[e], binder.NameEncodedEnums.Contains(e)))
            .ToEquatableArray();
    }

    private static ProtoInput? ToInput(AdditionalText file, AnalyzerConfigOptions options, CancellationToken ct)
    {
        if (!options.TryGetValue("build_metadata.AdditionalFiles.FudgeProto", out var flag)
            || !string.Equals(flag.Trim(), "true", System.StringComparison.OrdinalIgnoreCase)) return null;
        options.TryGetValue("build_metadata.AdditionalFiles.FudgeProtoNamespace", out var map);
        // Fudge-Proto's -freadonly / -fmutable: the mutability of fields that declare neither (mutable unless told).
        bool readonlyByDefault = options.TryGetValue("build_metadata.AdditionalFiles.FudgeProtoDefaultMutability", out var mutability)
            && string.Equals(mutability.Trim(), "readonly", System.StringComparison.OrdinalIgnoreCase);
        bool java = options.TryGetValue("build_metadata.AdditionalFiles.FudgeProtoMapping", out var mapping)
            && string.Equals(mapping.Trim(), "Java", System.StringComparison.OrdinalIgnoreCase);
        var text = file.GetText(ct);
        return new ProtoInput(file.Path, text?.ToString() ?? "", map ?? "", ReadonlyByDefault: readonlyByDefault, JavaValues: java);
    }

    /// <summary>Parses, binds and maps one file. Never throws on any text: problems become diagnostics.</summary>
    public static ProtoFileOutput Compile(ProtoInput input, CancellationToken ct, EquatableArray<ProtoEnumEncoding> otherFilesEnums = default)
    {
        var source = SourceText.From(input.Text);
        var diagnostics = new ProtoDiagnosticBag(input.Path, source);
        var root = ProtoParser.Parse(input.Text, diagnostics);
        // As Fudge-Proto's parser: a file that parses but defines nothing at all (empty, or only comments) is suspicious.
        if (root.Members.Count == 0 && !diagnostics.HasErrors)
            diagnostics.Report(ProtoDiagnostics.NoDefinitions, new TextSpan(0, 0), "no definitions were found in this file");
        ct.ThrowIfCancellationRequested();
        var binder = new ProtoBinder(diagnostics, input.ReadonlyByDefault);
        binder.Bind(root);
        string hint = HintName(input.Path);
        var externEnums = new Dictionary<string, bool>();
        foreach (var e in otherFilesEnums) externEnums[e.FullName] = e.ByName;
        var csharp = new ProtoCSharp(binder, diagnostics, ParseMap(input.NamespaceMap), input.NullableAnnotations, externEnums, input.JavaValues);
        // The C# mapping assumes a file without errors (every default checked, every type resolved).
        string? declarations = diagnostics.HasErrors ? null : csharp.Write(root);
        bool ok = !diagnostics.HasErrors;
        // A file with errors produces no C#: half a schema would only add confusing compiler errors to the real ones.
        return new ProtoFileOutput(input.Path, hint, ok ? declarations : null,
            ok ? csharp.Models.ToEquatableArray() : new EquatableArray<TypeModel>(new TypeModel[0]),
            diagnostics.Items.ToEquatableArray());
    }

    /// <summary><c>from=to;from2=to2</c>: proto namespace prefixes and the C# namespaces they become ("" = the global namespace).</summary>
    public static List<KeyValuePair<string, string>> ParseMap(string map)
    {
        var result = new List<KeyValuePair<string, string>>();
        foreach (var part in map.Split(';', ','))
        {
            int eq = part.IndexOf('=');
            if (eq < 0) continue;
            result.Add(new KeyValuePair<string, string>(part.Substring(0, eq).Trim(), part.Substring(eq + 1).Trim()));
        }
        // Longest prefix first, so that a specific mapping wins over a general one.
        return result.OrderByDescending(p => p.Key.Length).ToList();
    }

    private static string HintName(string path)
    {
        string name = System.IO.Path.GetFileNameWithoutExtension(path);
        var sb = new System.Text.StringBuilder();
        foreach (char c in name) sb.Append(char.IsLetterOrDigit(c) || c == '.' ? c : '_');
        // Two files of the same name in different folders must not collide.
        uint hash = 2166136261;
        foreach (char c in path) hash = (hash ^ c) * 16777619;
        return sb + "." + hash.ToString("x8", System.Globalization.CultureInfo.InvariantCulture) + ".proto.g.cs";
    }
}
