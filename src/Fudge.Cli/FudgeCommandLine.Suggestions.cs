using System;
using System.Collections.Generic;
using System.CommandLine;
using System.CommandLine.Parsing;
using System.Linq;

namespace Fudge.Cli;

/// <summary>
/// Misspelt and missing commands and options: the usage error names the word, the nearest command or option there is
/// ("did you mean"), and for a command, the commands there are.
/// </summary>
internal static partial class FudgeCommandLine
{
    /// <summary>
    /// The line for a command that needs one of its subcommands and got none ("fudge", "fudge store"), or got a word
    /// that is none of them ("fudge inpsect", "fudge store imprt", "fudge help"); null otherwise.
    /// </summary>
    private static string? CommandProblem(ParseResult parsed, IReadOnlyList<string> args)
    {
        // "fudge help inspect" parses as the command inspect with a stray word before it.
        if (args.Count > 0 && args[0] is "help" or "?")
            return args.Count == 1 || args.Skip(1).Any(a => a.StartsWith('-'))
                ? $"'fudge' has no command '{args[0]}': 'fudge --help' lists the commands, 'fudge COMMAND --help' tells one's arguments and options"
                : $"'fudge' has no command '{args[0]}': use 'fudge {string.Join(" ", args.Skip(1))} --help'";
        var command = parsed.CommandResult.Command;
        if (command.Subcommands.Count == 0 || command.Arguments.Count > 0) return null;
        string path = CommandPath(parsed.CommandResult);
        var names = command.Subcommands.Where(c => !c.Hidden).Select(c => c.Name).ToList();
        string list = string.Join(", ", names);
        string? word = parsed.UnmatchedTokens.FirstOrDefault(t => !(t.Length > 1 && t[0] == '-'));
        if (word is null)
            return command.Action is null && parsed.Errors.Count > 0 ? $"'{path}' needs a command: {list}" : null;
        if (word is "help" or "?")
            return $"'{path}' has no command '{word}': '{path} --help' lists the commands, '{path} COMMAND --help' tells one's arguments and options";
        string? near = Nearest(word, names);
        return $"unknown command '{word}' for '{path}'{(near is null ? "" : $" (did you mean '{near}'?)")}; the commands are {list}";
    }

    /// <summary>" (did you mean '--offsets'?)" for an unknown option close to one the command has, else "".</summary>
    private static string OptionSuggestion(ParseResult parsed, string unknown)
    {
        var names = new List<string>();
        for (SymbolResult? result = parsed.CommandResult; result is not null; result = result.Parent)
        {
            if (result is not CommandResult command) continue;
            foreach (var option in command.Command.Options)
            {
                // Options of the commands above reach this one only when they are recursive (--taxonomy, --help).
                if (command != parsed.CommandResult && !option.Recursive && option is not System.CommandLine.Help.HelpOption) continue;
                if (option.Hidden) continue;
                names.Add(option.Name);
                names.AddRange(option.Aliases);
            }
        }
        string? near = Nearest(unknown, names.Distinct().ToList());
        return near is null ? "" : $" (did you mean '{near}'?)";
    }

    /// <summary>
    /// The candidate a typing slip away from <paramref name="word"/>: the only one it starts (a prefix of at least three
    /// letters), or the one at the smallest edit distance (adjacent swaps count one) when that is small for its length;
    /// none for a word of fewer than three letters.
    /// </summary>
    internal static string? Nearest(string word, IReadOnlyList<string> candidates)
    {
        string bare = word.TrimStart('-');
        if (bare.Length < 3) return null;   // "-x": too short to guess from
        var starts = candidates.Where(c => c.StartsWith(word, StringComparison.Ordinal) && c != word).ToList();
        if (starts.Count == 1) return starts[0];
        int allowed = bare.Length <= 4 ? 1 : bare.Length <= 7 ? 2 : 3;
        string? best = null;
        int bestDistance = int.MaxValue;
        foreach (string candidate in candidates)
        {
            int distance = EditDistance(word, candidate);
            if (distance < bestDistance) (best, bestDistance) = (candidate, distance);
        }
        return bestDistance <= allowed ? best : null;
    }

    /// <summary>Insertions, deletions, substitutions and swaps of two adjacent characters needed to turn a into b.</summary>
    private static int EditDistance(string a, string b)
    {
        var d = new int[a.Length + 1, b.Length + 1];
        for (int i = 0; i <= a.Length; i++) d[i, 0] = i;
        for (int j = 0; j <= b.Length; j++) d[0, j] = j;
        for (int i = 1; i <= a.Length; i++)
        {
            for (int j = 1; j <= b.Length; j++)
            {
                int cost = a[i - 1] == b[j - 1] ? 0 : 1;
                d[i, j] = Math.Min(Math.Min(d[i - 1, j] + 1, d[i, j - 1] + 1), d[i - 1, j - 1] + cost);
                if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1]) d[i, j] = Math.Min(d[i, j], d[i - 2, j - 2] + 1);
            }
        }
        return d[a.Length, b.Length];
    }
}
