using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Security;
using System.Text;

namespace Fudge.Benchmarks.Reporting;

/// <summary>
/// Draws BenchmarkDotNet results as an SVG of horizontal bars: one panel per benchmark group, one bar per contender,
/// bar length proportional to the mean time within the panel, each labelled with its ratios to the reference contenders.
/// </summary>
internal static class SvgBarChart
{
    private const int Width = 1000, LabelWidth = 170, BarHeight = 16, BarGap = 4, PanelGap = 34, Margin = 16;

    public static string Render(IReadOnlyList<BenchmarkCsv.Row> rows, IReadOnlyList<string> references, string title)
    {
        var groups = rows.GroupBy(r => r.Group).ToList();
        int height = Margin * 2 + 30 + groups.Sum(g => PanelGap + g.Count() * (BarHeight + BarGap));
        var svg = new StringBuilder();
        svg.AppendLine(Invariant($"<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{Width}\" height=\"{height}\" font-family=\"sans-serif\" font-size=\"12\">"));
        svg.AppendLine(Invariant($"<rect width=\"{Width}\" height=\"{height}\" fill=\"white\"/>"));
        svg.AppendLine(Invariant($"<text x=\"{Margin}\" y=\"{Margin + 14}\" font-size=\"16\" font-weight=\"bold\">{Escape(title)}</text>"));
        int y = Margin + 30;
        int barSpace = Width - LabelWidth - Margin * 2 - 330;
        foreach (var group in groups)
        {
            y += PanelGap;
            svg.AppendLine(Invariant($"<text x=\"{Margin}\" y=\"{y - 8}\" font-weight=\"bold\">{Escape(group.Key)} (mean time, shorter is faster)</text>"));
            double max = group.Max(r => r.MeanNs);
            var referenceMeans = references.Select(reference => (Name: reference, Mean: group.FirstOrDefault(r => r.Contender == reference)?.MeanNs ?? double.NaN))
                .Where(r => !double.IsNaN(r.Mean)).ToList();
            foreach (var row in group)
            {
                double length = Math.Max(1, row.MeanNs / max * barSpace);
                string colour = row.Contender.StartsWith("Fudge", StringComparison.Ordinal) ? "#2b6cb0" : row.Contender == "Copy" ? "#a0aec0" : "#dd6b20";
                svg.AppendLine(Invariant($"<text x=\"{Margin + LabelWidth - 6}\" y=\"{y + BarHeight - 4}\" text-anchor=\"end\">{Escape(row.Contender)}</text>"));
                svg.AppendLine(Invariant($"<rect x=\"{Margin + LabelWidth}\" y=\"{y}\" width=\"{length:0.#}\" height=\"{BarHeight}\" fill=\"{colour}\"/>"));
                string ratio = referenceMeans.Count == 0 ? "" : " (" + string.Join(", ", referenceMeans.Select(r => Invariant($"{row.MeanNs / r.Mean:0.00}x {r.Name}"))) + ")";
                svg.AppendLine(Invariant($"<text x=\"{Margin + LabelWidth + length + 6:0.#}\" y=\"{y + BarHeight - 4}\">{Escape(FormatTime(row.MeanNs) + ratio)}</text>"));
                y += BarHeight + BarGap;
            }
        }
        svg.AppendLine("</svg>");
        return svg.ToString();
    }

    private static string FormatTime(double ns) => ns switch
    {
        >= 1e6 => Invariant($"{ns / 1e6:0.00} ms"),
        >= 1e3 => Invariant($"{ns / 1e3:0.00} µs"),
        _ => Invariant($"{ns:0.0} ns"),
    };

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);

    private static string Escape(string text) => SecurityElement.Escape(text) ?? "";
}
