using System;
using System.Collections.Generic;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Fudge.Query;

namespace Fudge.Cli;

/// <summary>
/// A failure already worded for the person at the terminal (what is wrong with which file or argument); the command
/// line prints its message as it is.
/// </summary>
internal sealed class CliException : Exception
{
    public CliException(string message, Exception? innerException = null) : base(message, innerException) { }
}

/// <summary>
/// The one place the tool words its errors: the command line that does not parse (exit code 2) and every failure while
/// a command runs (exit code 1), each as one line on standard error (docs/cli.md, "Errors and exit codes").
/// </summary>
internal static partial class FudgeCommandLine
{
    /// <summary>The line for a failure while running, without the "fudge: " prefix.</summary>
    private static string Describe(Exception error) => OneLine(error switch
    {
        CliException e => e.Message,
        FudgeException e => e.Message,
        IOException or UnauthorizedAccessException => error.Message,
        Newtonsoft.Json.JsonException e => "invalid JSON: " + e.Message,
        System.Xml.XmlException e => "invalid XML: " + e.Message,
        // A bug, not bad input: still one line, but say what kind so it can be reported.
        _ => $"internal error ({error.GetType().Name}): {error.Message}",
    });

    // Some parser messages list choices on lines of their own; an error is one line.
    private static string OneLine(string message) => Regex.Replace(message, @"\s*\n\s*", " ");

