using System.CommandLine;
using System.Diagnostics.CodeAnalysis;
using System.Linq;
using System.Runtime.CompilerServices;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Schema.Check;
using Fudge.Cli.Schema.Declared;

namespace Fudge.Cli;

/// <summary><c>fudge schema check</c>: messages against declared types.</summary>
internal static partial class FudgeCommandLine
{
    private static Command SchemaCheckCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var inputs = new Argument<string[]>("INPUT")
        {
            Description = SchemaInputDescription,
            Arity = ArgumentArity.OneOrMore,
        };
        var collection = CollectionOption();
        var types = new Option<string>("--types")
        {
            Description = "A .NET assembly whose [FudgeMessage] types (built with this repository's source generator) the messages should fit. Not in the NativeAOT binary.",
            HelpName = "ASSEMBLY.dll",
        };
        var proto = new Option<string>("--proto") { Description = "A Fudge-Proto file whose messages the messages should fit.", HelpName = "FILE" };
        var type = new Option<string>("--type")
        {
            Description = "The type every message is checked as (full name or its last part). Default: the type named by a message's class names at ordinal 0, else the top-level type it fits best.",
            HelpName = "NAME",
        };
        var json = new Option<bool>("--json") { Description = "Write JSON Lines: one object per message that does not fit, then one summary object." };
        var command = new Command("check", "Check messages against declared types: unknown fields, missing required members, wrong wire types, integers out of range, unknown class names and enum values, each with its path; then a summary table. Exits with 1 if any message does not fit.")
        {
            inputs, collection, types, proto, type, json,
        };
        command.Validators.Add(result =>
        {
            bool hasTypes = result.GetValue(types) is not null, hasProto = result.GetValue(proto) is not null;
            if (hasTypes && hasProto) result.AddError("--types and --proto cannot be used together");
            else if (!hasTypes && !hasProto) result.AddError("'fudge schema check' needs --types ASSEMBLY.dll or --proto FILE");
            else if (hasTypes && !RuntimeFeature.IsDynamicCodeSupported)
                result.AddError("--types needs the .NET tool: this NativeAOT binary cannot load assemblies; use --proto");
        });
        command.SetAction(parsed => Guarded(console, writesAsItGoes: true, progress =>
        {
            var schema = parsed.GetValue(proto) is { } protoPath ? ProtoDeclarations.Load(protoPath) : LoadAssembly(parsed.GetValue(types)!);
            DeclaredType? chosen = null;
            if (parsed.GetValue(type) is { } name)
            {
                chosen = schema.Find(name, out var candidates);
                if (chosen is null)
                    throw new CliException(candidates.Count > 1
                        ? $"--type '{name}' is ambiguous in {schema.Source}: {string.Join(", ", candidates)}"
                        : $"no type '{name}' in {schema.Source}; it declares {string.Join(", ", schema.Types.Select(t => t.Name).Take(20))}");
            }
            var check = new SchemaCheckCommand(console.Out, schema, chosen, parsed.GetValue(json));
            var paths = ExpandInputs(parsed.GetValue(inputs)!);
            long bytes = 0;
            foreach (var path in paths)
            {
                using var input = OpenSchemaInput(path, console, parsed.GetValue(taxonomy), parsed.GetValue(collection)!);
                check.Add(input, paths.Count > 1 ? path : null, progress, ref bytes);
            }
            progress.Finish();
            return check.Finish();
        }));
        return command;
    }

    /// <summary>The validator refuses --types where code cannot be loaded (NativeAOT), so this runs only in the .NET tool.</summary>
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = "--types is refused by the command's validator when RuntimeFeature.IsDynamicCodeSupported is false (NativeAOT).")]
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = "--types is refused by the command's validator when RuntimeFeature.IsDynamicCodeSupported is false (NativeAOT).")]
    private static DeclaredSchema LoadAssembly(string path)
    {
        if (!RuntimeFeature.IsDynamicCodeSupported) throw new CliException("--types needs the .NET tool: this NativeAOT binary cannot load assemblies");
        return AssemblyDeclarations.Load(path);
    }
}
