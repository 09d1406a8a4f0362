using System.Collections.Generic;

namespace Fudge.Tests.Query;

/// <summary>Messages the query tests run against, as models and as envelope bytes.</summary>
internal static class QueryMessages
{
    /// <summary>A trade with nested, repeated, ordinal-only and anonymous fields of many types.</summary>
    public static FudgeMsg Trade() => new FudgeMsg()
        .Add("Company", new FudgeMsg().Add("Ticker", "AAPL").Add("Name", "Apple Inc."))
        .Add("qty", 42)                                   // int8 on the wire
        .Add("notional", 1_500_000L)                      // int32 on the wire
        .Add("price", 189.25)
        .Add("ratio", 0.5f)
        .Add("active", true)
        .Add("tradeDate", new FudgeDate(2024, 1, 5))
        .Add("booked", new FudgeDateTime(new FudgeDate(2024, 1, 5), new FudgeTime(10, 30, 0, 0, FudgeDateTimeAccuracy.Second, 0)))
        .Add("legs", new FudgeMsg().Add("venue", "XNAS").Add("size", 10))
        .Add("legs", new FudgeMsg().Add("venue", "BATS").Add("size", 20))
        .Add("legs", new FudgeMsg().Add("venue", "EDGX").Add("size", 12))
        .Add(5, "five")
        .Add(null, null, "anonymous")
        .Add("Log Type", "AUDIT")
        .Add("tags", new[] { 1, 2, 3 });

    public static byte[] TradeBytes() => Trade().ToByteArray();

    /// <summary>A taxonomy naming ordinals 1..3, and a trade that carries only those ordinals.</summary>
    public static FudgeTaxonomy Taxonomy { get; } = new(new Dictionary<short, string> { [1] = "ticker", [2] = "price", [3] = "quote" });

    public static readonly short TaxonomyId = 9;

    public static byte[] OrdinalOnlyBytes() => new FudgeEnvelope(
            new FudgeMsg().Add("ticker", "ACME").Add("quote", new FudgeMsg().Add("price", 12.5)),
            taxonomyId: TaxonomyId)
        .ToByteArray(Taxonomy);

    public static FudgeReaderOptions WithTaxonomy() => new() { TaxonomyResolver = new FudgeTaxonomyResolver(TaxonomyId, Taxonomy) };
}
