using System;
using System.Collections.Generic;
using System.Linq.Expressions;

namespace Fudge.Query;

/// <summary>
/// Typed queries: LINQ predicates over <c>[FudgeMessage]</c> types translated into the filter language, so they run on
/// the encoded bytes as <see cref="FudgeFilter"/> does (the same plan the text compiles to). Members become the paths
/// of their wire keys in every field mode (names, ordinals, taxonomies, Fudge-Java's bean names). What cannot be
/// translated is refused with a <see cref="FudgeTranslationException"/> before anything runs; see docs/typed-queries.md.
/// Expressions are interpreted, never compiled: this works the same under NativeAOT.
/// </summary>
public static partial class FudgeTypedQuery
{
    /// <summary>Translates a predicate into a compiled filter.</summary>
    /// <param name="predicate">A predicate over <typeparamref name="T"/>, such as <c>t =&gt; t.Symbol == "AAPL" &amp;&amp; t.Price &gt; 100</c>.</param>
    /// <exception cref="FudgeTranslationException">
    /// A part of the predicate has no equivalent in the filter language, or the predicate does not read the message
    /// (it is always true or always false).
    /// </exception>
    public static FudgeFilter Filter<T>(Expression<Func<T, bool>> predicate)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        var filter = Render(ExpressionTranslator.Translate(predicate), null, predicate, out bool constant);
        return filter ?? throw new FudgeTranslationException(predicate.ToString(), $"the predicate is always {(constant ? "true" : "false")}: it reads nothing of the message");
    }

    /// <summary>
    /// Translates a predicate with one parameter once; <see cref="FudgeCompiledFilter{T, TArg}.For"/> then gives the
    /// filter for each argument (compiled on the argument's first use, then taken from a cache).
    /// </summary>
    /// <exception cref="FudgeTranslationException">A part of the predicate has no equivalent in the filter language.</exception>
    public static FudgeCompiledFilter<T, TArg> Compile<T, TArg>(Expression<Func<T, TArg, bool>> predicate)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        return new FudgeCompiledFilter<T, TArg>(predicate, ExpressionTranslator.Translate(predicate));
    }

    /// <summary>
    /// The path of a member of <typeparamref name="T"/> (<c>t =&gt; t.Trade.Price</c> is <c>$.Trade.Price</c>, or
    /// <c>$.#3.#2</c> under ordinals): for indexes, ordering and <see cref="FudgePath"/>'s own reads.
    /// </summary>
    /// <exception cref="FudgeTranslationException">The expression is not a chain of serialized members.</exception>
    public static FudgePath Path<T, TValue>(Expression<Func<T, TValue>> member)
    {
        if (member is null) throw new ArgumentNullException(nameof(member));
        return FudgePath.Compile(ExpressionTranslator.PathOf(member));
    }

    /// <summary>
    /// Translates a predicate as <see cref="Filter{T}"/> does, but answers a predicate that reads nothing of the message
    /// instead of refusing it: null when it is always true, with <paramref name="never"/> set when it is always false.
    /// </summary>
    /// <exception cref="FudgeTranslationException">A part of the predicate has no equivalent in the filter language.</exception>
    public static FudgeFilter? TryFilter<T>(Expression<Func<T, bool>> predicate, out bool never)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        return FilterOf(predicate, out never);
    }

    /// <summary>Translates the predicate (streams), null when it is always true; <paramref name="never"/> when always false.</summary>
    internal static FudgeFilter? FilterOf(LambdaExpression predicate, out bool never)
    {
        string? text = ExpressionTranslator.Translate(predicate).Render(null, out bool constant);
        never = text is null && !constant;
        return text is null ? null : Shared(text, predicate);
    }

    // The filters of the stream queries' translations by their text, shared by every query that translates to the same
    // text (a query made per batch or per request, with the same captured values): parsed once, and the layouts its
    // loop learns (FudgeFilter's LayoutCache, safe to share between threads) learned once. A few dozen texts at most,
    // since each filter keeps its layouts: past that, the cache starts over.
    private static readonly System.Collections.Concurrent.ConcurrentDictionary<string, FudgeFilter> SharedFilters = new(StringComparer.Ordinal);
    private const int MaxSharedFilters = 64;

    /// <summary>The filter of <paramref name="text"/>, a translation of <paramref name="predicate"/>, shared with the other queries of the same text.</summary>
    internal static FudgeFilter Shared(string text, LambdaExpression predicate)
    {
        if (SharedFilters.TryGetValue(text, out var known)) return known;
        var filter = CompileTranslation(text, predicate);
        if (SharedFilters.Count >= MaxSharedFilters) SharedFilters.Clear();
        return SharedFilters.GetOrAdd(text, filter);
    }

    internal static FudgeFilter? Render(FilterPiece piece, IReadOnlyDictionary<ParameterExpression, object?>? arguments, LambdaExpression predicate, out bool constant)
    {
        string? text = piece.Render(arguments, out constant);
        return text is null ? null : CompileTranslation(text, predicate);
    }

    private static FudgeFilter CompileTranslation(string text, LambdaExpression predicate)
    {
        try
        {
            return FudgeFilter.Compile(text);
        }
        catch (FudgeQueryException e)
        {
            // A translation the parser refuses is a bug of the translator: say what it wrote.
            throw new FudgeTranslationException(predicate.ToString(), $"it was translated into '{text}', which the filter language refuses: {e.Reason}", e);
        }
    }
}

