using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Threading.Tasks;
using Fudge.Serialization;
using Fudge.Store;
using Fudge.Store.PostgreSql;
using Marten;

namespace Fudge.Marten.Benchmarks;

/// <summary>A tick as both stores keep it: Marten as JSON, Fudge as its bytes (and jsonb).</summary>
[FudgeMessage]
public partial class MTick
{
    public long Id { get; set; }
    public string Symbol { get; set; } = "";
    public double Price { get; set; }
    public long Qty { get; set; }
    public MTrade Trade { get; set; } = new();
    public List<MLeg> Legs { get; set; } = new();
}

[FudgeMessage]
public partial class MTrade
{
    public double Price { get; set; }
    public long Size { get; set; }
}

[FudgeMessage]
public partial class MLeg
{
    public string Venue { get; set; } = "";
    public long Qty { get; set; }
}

/// <summary>
/// The same documents in Marten and in Fudge.Store.PostgreSql on the same server, with the same declared indexes
/// (Symbol, Price), and the same typed queries through each: an equality on an indexed member, a range, a nested
/// member, a collection Any, a projection and a count. Used by the MartenBenchmarks class (timings) and by the
/// test that both give the same answers.
/// </summary>
public sealed class MartenComparison : IAsyncDisposable
{
    private static readonly string[] Symbols = { "AAPL", "MSFT", "GOOG", "AMZN", "東京", "Zürich" };
    private static readonly string[] Venues = { "BATS", "XNAS", "ARCA", "XLON" };

    private MartenComparison(DocumentStore marten, PostgresFudgeStore fudge, IFudgeCollection ticks, IFudgeCollection ticksWithoutGin, IFudgeCollection ticksWithLegsIndex)
    {
        Marten = marten;
        Fudge = fudge;
        FudgeTicks = ticks;
        FudgeTicksWithoutGin = ticksWithoutGin;
        FudgeTicksWithLegsIndex = ticksWithLegsIndex;
    }

    public DocumentStore Marten { get; }

    public PostgresFudgeStore Fudge { get; }

    /// <summary>The Fudge collection with its GIN index on the whole jsonb (the store's default) beside the declared indexes.</summary>
    public IFudgeCollection FudgeTicks { get; }

    /// <summary>
    /// A second Fudge collection with the declared indexes only (<see cref="PostgresFudgeStore.SetWholeDocumentIndexAsync"/>
    /// off): the same indexes as Marten's.
    /// </summary>
    public IFudgeCollection FudgeTicksWithoutGin { get; }

    /// <summary>
    /// A third, as <see cref="FudgeTicksWithoutGin"/> plus a declared index on the legs' venues
    /// (<c>t =&gt; t.Legs.Select(l =&gt; l.Venue)</c>: a jsonb array column with a GIN index), which Marten's computed
    /// indexes do not offer: not an equal-indexes comparison, shown apart.
    /// </summary>
    public IFudgeCollection FudgeTicksWithLegsIndex { get; }

    /// <summary>Deterministic ticks with ids 1..count.</summary>
    public static List<MTick> Ticks(int count, int seed = 43)
    {
        var random = new Random(seed);
        return Enumerable.Range(1, count).Select(i => new MTick
        {
            Id = i,
            Symbol = Symbols[random.Next(Symbols.Length)],
            Price = Math.Round(50 + random.NextDouble() * 100, 2),
            Qty = random.Next(1, 10_000),
            Trade = new MTrade { Price = Math.Round(random.NextDouble() * 200, 2), Size = random.Next(1, 10_000) },
            Legs = Enumerable.Range(0, random.Next(0, 3)).Select(_ => new MLeg { Venue = Venues[random.Next(Venues.Length)], Qty = random.Next(1, 100) }).ToList(),
        }).ToList();
    }

