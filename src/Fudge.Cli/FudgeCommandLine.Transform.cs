using System.CommandLine;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Transforms;

namespace Fudge.Cli;

/// <summary>The transform command (docs/routing.md).</summary>
internal static partial class FudgeCommandLine
{
    private static Command TransformCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var rules = new Option<string>("--rules", "-r") { Description = "The transform file (JSON, docs/routing.md).", Required = true };
        var file = InputArgument();
        var output = new Option<string?>("--output", "-o") { Description = "Write the transformed envelopes to this file instead of standard output." };
        var command = new Command("transform", "Rename, remove, set, move and keep fields, apply or strip a taxonomy, and set the schema version of every envelope, as a transform file says. Untouched fields are copied byte for byte.")
        {
            rules, file, output,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: parsed.GetValue(output) is null, progress =>
        {
            var transform = LoadTransform(parsed.GetValue(rules)!);
            string inputPath = parsed.GetValue(file)!;
            using var input = OpenInput(inputPath, console, parsed.GetValue(taxonomy));
            using var sink = CliPaths.OpenOutput(parsed.GetValue(output), inputPath, console);
            var buffer = new System.Buffers.ArrayBufferWriter<byte>();
            int seen = 0;
            while (input.TryRead(out var envelope))
            {
                buffer.ResetWrittenCount();
                try
                {
                    transform.Apply(envelope.Bytes.Span, buffer, input.Options);
                }
                catch (FudgeFormatException e)
                {
                    throw EnvelopeInput.Locate(envelope, e);
                }
                sink.Write(buffer.WrittenSpan);
                progress.Report(++seen, input.Position);
            }
            return Success;
        }));
        return command;
    }
}