    /// <summary>
    /// The line for a command line that does not parse, or null when it parses and names no unknown option. A missing or
    /// unknown command is named first (FudgeCommandLine.Suggestions.cs), then an unknown option: the parser takes "--bogus" for the FILE argument when it comes before the file, and then
    /// reports the file as the unrecognized word.
    /// </summary>
    private static string? ParseProblem(ParseResult parsed, IReadOnlyList<string> args)
    {
        if (CommandProblem(parsed, args) is string command) return command;
        var unknown = UnknownOptions(parsed, args);
        if (unknown.Count > 0)
            return $"unknown option {string.Join(", ", unknown.Select(o => $"'{o}'"))} for '{CommandPath(parsed.CommandResult)}'"
                + (unknown.Count == 1 ? OptionSuggestion(parsed, unknown[0]) : "");
        if (parsed.Errors.Count == 0) return null;
        var messages = new List<string>();
        var missing = MissingArguments(parsed.CommandResult);
        if (missing.Count > 0) messages.Add($"'{CommandPath(parsed.CommandResult)}' needs {string.Join(" and ", missing)}");
        foreach (var error in parsed.Errors)
        {
            // Said once above, with the names of the missing arguments (the parser repeats it for each).
            if (missing.Count > 0 && error.Message.StartsWith("Required argument missing", StringComparison.Ordinal)) continue;
            string message = BadValue.Replace(error.Message, m => $"{m.Groups["option"].Value} takes {TypeWord(m.Groups["type"].Value)}, not '{m.Groups["value"].Value}'");
            message = RequiredOption.Replace(message, m => $"'{CommandPath(parsed.CommandResult)}' needs {m.Groups["option"].Value}");
            if (parsed.CommandResult.Command.Arguments.Count > 0)
                message = ExtraWord.Replace(message, m => ExtraArgument(parsed.CommandResult, m.Groups["word"].Value));
            var option = error.SymbolResult as OptionResult ?? (error.SymbolResult as ArgumentResult)?.Parent as OptionResult;
            if (option is not null && NotAChoice.Match(message) is { Success: true } choice)
            {
                var choices = choice.Groups["choices"].Value.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries).Select(c => c.Trim('\''));
                message = $"{option.Option.Name} takes {string.Join(" or ", choices)}, not '{choice.Groups["value"].Value}'";
            }
            if (!messages.Contains(message)) messages.Add(message);
        }
        return string.Join(" ", messages);
    }

    private static readonly Regex RequiredOption = new(@"^Option '(?<option>[^']*)' is required\.$", RegexOptions.Singleline);

    private static readonly Regex ExtraWord = new(@"^Unrecognized command or argument '(?<word>.*)'\.$", RegexOptions.Singleline);

    /// <summary>A word after the arguments a command takes: "fudge inspect a.fudge b.fudge" (one FILE; concatenated envelopes are one input).</summary>
    private static string ExtraArgument(CommandResult command, string word)
    {
        string path = CommandPath(command);
        string takes = string.Join(" ", command.Command.Arguments.Select(a => $"<{a.HelpName ?? a.Name}>"));
        bool oneFile = command.Command.Arguments.Any(a => a.Name == "FILE");
        return $"'{path}' takes {takes}; '{word}' is one word too many"
            + (oneFile ? $" (for several files, concatenate them: cat A B | {path} -)" : "");
    }

    private static readonly Regex BadValue = new(@"^Cannot parse argument '(?<value>.*)' for option '(?<option>[^']*)' as expected type '(?<type>[^']*)'\.$", RegexOptions.Singleline);

    private static readonly Regex NotAChoice = new(@"^Argument '(?<value>.*)' not recognized\. Must be one of:\s*(?<choices>.*)$", RegexOptions.Singleline);

    private static string TypeWord(string type) => type switch
    {
        "System.Int32" or "System.Int64" or "System.Nullable`1[System.Int32]" => "a whole number",
        "System.UInt16" => "a whole number from 0 to 65535",
        _ => "a value of type " + type,
    };

    /// <summary>Words that look like options ("-x", "--xyz") the parser left unmatched or took as a command's argument; after "--" everything is an argument.</summary>
    private static List<string> UnknownOptions(ParseResult parsed, IReadOnlyList<string> args)
    {
        int separator = args.ToList().IndexOf("--");
        bool LooksLikeOption(string word)
            => word.Length > 1 && word[0] == '-' && !char.IsAsciiDigit(word[1])
               && (separator < 0 || args.ToList().IndexOf(word) < separator);
        var found = new List<string>();
        for (SymbolResult? result = parsed.CommandResult; result is not null; result = result.Parent)
        {
            if (result is not CommandResult command) continue;
            foreach (var argument in command.Children.OfType<ArgumentResult>())
                found.AddRange(argument.Tokens.Select(t => t.Value).Where(LooksLikeOption));
        }
        found.AddRange(parsed.UnmatchedTokens.Where(LooksLikeOption));
        return found.Distinct().ToList();
    }

    /// <summary>The required arguments of the command that were not given, as help names them (e.g. &lt;DB&gt;).</summary>
    private static List<string> MissingArguments(CommandResult command)
        => command.Command.Arguments
            .Where(a => a.Arity.MinimumNumberOfValues > 0 && (command.GetResult(a) is not ArgumentResult given || given.Tokens.Count == 0))
            .Select(a => $"<{a.HelpName ?? a.Name}>")
            .ToList();

    /// <summary>"fudge store import": the command's names from the root down.</summary>
    private static string CommandPath(CommandResult command)
    {
        var names = new List<string>();
        for (SymbolResult? result = command; result is not null; result = result.Parent)
            if (result is CommandResult c) names.Insert(0, c.Command.Name);
        return string.Join(" ", names);
    }

    /// <summary>
    /// Refuses a number below <paramref name="minimum"/>. A value that is not a number is left to the parser, which
    /// reports it (reading the value here would throw).
    /// </summary>
    private static void AtLeast<T>(Option<T> option, long minimum, string? message = null)
    {
        option.Validators.Add(result =>
        {
            if (result.Tokens.Count == 1 && long.TryParse(result.Tokens[0].Value, NumberStyles.Integer, CultureInfo.InvariantCulture, out long value) && value < minimum)
                result.AddError(message ?? $"{option.Name} must be at least {minimum.ToString(CultureInfo.InvariantCulture)}.");
        });
    }

    private static string HelpHint(ParseResult parsed) => $"Try '{CommandPath(parsed.CommandResult)} --help'.";

    /// <summary>Reads a rules or transform file, reporting a file that is not one with its path, line and column.</summary>
    private static T LoadQueryFile<T>(string path, string what, Func<string, T> load)
    {
        Input.CliPaths.RequireFile(path, what);
        if (new FileInfo(path).Length == 0) throw new CliException($"'{path}' is empty, not a {what}");
        try
        {
            return load(path);
        }
        catch (FudgeQueryException e)
        {
            throw new CliException($"{path}: not a valid {what}: line {e.Line.ToString(CultureInfo.InvariantCulture)}, column {e.Column.ToString(CultureInfo.InvariantCulture)}: {e.Reason}", e);
        }
    }
}
