using System;
using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Invocation;
using System.IO;
using System.Linq;
using Fudge.Cli.Console;
using Fudge.Cli.Conversion;
using Fudge.Cli.Input;
using Fudge.Cli.Inspect;
using Fudge.Cli.Stats;
using Fudge.Cli.Validate;

namespace Fudge.Cli;

/// <summary>
/// The <c>fudge</c> command line: parses the arguments with System.CommandLine, runs the chosen command against a
/// <see cref="CliConsole"/>, and turns every failure into one line on standard error and a non-zero exit code.
/// </summary>
internal static class FudgeCommandLine
{
    /// <summary>Exit code for success.</summary>
    public const int Success = 0;

    /// <summary>Exit code for invalid data, I/O errors and any other failure while running.</summary>
    public const int Failure = 1;

    /// <summary>Exit code for a command line that does not parse.</summary>
    public const int UsageError = 2;

    /// <summary>Parses <paramref name="args"/> and runs the command; returns the process exit code.</summary>
    public static int Run(string[] args, CliConsole console)
    {
        var root = Build(console);
        var parsed = root.Parse(args);
        try
        {
            if (parsed.Action is ParseErrorAction)
            {
                // Every problem on one line: e.g. an unknown word is reported together with the missing command it displaced.
                console.Error.WriteLine("fudge: " + OneLine(string.Join(" ", parsed.Errors.Select(e => e.Message))));
                console.Error.WriteLine(HelpHint(parsed));
                return UsageError;
            }
            var invocation = new InvocationConfiguration { Output = console.Out, Error = console.Error, EnableDefaultExceptionHandler = false };
            return parsed.Invoke(invocation);
        }
        finally
        {
            TryFlush(console);
        }
    }

    // Some parser messages list choices on lines of their own; an error is one line.
    private static string OneLine(string message) => System.Text.RegularExpressions.Regex.Replace(message, @"\s*\n\s*", " ");

    private static string HelpHint(ParseResult parsed)
    {
        var command = parsed.CommandResult.Command;
        return command.Parents.Any() ? $"Try 'fudge {command.Name} --help'." : "Try 'fudge --help'.";
    }

