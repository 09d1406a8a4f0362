using System;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>What <see cref="IFudgeCollection.FindAsync"/> returns: a predicate, an order, and a window.</summary>
public sealed class FudgeQuery
{
    private int _skip;
    private int? _limit;

    /// <summary>The predicate documents must match; <see langword="null"/> matches every document.</summary>
    public FudgeFilter? Where { get; init; }

    /// <summary>
    /// Orders documents by the first value this path selects (documents without it come first, as SQL orders NULL);
    /// <see langword="null"/> orders by id.
    /// </summary>
    public FudgePath? OrderBy { get; init; }

    /// <summary>Whether <see cref="OrderBy"/> (or the id) is descending.</summary>
    public bool Descending { get; init; }

    /// <summary>How many matching documents to pass over before the first one returned.</summary>
    public int Skip
    {
        get => _skip;
        init => _skip = value >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(Skip), value, "Skip cannot be negative.");
    }

    /// <summary>The most documents to return; <see langword="null"/> for no limit.</summary>
    public int? Limit
    {
        get => _limit;
        init => _limit = value is null or >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(Limit), value, "Limit cannot be negative.");
    }

    /// <summary>A query selecting the documents that match the predicate text.</summary>
    /// <param name="where">Predicate text in the <see cref="FudgeFilter"/> language.</param>
    /// <exception cref="FudgeQueryException">The text is not a valid predicate.</exception>
    public static FudgeQuery Matching(string where) => new() { Where = FudgeFilter.Compile(where) };
}
