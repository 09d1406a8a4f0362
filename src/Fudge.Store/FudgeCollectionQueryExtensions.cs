using System;
using System.Collections.Generic;
using System.Linq.Expressions;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;

namespace Fudge.Store;

/// <summary>
/// Typed queries over a collection (docs/typed-queries.md): predicates and member selectors over a
/// <c>[FudgeMessage]</c> type, translated into the filter language (<see cref="FudgeTypedQuery"/>) and from there into
/// the store's own SQL, exactly as the same filter text is, so indexes on the translated paths are used alike.
/// </summary>
public static class FudgeCollectionQueryExtensions
{
    /// <summary>Streams the documents that pass <paramref name="where"/>, deserialized, in id order.</summary>
    /// <exception cref="FudgeTranslationException">The predicate cannot be translated (raised before the query is sent).</exception>
    public static IAsyncEnumerable<T> FindAsync<T>(this IFudgeCollection collection, Expression<Func<T, bool>> where, CancellationToken cancellationToken = default)
        => collection.FindAsync<T>(Query(where), cancellationToken);

    /// <summary>
    /// Streams the documents that pass <paramref name="where"/>, ordered by a member (documents without it first, as
    /// SQL orders NULL), with a window.
    /// </summary>
    /// <exception cref="FudgeTranslationException">The predicate or the member cannot be translated.</exception>
    public static IAsyncEnumerable<T> FindAsync<T, TKey>(this IFudgeCollection collection, Expression<Func<T, bool>> where, Expression<Func<T, TKey>> orderBy,
        bool descending = false, int skip = 0, int? limit = null, CancellationToken cancellationToken = default)
    {
        var filter = TypedFilter(where);
        var query = new FudgeQuery { Where = filter, OrderBy = FudgeTypedQuery.Path(orderBy), Descending = descending, Skip = skip, Limit = limit };
        return collection.FindAsync<T>(query, cancellationToken);
    }

    /// <summary>Counts the documents that pass <paramref name="where"/>.</summary>
    /// <exception cref="FudgeTranslationException">The predicate cannot be translated.</exception>
    public static ValueTask<long> CountAsync<T>(this IFudgeCollection collection, Expression<Func<T, bool>> where, CancellationToken cancellationToken = default)
        => collection.CountAsync(TypedFilter(where), cancellationToken);

    /// <summary>True when some document passes <paramref name="where"/>.</summary>
    /// <exception cref="FudgeTranslationException">The predicate cannot be translated.</exception>
    public static async ValueTask<bool> AnyAsync<T>(this IFudgeCollection collection, Expression<Func<T, bool>> where, CancellationToken cancellationToken = default)
    {
        var query = new FudgeQuery { Where = TypedFilter(where), Limit = 1 };
        await foreach (var _ in collection.FindAsync(query, cancellationToken).ConfigureAwait(false)) return true;
        return false;
    }

    /// <summary>Deletes the documents that pass <paramref name="where"/>; returns how many.</summary>
    /// <exception cref="FudgeTranslationException">The predicate cannot be translated.</exception>
    public static ValueTask<long> DeleteAsync<T>(this IFudgeCollection collection, Expression<Func<T, bool>> where, CancellationToken cancellationToken = default)
        => collection.DeleteAsync(TypedFilter(where) ?? throw new FudgeTranslationException(where.ToString(), "the predicate is always true; delete by a predicate that reads the document"), cancellationToken);

    /// <summary>
    /// Declares an index on a member (<c>collection.CreateIndexAsync&lt;Trade, string?&gt;(t =&gt; t.Symbol)</c>): the index on
    /// the member's path, used by typed and text predicates alike, keyed for the member's type (<see cref="KindOf"/>:
    /// numbers and strings have typed keys where the store has them).
    /// </summary>
    /// <exception cref="FudgeTranslationException">The selector is not a chain of serialized members.</exception>
    public static ValueTask CreateIndexAsync<T, TValue>(this IFudgeCollection collection, Expression<Func<T, TValue>> member, CancellationToken cancellationToken = default)
    {
        if (collection is null) throw new ArgumentNullException(nameof(collection));
        return collection.CreateIndexAsync(FudgeTypedQuery.Path(member), KindOf(typeof(TValue)), cancellationToken);
    }

    /// <summary>
    /// The index kind of a member's type: <see cref="FudgeIndexKind.Number"/> for the integer types, <c>float</c> and
    /// <c>double</c> (nullable or not), <see cref="FudgeIndexKind.String"/> for <c>string</c>, otherwise
    /// <see cref="FudgeIndexKind.Any"/> (enums, which a type may write as names or numbers, dates, booleans, messages).
    /// </summary>
    public static FudgeIndexKind KindOf(Type type)
    {
        if (type is null) throw new ArgumentNullException(nameof(type));
        type = Nullable.GetUnderlyingType(type) ?? type;
        if (type == typeof(string)) return FudgeIndexKind.String;
        if (type.IsEnum) return FudgeIndexKind.Any;
        return type == typeof(double) || type == typeof(float) || type == typeof(long) || type == typeof(int) || type == typeof(short)
            || type == typeof(sbyte) || type == typeof(ulong) || type == typeof(uint) || type == typeof(ushort) || type == typeof(byte)
            ? FudgeIndexKind.Number
            : FudgeIndexKind.Any;
    }

    /// <summary>The text of the filter a typed predicate translates into (what the store evaluates), for logs and tests.</summary>
    public static string ToQueryString<T>(Expression<Func<T, bool>> where) => TypedFilter(where)?.Text ?? "";

    private static FudgeQuery Query<T>(Expression<Func<T, bool>> where) => new() { Where = TypedFilter(where) };

    // An always-true predicate is no filter; an always-false one a filter no document passes.
    private static FudgeFilter? TypedFilter<T>(Expression<Func<T, bool>> where)
    {
        if (where is null) throw new ArgumentNullException(nameof(where));
        var filter = FudgeTypedQuery.TryFilter(where, out bool never);
        return never ? FudgeFilter.Compile("$.#0 && !$.#0") : filter;
    }
}
