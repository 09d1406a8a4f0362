using System;
using System.Globalization;
using System.Linq;
using System.Net;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// The charts' API: <c>/api/series</c> gives a path's values per message (checked against <c>fudge get</c>, which reads
/// them with other code), grouped, over message order or a datetime path, with their histogram; <c>/api/stats</c> gives
/// the per-path statistics <c>fudge stats --paths</c> prints (one implementation, PathStatistics).
/// </summary>
public class ExplorerChartTests
{
    private static string Ticks => RepoFiles.Sample("ticks.fudge");

    // `fudge get PATH` prints one line per message: its values, or nothing.
    private static string[] Get(string path)
    {
        var result = FudgeTool.Run("get", path, Ticks);
        Assert.Equal(0, result.ExitCode);
        return result.Stdout.Split('\n')[..^1];
    }

    private static double[] Doubles(JsonElement array) => array.EnumerateArray().Select(v => v.GetDouble()).ToArray();

    [Fact]
    public async Task A_series_is_the_first_number_at_the_path_of_each_message_over_message_order()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);
        await explorer.WaitUntilCountedAsync();

        var (status, series) = await explorer.GetJsonAsync("api/series?path=$.bid");

        Assert.Equal(HttpStatusCode.OK, status);
        var bids = Get("$.bid");
        var expected = bids.Select((line, id) => (line, id)).Where(p => p.line.Length > 0)
            .Select(p => (Id: (double)p.id, Bid: double.Parse(p.line.Split('\t')[0], CultureInfo.InvariantCulture))).ToArray();
        Assert.Equal("id", series.GetProperty("xKind").GetString());
        Assert.Equal(expected.Select(e => e.Id), Doubles(series.GetProperty("xs")));
        Assert.Equal(expected.Select(e => e.Bid), Doubles(series.GetProperty("ys")));
        Assert.Equal(bids.Length, series.GetProperty("messages").GetInt64());
        Assert.Equal(bids.Length - expected.Length, series.GetProperty("skipped").GetInt64());
        Assert.True(expected.Length > 20);
        var histogram = series.GetProperty("histogram");
        Assert.Equal(expected.Length, histogram.GetProperty("counts").EnumerateArray().Sum(c => c.GetInt64()));
        Assert.Equal(expected.Min(e => e.Bid), histogram.GetProperty("min").GetDouble());

        // Only some ticks are trades: the others have no number at $.trade.price and are counted as skipped.
        var (_, prices) = await explorer.GetJsonAsync("api/series?path=$.trade.price");
        var traded = Get("$.trade.price").Where(line => line.Length > 0).Select(line => double.Parse(line, CultureInfo.InvariantCulture)).ToArray();
        Assert.InRange(traded.Length, 1, bids.Length - 1);
        Assert.Equal(traded, Doubles(prices.GetProperty("ys")));
        Assert.Equal(bids.Length - traded.Length, prices.GetProperty("skipped").GetInt64());
    }

    [Fact]
    public async Task A_series_grouped_by_a_path_names_each_point_s_group_and_can_run_over_a_datetime_path()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);
        await explorer.WaitUntilCountedAsync();

        var (_, series) = await explorer.GetJsonAsync("api/series?path=$.bid&group=$.ticker&x=$.time&where=" + Uri.EscapeDataString("$.bid > 0"));

        Assert.Equal("time", series.GetProperty("xKind").GetString());
        var tickers = Get("$.ticker");
        var names = series.GetProperty("groupNames").EnumerateArray().Select(n => n.GetString()).ToArray();
        var ids = series.GetProperty("ids").EnumerateArray().Select(i => i.GetInt64()).ToArray();
        var groups = series.GetProperty("groups").EnumerateArray().Select(g => g.GetInt32()).ToArray();
        Assert.Equal(ids.Length, groups.Length);
        for (int i = 0; i < ids.Length; i++) Assert.Equal(tickers[ids[i]].Trim('"'), names[groups[i]]);
        Assert.True(names.Length > 1);
        // The x of a point is its message's time, in seconds since 1970 UTC, rising with the ticks.
        var xs = Doubles(series.GetProperty("xs"));
        Assert.All(xs, x => Assert.InRange(x, new DateTimeOffset(2000, 1, 1, 0, 0, 0, TimeSpan.Zero).ToUnixTimeSeconds(), new DateTimeOffset(2100, 1, 1, 0, 0, 0, TimeSpan.Zero).ToUnixTimeSeconds()));
        Assert.Equal(xs.OrderBy(x => x), xs);
    }

    [Theory]
    [InlineData("api/series", "No path")]
    [InlineData("api/series?path=$.bid%20%3E", "Invalid path")]
    [InlineData("api/series?path=$", "Invalid path")]
    [InlineData("api/series?path=$.bid&limit=0", "Invalid limit")]
    [InlineData("api/series?path=$.bid&where=$.x%20==", "Invalid filter")]
    [InlineData("api/stats?where=(", "Invalid filter")]
    public async Task Bad_chart_requests_are_400_problems(string request, string title)
    {
        await using var explorer = await Explorer.StartAsync(Ticks);

        var (status, problem) = await explorer.GetJsonAsync(request);

        Assert.Equal(HttpStatusCode.BadRequest, status);
        Assert.Equal(title, problem.GetProperty("title").GetString());
    }

    [Fact]
    public async Task The_statistics_table_is_what_fudge_stats_paths_prints()
    {
        await using var explorer = await Explorer.StartAsync(Ticks);
        await explorer.WaitUntilCountedAsync();

        var (status, table) = await explorer.GetJsonAsync("api/stats");
        var printed = FudgeTool.Run("stats", "--paths", Ticks);

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(0, printed.ExitCode);
        var lines = printed.Stdout.Split('\n');
        int at = Array.IndexOf(lines, "paths:");
        Assert.True(at > 0, printed.Stdout);
        var rows = lines.Skip(at + 2).TakeWhile(l => l.StartsWith("  $", StringComparison.Ordinal))
            .Select(l => l.Split(' ', StringSplitOptions.RemoveEmptyEntries)).ToDictionary(cells => cells[0]);
        var paths = table.GetProperty("paths").EnumerateArray().ToArray();
        Assert.Equal(rows.Count, paths.Length);
        foreach (var path in paths)
        {
            var cells = rows[path.GetProperty("path").GetString()!];
            Assert.Equal(path.GetProperty("count").GetInt64().ToString(CultureInfo.InvariantCulture), cells[1]);
            Assert.Equal(path.GetProperty("messages").GetInt64().ToString(CultureInfo.InvariantCulture), cells[2]);
            if (path.TryGetProperty("min", out var min)) Assert.Contains(min.GetDouble().ToString("R", CultureInfo.InvariantCulture), cells);
        }
        var bid = paths.Single(p => p.GetProperty("path").GetString() == "$.bid");
        var bids = Get("$.bid").Where(l => l.Length > 0).Select(l => double.Parse(l, CultureInfo.InvariantCulture)).ToArray();
        Assert.Equal(bids.Length, bid.GetProperty("count").GetInt64());
        Assert.Equal(bids.Max(), bid.GetProperty("max").GetDouble());
        Assert.Equal(bids.Average(), bid.GetProperty("mean").GetDouble(), 9);
        var ticker = paths.Single(p => p.GetProperty("path").GetString() == "$.ticker");
        Assert.Equal(Get("$.ticker").Where(l => l.Length > 0).Distinct().Count(), ticker.GetProperty("distinct").GetInt32());
        Assert.Equal("string", ticker.GetProperty("types")[0].GetProperty("type").GetString());
    }
}
