using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Linq.Expressions;

namespace Fudge.Query;

public static partial class FudgeTypedQuery
{
    /// <summary>
    /// Translates a predicate with two parameters once; <see cref="FudgeCompiledFilter{T, TArg1, TArg2}.For"/> then gives
    /// the filter for each pair of arguments (compiled on its first use, then taken from a cache).
    /// </summary>
    /// <exception cref="FudgeTranslationException">A part of the predicate has no equivalent in the filter language.</exception>
    public static FudgeCompiledFilter<T, TArg1, TArg2> Compile<T, TArg1, TArg2>(Expression<Func<T, TArg1, TArg2, bool>> predicate)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        return new FudgeCompiledFilter<T, TArg1, TArg2>(new CompiledFilterCache<(TArg1, TArg2)>(predicate, ExpressionTranslator.Translate(predicate)));
    }

    /// <summary>Translates a predicate with three parameters once (see <see cref="Compile{T, TArg1, TArg2}"/>).</summary>
    /// <exception cref="FudgeTranslationException">A part of the predicate has no equivalent in the filter language.</exception>
    public static FudgeCompiledFilter<T, TArg1, TArg2, TArg3> Compile<T, TArg1, TArg2, TArg3>(Expression<Func<T, TArg1, TArg2, TArg3, bool>> predicate)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        return new FudgeCompiledFilter<T, TArg1, TArg2, TArg3>(new CompiledFilterCache<(TArg1, TArg2, TArg3)>(predicate, ExpressionTranslator.Translate(predicate)));
    }

    /// <summary>Translates a predicate with four parameters once (see <see cref="Compile{T, TArg1, TArg2}"/>).</summary>
    /// <exception cref="FudgeTranslationException">A part of the predicate has no equivalent in the filter language.</exception>
    public static FudgeCompiledFilter<T, TArg1, TArg2, TArg3, TArg4> Compile<T, TArg1, TArg2, TArg3, TArg4>(Expression<Func<T, TArg1, TArg2, TArg3, TArg4, bool>> predicate)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        return new FudgeCompiledFilter<T, TArg1, TArg2, TArg3, TArg4>(new CompiledFilterCache<(TArg1, TArg2, TArg3, TArg4)>(predicate, ExpressionTranslator.Translate(predicate)));
    }
}

/// <summary>
/// The filters of a compiled query by its arguments (a value tuple): rendered and compiled on an argument's first use,
/// then cached (up to 1,024 argument tuples, then the cache starts over). A tuple is a struct compared by
/// <see cref="EqualityComparer{T}.Default"/>, so a lookup allocates nothing. Thread-safe.
/// </summary>
internal sealed class CompiledFilterCache<TKey>
    where TKey : struct
{
    private const int MaxCached = 1024;
    private readonly LambdaExpression _predicate;
    private readonly FilterPiece _piece;
    private readonly ConcurrentDictionary<TKey, Entry> _cache = new();

    public CompiledFilterCache(LambdaExpression predicate, FilterPiece piece)
    {
        _predicate = predicate;
        _piece = piece;
    }

    public sealed class Entry
    {
        public Entry(FudgeFilter? filter, bool constant)
        {
            Filter = filter;
            Constant = constant;
        }

        public FudgeFilter? Filter { get; }

        public bool Constant { get; }
    }

    /// <summary>The entry for the arguments; <paramref name="values"/> gives them in the order of the lambda's parameters after the message.</summary>
    public Entry Get(TKey key, Func<TKey, object?[]> values)
    {
        if (_cache.TryGetValue(key, out var entry)) return entry;
        if (_cache.Count >= MaxCached) _cache.Clear();
        var arguments = new Dictionary<ParameterExpression, object?>();
        var list = values(key);
        for (int i = 0; i < list.Length; i++) arguments[_predicate.Parameters[i + 1]] = list[i];
        var filter = FudgeTypedQuery.Render(_piece, arguments, _predicate, out bool constant);
        return _cache.GetOrAdd(key, new Entry(filter, constant));
    }
}

/// <summary>
/// A typed predicate with two parameters, translated once (<see cref="FudgeTypedQuery.Compile{T, TArg1, TArg2}"/>); the
/// filter for a pair of arguments is compiled on its first use and cached, so recurring arguments allocate nothing.
/// Thread-safe.
/// </summary>
/// <typeparam name="T">The message type.</typeparam>
/// <typeparam name="TArg1">The first parameter's type.</typeparam>
/// <typeparam name="TArg2">The second parameter's type.</typeparam>
public sealed class FudgeCompiledFilter<T, TArg1, TArg2>
{
    private static readonly Func<(TArg1, TArg2), object?[]> Values = k => new object?[] { k.Item1, k.Item2 };
    private readonly CompiledFilterCache<(TArg1, TArg2)> _cache;

