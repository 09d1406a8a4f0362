using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Linq.Expressions;
using System.Threading.Tasks;
using Fudge.Benchmarks.Shared;
using Fudge.Query;
using Fudge.Serialization;

namespace Fudge.Store.Scale;

/// <summary>
/// One query the run times. <see cref="Count"/> queries call <c>CountAsync</c>; the others read every document
/// <c>FindAsync</c> returns. <see cref="Selective"/> marks the query of the goal: an indexed query returning a handful
/// of documents, which must stay under 10 ms at ten million.
/// </summary>
internal sealed record ScaleQuery(string Name, string Where, bool Count = false, string? OrderByDescending = null, int? Limit = null, bool Selective = false)
{
    public FudgeQuery ToQuery() => new()
    {
        Where = FudgeFilter.Compile(Where),
        OrderBy = OrderByDescending is null ? null : FudgePath.Compile(OrderByDescending),
        Descending = OrderByDescending is not null,
        Limit = Limit,
    };

    /// <summary>How the query reads in the report: the filter, then order and limit when there are.</summary>
    public string Text => Where + (OrderByDescending is null ? "" : $", newest {Limit} by {OrderByDescending}");
}

/// <summary>
/// An index a kind declares: its path (the text the queries use) and how it is declared on a collection, through the
/// typed API (<c>CreateIndexAsync((Tick t) =&gt; t.Ticker)</c>, what a user of typed queries writes) or the path text.
/// </summary>
internal sealed record IndexDeclaration(string Path, Func<IFudgeCollection, ValueTask> Create)
{
    public static IndexDeclaration Typed<T, TValue>(Expression<Func<T, TValue>> member)
        => new(FudgeTypedQuery.Path(member).Text, collection => collection.CreateIndexAsync(member));

    public static IndexDeclaration Text(string path) => new(path, collection => collection.CreateIndexAsync(path));
}

/// <summary>
/// The members of a tick the harness indexes, as a typed query sees them: the tape's field names.
/// </summary>
[FudgeMessage]
public sealed partial class ScaleTick
{
    /// <summary>The instrument, X000 to X999.</summary>
    [FudgeField(Name = "ticker")]
    public string? Ticker { get; set; }

    /// <summary>The tick's number on the tape, from 1.</summary>
    [FudgeField(Name = "seq")]
    public long Seq { get; set; }
}

/// <summary>
/// A kind of document the harness imports: its endless seeded stream, the paths it indexes (those of docs/store.md's
/// example queries) and the queries it times. The queries are fixed by the first checkpoint's size, so the same
/// query text runs at 1,000,000 and at 10,000,000 and shows how its cost grows with the data alone.
/// </summary>
internal sealed class DocumentKind
{
    private readonly Func<long, IReadOnlyList<ScaleQuery>> _queries;

    private DocumentKind(string name, string description, Func<IEnumerable<byte[]>> documents, IReadOnlyList<IndexDeclaration> indexes, Func<long, IReadOnlyList<ScaleQuery>> queries)
    {
        Name = name;
        Description = description;
        Documents = documents;
        Indexes = indexes;
        IndexedPaths = indexes.Select(i => i.Path).ToArray();
        _queries = queries;
    }

    public string Name { get; }

    public string Description { get; }

    /// <summary>A new enumeration of the stream from its first document: never materialized.</summary>
    public Func<IEnumerable<byte[]>> Documents { get; }

    /// <summary>The indexes the kind declares (issue 43: two B-tree indexes on PostgreSQL for the ticks).</summary>
    public IReadOnlyList<IndexDeclaration> Indexes { get; }

    public IReadOnlyList<string> IndexedPaths { get; }

    /// <summary>The queries, built from the number of documents stored at the first checkpoint.</summary>
    public IReadOnlyList<ScaleQuery> Queries(long firstCheckpoint) => _queries(firstCheckpoint);

    public static DocumentKind Ticks { get; } = new(
        "ticks",
        $"market-data ticks of the shape of samples/ticks.fudge over {TickTape.Instruments:N0} instruments (TickTape.cs, seeded)",
        TickTape.Ticks,
        new[] { IndexDeclaration.Typed((ScaleTick t) => t.Ticker), IndexDeclaration.Typed((ScaleTick t) => t.Seq) },
        first => new[]
        {
            new ScaleQuery("one instrument's buy trades", "$.ticker == 'X042' && $.trade.aggressor == 'buy'", Count: true),
            new ScaleQuery("one instrument's latest 100", "$.ticker == 'X042'", OrderByDescending: "$.seq", Limit: 100),
            new ScaleQuery("five ticks by seq", $"$.seq in [{SpreadValues(first, 1)}]", Selective: true),
        });

    public static DocumentKind Logs { get; } = new(
        "logs",
        $"log documents of a {LogFleet.Hosts:N0}-host fleet (benchmarks/Shared/LogFleet.cs, the store benchmarks' documents)",
        LogDocuments,
        new[] { IndexDeclaration.Text("$.System.Hostname"), IndexDeclaration.Text("$.Log.Seq") },
        first => new[]
        {
            new ScaleQuery("the docs' example, counted", LogFleet.Example, Count: true),
            new ScaleQuery("the docs' example, newest 100", LogFleet.Example, OrderByDescending: "$.Log.Seq", Limit: 100),
            new ScaleQuery("five entries by seq", $"$.Log.Seq in [{SpreadValues(first, 0)}]", Selective: true),
        });

    public static IReadOnlyList<DocumentKind> All { get; } = new[] { Ticks, Logs };

    private static IEnumerable<byte[]> LogDocuments()
    {
        for (int n = 0; ; n++) yield return LogFleet.Document(n);
    }

    /// <summary>Five sequence numbers spread over the first checkpoint's documents (whose first number is <paramref name="origin"/>).</summary>
    private static string SpreadValues(long firstCheckpoint, long origin)
        => string.Join(", ", Enumerable.Range(0, 5).Select(k => (origin + firstCheckpoint / 10 * (2 * k + 1) + 7).ToString(CultureInfo.InvariantCulture)));
}
