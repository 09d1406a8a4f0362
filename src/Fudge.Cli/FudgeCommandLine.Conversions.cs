using System;
using System.CommandLine;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Conversion;
using Fudge.Cli.Input;

namespace Fudge.Cli;

/// <summary>The conversions through the JSON and XML adapters: to-json, from-json, to-xml, from-xml.</summary>
internal static partial class FudgeCommandLine
{
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

    private static Option<bool> JavaStringsOption() => new("--java-strings")
    {
        Description = "Write characters outside the Basic Multilingual Plane (emoji...) in names and strings as CESU-8 surrogate pairs, the form Fudge-Java 0.3 reads; without it they are standard UTF-8, which Fudge-Java misreads.",
    };

    private static FudgeWriterOptions? WriterOptions(ParseResult parsed, Option<bool> javaStrings)
        => parsed.GetValue(javaStrings) ? FudgeWriterOptions.JavaCompatible : null;

    private static Option<bool> IndentOption() => new("--indent") { Description = "Indent the output for reading (one message no longer fits on one line)." };

    private static Command ToJsonCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var mode = ModeOption();
        var output = OutputOption("JSON");
        var indent = IndentOption();
        var threads = new Option<int>("--threads")
        {
            Description = "Threads converting compact output (default: one per core in the native binary, 1 under the JIT; 1 converts on the reading thread).",
            DefaultValueFactory = _ => DefaultConversionThreads,
        };
        AtLeast(threads, 1);
        var command = new Command("to-json", "Convert every message to a JSON object (spec §14), one object per line (JSON Lines).")
        {
            file, mode, output, indent, threads,
        };
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            var command = new ToJsonCommand(Mode(parsed, mode));
            if (parsed.GetValue(indent))
                return WithTextOutput(console, parsed.GetValue(output), parsed.GetValue(file)!, text => command.RunIndented(input, text, progress));
            using var target = CliPaths.OpenOutput(parsed.GetValue(output), parsed.GetValue(file)!, console);
            return command.Run(input, target, progress, parsed.GetValue(threads));
        }));
        return command;
    }

    private static Command FromJsonCommandLine(CliConsole console)
    {
        var file = InputArgument("The JSON to read (JSON Lines, concatenated objects or one array of objects), or - for standard input.");
        var mode = ModeOption();
        var output = OutputOption("Fudge envelopes");
        var javaStrings = JavaStringsOption();
        var command = new Command("from-json", "Convert JSON objects (as to-json writes them) to Fudge envelopes, written back to back.")
        {
            file, mode, output, javaStrings,
        };
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            string path = parsed.GetValue(file)!;
            using var source = new HeadKeepingStream(CliPaths.OpenInput(path, console));
            using var input = new StreamReader(source);
            using var target = CliPaths.OpenOutput(parsed.GetValue(output), path, console);
            try
            {
                return new FromJsonCommand(target, Mode(parsed, mode), WriterOptions(parsed, javaStrings)).Run(input, progress);
            }
            catch (FudgeException) when (FudgeGivenAsText.Explain(path, source.Head, "JSON", "from-json", "to-json") is { } fudge)
            {
                throw fudge;
            }
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
            console.OutputIsXml();
            return WithTextOutput(console, parsed.GetValue(output), parsed.GetValue(file)!, text =>
                new ToXmlCommand(text, Mode(parsed, mode), parsed.GetValue(indent)).Run(input, progress));
        }));
        return command;
    }

    private static Command FromXmlCommandLine(CliConsole console)
    {
        var file = InputArgument("The XML to read (a document, or a fragment of envelope elements as to-xml writes them), or - for standard input.");
        var mode = ModeOption();
        var output = OutputOption("Fudge envelopes");
        var javaStrings = JavaStringsOption();
        var command = new Command("from-xml", "Convert XML envelope elements (as to-xml writes them) to Fudge envelopes, written back to back.")
        {
            file, mode, output, javaStrings,
        };
        command.SetAction(parsed => Guarded(console, WritesToStandardOutput(parsed.GetValue(output)), progress =>
        {
            string path = parsed.GetValue(file)!;
            using var input = new HeadKeepingStream(CliPaths.OpenInput(path, console));
            using var target = CliPaths.OpenOutput(parsed.GetValue(output), path, console);
            try
            {
                return new FromXmlCommand(target, Mode(parsed, mode), WriterOptions(parsed, javaStrings)).Run(input, progress);
            }
            catch (Exception e) when (e is FudgeException or System.Xml.XmlException
                && FudgeGivenAsText.Explain(path, input.Head, "XML", "from-xml", "to-xml") is { } fudge)
            {
                throw fudge;
            }
        }));
        return command;
    }

    /// <summary>
    /// One thread per core when the code is compiled ahead of time; one under the JIT, where on a small machine busy
    /// converting threads starve the background compiler that optimizes them, so that a run of a million messages
    /// finished later with two threads than with one (benchmarks/results/cli-throughput.md).
    /// </summary>
    private static int DefaultConversionThreads
        => System.Runtime.CompilerServices.RuntimeFeature.IsDynamicCodeCompiled ? 1 : Environment.ProcessorCount;

    private static bool WritesToStandardOutput(string? outputPath) => outputPath is null or CliPaths.Console;

    /// <summary>Runs <paramref name="body"/> with a text writer over the output file, or standard output when none is given.</summary>
    private static int WithTextOutput(CliConsole console, string? path, string inputPath, Func<TextWriter, int> body)
    {
        if (WritesToStandardOutput(path)) return body(console.Out);
        using var file = new StreamWriter(CliPaths.OpenOutput(path, inputPath, console), new System.Text.UTF8Encoding(false)) { NewLine = "\n" };
        return body(file);
    }
}
