using System.Collections.Generic;
using System.CommandLine;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Query;
using Fudge.Query;

namespace Fudge.Cli;

/// <summary>The commands that select and route messages by content: filter, get, route (docs/routing.md).</summary>
internal static partial class FudgeCommandLine
{
    private static Command FilterCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var where = new Option<string>("--where", "-w") { Description = "The filter, e.g. \"$.Company.Ticker == 'AAPL' && $.Log.Type in ['AUDIT', 'SECURITY']\" (docs/routing.md).", Required = true };
        var invert = new Option<bool>("--invert", "-v") { Description = "Pass the envelopes that do NOT match." };
        var count = new Option<bool>("--count", "-c") { Description = "Print how many envelopes pass instead of the envelopes." };
        var output = new Option<string?>("--output", "-o") { Description = "Write the passing envelopes to this file instead of standard output." };
        var command = new Command("filter", "Pass the envelopes that match a filter through byte for byte (or count them).")
        {
            file, where, invert, count, output,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: !parsed.GetValue(count) && parsed.GetValue(output) is null, progress =>
        {
            var filter = FudgeFilter.Compile(parsed.GetValue(where)!);
            string inputPath = parsed.GetValue(file)!;
            using var input = OpenInput(inputPath, console, parsed.GetValue(taxonomy));
            var run = new FilterCommand(filter, parsed.GetValue(invert));
            if (parsed.GetValue(count))
            {
                long passed = run.Run(input, null, progress);
                progress.Finish();
                console.Out.WriteLine(FilterCommand.Count(passed));
                return Success;
            }
            using var sink = CliPaths.OpenOutput(parsed.GetValue(output), inputPath, console);
            using var buffered = new BufferedStream(sink, 64 * 1024);
            run.Run(input, buffered, progress);
            return Success;
        }));
        return command;
    }

    private static Command GetCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var path = new Argument<string>("PATH") { Description = "The path, e.g. $.Company.Ticker, $..price, $.legs[0].venue, $.#5 (docs/routing.md)." };
        var file = InputArgument();
        var command = new Command("get", "Print the values a path selects: one line per message, values separated by tabs.")
        {
            path, file,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: true, progress =>
        {
            var compiled = FudgePath.Compile(parsed.GetValue(path)!);
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            return new GetCommand(console.Out, compiled).Run(input, progress);
        }));
        return command;
    }

    private static Command RouteCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var rules = new Option<string>("--rules", "-r") { Description = "The rules file (JSON, docs/routing.md).", Required = true };
        var file = InputArgument();
        var folder = new Option<string>("--output-dir", "-d") { Description = "Folder for the DESTINATION.fudge files (created if missing). Default: the current folder.", DefaultValueFactory = _ => "." };
        var toStdout = new Option<string?>("--stdout") { Description = "Write this one destination to standard output instead of a file.", HelpName = "DESTINATION" };
        var command = new Command("route", "Split the input by a rules file: one output per destination, envelopes copied byte for byte. Prints how many each received.")
        {
            rules, file, folder, toStdout,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: parsed.GetValue(toStdout) is not null, progress =>
        {
            var router = FudgeRouter.Load(parsed.GetValue(rules)!);
            string? stdoutDestination = parsed.GetValue(toStdout);
            if (stdoutDestination is not null && !((IList<string>)router.Destinations).Contains(stdoutDestination))
                throw new IOException($"--stdout names '{stdoutDestination}', which is not a destination of the rules file");
            string inputPath = parsed.GetValue(file)!;
            using var input = OpenInput(inputPath, console, parsed.GetValue(taxonomy));
            string outputFolder = parsed.GetValue(folder)!;
            var outputs = new List<Stream>();
            var places = new List<string>();
            try
            {
                foreach (var destination in router.Destinations)
                {
                    if (destination == stdoutDestination)
                    {
                        outputs.Add(new BufferedStream(CliPaths.OpenOutput(null, inputPath, console), 64 * 1024));
                        places.Add("standard output");
                        continue;
                    }
                    string target = RouteCommand.FileFor(outputFolder, destination);
                    Directory.CreateDirectory(outputFolder);
                    outputs.Add(new BufferedStream(CliPaths.OpenOutput(target, inputPath, console), 64 * 1024));
                    places.Add(target);
                }
                var counts = new RouteCommand(router).Run(input, outputs, progress);
                progress.Finish();
                // The summary goes to standard error when standard output carries envelopes.
                var report = stdoutDestination is null ? console.Out : console.Error;
                for (int i = 0; i < counts.Length; i++) report.WriteLine(RouteCommand.Summary(router.Destinations[i], counts[i], places[i]));
                return Success;
            }
            finally
            {
                RouteCommand.CloseAll(outputs);
            }
        }));
        return command;
    }
}
