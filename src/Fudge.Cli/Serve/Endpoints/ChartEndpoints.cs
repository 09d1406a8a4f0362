using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading.Tasks;
using Fudge.Cli.Inspect;
using Fudge.Cli.Stats;
using Fudge.Query;
using Fudge.Store;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// What the page's charts draw: <c>GET /api/series?path=P&amp;group=G&amp;x=X&amp;where=FILTER&amp;limit=N</c> (a numeric
/// path's values per message, grouped, over message order or a datetime path, and their histogram) and
/// <c>GET /api/stats?where=FILTER</c> (per-path statistics, computed by <see cref="PathStatistics"/> as
/// <c>fudge stats --paths</c> computes them).
/// </summary>
internal static class ChartEndpoints
{
    /// <summary>Points given by default; the last ones when there are more.</summary>
    public const int DefaultLimit = 10_000;

    /// <summary>The most points one answer may ask for.</summary>
    public const int MaxLimit = 200_000;

    private const int MaxBins = 50;

    public static void Map(IEndpointRouteBuilder app, ExplorerState state)
    {
        app.MapGet("/api/series", async context =>
        {
            var (path, answered) = await ReadPathAsync(context, "path", required: true);
            if (answered) return;
            var (group, groupAnswered) = await ReadPathAsync(context, "group", required: false);
            if (groupAnswered) return;
            var (x, xAnswered) = await ReadPathAsync(context, "x", required: false);
            if (xAnswered) return;
            long? limit = ExplorerResponses.ReadNumber(context, "limit", DefaultLimit, 1, MaxLimit);
            if (limit is null)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid limit", $"limit is a whole number from 1 to {MaxLimit}.");
                return;
            }
            var (filter, filterAnswered) = await ExplorerResponses.ReadFilterAsync(context);
            if (filterAnswered) return;
            try
            {
                var series = await CollectAsync(state, filter, path!, group, x, (int)limit.Value, context);
                await ExplorerResponses.Json(context, series, ChartJson.Default.Series);
            }
            catch (FudgeStoreException e)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "The store refused the filter", e.Message);
            }
        });

        app.MapGet("/api/stats", async context =>
        {
            var (filter, answered) = await ExplorerResponses.ReadFilterAsync(context);
            if (answered) return;
            var stats = new PathStatistics();
            long malformed = 0;
            try
            {
                await foreach (var message in state.Source.ReadAllAsync(filter, context.RequestAborted))
                {
                    try
                    {
                        stats.Add(message.Bytes.Span, state.Options);
                    }
                    catch (FudgeException)
                    {
                        malformed++; // counted up to the fault; said in the answer
                    }
                }
            }
            catch (FudgeStoreException e)
            {
                await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "The store refused the filter", e.Message);
                return;
            }
            var rows = stats.Paths.Select(p => new PathRow(p.Path, p.Count, p.Messages, p.Types.Select(t => new TypeCount(t.Key, t.Value)).ToArray(),
                p.Numbers, p.Min, p.Max, p.Mean is double mean && double.IsFinite(mean) ? mean : null, p.DistinctStrings, p.DistinctCapped ? true : null)).ToArray();
            await ExplorerResponses.Json(context, new PathTable(stats.Messages, malformed, stats.OtherFields, rows), ChartJson.Default.PathTable);
        });
    }

    private static async Task<(FudgePath? Path, bool Answered)> ReadPathAsync(HttpContext context, string name, bool required)
    {
        string? text = context.Request.Query[name];
        if (string.IsNullOrWhiteSpace(text))
        {
            if (!required) return (null, false);
            await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "No path", $"{name} is a path of the filter language, e.g. $.bid.");
            return (null, true);
        }
        if (text.Length > ExplorerResponses.MaxFilterLength)
        {
            await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Path too long", $"A path has at most {ExplorerResponses.MaxFilterLength} characters.");
            return (null, true);
        }
        try
        {
            var path = FudgePath.Compile(text);
            if (!path.IsRoot) return (path, false);
            await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid path", $"{name}: $ alone names the message, not a field.");
            return (null, true);
        }
        catch (FudgeQueryException e)
        {
            await ExplorerResponses.Problem(context, StatusCodes.Status400BadRequest, "Invalid path", $"{name}: {e.Reason}", e.Line, e.Column);
            return (null, true);
        }
    }

    private static async Task<Series> CollectAsync(ExplorerState state, FudgeFilter? filter, FudgePath path, FudgePath? group, FudgePath? x, int limit, HttpContext context)
    {
        var ids = new List<long>();
        var xs = new List<double>();
        var ys = new List<double>();
        var groups = group is null ? null : new List<int>();
        var groupNames = new List<string>();
        var groupIndex = new Dictionary<string, int>(StringComparer.Ordinal);
        long messages = 0, skipped = 0;
        bool cut = false;
        string xKind = x is null ? "id" : "";
        await foreach (var message in state.Source.ReadAllAsync(filter, context.RequestAborted))
        {
            messages++;
            var bytes = message.Bytes.Span;
            var value = First(path, bytes, state.Options);
            double? xValue = message.Id;
            if (x is not null)
            {
                var xField = First(x, bytes, state.Options);
                xValue = xField.Time ?? xField.Number;
                if (xValue is not null && xKind == "") xKind = xField.Time is not null ? "time" : "number";
                else if (xValue is not null && (xKind == "time") != (xField.Time is not null)) xValue = null; // one kind of x per series
            }
            if (value.Number is not double y || !double.IsFinite(y) || xValue is not double xv || !double.IsFinite(xv))
            {
                skipped++;
                continue;
            }
            ids.Add(message.Id);
            xs.Add(xv);
            ys.Add(y);
            if (groups is not null)
            {
                string name = First(group!, bytes, state.Options).Text ?? "(none)";
                if (!groupIndex.TryGetValue(name, out int index))
                {
                    index = groupNames.Count;
                    groupIndex.Add(name, index);
                    groupNames.Add(name);
                }
                groups.Add(index);
            }
            if (ids.Count >= 2 * limit)
            {
                // Keep the last `limit`: a live source's newest points are the ones wanted.
                int drop = ids.Count - limit;
                ids.RemoveRange(0, drop);
                xs.RemoveRange(0, drop);
                ys.RemoveRange(0, drop);
                groups?.RemoveRange(0, drop);
                cut = true;
            }
        }
        if (ids.Count > limit)
        {
            int drop = ids.Count - limit;
            ids.RemoveRange(0, drop);
            xs.RemoveRange(0, drop);
            ys.RemoveRange(0, drop);
            groups?.RemoveRange(0, drop);
            cut = true;
        }
        return new Series(path.Text, group?.Text, x?.Text, xKind == "" ? "number" : xKind, ids.ToArray(), xs.ToArray(), ys.ToArray(), groups?.ToArray(),
            groups is null ? null : groupNames.ToArray(), messages, skipped, cut, HistogramOf(ys));
    }

    /// <summary>Equal bins from the smallest to the largest value, about the square root of the count of them (at most 50).</summary>
    internal static Histogram HistogramOf(IReadOnlyList<double> values)
    {
        if (values.Count == 0) return new Histogram(0, 1, Array.Empty<long>());
        double min = values.Min(), max = values.Max();
        int bins = max == min ? 1 : Math.Clamp((int)Math.Ceiling(Math.Sqrt(values.Count)), 1, MaxBins);
        double width = max == min ? 1 : (max - min) / bins;
        if (!double.IsFinite(width) || width <= 0) { bins = 1; width = 1; }
        var counts = new long[bins];
        foreach (double v in values) counts[Math.Clamp((int)((v - min) / width), 0, bins - 1)]++;
        return new Histogram(min, width, counts);
    }

    // The first field a path selects: as a number, as a time, and as text. A malformed message has none.
    private static FieldValue First(FudgePath path, ReadOnlySpan<byte> envelope, FudgeReaderOptions options)
    {
        var visitor = new FirstValue();
        try
        {
            path.Visit(envelope, ref visitor, options);
        }
        catch (FudgeException)
        {
            return default;
        }
        return visitor.Value;
    }

    private readonly record struct FieldValue(double? Number, double? Time, string? Text);

    private struct FirstValue : IFudgeFieldVisitor
    {
        public FieldValue Value;

        public bool Visit(in FudgeReader field)
        {
            var reader = field;
            try
            {
                Value = new FieldValue(PathStats.Number(ref reader), Time(ref reader), Text(ref reader));
            }
            catch (FudgeException)
            {
                Value = default; // a date .NET cannot hold, a value that cannot be read
            }
            return false;
        }

        private static double? Time(ref FudgeReader reader)
        {
            DateTime? time = reader.TypeId switch
            {
                FudgeTypeId.DateTime => reader.GetDateTime().ToDateTime(),
                FudgeTypeId.Date => reader.GetDate().ToDateTime(),
                _ => null,
            };
            return time is DateTime t ? (DateTime.SpecifyKind(t, DateTimeKind.Utc) - DateTime.UnixEpoch).TotalSeconds : null;
        }

        private static string Text(ref FudgeReader reader)
        {
            if (reader.TypeId != FudgeTypeId.String) return ValueText.Format(ref reader, full: false);
            var text = new StringBuilder();
            DisplayText.Append(text, reader.GetString(), quote: null);
            return text.ToString();
        }
    }
}
