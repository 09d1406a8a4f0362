using System;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Marten.Benchmarks;
using Npgsql;
using Xunit;

namespace Fudge.Marten.Tests;

/// <summary>
/// A fact that needs the local PostgreSQL server (<c>bash .ci/postgres.sh start</c>): skipped with the reason when none
/// can be reached, except in CI (the <c>CI</c> variable set), where a missing server fails the test.
/// </summary>
public sealed class PostgresFactAttribute : FactAttribute
{
    public static string ConnectionString { get; } = Environment.GetEnvironmentVariable("FUDGE_POSTGRES")
        ?? "Host=127.0.0.1;Port=5432;Username=fudge;Password=fudge;Database=fudge_test;Timeout=5";

    private static readonly Lazy<string?> Reason = new(() =>
    {
        if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"))) return null;
        try
        {
            using var connection = new NpgsqlConnection(ConnectionString);
            connection.Open();
            return null;
        }
        catch (Exception e) when (e is NpgsqlException or TimeoutException or InvalidOperationException)
        {
            return $"SKIPPED: no PostgreSQL server for the Marten comparison ({e.GetBaseException().Message}); start one with `bash .ci/postgres.sh start` (CI never skips these tests)";
        }
    });

    public PostgresFactAttribute()
    {
        if (Reason.Value is string reason) Skip = reason;
    }
}

/// <summary>The queries of the Marten side-by-side give the same answers through Marten and through Fudge.Store.PostgreSql, and LINQ to Objects'.</summary>
public class MartenComparisonTests
{
    [PostgresFact]
    public async Task Marten_and_Fudge_give_the_same_answers()
    {
        var ticks = MartenComparison.Ticks(2_000, seed: 4343);
        await using var both = await MartenComparison.CreateAsync(PostgresFactAttribute.ConnectionString, "marten_cmp_" + Guid.NewGuid().ToString("N")[..12]);
        await both.MartenInsertAsync(ticks);
        await both.FudgeInsertAsync(ticks);
        await both.FudgeInsertAsync(ticks, withoutGin: true);
        await both.FudgeInsertAsync(ticks, withoutGin: true, legsIndex: true); // the legs' venues indexed, which Marten cannot

        var equality = ticks.Where(t => t.Symbol == MartenComparison.EqualitySymbol).Select(t => t.Id).ToList();
        Assert.NotEmpty(equality);
        Assert.Equal(equality, await both.MartenEqualityAsync());
        Assert.Equal(equality, await both.FudgeEqualityAsync());
        Assert.Equal(equality, await both.FudgeEqualityAsync(withoutGin: true));
        Assert.Equal(equality, await both.FudgeEqualityAsync(withoutGin: true, legsIndex: true));

        var range = ticks.Where(t => t.Price >= MartenComparison.RangeLow && t.Price < MartenComparison.RangeHigh).Select(t => t.Id).ToList();
        Assert.NotEmpty(range);
        Assert.Equal(range, await both.MartenRangeAsync());
        Assert.Equal(range, await both.FudgeRangeAsync());
        Assert.Equal(range, await both.FudgeRangeAsync(withoutGin: true));
        Assert.Equal(range, await both.FudgeRangeAsync(withoutGin: true, legsIndex: true));

        var nested = ticks.Where(t => t.Trade.Size > MartenComparison.NestedSize).Select(t => t.Id).ToList();
        Assert.NotEmpty(nested);
        Assert.Equal(nested, await both.MartenNestedAsync());
        Assert.Equal(nested, await both.FudgeNestedAsync());
        Assert.Equal(nested, await both.FudgeNestedAsync(withoutGin: true));
        Assert.Equal(nested, await both.FudgeNestedAsync(withoutGin: true, legsIndex: true));

        var any = ticks.Where(t => t.Legs.Any(l => l.Venue == MartenComparison.AnyVenue)).Select(t => t.Id).ToList();
        Assert.NotEmpty(any);
        Assert.Equal(any, await both.MartenAnyAsync());
        Assert.Equal(any, await both.FudgeAnyAsync());
        Assert.Equal(any, await both.FudgeAnyAsync(withoutGin: true));
        Assert.Equal(any, await both.FudgeAnyAsync(withoutGin: true, legsIndex: true));

        var projection = ticks.Where(t => t.Price >= MartenComparison.RangeLow && t.Price < MartenComparison.RangeHigh).Select(t => (t.Id, t.Symbol, t.Price)).ToList();
        Assert.Equal(projection, await both.MartenProjectionAsync());
        Assert.Equal(projection, await both.FudgeProjectionAsync());
        Assert.Equal(projection, await both.FudgeProjectionAsync(withoutGin: true));
        Assert.Equal(projection, await both.FudgeProjectionAsync(withoutGin: true, legsIndex: true));

        int count = ticks.Count(t => t.Symbol == MartenComparison.CountSymbol);
        Assert.True(count > 0);
        Assert.Equal(count, await both.MartenCountAsync());
        Assert.Equal(count, await both.FudgeCountAsync());
        Assert.Equal(count, await both.FudgeCountAsync(withoutGin: true));
        Assert.Equal(count, await both.FudgeCountAsync(withoutGin: true, legsIndex: true));
    }
}
