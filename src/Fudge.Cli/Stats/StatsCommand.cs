using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Inspect;

namespace Fudge.Cli.Stats;

/// <summary>
/// <c>fudge stats</c>: message count, envelope sizes, field counts by type, and the names and ordinals used with how
/// often each occurs, over every envelope of the input.
/// </summary>
internal sealed class StatsCommand
{
    private readonly TextWriter _out;

    public StatsCommand(TextWriter output) => _out = output;

    /// <summary>True to add the table per field path (<c>--paths</c>, <see cref="PathStatistics"/>).</summary>
    public bool Paths { get; init; }

    /// <summary>Gathers and prints the statistics; returns 0.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed.</exception>
    public int Run(EnvelopeInput input, ProgressReporter progress)
    {
        var stats = new InputStatistics();
        var paths = Paths ? new PathStatistics() : null;
        while (input.TryRead(out var envelope))
        {
            try
            {
                stats.Add(envelope.Bytes.Span, input.Options);
                paths?.Add(envelope.Bytes.Span, input.Options);
            }
            catch (FudgeFormatException e)
            {
                throw EnvelopeInput.Locate(envelope, e);
            }
            progress.Report(stats.Messages, input.Position);
        }
        progress.Finish();
        Print(stats);
        if (paths is not null) PrintPaths(paths);
        return 0;
    }

    /// <summary>
    /// Prints one row per path: path, fields, messages, types (most frequent first), and min, max and mean of the
    /// numbers or the count of distinct strings. Paths and strings are escaped as everywhere (<see cref="DisplayText"/>).
    /// </summary>
    public void PrintPaths(PathStatistics paths)
    {
        var inv = CultureInfo.InvariantCulture;
        var rows = paths.Paths.Select(p => new[]
        {
            p.Path,
            p.Count.ToString(inv),
            p.Messages.ToString(inv),
            string.Join(" ", p.Types.Select(t => t.Value == p.Count ? t.Key : $"{t.Key}:{t.Value.ToString(inv)}")),
            p.Min is double min ? min.ToString("R", inv) : "",
            p.Max is double max ? max.ToString("R", inv) : "",
            p.Mean is double mean ? mean.ToString("G10", inv) : "",
            p.DistinctStrings is int distinct ? distinct.ToString(inv) + (p.DistinctCapped ? "+" : "") : "",
        }).ToList();
        var header = new[] { "path", "fields", "messages", "types", "min", "max", "mean", "distinct" };
        var widths = header.Select((h, i) => rows.Select(r => r[i].Length).Append(h.Length).Max()).ToArray();
        _out.WriteLine();
        _out.WriteLine("paths:");
        foreach (var row in rows.Prepend(header))
            _out.WriteLine(("  " + string.Join("  ", row.Select((cell, i) => i is 1 or 2 or 4 or 5 or 6 or 7 ? cell.PadLeft(widths[i]) : cell.PadRight(widths[i])))).TrimEnd());
        if (paths.OtherFields > 0) _out.WriteLine($"  ({paths.OtherFields.ToString(inv)} fields past the first {PathStatistics.MaxPaths.ToString(inv)} paths not counted)");
    }

    /// <summary>Prints statistics as aligned "label  value" lines, with sections for types, names and ordinals.</summary>
    public void Print(InputStatistics stats)
    {
        var inv = CultureInfo.InvariantCulture;
        string mean = stats.Messages == 0 ? "0" : ((double)stats.TotalBytes / stats.Messages).ToString("0.0", inv);
        Line("messages", stats.Messages.ToString(inv));
        Line("bytes", $"{stats.TotalBytes.ToString(inv)} total, {stats.MinBytes.ToString(inv)} min, {stats.MaxBytes.ToString(inv)} max, {mean} mean");
        Line("fields", $"{stats.Fields.ToString(inv)} ({stats.TopLevelFields.ToString(inv)} top-level, {(stats.Fields - stats.TopLevelFields).ToString(inv)} in sub-messages)");
        if (stats.AnonymousFields > 0) Line("anonymous", Plural(stats.AnonymousFields, "field") + " with neither name nor ordinal");
        Line("max depth", stats.MaxDepth.ToString(inv));
        Line("taxonomy ids", stats.TaxonomyIds.Count == 0 ? "none" : string.Join(", ", stats.TaxonomyIds.Select(t => $"{t.Key.ToString(inv)} ({Plural(t.Value, "message")})")));
        Section("fields by type", stats.FieldsByType.Select(t => (ValueText.TypeName(t.Key), t.Value)));
        Section("names", ByCount(stats.Names.Select(n => (DisplayText.Name(n.Key), n.Value))));
        Section("ordinals", ByCount(stats.Ordinals.Select(o => ("#" + o.Key.ToString(inv), o.Value))));
    }

    // Most frequent first; ties keep the sorted key order.
    private static IEnumerable<(string Key, long Count)> ByCount(IEnumerable<(string Key, long Count)> counts)
        => counts.OrderByDescending(c => c.Count);

    private void Section(string title, IEnumerable<(string Key, long Count)> rows)
    {
        var list = rows.ToList();
        _out.WriteLine();
        _out.WriteLine(list.Count == 0 ? title + ": none" : title + ":");
        int width = list.Count == 0 ? 0 : list.Max(r => r.Key.Length);
        foreach (var (key, count) in list) _out.WriteLine("  " + key.PadRight(width) + "  " + count.ToString(CultureInfo.InvariantCulture));
    }

    private void Line(string label, string value) => _out.WriteLine((label + ":").PadRight(14) + value);

    private static string Plural(long n, string noun) => n.ToString(CultureInfo.InvariantCulture) + " " + noun + (n == 1 ? "" : "s");
}
