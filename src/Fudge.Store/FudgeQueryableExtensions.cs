using System;
using System.Collections.Generic;
using System.Linq;
using System.Linq.Expressions;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// LINQ over a store collection: <c>collection.Query&lt;Trade&gt;()</c> is an <see cref="IQueryable{T}"/> whose
/// <c>Where</c>, <c>OrderBy</c>/<c>ThenBy</c>(<c>Descending</c>), <c>Skip</c>, <c>Take</c>, <c>Select</c>,
/// <c>Count</c>, <c>Any</c>, <c>First</c>(<c>OrDefault</c>) and <c>Single</c>(<c>OrDefault</c>) run as one SQL statement
/// of the store (docs/typed-queries.md), and the asynchronous forms of these operators. A shape that cannot be
/// translated is refused with a <see cref="FudgeTranslationException"/> where the query is written.
/// </summary>
public static class FudgeQueryableExtensions
{
    /// <summary>A LINQ query over the documents of <paramref name="collection"/>, read as <typeparamref name="T"/>.</summary>
    /// <exception cref="NotSupportedException">The collection is not one of this library's stores.</exception>
    public static IQueryable<T> Query<T>(this IFudgeCollection collection)
    {
        if (collection is null) throw new ArgumentNullException(nameof(collection));
        if (collection is not IFudgeQueryBackend backend) throw new NotSupportedException($"{collection.GetType().Name} does not run LINQ queries: use the stores of Fudge.Store.Sqlite or Fudge.Store.PostgreSql.");
        return new FudgeQueryable<T>(new FudgeQueryProvider<T>(backend), null);
    }

    /// <summary>
    /// The SQL the query runs as, its parameters above it as comments (<c>-- $filter='...'</c>): what the store is
    /// sent, for logs and tests.
    /// </summary>
    /// <exception cref="ArgumentException">The query is not over a store collection.</exception>
    public static string ToQueryString<T>(this IQueryable<T> query) => Provider(query).Statement(query.Expression).ToString();

    /// <summary>The results, read asynchronously.</summary>
    public static async Task<List<T>> ToListAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
    {
        // A store's query fills the list from the backend's rows itself: one asynchronous enumeration, not three.
        if (query?.Provider is IFudgeQueryProvider provider) return await provider.ListAsync<T>(query.Expression, cancellationToken).ConfigureAwait(false);
        var list = new List<T>();
        await foreach (var item in query!.AsAsyncEnumerable().WithCancellation(cancellationToken).ConfigureAwait(false)) list.Add(item);
        return list;
    }

    /// <summary>The results as they are read.</summary>
    public static IAsyncEnumerable<T> AsAsyncEnumerable<T>(this IQueryable<T> query)
        => query as IAsyncEnumerable<T> ?? throw new ArgumentException("The query is not over a store collection (collection.Query<T>()).", nameof(query));

    /// <summary>How many results the query has.</summary>
    public static Task<int> CountAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
        => Run<T, int>(query, new Func<IQueryable<T>, int>(Queryable.Count).Method, cancellationToken);

    /// <summary>How many results the query has, as a long.</summary>
    public static Task<long> LongCountAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
        => Run<T, long>(query, new Func<IQueryable<T>, long>(Queryable.LongCount).Method, cancellationToken);

    /// <summary>True when the query has a result.</summary>
    public static Task<bool> AnyAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
        => Run<T, bool>(query, new Func<IQueryable<T>, bool>(Queryable.Any).Method, cancellationToken);

    /// <summary>The first result.</summary>
    /// <exception cref="InvalidOperationException">There is none.</exception>
    public static Task<T> FirstAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
        => Run<T, T>(query, new Func<IQueryable<T>, T>(Queryable.First).Method, cancellationToken);

    /// <summary>The first result, or the default when there is none.</summary>
    public static Task<T?> FirstOrDefaultAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
        => Run<T, T?>(query, new Func<IQueryable<T>, T?>(Queryable.FirstOrDefault).Method, cancellationToken);

    /// <summary>The only result.</summary>
    /// <exception cref="InvalidOperationException">There is none, or more than one.</exception>
    public static Task<T> SingleAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
        => Run<T, T>(query, new Func<IQueryable<T>, T>(Queryable.Single).Method, cancellationToken);

    /// <summary>The only result, or the default when there is none.</summary>
    /// <exception cref="InvalidOperationException">There is more than one.</exception>
    public static Task<T?> SingleOrDefaultAsync<T>(this IQueryable<T> query, CancellationToken cancellationToken = default)
        => Run<T, T?>(query, new Func<IQueryable<T>, T?>(Queryable.SingleOrDefault).Method, cancellationToken);

    private static IFudgeQueryProvider Provider<T>(IQueryable<T> query)
    {
        if (query is null) throw new ArgumentNullException(nameof(query));
        return query.Provider as IFudgeQueryProvider ?? throw new ArgumentException("The query is not over a store collection (collection.Query<T>()).", nameof(query));
    }

    // The operator's call on the query, as Queryable.Count(query) would build it, run asynchronously.
    private static Task<TResult> Run<T, TResult>(IQueryable<T> query, System.Reflection.MethodInfo method, CancellationToken cancellationToken)
        => Provider(query).ExecuteAsync<TResult>(Expression.Call(method, query.Expression), cancellationToken).AsTask();
}
