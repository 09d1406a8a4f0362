using System;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BenchmarkDotNet.Attributes;
using Fudge.Query;
using Fudge.Store.Sqlite;

namespace Fudge.Store.Benchmarks;

/// <summary>
/// Scans of trades whose legs are a list (<see cref="Legs"/> per document), where SQLite's <c>instr</c> searches each
/// row for the bytes every match holds before fudge_match runs: a venue one document in 1,000 holds (most rows
/// skipped), and a symbol whose bytes every row holds in its last leg (no row skipped: the search's whole cost is
/// added to fudge_match's). Then the same over the candidates of an index: on $.Tag, the last field (the bytes of
/// the indexed value, which every candidate holds at its end), and on $.Qty (half the rows, of which the rare venue
/// skips most). Run the same class on the code before the search for the comparison.
/// </summary>
[MemoryDiagnoser]
public class RequiredBytesScanBenchmarks
{
    private static readonly string[] Venues = { "XPAR", "XNAS", "BATS", "ARCA" };
    private readonly FudgeFilter _rareVenue = FudgeFilter.Compile("any($.Legs.#, @.Venue == 'XRARE' && @.Qty > 0)");
    private readonly FudgeFilter _everyRowHoldsIt = FudgeFilter.Compile("$.Symbol == 'XLON'");
    private readonly FudgeFilter _indexedTag = FudgeFilter.Compile("$.Tag == 'TAG42'");
    private readonly FudgeFilter _indexedHalfRareVenue = FudgeFilter.Compile($"$.Qty >= {Trades / 2} && any($.Legs.#, @.Venue == 'XRARE' && @.Qty > 0)");
    private string _file = null!;
    private SqliteFudgeStore _store = null!;
    private IFudgeCollection _trades = null!;

    /// <summary>Legs per trade: about 25 bytes each.</summary>
    [Params(4, 200)]
    public int Legs { get; set; }

    /// <summary>Trades stored: 20,000 (2,000 with <c>--quick</c>); the $.Qty range takes half.</summary>
    private static readonly int Trades = Math.Min(20_000, QuerySize.StoredDocuments / 5);

    [GlobalSetup]
    public async Task Setup()
    {
        _file = Path.Combine(Path.GetTempPath(), $"fudge-needle-{Guid.NewGuid():N}.db");
        _store = await SqliteFudgeStore.OpenAsync(_file);
        _trades = await _store.GetCollectionAsync("trades");
        await _trades.InsertManyAsync(Enumerable.Range(0, Trades).Select(n => (ReadOnlyMemory<byte>)Trade(n, Legs)));
        await _trades.CreateIndexAsync("$.Tag");
        await _trades.CreateIndexAsync("$.Qty");
        if (await _trades.CountAsync(_rareVenue) != Trades / 1000 || await _trades.CountAsync(_everyRowHoldsIt) != 0
            || await _trades.CountAsync(_indexedTag) != Trades / 100)
            throw new InvalidOperationException("unexpected counts");
    }

    [GlobalCleanup]
    public async Task Cleanup()
    {
        await _store.DisposeAsync();
        Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
        File.Delete(_file);
    }

    [Benchmark(Baseline = true)]
    public Task<long> RareVenueAny() => _trades.CountAsync(_rareVenue).AsTask();

    [Benchmark]
    public Task<long> EveryRowHoldsTheBytes() => _trades.CountAsync(_everyRowHoldsIt).AsTask();

    [Benchmark]
    public Task<long> IndexedLastField() => _trades.CountAsync(_indexedTag).AsTask();

    [Benchmark]
    public Task<long> IndexedRangeRareVenue() => _trades.CountAsync(_indexedHalfRareVenue).AsTask();

    private static byte[] Trade(int n, int legs)
    {
        var trade = new FudgeMsg();
        trade.Add("Symbol", "AAPL");
        trade.Add("Qty", n);
        var list = new FudgeMsg();
        for (int i = 0; i < legs; i++)
        {
            var leg = new FudgeMsg();
            string venue = i == legs - 1 ? (n % 1000 == 500 ? "XRARE" : "XLON") : Venues[(n + i) % Venues.Length];
            leg.Add("Venue", venue);
            leg.Add("Qty", i + 1);
            list.Add((string?)null, leg);
        }
        trade.Add("Legs", list);
        trade.Add("Tag", "TAG" + (n % 100).ToString(System.Globalization.CultureInfo.InvariantCulture));
        return new FudgeEnvelope(trade).ToByteArray();
    }
}