/// <summary>
/// A typed predicate with one parameter, translated once (<see cref="FudgeTypedQuery.Compile{T, TArg}"/>). The
/// filter for an argument is compiled on its first use and cached (up to 1,024 arguments, then the cache starts over),
/// so the hot path with recurring arguments allocates nothing. Thread-safe.
/// </summary>
/// <typeparam name="T">The message type.</typeparam>
/// <typeparam name="TArg">The parameter's type.</typeparam>
public sealed class FudgeCompiledFilter<T, TArg>
{
    private const int MaxCached = 1024;
    private readonly LambdaExpression _predicate;
    private readonly FilterPiece _piece;
    private readonly System.Collections.Concurrent.ConcurrentDictionary<Key, Entry> _cache = new();
    private Entry? _forNull;

    internal FudgeCompiledFilter(LambdaExpression predicate, FilterPiece piece)
    {
        _predicate = predicate;
        _piece = piece;
    }

    private readonly struct Key : IEquatable<Key>
    {
        public Key(TArg value) => Value = value;

        public TArg Value { get; }

        public bool Equals(Key other) => EqualityComparer<TArg>.Default.Equals(Value, other.Value);

        public override bool Equals(object? obj) => obj is Key other && Equals(other);

        public override int GetHashCode() => Value is null ? 0 : EqualityComparer<TArg>.Default.GetHashCode(Value);
    }

    private sealed class Entry
    {
        public Entry(FudgeFilter? filter, bool constant)
        {
            Filter = filter;
            Constant = constant;
        }

        public FudgeFilter? Filter { get; }

        public bool Constant { get; }
    }

    /// <summary>The filter for <paramref name="argument"/>, or null when the predicate is then always true or always false (see <see cref="Matches"/>).</summary>
    /// <exception cref="FudgeTranslationException">The argument's value has no literal in the filter language (NaN, a ulong above long.MaxValue...).</exception>
    public FudgeFilter? For(TArg argument) => Get(argument).Filter;

    /// <summary>True when the envelope passes the predicate with <paramref name="argument"/>.</summary>
    public bool Matches(ReadOnlySpan<byte> envelope, TArg argument, FudgeReaderOptions? options = null)
    {
        var entry = Get(argument);
        return entry.Filter is { } filter ? filter.Matches(envelope, options) : entry.Constant;
    }

    private Entry Get(TArg argument)
    {
        if (argument is null) return _forNull ??= Make(argument);
        var key = new Key(argument);
        if (_cache.TryGetValue(key, out var entry)) return entry;
        if (_cache.Count >= MaxCached) _cache.Clear();
        return _cache.GetOrAdd(key, Make(argument));
    }

    private Entry Make(TArg argument)
    {
        var arguments = new Dictionary<ParameterExpression, object?> { [_predicate.Parameters[1]] = argument };
        var filter = FudgeTypedQuery.Render(_piece, arguments, _predicate, out bool constant);
        return new Entry(filter, constant);
    }
}
