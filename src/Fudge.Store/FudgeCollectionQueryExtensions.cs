using System;
using System.Collections.Generic;
using System.Linq;
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
    /// Declares an index on a member (<c>collection.CreateIndexAsync((Trade t) =&gt; t.Symbol)</c>), or a composite index
    /// on several (<c>(Trade t) =&gt; new { t.Symbol, t.Price }</c>, in that order): used by typed and text predicates
    /// alike, each member keyed for its type (<see cref="KindOf"/>: numbers and strings have typed keys where the store
    /// has them). Declaring it again does nothing.
    /// </summary>
    /// <exception cref="FudgeTranslationException">A selected expression is not a chain of serialized members, or a member repeats.</exception>
    public static ValueTask CreateIndexAsync<T, TValue>(this IFudgeCollection collection, Expression<Func<T, TValue>> member, CancellationToken cancellationToken = default)
        => collection.CreateIndexAsync(member, unique: false, cancellationToken);

    /// <summary>
    /// Declares an index on one member or several (<c>(Trade t) =&gt; new { t.Symbol, t.Price }</c>), unique when
    /// <paramref name="unique"/> is true: a write that would give two documents equal values at every member then
    /// fails with <see cref="FudgeUniqueIndexException"/> (documents without a member are not constrained).
    /// </summary>
    /// <exception cref="FudgeTranslationException">
    /// A selected expression is not a chain of serialized members, a member repeats, or (unique) a member is a
    /// collection or a sub-message, which has no one value to key.
    /// </exception>
    /// <exception cref="FudgeUniqueIndexException">The index is unique and documents already share a key.</exception>
    public static ValueTask CreateIndexAsync<T, TValue>(this IFudgeCollection collection, Expression<Func<T, TValue>> members, bool unique, CancellationToken cancellationToken = default)
    {
        if (collection is null) throw new ArgumentNullException(nameof(collection));
        return collection.CreateIndexAsync(IndexOf(members, unique), cancellationToken);
    }

    /// <summary>Removes the index on the member or members <paramref name="members"/> selects (as declared); returns false when there was none.</summary>
    /// <exception cref="FudgeTranslationException">A selected expression is not a chain of serialized members.</exception>
    public static ValueTask<bool> DropIndexAsync<T, TValue>(this IFudgeCollection collection, Expression<Func<T, TValue>> members, CancellationToken cancellationToken = default)
    {
        if (collection is null) throw new ArgumentNullException(nameof(collection));
        return collection.DropIndexAsync(IndexOf(members, unique: false), cancellationToken);
    }

    /// <summary>
    /// The index a member selector declares: one member (<c>t =&gt; t.Trade.Price</c>), or several in order, from an
    /// anonymous type (<c>t =&gt; new { t.Symbol, t.Price }</c>) or an array (<c>t =&gt; new object?[] { t.Symbol, t.Price }</c>).
    /// A member of a collection's elements, <c>t =&gt; t.Legs.Select(l =&gt; l.Venue)</c>, is the path
    /// <c>$.Legs.#.Venue</c> that <c>t.Legs.Any(l =&gt; l.Venue == x)</c> tests (PostgreSQL keys every value of it).
    /// </summary>
    /// <exception cref="FudgeTranslationException">
    /// No member, a selected expression that is not a chain of serialized members (a method call, a constant), a
    /// member selected twice, or (unique) a collection or sub-message member: the exception names the sub-expression.
    /// </exception>
    public static FudgeIndexDefinition IndexOf<T, TValue>(Expression<Func<T, TValue>> members, bool unique = false)
    {
        if (members is null) throw new ArgumentNullException(nameof(members));
        var selected = Selected(members.Body);
        if (selected.Count == 0) throw new FudgeTranslationException(members.ToString(), "an index needs at least one member");
        var keys = new List<(FudgePath, FudgeIndexKind)>(selected.Count);
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var expression in selected)
        {
            var path = FudgePath.Compile(ExpressionTranslator.ElementsPathOf(Expression.Lambda<Func<T, object?>>(Expression.Convert(expression, typeof(object)), members.Parameters)));
            if (!seen.Add(path.Text)) throw new FudgeTranslationException(expression.ToString(), $"the member {path.Text} is already in the index; name each member once");
            if (unique && UnkeyableReason(expression.Type) is string reason)
                throw new FudgeTranslationException(expression.ToString(), $"{reason}, which has no one value a unique index can key; index a scalar member");
            keys.Add((path, KindOf(expression.Type)));
        }
        return new FudgeIndexDefinition(keys, unique);
    }

    // The expressions an index selector names: the arguments of an anonymous type or an array, or the body itself.
    private static List<Expression> Selected(Expression body)
    {
        body = Unboxed(body);
        return body switch
        {
            NewExpression created when created.Members is not null || created.Arguments.Count == 0 => created.Arguments.Select(Unboxed).ToList(),
            NewArrayExpression array when array.NodeType == ExpressionType.NewArrayInit => array.Expressions.Select(Unboxed).ToList(),
            _ => new List<Expression> { body },
        };
    }

    private static Expression Unboxed(Expression expression)
        => expression is UnaryExpression { NodeType: ExpressionType.Convert or ExpressionType.ConvertChecked } convert && convert.Type == typeof(object) ? convert.Operand : expression;

    // Why values of a member's type cannot be a unique key, or null when they can.
    private static string? UnkeyableReason(Type type)
    {
        if (type == typeof(string)) return null;
        if (typeof(System.Collections.IEnumerable).IsAssignableFrom(type)) return $"it is a collection ({type.Name}) and selects several values";
        if (FudgeQueryModels.Find(Nullable.GetUnderlyingType(type) ?? type) is not null) return $"it is a sub-message ({type.Name})";
        return null;
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
