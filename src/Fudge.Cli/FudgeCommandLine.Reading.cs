using System.CommandLine;
using Fudge.Cli.Console;
using Fudge.Cli.Inspect;
using Fudge.Cli.Stats;
using Fudge.Cli.Validate;

namespace Fudge.Cli;

/// <summary>The commands that read Fudge and print text: inspect, validate, stats.</summary>
internal static partial class FudgeCommandLine
{
    private static Argument<string> InputArgument(string description = "The Fudge file to read, or - for standard input.")
        => new("FILE") { Description = description };

    private static Command InspectCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var offsets = new Option<bool>("--offsets") { Description = "Prefix each line with the byte offset (decimal, from the start of the input) of what it shows." };
        var hex = new Option<bool>("--hex") { Description = "Show each field's bytes in hex beside it (a sub-message line shows its field header; its fields follow)." };
        var full = new Option<bool>("--full") { Description = $"Show long strings (over {ValueText.MaxChars} chars), arrays (over {ValueText.MaxItems} items), byte arrays (over {ValueText.MaxBytes} bytes) and hex dumps (over {TreeLines.MaxHexRows} rows) in full." };
        var command = new Command("inspect", "Print every message as a readable tree: envelope values, then each field's name, ordinal, type and value, sub-messages indented.")
        {
            file, offsets, hex, full,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: true, progress =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            var settings = new InspectSettings(parsed.GetValue(offsets), parsed.GetValue(hex), parsed.GetValue(full));
            new InspectCommand(console.Out, settings).Run(input, progress);
            return Success;
        }));
        return command;
    }

    private static Command ValidateCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var command = new Command("validate", "Check that every message decodes completely. Prints each invalid message's index, byte offset and reason and exits with 1 if any is invalid.")
        {
            file,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: false, progress =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            return new ValidateCommand(console.Out).Run(input, progress);
        }));
        return command;
    }

    private static Command StatsCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var paths = new Option<bool>("--paths") { Description = "Add a table per field path: count, messages, types, min/max/mean of numbers, distinct strings (as fudge serve's statistics)." };
        var command = new Command("stats", "Summarise the input: message count, sizes, field counts by type, names and ordinals used.")
        {
            file, paths,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: false, progress =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            return new StatsCommand(console.Out) { Paths = parsed.GetValue(paths) }.Run(input, progress);
        }));
        return command;
    }
}
