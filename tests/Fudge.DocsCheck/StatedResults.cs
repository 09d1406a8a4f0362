using System;
using System.Collections.Generic;
using System.Linq;
using System.Text.RegularExpressions;

namespace Fudge.DocsCheck;

/// <summary>
/// The results a block's comments state, and the check that its output agrees. The rule (docs/doc-check.md):
/// <list type="bullet">
/// <item>A line comment <c>// prints: TEXT</c> says that the block writes the line TEXT to the console. The output
/// must hold every such line, in the order of the comments; <c>...</c> in TEXT stands for any text.</item>
/// <item>Any other comment that looks like a stated result (it begins with <c>{</c>, <c>[</c>, <c>&lt;</c>,
/// <c>==</c>, <c>=&gt;</c> or <c>→</c>) is refused, so that no result is stated without being checked.</item>
/// </list>
/// </summary>
internal static class StatedResults
{
    private static readonly Regex Prints = new(@"(?:^|\s)//\s*prints:\s?(?<text>.*?)\s*$", RegexOptions.CultureInvariant);
    private static readonly Regex LooksLikeAResult = new(@"(?:^|\s)//\s*(?<text>(?:\{|\[|<|==|=>|→).*?)\s*$", RegexOptions.CultureInvariant);

    /// <summary>The <c>prints:</c> lines of a block, with their markdown line numbers.</summary>
    public static List<(int Line, string Text)> Expected(MarkdownBlock block) =>
        block.Code.Split('\n')
            .Select((line, index) => (Line: block.FirstLine + index, Match: Prints.Match(line)))
            .Where(x => x.Match.Success)
            .Select(x => (x.Line, x.Match.Groups["text"].Value))
            .ToList();

    /// <summary>Comments that state a result in a form nothing checks.</summary>
    public static IEnumerable<string> UncheckedResults(MarkdownBlock block) =>
        block.Code.Split('\n')
            .Select((line, index) => (Line: block.FirstLine + index, Match: LooksLikeAResult.Match(line)))
            .Where(x => x.Match.Success)
            .Select(x => $"{block.File}:{x.Line}: the comment '// {x.Match.Groups["text"].Value}' states a result nothing checks: print it and write '// prints: ...'");

    /// <summary>Problems with the output: each expected line missing from it (in order), described.</summary>
    public static IEnumerable<string> Disagreements(MarkdownBlock block, IReadOnlyList<(int Line, string Text)> expected, string output)
    {
        var lines = output.Replace("\r\n", "\n").Split('\n');
        int next = 0;
        foreach (var (line, text) in expected)
        {
            var pattern = new Regex("^" + string.Join(".*", text.Split("...").Select(Regex.Escape)) + "$", RegexOptions.CultureInvariant);
            int found = Array.FindIndex(lines, next, l => pattern.IsMatch(l.TrimEnd()));
            if (found < 0)
            {
                yield return $"{block.File}:{line}: the comment says it prints '{text}', but the output (from its line {next + 1}) is:\n    "
                    + string.Join("\n    ", lines.Skip(next).Take(20));
                yield break;
            }
            next = found + 1;
        }
    }
}