    // A plain command named "fudge" rather than RootCommand, whose name is the host's file name ("Fudge.Cli" or
    // "testhost"): help then says "fudge" however the tool is started.
    private static Command Build(CliConsole console)
    {
        var taxonomy = new Option<string[]>("--taxonomy")
        {
            Description = "Restore names of ordinal-only fields from a taxonomy file (a taxonomy message, spec §13.3): FILE for any non-zero taxonomy id, ID=FILE for one id. Repeatable.",
            HelpName = "[ID=]FILE",
            Recursive = true,
        };
        var root = new Command("fudge", "Inspect, validate, convert and summarise Fudge messages without a schema. Inputs may hold many concatenated envelopes; '-' means standard input.")
        {
            new HelpOption(),
            new VersionOption(),
            taxonomy,
            InspectCommandLine(console, taxonomy),
            ValidateCommandLine(console, taxonomy),
            StatsCommandLine(console, taxonomy),
            ToJsonCommandLine(console, taxonomy),
            FromJsonCommandLine(console),
            ToXmlCommandLine(console, taxonomy),
            FromXmlCommandLine(console),
        };
        return root;
    }

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
        var command = new Command("stats", "Summarise the input: message count, sizes, field counts by type, names and ordinals used.")
        {
            file,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: false, progress =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            return new StatsCommand(console.Out).Run(input, progress);
        }));
        return command;
    }

    private static Option<string> ModeOption() => new Option<string>("--mode")
    {
        Description = "plain: the spec's natural JSON/XML mapping (default); lossless: every field keeps its name, ordinal and wire type, so converting back gives the same bytes.",
        DefaultValueFactory = _ => "plain",
    }.AcceptOnlyFromAmong("plain", "lossless");

    private static ConvertMode Mode(ParseResult parsed, Option<string> mode) => parsed.GetValue(mode) == "lossless" ? ConvertMode.Lossless : ConvertMode.Plain;

    private static Option<string> OutputOption(string what) => new("--output", "-o")
    {
        Description = $"Write the {what} to this file instead of standard output.",
        HelpName = "FILE",
    };

    private static Option<bool> IndentOption() => new("--indent") { Description = "Indent the output for reading (one message no longer fits on one line)." };

    private static Command ToJsonCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var mode = ModeOption();
        var output = OutputOption("JSON");
        var indent = IndentOption();
        var command = new Command("to-json", "Convert every message to a JSON object (spec §14), one object per line (JSON Lines).")
        {
            file, mode, output, indent,
        };
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            return WithTextOutput(console, parsed.GetValue(output), text =>
                new ToJsonCommand(text, Mode(parsed, mode), parsed.GetValue(indent)).Run(input, progress));
        }));
        return command;
    }

    private static Command FromJsonCommandLine(CliConsole console)
    {
        var file = InputArgument("The JSON to read (JSON Lines, concatenated objects or one array of objects), or - for standard input.");
        var mode = ModeOption();
        var output = OutputOption("Fudge envelopes");
        var command = new Command("from-json", "Convert JSON objects (as to-json writes them) to Fudge envelopes, written back to back.")
        {
            file, mode, output,
        };
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            using var input = new StreamReader(CliPaths.OpenInput(parsed.GetValue(file)!, console));
            using var target = CliPaths.OpenOutput(parsed.GetValue(output), console);
            return new FromJsonCommand(target, Mode(parsed, mode)).Run(input, progress);
        }));
        return command;
    }

    private static Command ToXmlCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var mode = ModeOption();
        var output = OutputOption("XML");
        var indent = IndentOption();
        var command = new Command("to-xml", "Convert every message to an XML element (spec §15), one per line; a single message is an XML document, several are a fragment.")
        {
            file, mode, output, indent,
        };
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            return WithTextOutput(console, parsed.GetValue(output), text =>
                new ToXmlCommand(text, Mode(parsed, mode), parsed.GetValue(indent)).Run(input, progress));
        }));
        return command;
    }

    private static Command FromXmlCommandLine(CliConsole console)
    {
        var file = InputArgument("The XML to read (a document, or a fragment of envelope elements as to-xml writes them), or - for standard input.");
        var mode = ModeOption();
        var output = OutputOption("Fudge envelopes");
        var command = new Command("from-xml", "Convert XML envelope elements (as to-xml writes them) to Fudge envelopes, written back to back.")
        {
            file, mode, output,
        };
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            using var input = CliPaths.OpenInput(parsed.GetValue(file)!, console);
            using var target = CliPaths.OpenOutput(parsed.GetValue(output), console);
            return new FromXmlCommand(target, Mode(parsed, mode)).Run(input, progress);
        }));
        return command;
    }

    private static bool WritesToStandardOutput(string? outputPath) => outputPath is null or CliPaths.Console;

    /// <summary>Runs <paramref name="body"/> with a text writer over the output file, or standard output when none is given.</summary>
    private static int WithTextOutput(CliConsole console, string? path, Func<TextWriter, int> body)
    {
        if (WritesToStandardOutput(path)) return body(console.Out);
        using var file = new StreamWriter(CliPaths.OpenOutput(path, console), new System.Text.UTF8Encoding(false)) { NewLine = "\n" };
        return body(file);
    }

    private static EnvelopeInput OpenInput(string path, CliConsole console, string[]? taxonomies)
    {
        var options = new FudgeReaderOptions { TaxonomyResolver = TaxonomyFiles.Load(taxonomies) };
        return EnvelopeInput.Open(path, console, options);
    }

    /// <summary>
    /// Runs a command body with a progress reporter (erased when the body ends); any failure becomes one line on standard
    /// error, after the output so far. <paramref name="writesAsItGoes"/>: the body writes to standard output while it
    /// runs, so no progress line is drawn when standard output shares the terminal.
    /// </summary>
    private static int Guarded(CliConsole console, bool writesAsItGoes, Func<ProgressReporter, int> body)
    {
        string message;
        var progress = ProgressReporter.For(console, writesAsItGoes);
        try
        {
            return body(progress);
        }
        catch (FudgeException e)
        {
            message = e.Message;
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            message = e.Message;
        }
        catch (Newtonsoft.Json.JsonException e)
        {
            message = "invalid JSON: " + e.Message;
        }
        catch (System.Xml.XmlException e)
        {
            message = "invalid XML: " + e.Message;
        }
        catch (Exception e)
        {
            // A bug, not bad input: still one line, but say what kind so it can be reported.
            message = $"internal error ({e.GetType().Name}): {e.Message}";
        }
        finally
        {
            progress.Finish();
        }
        TryFlush(console);
        console.Error.WriteLine("fudge: " + OneLine(message));
        return Failure;
    }

    private static void TryFlush(CliConsole console)
    {
        try
        {
            console.Flush();
        }
        catch (IOException)
        {
            // Standard output was closed (e.g. piped into `head`); there is nobody left to tell.
        }
    }
}
