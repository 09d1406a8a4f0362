namespace Fudge.Store;

/// <summary>
/// How <see cref="IFudgeCollection.InsertManyAsync(System.Collections.Generic.IAsyncEnumerable{System.ReadOnlyMemory{byte}}, FudgeBulkInsertOptions?, System.Threading.CancellationToken)"/>
/// loads a batch. The defaults are those of the overload without options.
/// </summary>
/// <remarks>What each store does with these settings, and what readers and writers see meanwhile: docs/store.md, "Bulk loads".</remarks>
public sealed class FudgeBulkInsertOptions
{
    /// <summary>
    /// Takes the collection's indexes away before the batch is written and builds them once, on every document, after
    /// it: one index build instead of one index update per document, which is faster for a batch that is large beside
    /// what the collection already holds. The indexes are back when the call returns, whether the batch succeeded or not.
    /// </summary>
    /// <remarks>
    /// SQLite does all of it in the batch's transaction, so other connections never see the collection without its
    /// indexes. PostgreSQL drops its GIN index in a transaction of its own, so queries from other connections go on
    /// during the load (scanning instead of searching the index) and the index is built after the batch ends; the batch
    /// cannot then join a transaction of the caller's (a <see cref="FudgeStoreException"/> says so).
    /// </remarks>
    public bool BuildIndexesAfterLoad { get; init; }

    /// <summary>
    /// The memory, in megabytes, a server may use to build an index after the load (PostgreSQL's
    /// <c>maintenance_work_mem</c>, set for the build's transaction only, and only when it raises the server's own
    /// setting); <see langword="null"/> leaves the server's setting. SQLite does not use it.
    /// </summary>
    /// <remarks>
    /// Building the GIN index of 1,000,000 ticks took the same server CPU with 64 MB (the server's default) and
    /// 256 MB (docs/store.md, "Bulk loads").
    /// </remarks>
    /// <exception cref="System.ArgumentOutOfRangeException">Not a positive number of megabytes.</exception>
    public int? IndexBuildMemoryMegabytes
    {
        get => _indexBuildMemoryMegabytes;
        init => _indexBuildMemoryMegabytes = value is < 1
            ? throw new System.ArgumentOutOfRangeException(nameof(IndexBuildMemoryMegabytes), value, "The index build memory is a positive number of megabytes.")
            : value;
    }

    private readonly int? _indexBuildMemoryMegabytes;
}
