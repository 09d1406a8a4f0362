using System;
using System.Collections.Generic;
using System.IO;
using System.Text;
using System.Text.RegularExpressions;

namespace Fudge.TypeCoverage.Tests;

/// <summary>One case of the corpus (Corpus/cases.txt): a small model type, the root type serialized and a value of it.</summary>
public sealed record CorpusCase(string Id, string Category, string Description, string Root, string Value, string Declarations, int Line)
{
    /// <summary>
    /// True when the VALUE (not the type) may be refused at run time with a <c>FudgeException</c> naming the member (a
    /// lone surrogate, an offset the wire cannot hold): issue 41 allows that, where no diagnostic can see it.
    /// </summary>
    public bool ValueMayBeRefused { get; init; }

    /// <summary>
    /// A C# expression of <c>value</c> (the case's value, typed as its root) giving what a library that applies a
    /// documented normalization of the format reads back (a <c>DateTime</c> of kind Local as
    /// <c>value.At.ToUniversalTime()</c>), compared as strictly as a round trip; null when the value must come back as it is.
    /// </summary>
    public string? Normalized { get; init; }

    /// <summary>Where the normalization is documented: a link relative to docs/ (<c>generator.md#anchor</c>).</summary>
    public string? NormalizationRule { get; init; }

    /// <summary>The namespace the case is compiled in: its id with every other character made an underscore.</summary>
    public string Namespace => "Case_" + Regex.Replace(Id, "[^A-Za-z0-9]", "_");

    /// <summary>The usings every case is compiled with, whatever the library.</summary>
    public static readonly string[] Usings =
    {
        "System", "System.Collections.Generic", "System.Collections.Concurrent", "System.Collections.Frozen",
        "System.Collections.Immutable", "System.Collections.ObjectModel", "System.Linq", "System.Numerics",
    };

    /// <summary>Reads every case of the corpus file.</summary>
    public static IReadOnlyList<CorpusCase> Load(string path)
    {
        var cases = new List<CorpusCase>();
        string[] lines = File.ReadAllLines(path);
        int i = 0;
        while (i < lines.Length)
        {
            if (!lines[i].StartsWith("=== ", StringComparison.Ordinal)) { i++; continue; }
            int start = i + 1;
            string[] head = lines[i].Substring(4).Split('|');
            if (head.Length != 3) throw new FormatException($"{path}({start}): expected '=== id | category | description'");
            string? root = null;
            bool valueMayBeRefused = false;
            string? normalized = null, rule = null;
            var value = new StringBuilder();
            var declarations = new StringBuilder();
            for (i++; i < lines.Length && !lines[i].StartsWith("=== ", StringComparison.Ordinal); i++)
            {
                string line = lines[i];
                if (line.StartsWith("root:", StringComparison.Ordinal)) root = line.Substring(5).Trim();
                else if (line.StartsWith("value:", StringComparison.Ordinal)) value.Append(line.Substring(6).Trim()).Append(' ');
                else if (line.StartsWith("refusal:", StringComparison.Ordinal)) valueMayBeRefused = line.Substring(8).Trim() == "value";
                else if (line.StartsWith("normalized:", StringComparison.Ordinal)) normalized = line.Substring(11).Trim();
                else if (line.StartsWith("documented:", StringComparison.Ordinal)) rule = line.Substring(11).Trim();
                else if (line.StartsWith('#')) continue;
                else declarations.AppendLine(line);
            }
            if (root is null || value.Length == 0) throw new FormatException($"{path}({start}): a case needs 'root:' and 'value:'");
            if ((normalized is null) != (rule is null)) throw new FormatException($"{path}({start}): 'normalized:' and 'documented:' go together (the normalization and where it is documented)");
            cases.Add(new CorpusCase(head[0].Trim(), head[1].Trim(), head[2].Trim(), root, value.ToString().Trim(), declarations.ToString().TrimEnd(), start)
                { ValueMayBeRefused = valueMayBeRefused, Normalized = normalized, NormalizationRule = rule });
        }
        var ids = new HashSet<string>(StringComparer.Ordinal);
        foreach (var c in cases)
            if (!ids.Add(c.Id)) throw new FormatException($"{path}({c.Line}): the id {c.Id} is used twice");
        return cases;
    }
}