    internal FudgeCompiledFilter(CompiledFilterCache<(TArg1, TArg2)> cache) => _cache = cache;

    /// <summary>The filter for the arguments, or null when the predicate is then always true or always false (see <see cref="Matches"/>).</summary>
    /// <exception cref="FudgeTranslationException">An argument's value has no literal in the filter language.</exception>
    public FudgeFilter? For(TArg1 argument1, TArg2 argument2) => _cache.Get((argument1, argument2), Values).Filter;

    /// <summary>True when the envelope passes the predicate with the arguments.</summary>
    public bool Matches(ReadOnlySpan<byte> envelope, TArg1 argument1, TArg2 argument2, FudgeReaderOptions? options = null)
    {
        var entry = _cache.Get((argument1, argument2), Values);
        return entry.Filter is { } filter ? filter.Matches(envelope, options) : entry.Constant;
    }
}

/// <summary>A typed predicate with three parameters, translated once (see <see cref="FudgeCompiledFilter{T, TArg1, TArg2}"/>).</summary>
/// <typeparam name="T">The message type.</typeparam>
/// <typeparam name="TArg1">The first parameter's type.</typeparam>
/// <typeparam name="TArg2">The second parameter's type.</typeparam>
/// <typeparam name="TArg3">The third parameter's type.</typeparam>
public sealed class FudgeCompiledFilter<T, TArg1, TArg2, TArg3>
{
    private static readonly Func<(TArg1, TArg2, TArg3), object?[]> Values = k => new object?[] { k.Item1, k.Item2, k.Item3 };
    private readonly CompiledFilterCache<(TArg1, TArg2, TArg3)> _cache;

    internal FudgeCompiledFilter(CompiledFilterCache<(TArg1, TArg2, TArg3)> cache) => _cache = cache;

    /// <summary>The filter for the arguments, or null when the predicate is then always true or always false (see <see cref="Matches"/>).</summary>
    /// <exception cref="FudgeTranslationException">An argument's value has no literal in the filter language.</exception>
    public FudgeFilter? For(TArg1 argument1, TArg2 argument2, TArg3 argument3) => _cache.Get((argument1, argument2, argument3), Values).Filter;

    /// <summary>True when the envelope passes the predicate with the arguments.</summary>
    public bool Matches(ReadOnlySpan<byte> envelope, TArg1 argument1, TArg2 argument2, TArg3 argument3, FudgeReaderOptions? options = null)
    {
        var entry = _cache.Get((argument1, argument2, argument3), Values);
        return entry.Filter is { } filter ? filter.Matches(envelope, options) : entry.Constant;
    }
}

/// <summary>A typed predicate with four parameters, translated once (see <see cref="FudgeCompiledFilter{T, TArg1, TArg2}"/>).</summary>
/// <typeparam name="T">The message type.</typeparam>
/// <typeparam name="TArg1">The first parameter's type.</typeparam>
/// <typeparam name="TArg2">The second parameter's type.</typeparam>
/// <typeparam name="TArg3">The third parameter's type.</typeparam>
/// <typeparam name="TArg4">The fourth parameter's type.</typeparam>
public sealed class FudgeCompiledFilter<T, TArg1, TArg2, TArg3, TArg4>
{
    private static readonly Func<(TArg1, TArg2, TArg3, TArg4), object?[]> Values = k => new object?[] { k.Item1, k.Item2, k.Item3, k.Item4 };
    private readonly CompiledFilterCache<(TArg1, TArg2, TArg3, TArg4)> _cache;

    internal FudgeCompiledFilter(CompiledFilterCache<(TArg1, TArg2, TArg3, TArg4)> cache) => _cache = cache;

    /// <summary>The filter for the arguments, or null when the predicate is then always true or always false (see <see cref="Matches"/>).</summary>
    /// <exception cref="FudgeTranslationException">An argument's value has no literal in the filter language.</exception>
    public FudgeFilter? For(TArg1 argument1, TArg2 argument2, TArg3 argument3, TArg4 argument4) => _cache.Get((argument1, argument2, argument3, argument4), Values).Filter;

    /// <summary>True when the envelope passes the predicate with the arguments.</summary>
    public bool Matches(ReadOnlySpan<byte> envelope, TArg1 argument1, TArg2 argument2, TArg3 argument3, TArg4 argument4, FudgeReaderOptions? options = null)
    {
        var entry = _cache.Get((argument1, argument2, argument3, argument4), Values);
        return entry.Filter is { } filter ? filter.Matches(envelope, options) : entry.Constant;
    }
}