    /// <summary>
    /// Both stores on the server of <paramref name="connectionString"/>: Marten in schema <paramref name="schema"/>,
    /// Fudge in <paramref name="schema"/>_fudge (both emptied first), with the declared indexes; Fudge twice, with and
    /// without its GIN index.
    /// </summary>
    /// <remarks>
    /// Both stores declare the same indexes. By default the composites <c>(Symbol, Id)</c> and <c>(Price, Id)</c>
    /// (Marten's multi-column computed indexes, beside its primary key <c>id</c>, the document's <c>Id</c>; Fudge's
    /// composite declared indexes), so that the queries which select and order by <c>Id</c> can be answered in the
    /// index's order; <paramref name="onePathIndexes"/> declares <c>Symbol</c> and <c>Price</c> alone in both.
    /// Fudge's third collection adds an index on the legs' venues, which Marten cannot declare.
    /// <paramref name="fudgeConnectionString"/>: Fudge's own, when its server sessions must be told apart from
    /// Marten's (another application name, as the harness's --ingest mode does); the same server and database.
    /// </remarks>
    public static async Task<MartenComparison> CreateAsync(string connectionString, string schema, bool onePathIndexes = false, string? fudgeConnectionString = null)
    {
        string fudgeSchema = schema + "_fudge";
        await using (var connection = new Npgsql.NpgsqlConnection(connectionString))
        {
            await connection.OpenAsync();
            await using var reset = connection.CreateCommand();
            reset.CommandText = $"DROP SCHEMA IF EXISTS {schema} CASCADE; DROP SCHEMA IF EXISTS {fudgeSchema} CASCADE; CREATE SCHEMA {fudgeSchema}";
            await reset.ExecuteNonQueryAsync();
        }
        var marten = DocumentStore.For(options =>
        {
            options.Connection(connectionString);
            options.DatabaseSchemaName = schema;
            var mapping = options.Schema.For<MTick>();
            if (onePathIndexes) mapping.Index(t => t.Symbol).Index(t => t.Price);
            else mapping.Index(new Expression<Func<MTick, object>>[] { t => t.Symbol, t => t.Id }).Index(new Expression<Func<MTick, object>>[] { t => t.Price, t => t.Id });
        });
        await marten.Storage.ApplyAllConfiguredChangesToDatabaseAsync();
        var fudge = await PostgresFudgeStore.OpenAsync(new Npgsql.NpgsqlConnectionStringBuilder(fudgeConnectionString ?? connectionString) { SearchPath = fudgeSchema }.ConnectionString);
        var ticks = await fudge.GetCollectionAsync("ticks");
        await fudge.SetWholeDocumentIndexAsync("ticks_nogin", enabled: false);
        var ticksWithoutGin = await fudge.GetCollectionAsync("ticks_nogin");
        await fudge.SetWholeDocumentIndexAsync("ticks_legs", enabled: false);
        var ticksWithLegsIndex = await fudge.GetCollectionAsync("ticks_legs");
        foreach (var collection in new[] { ticks, ticksWithoutGin, ticksWithLegsIndex })
        {
            if (onePathIndexes)
            {
                await collection.CreateIndexAsync((MTick t) => t.Symbol);
                await collection.CreateIndexAsync((MTick t) => t.Price);
            }
            else
            {
                await collection.CreateIndexAsync((MTick t) => new { t.Symbol, t.Id });
                await collection.CreateIndexAsync((MTick t) => new { t.Price, t.Id });
            }
        }
        await ticksWithLegsIndex.CreateIndexAsync((MTick t) => t.Legs.Select(l => l.Venue));
        return new MartenComparison(marten, fudge, ticks, ticksWithoutGin, ticksWithLegsIndex);
    }

    public Task MartenInsertAsync(IReadOnlyCollection<MTick> ticks) => Marten.BulkInsertAsync(ticks);

    public async Task FudgeInsertAsync(IReadOnlyCollection<MTick> ticks, bool withoutGin = false, bool legsIndex = false) => await Ticks(withoutGin, legsIndex).InsertManyAsync(ticks);

    private IFudgeCollection Ticks(bool withoutGin, bool legsIndex = false) => legsIndex ? FudgeTicksWithLegsIndex : withoutGin ? FudgeTicksWithoutGin : FudgeTicks;

    // ---------------------------------------------------------------- the queries, each written once per store

    public const string EqualitySymbol = "AAPL";
    public const double RangeLow = 100, RangeHigh = 101;
    public const long NestedSize = 9_900;
    public const string AnyVenue = "XLON";
    public const string CountSymbol = "東京";

    public async Task<List<long>> MartenEqualityAsync()
    {
        await using var session = Marten.QuerySession();
        return (await global::Marten.QueryableExtensions.ToListAsync(session.Query<MTick>().Where(t => t.Symbol == EqualitySymbol).OrderBy(t => t.Id).Select(t => t.Id))).ToList();
    }

