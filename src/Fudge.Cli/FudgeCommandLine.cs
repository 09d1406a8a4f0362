using System;
using System.CommandLine;
using System.CommandLine.Help;
using System.CommandLine.Invocation;
using System.IO;
using System.Linq;
using Fudge.Cli.Console;
using Fudge.Cli.Input;

namespace Fudge.Cli;

/// <summary>
/// The <c>fudge</c> command line: parses the arguments with System.CommandLine, runs the chosen command against a
/// <see cref="CliConsole"/>, and turns every failure into one line on standard error and a non-zero exit code.
/// </summary>
internal static partial class FudgeCommandLine
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
            // Every problem on one line, then where to read how the command is used.
            if (ParseProblem(parsed, args) is string usage)
            {
                console.Error.WriteLine("fudge: " + OneLine(usage));
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
        var root = new Command("fudge", "Inspect, validate, convert, summarise, filter, query and route Fudge messages without a schema, or explore them in a browser. Inputs may hold many concatenated envelopes; '-' means standard input.")
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
            FilterCommandLine(console, taxonomy),
            GetCommandLine(console, taxonomy),
            RouteCommandLine(console, taxonomy),
            TransformCommandLine(console, taxonomy),
            StoreCommandLine(console, taxonomy),
            ServeCommandLine(console, taxonomy),
            SchemaCommandLine(console, taxonomy),
        };
        return root;
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
        catch (Exception e)
        {
            message = Describe(e);
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
