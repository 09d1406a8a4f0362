using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;

namespace Fudge.DocsCheck;

/// <summary>One fenced <c>```csharp</c> block of a markdown file, with the doc-check comment written right before it.</summary>
/// <param name="File">The markdown file, relative to the repository root (as diagnostics name it).</param>
/// <param name="FirstLine">1-based line of the block's first code line (the line after the opening fence).</param>
/// <param name="Code">What the reader sees and pastes.</param>
/// <param name="Directive">The hidden <c>&lt;!-- doc-check ... --&gt;</c> comment before the block; empty when there is none.</param>
internal sealed record MarkdownBlock(string File, int FirstLine, string Code, DocCheckDirective Directive)
{
    /// <summary>Where the block is, as people and compilers name it: <c>docs/store.md:12</c>.</summary>
    public string Location => $"{File}:{FirstLine}";
}

/// <summary>
/// The convention of docs/doc-check.md: an HTML comment (which markdown renderers do not show) directly before the
/// opening fence. Its first line holds options; every further line up to <c>--&gt;</c> is hidden setup code.
/// <code>
/// &lt;!-- doc-check: prelude=logs needs=postgres
/// var envelopeBytes = ...;
/// --&gt;
/// </code>
/// </summary>
/// <param name="Preludes">Names of shared setup files under docs/doc-check/.</param>
/// <param name="Setup">Hidden setup code written in the comment itself.</param>
/// <param name="SetupLine">1-based markdown line of the first hidden setup line.</param>
/// <param name="Needs">A server the block talks to: <c>postgres</c>, <c>rabbitmq</c>, <c>rabbitmq-cluster</c> or <c>nats</c> (compiled always, run when it is up).</param>
/// <param name="MembersOf">For a fragment showing class members: the class it is compiled inside.</param>
/// <param name="EndsCanceled">The block runs until a token of the setup is cancelled (a service loop): its
/// <see cref="OperationCanceledException"/> is how it ends, not a failure.</param>
/// <param name="Expect">Only in the checker's self-test: the failure this deliberately broken block must get.</param>
internal sealed record DocCheckDirective(IReadOnlyList<string> Preludes, string Setup, int SetupLine, string? Needs, string? MembersOf, bool EndsCanceled, string? Expect)
{
    public static readonly DocCheckDirective None = new([], "", 0, null, null, false, null);
}

/// <summary>Finds the C# blocks of a markdown file.</summary>
internal static class MarkdownBlocks
{
    private static readonly Regex Fence = new(@"^(\s*)(`{3,}|~{3,})\s*([\w#+-]*)", RegexOptions.CultureInvariant);
    private static readonly string[] CSharpTags = ["csharp", "cs", "c#"];
    private static readonly string[] KnownOptions = ["prelude", "needs", "members-of", "ends", "expect"];

    /// <summary>Every C# block of <paramref name="path"/>, in order.</summary>
    /// <exception cref="DocCheckException">A doc-check comment that does not follow the convention.</exception>
    public static List<MarkdownBlock> Read(string path, string relativeName)
    {
        var lines = File.ReadAllLines(path);
        var blocks = new List<MarkdownBlock>();
        for (int i = 0; i < lines.Length; i++)
        {
            var open = Fence.Match(lines[i]);
            if (!open.Success) continue;
            string indent = open.Groups[1].Value, fence = open.Groups[2].Value;
            int end = i + 1;
            while (end < lines.Length && !IsClosingFence(lines[end], fence)) end++;
            if (CSharpTags.Contains(open.Groups[3].Value, StringComparer.OrdinalIgnoreCase))
            {
                var code = lines.Skip(i + 1).Take(end - i - 1).Select(l => l.StartsWith(indent, StringComparison.Ordinal) ? l[indent.Length..] : l);
                var directive = ReadDirective(lines, i, relativeName);
                blocks.Add(new MarkdownBlock(relativeName, i + 2, string.Join("\n", code), directive));
            }
            i = end;
        }
        return blocks;
    }

    private static bool IsClosingFence(string line, string fence)
    {
        var trimmed = line.TrimStart();
        return trimmed.StartsWith(fence, StringComparison.Ordinal) && trimmed.TrimEnd().Trim(fence[0]).Length == 0;
    }

    /// <summary>The doc-check comment that ends on the line right before the fence at <paramref name="fenceIndex"/>, if any.</summary>
    private static DocCheckDirective ReadDirective(string[] lines, int fenceIndex, string file)
    {
        int last = fenceIndex - 1;
        if (last < 0 || !lines[last].TrimEnd().EndsWith("-->", StringComparison.Ordinal)) return DocCheckDirective.None;
        int first = last;
        while (first >= 0 && !lines[first].Contains("<!--", StringComparison.Ordinal)) first--;
        if (first < 0) return DocCheckDirective.None;
        var head = lines[first].Trim();
        if (!head.StartsWith("<!-- doc-check", StringComparison.Ordinal)) return DocCheckDirective.None;

        string options = head["<!-- doc-check".Length..].TrimStart(':', ' ');
        if (first == last) options = options[..options.LastIndexOf("-->", StringComparison.Ordinal)];
        var setup = first == last ? [] : lines.Skip(first + 1).Take(last - first - 1).ToList();
        if (first != last && lines[last].Trim() != "-->") setup.Add(lines[last][..lines[last].LastIndexOf("-->", StringComparison.Ordinal)]);

        var preludes = new List<string>();
        string? needs = null, membersOf = null, expect = null;
        bool endsCanceled = false;
        foreach (var option in options.Split([' ', ';'], StringSplitOptions.RemoveEmptyEntries))
        {
            var pair = option.Split('=', 2);
            if (pair.Length != 2 || !KnownOptions.Contains(pair[0]))
                throw new DocCheckException($"{file}:{first + 1}: unknown doc-check option '{option}' (known: {string.Join(", ", KnownOptions.Select(o => o + "=..."))})");
            switch (pair[0])
            {
                case "prelude": preludes.AddRange(pair[1].Split(',', StringSplitOptions.RemoveEmptyEntries)); break;
                case "needs":
                    if (pair[1] is not ("postgres" or "rabbitmq" or "rabbitmq-cluster" or "nats"))
                        throw new DocCheckException($"{file}:{first + 1}: needs= takes postgres, rabbitmq, rabbitmq-cluster or nats, not '{pair[1]}'");
                    needs = pair[1];
                    break;
                case "members-of": membersOf = pair[1]; break;
                case "expect": expect = pair[1]; break;
                case "ends":
                    endsCanceled = pair[1] == "canceled" ? true : throw new DocCheckException($"{file}:{first + 1}: ends= takes canceled, not '{pair[1]}'");
                    break;
            }
        }
        return new DocCheckDirective(preludes, string.Join("\n", setup), first + 2, needs, membersOf, endsCanceled, expect);
    }
}

/// <summary>A documentation block or doc-check comment the checker cannot accept; the message names the file and line.</summary>
internal sealed class DocCheckException(string message) : Exception(message);