    public Task<List<long>> FudgeEqualityAsync(bool withoutGin = false, bool legsIndex = false)
        => FudgeQueryableExtensions.ToListAsync(Ticks(withoutGin, legsIndex).Query<MTick>().Where(t => t.Symbol == EqualitySymbol).OrderBy(t => t.Id).Select(t => t.Id));

    public async Task<List<long>> MartenRangeAsync()
    {
        await using var session = Marten.QuerySession();
        return (await global::Marten.QueryableExtensions.ToListAsync(session.Query<MTick>().Where(t => t.Price >= RangeLow && t.Price < RangeHigh).OrderBy(t => t.Id).Select(t => t.Id))).ToList();
    }

    public Task<List<long>> FudgeRangeAsync(bool withoutGin = false, bool legsIndex = false)
        => FudgeQueryableExtensions.ToListAsync(Ticks(withoutGin, legsIndex).Query<MTick>().Where(t => t.Price >= RangeLow && t.Price < RangeHigh).OrderBy(t => t.Id).Select(t => t.Id));

    public async Task<List<long>> MartenNestedAsync()
    {
        await using var session = Marten.QuerySession();
        return (await global::Marten.QueryableExtensions.ToListAsync(session.Query<MTick>().Where(t => t.Trade.Size > NestedSize).OrderBy(t => t.Id).Select(t => t.Id))).ToList();
    }

    public Task<List<long>> FudgeNestedAsync(bool withoutGin = false, bool legsIndex = false)
        => FudgeQueryableExtensions.ToListAsync(Ticks(withoutGin, legsIndex).Query<MTick>().Where(t => t.Trade.Size > NestedSize).OrderBy(t => t.Id).Select(t => t.Id));

    public async Task<List<long>> MartenAnyAsync()
    {
        await using var session = Marten.QuerySession();
        return (await global::Marten.QueryableExtensions.ToListAsync(session.Query<MTick>().Where(t => t.Legs.Any(l => l.Venue == AnyVenue)).OrderBy(t => t.Id).Select(t => t.Id))).ToList();
    }

    public Task<List<long>> FudgeAnyAsync(bool withoutGin = false, bool legsIndex = false)
        => FudgeQueryableExtensions.ToListAsync(Ticks(withoutGin, legsIndex).Query<MTick>().Where(t => t.Legs.Any(l => l.Venue == AnyVenue)).OrderBy(t => t.Id).Select(t => t.Id));

    public async Task<List<(long Id, string Symbol, double Price)>> MartenProjectionAsync()
    {
        await using var session = Marten.QuerySession();
        var rows = await global::Marten.QueryableExtensions.ToListAsync(session.Query<MTick>().Where(t => t.Price >= RangeLow && t.Price < RangeHigh).OrderBy(t => t.Id).Select(t => new { t.Id, t.Symbol, t.Price }));
        return rows.Select(r => (r.Id, r.Symbol, r.Price)).ToList();
    }

    public async Task<List<(long Id, string Symbol, double Price)>> FudgeProjectionAsync(bool withoutGin = false, bool legsIndex = false)
    {
        var rows = await FudgeQueryableExtensions.ToListAsync(Ticks(withoutGin, legsIndex).Query<MTick>().Where(t => t.Price >= RangeLow && t.Price < RangeHigh).OrderBy(t => t.Id).Select(t => new { t.Id, t.Symbol, t.Price }));
        return rows.Select(r => (r.Id, r.Symbol, r.Price)).ToList();
    }

    public async Task<int> MartenCountAsync()
    {
        await using var session = Marten.QuerySession();
        return await global::Marten.QueryableExtensions.CountAsync(session.Query<MTick>().Where(t => t.Symbol == CountSymbol));
    }

    public Task<int> FudgeCountAsync(bool withoutGin = false, bool legsIndex = false) => FudgeQueryableExtensions.CountAsync(Ticks(withoutGin, legsIndex).Query<MTick>().Where(t => t.Symbol == CountSymbol));

    public async ValueTask DisposeAsync()
    {
        Marten.Dispose();
        await Fudge.DisposeAsync();
    }
}
