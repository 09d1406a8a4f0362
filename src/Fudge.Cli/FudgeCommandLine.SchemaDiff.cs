using System;
using System.Buffers;
using System.CommandLine;
using System.Globalization;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text;
using System.Text.Json;
using Fudge.Cli.Console;
using Fudge.Cli.Schema.Declared;
using Fudge.Cli.Schema.Diff;

namespace Fudge.Cli;

/// <summary><c>fudge schema diff</c>: the changes between two schemas, breaking or compatible.</summary>
internal static partial class FudgeCommandLine
{
    private static Command SchemaDiffCommandLine(CliConsole console)
    {
        var oldSchema = new Argument<string>("OLD") { Description = "The schema messages were written with: a .proto file, or an assembly (.dll) of [FudgeMessage] types." };
        var newSchema = new Argument<string>("NEW") { Description = "The schema they will be read with (and new ones written with): a .proto file or an assembly." };
        var json = new Option<bool>("--json") { Description = "Write JSON Lines: one object per change, then one summary object." };
        var command = new Command("diff", "Compare two schemas by Fudge's wire rules and classify each change as breaking or compatible. Exits with 1 if any change is breaking.")
        {
            oldSchema, newSchema, json,
        };
        command.Validators.Add(result =>
        {
            foreach (var value in new[] { result.GetValue(oldSchema), result.GetValue(newSchema) })
            {
                if (value is null) continue;
                if (!IsProto(value) && !IsAssembly(value)) result.AddError($"'{value}' is neither a .proto file nor an assembly (.dll)");
                else if (IsAssembly(value) && !RuntimeFeature.IsDynamicCodeSupported)
                    result.AddError("an assembly needs the .NET tool: this NativeAOT binary cannot load assemblies; compare .proto files");
            }
        });
        command.SetAction(parsed => Guarded(console, writesAsItGoes: false, _ =>
        {
            var old = LoadSchema(parsed.GetValue(oldSchema)!);
            var @new = LoadSchema(parsed.GetValue(newSchema)!);
            var changes = SchemaDiff.Compare(old, @new);
            var output = console.Out;
            int breaking = changes.Count(c => c.Breaking);
            if (parsed.GetValue(json))
            {
                foreach (var change in changes)
                    output.WriteLine(JsonLine(w =>
                    {
                        w.WriteString("verdict", change.Breaking ? "breaking" : "compatible");
                        w.WriteString("where", change.Where);
                        w.WriteString("change", change.What);
                        w.WriteString("why", change.Why);
                    }));
                output.WriteLine(JsonLine(w =>
                {
                    w.WriteStartObject("summary");
                    w.WriteNumber("changes", changes.Count);
                    w.WriteNumber("breaking", breaking);
                    w.WriteNumber("compatible", changes.Count - breaking);
                    w.WriteEndObject();
                }));
            }
            else
            {
                foreach (var change in changes)
                    output.WriteLine($"{(change.Breaking ? "breaking  " : "compatible")}  {change.Where}: {change.What}: {change.Why}");
                if (changes.Count > 0) output.WriteLine();
                string count = changes.Count == 1 ? "1 change" : changes.Count.ToString(CultureInfo.InvariantCulture) + " changes";
                output.WriteLine($"{count} from {old.Source} to {@new.Source}: {breaking.ToString(CultureInfo.InvariantCulture)} breaking, {(changes.Count - breaking).ToString(CultureInfo.InvariantCulture)} compatible");
            }
            return breaking == 0 ? Success : Failure;
        }));
        return command;
    }

    private static bool IsProto(string path) => path.EndsWith(".proto", StringComparison.OrdinalIgnoreCase);

    private static bool IsAssembly(string path) => path.EndsWith(".dll", StringComparison.OrdinalIgnoreCase) || path.EndsWith(".exe", StringComparison.OrdinalIgnoreCase);

    private static DeclaredSchema LoadSchema(string path) => IsProto(path) ? ProtoDeclarations.Load(path) : LoadAssembly(path);

    private static string JsonLine(Action<Utf8JsonWriter> body)
    {
        var buffer = new ArrayBufferWriter<byte>();
        using (var writer = new Utf8JsonWriter(buffer))
        {
            writer.WriteStartObject();
            body(writer);
            writer.WriteEndObject();
        }
        return Encoding.UTF8.GetString(buffer.WrittenSpan);
    }
}
