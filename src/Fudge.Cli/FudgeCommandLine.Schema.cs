using System.Collections.Generic;
using System.CommandLine;
using System.IO;
using System.Linq;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Schema;

namespace Fudge.Cli;

/// <summary><c>fudge schema</c>: types inferred from messages (<c>infer</c>), messages checked against types (<c>check</c>), schemas compared (<c>diff</c>).</summary>
internal static partial class FudgeCommandLine
{
    private static Command SchemaCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        return new Command("schema", "Schemas from data: infer C# [FudgeMessage] types or a Fudge-Proto file from captured messages, check messages against declared types, compare two schemas.")
        {
            SchemaInferCommandLine(console, taxonomy),
            SchemaCheckCommandLine(console, taxonomy),
            SchemaDiffCommandLine(console),
        };
    }

    private static Command SchemaInferCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var inputs = new Argument<string[]>("INPUT")
        {
            Description = SchemaInputDescription,
            Arity = ArgumentArity.OneOrMore,
        };
        var collection = CollectionOption();
        var csharp = new Option<bool>("--csharp") { Description = "Write C# [FudgeMessage] partial types (the default)." };
        var proto = new Option<bool>("--proto") { Description = "Write a Fudge-Proto .proto file instead of C#." };
        var ns = new Option<string>("--namespace")
        {
            Description = "The C# namespace (or proto namespace) of the types (default: Inferred).",
            HelpName = "N",
            DefaultValueFactory = _ => "Inferred",
        };
        var javaPackage = new Option<string>("--java-package")
        {
            Description = "The Java package the namespace stands for when the samples carry Fudge-Java class names (default: the package the class names share).",
            HelpName = "P",
        };
        var records = new Option<bool>("--records") { Description = "Declare records instead of classes." };
        var output = OutputOption("schema");
        var command = new Command("infer", "Infer one type per distinct message shape from the samples: field types merged over every message, class names at ordinal 0 as types, hierarchy and enums, structurally equal sub-messages as one type.")
        {
            inputs, collection, csharp, proto, ns, javaPackage, records, output,
        };
        command.Validators.Add(result =>
        {
            if (result.GetValue(csharp) && result.GetValue(proto)) result.AddError("--csharp and --proto cannot be used together");
            if (result.GetValue(ns) is { } n && !ValidNamespace(n)) result.AddError($"--namespace takes a dotted C# name, not '{n}'");
        });
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            var paths = ExpandInputs(parsed.GetValue(inputs)!);
            var stats = new SchemaStatistics();
            int messages = 0;
            long bytes = 0;
            foreach (var path in paths)
            {
                using var input = OpenSchemaInput(path, console, parsed.GetValue(taxonomy), parsed.GetValue(collection)!);
                long start = bytes;
                while (input.TryRead(out var envelope))
                {
                    FudgeEnvelope parsedEnvelope;
                    try
                    {
                        parsedEnvelope = FudgeEnvelope.Parse(envelope.Bytes.Span, input.Options);
                    }
                    catch (FudgeFormatException e)
                    {
                        throw EnvelopeInput.Locate(envelope, e);
                    }
                    stats.Add(parsedEnvelope.Message, parsedEnvelope.TaxonomyId);
                    bytes = start + input.Position;
                    progress.Report(++messages, bytes);
                }
            }
            progress.Finish();
            string rootName = paths.Count == 1 && paths[0] != CliPaths.Console && !paths[0].Contains("://", System.StringComparison.Ordinal) ? RootNameFrom(paths[0]) : "Message";
            var schema = new SchemaResolver(stats).Resolve(parsed.GetValue(ns)!, parsed.GetValue(javaPackage), rootName);
            string firstInput = paths.Count > 0 ? paths[0] : CliPaths.Console;
            return WithTextOutput(console, parsed.GetValue(output), firstInput, text =>
            {
                if (parsed.GetValue(proto)) ProtoSchemaWriter.Write(schema, text);
                else CSharpSchemaWriter.Write(schema, text, parsed.GetValue(records));
                return Success;
            });
        }));
        return command;
    }

    private const string SchemaInputDescription = "Fudge files (any number of envelopes each), folders (their *.fudge files, by name), stores (an SQLite file made by 'fudge store import', or a postgres:// URL: the documents of --collection, by id) or - for standard input.";

    /// <summary>A file, folder entry or standard input as <see cref="OpenInput"/> opens it; a store as the documents of its collection.</summary>
    private static EnvelopeInput OpenSchemaInput(string path, CliConsole console, string[]? taxonomies, string collection)
    {
        if (path == CliPaths.Console || !StoreEnvelopeStream.IsStore(path)) return OpenInput(path, console, taxonomies);
        var options = new FudgeReaderOptions { TaxonomyResolver = TaxonomyFiles.Load(taxonomies) };
        return new EnvelopeInput(StoreEnvelopeStream.Open(path, collection), options, $"store '{path}', collection '{collection}'");
    }

    private static bool ValidNamespace(string ns)
        => ns.Split('.').All(part => part.Length > 0 && (char.IsLetter(part[0]) || part[0] == '_') && part.All(c => char.IsLetterOrDigit(c) || c == '_'));

    /// <summary>Files as given; a folder stands for its *.fudge files (not sub-folders), in ordinal order of their names.</summary>
    private static List<string> ExpandInputs(IEnumerable<string> inputs)
    {
        var result = new List<string>();
        foreach (var input in inputs)
        {
            if (input != CliPaths.Console && Directory.Exists(input))
                result.AddRange(Directory.GetFiles(input, "*.fudge").OrderBy(f => f, System.StringComparer.Ordinal));
            else
                result.Add(input);
        }
        return result;
    }

    /// <summary>"ticks.fudge" gives the root type "Tick".</summary>
    private static string RootNameFrom(string path)
    {
        string name = Names.Identifier(Path.GetFileNameWithoutExtension(path), pascal: true);
        if (name.Length > 3 && name.EndsWith('s') && !name.EndsWith("ss", System.StringComparison.Ordinal)) name = name.Substring(0, name.Length - 1);
        return name;
    }
}
