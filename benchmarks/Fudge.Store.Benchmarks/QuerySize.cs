using System;

namespace Fudge.Store.Benchmarks;

/// <summary>How many log documents the query benchmarks store.</summary>
internal static class QuerySize
{
    /// <summary>FUDGE_STORE_DOCUMENTS, else 1,000,000 (<c>--quick</c> sets 10,000).</summary>
    public static int StoredDocuments
        => int.TryParse(Environment.GetEnvironmentVariable("FUDGE_STORE_DOCUMENTS"), out int n) ? n : 1_000_000;
}
