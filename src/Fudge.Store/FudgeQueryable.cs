using System;
using System.Collections;
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
/// A LINQ query over a store collection (<see cref="FudgeQueryableExtensions.Query{T}"/>), translated into one SQL
/// statement of the store when it runs; see docs/typed-queries.md. Enumerating it synchronously blocks on the store's
/// asynchronous reads: prefer <see cref="FudgeQueryableExtensions.ToListAsync{T}"/> and <c>await foreach</c>.
/// </summary>
/// <typeparam name="T">The element type: the document type, or a projection's.</typeparam>
internal sealed class FudgeQueryable<T> : IOrderedQueryable<T>, IAsyncEnumerable<T>, IFudgeQueryRoot
{
    public FudgeQueryable(IFudgeQueryProvider provider, Expression? expression)
    {
        Provider = provider;
        Expression = expression ?? Expression.Constant(this);
    }

    public IFudgeQueryBackend Backend => Queries.Backend;

    public Type ElementType => typeof(T);

    public Expression Expression { get; }

    public IQueryProvider Provider { get; }

    private IFudgeQueryProvider Queries => (IFudgeQueryProvider)Provider;

    public IEnumerator<T> GetEnumerator()
    {
        var rows = new List<T>();
        var enumerator = GetAsyncEnumerator();
        try
        {
            while (enumerator.MoveNextAsync().AsTask().GetAwaiter().GetResult()) rows.Add(enumerator.Current);
        }
        finally
        {
            enumerator.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }
        return rows.GetEnumerator();
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    public IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
        => Queries.RunAsync<T>(Expression, cancellationToken).GetAsyncEnumerator(cancellationToken);
}

/// <summary>What the queryables and the extensions ask of the provider, whatever its document type.</summary>
internal interface IFudgeQueryProvider : IQueryProvider
{
    IFudgeQueryBackend Backend { get; }

    FudgeSqlStatement Statement(Expression expression);

    ValueTask<TResult> ExecuteAsync<TResult>(Expression expression, CancellationToken cancellationToken);

    IAsyncEnumerable<T> RunAsync<T>(Expression expression, CancellationToken cancellationToken);

    Task<List<T>> ListAsync<T>(Expression expression, CancellationToken cancellationToken);
}

/// <summary>The provider of <see cref="FudgeQueryable{T}"/>: checks each query as it is built, and runs it through the collection's SQL.</summary>
internal sealed class FudgeQueryProvider<TDocument> : IFudgeQueryProvider
{
    public FudgeQueryProvider(IFudgeQueryBackend backend) => Backend = backend;

    public IFudgeQueryBackend Backend { get; }

    private static Type DocumentType => typeof(TDocument);

    public IQueryable CreateQuery(Expression expression)
        => throw new NotSupportedException("Build queries over a collection with the generic Queryable operators.");

    public IQueryable<TElement> CreateQuery<TElement>(Expression expression)
    {
        // Refused shapes are reported here, where the query is written, and before anything runs.
        FudgeQueryableParser.Parse(expression, DocumentType);
        return new FudgeQueryable<TElement>(this, expression);
    }

    public object? Execute(Expression expression) => ExecuteAsync<object?>(expression, default).AsTask().GetAwaiter().GetResult();

    public TResult Execute<TResult>(Expression expression) => ExecuteAsync<TResult>(expression, default).AsTask().GetAwaiter().GetResult();

    /// <summary>The statement a query runs as.</summary>
    public FudgeSqlStatement Statement(Expression expression) => Backend.Statement(FudgeQueryableParser.Parse(expression, DocumentType).Plan);

    /// <summary>Runs a query that ends with an operator (Count, Any, First, Single...).</summary>
    public async ValueTask<TResult> ExecuteAsync<TResult>(Expression expression, CancellationToken cancellationToken)
    {
        var parsed = FudgeQueryableParser.Parse(expression, DocumentType);
        var plan = parsed.Plan;
        switch (plan.Terminal)
        {
            case FudgeQueryTerminal.Count:
                long count = (long)await Backend.ScalarAsync(plan, cancellationToken).ConfigureAwait(false);
                return typeof(TResult) == typeof(int) ? (TResult)(object)checked((int)count) : (TResult)(object)count;
            case FudgeQueryTerminal.Any:
                return (TResult)await Backend.ScalarAsync(plan, cancellationToken).ConfigureAwait(false);
            case FudgeQueryTerminal.Sequence:
                throw new InvalidOperationException("The query returns a sequence: enumerate it.");
        }
        var found = new List<TResult>(2);
        await foreach (var row in Backend.RowsAsync(plan, cancellationToken).ConfigureAwait(false))
            found.Add((TResult)Materialize(parsed, row)!);
        return plan.Terminal switch
        {
            FudgeQueryTerminal.First => found.Count > 0 ? found[0] : throw new InvalidOperationException("Sequence contains no elements"),
            FudgeQueryTerminal.FirstOrDefault => found.Count > 0 ? found[0] : default!,
            FudgeQueryTerminal.Single => found.Count == 1 ? found[0]
                : throw new InvalidOperationException(found.Count == 0 ? "Sequence contains no elements" : "Sequence contains more than one element"),
            _ => found.Count <= 1 ? (found.Count == 1 ? found[0] : default!) : throw new InvalidOperationException("Sequence contains more than one element"),
        };
    }

    /// <summary>Runs a query that returns a sequence.</summary>
    public async IAsyncEnumerable<T> RunAsync<T>(Expression expression, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        var rows = new SequenceRows(FudgeQueryableParser.Parse(expression, DocumentType));
        await foreach (var row in Backend.RowsAsync(rows.Parsed.Plan, cancellationToken).ConfigureAwait(false))
            yield return rows.Result<T>(this, row);
    }

    /// <summary>Runs a query that returns a sequence, into a list (<see cref="FudgeQueryableExtensions.ToListAsync{T}"/>).</summary>
    public async Task<List<T>> ListAsync<T>(Expression expression, CancellationToken cancellationToken)
    {
        var rows = new SequenceRows(FudgeQueryableParser.Parse(expression, DocumentType));
        var list = new List<T>();
        await foreach (var row in Backend.RowsAsync(rows.Parsed.Plan, cancellationToken).ConfigureAwait(false))
            list.Add(rows.Result<T>(this, row));
        return list;
    }

    /// <summary>What one enumeration of a sequence's rows keeps from row to row.</summary>
    private sealed class SequenceRows
    {
        // One pair of buffers for the enumeration's rows: the projection reads them before the next row is asked for.
        private readonly object?[] _values;
        private readonly bool[] _found;
        private readonly Type? _bare;

        public SequenceRows(FudgeQueryableParser parsed)
        {
            Parsed = parsed;
            int count = parsed.Plan.Columns?.Count ?? 0;
            _values = new object?[count];
            _found = new bool[count];
            _bare = BareLeafType(parsed);
        }

        public FudgeQueryableParser Parsed { get; }

        public T Result<T>(FudgeQueryProvider<TDocument> provider, object?[] row)
        {
            // The column's value is the result itself: no slots, no selector, no box of the result. A long held
            // unboxed is read as it is (for T long the JIT drops the box and unbox of the cast).
            if (_bare is not null && row[0] is FudgeColumnValue column)
            {
                if (column.IsInteger && _bare == typeof(long) && typeof(T) == typeof(long)) return (T)(object)column.Integer;
                if (column.Value is { } value && value.GetType() == _bare) return (T)value;
            }
            return (T)provider.Materialize(Parsed, row, _values, _found)!;
        }
    }

    /// <summary>
    /// The type of a selector that is one member chain (<c>t =&gt; t.Id</c>, <c>t =&gt; t.Trade.Price</c>), whose one
    /// column a store decodes: a value of exactly that type is the projection's result as it is (the projection
    /// converts a value of its member's own type to itself, <see cref="FudgeConvert"/>); null for any other selector.
    /// </summary>
    private static Type? BareLeafType(FudgeQueryableParser parsed)
    {
        if (parsed.Selector is not { Body: MemberExpression body } selector || parsed.Plan.Columns is not { Count: 1 }) return null;
        Expression? chain = body;
        while (chain is MemberExpression member) chain = member.Expression;
        return chain == selector.Parameters[0] ? body.Type : null;
    }

    private object? Materialize(FudgeQueryableParser parsed, object?[] row)
    {
        int count = parsed.Plan.Columns?.Count ?? 0;
        return Materialize(parsed, row, new object?[count], new bool[count]);
    }

    // values and found: buffers of the columns' count, overwritten.
    private object? Materialize(FudgeQueryableParser parsed, object?[] row, object?[] values, bool[] found)
    {
        if (parsed.Plan.Columns is { } columns)
        {
            Array.Clear(values);
            Array.Clear(found);
            if (row.Length > 0 && row[0] is FudgeDocumentColumns several)
            {
                DeserializedColumns.Read<TDocument>(several, columns, values, found);
                return parsed.Projection!.ProjectValues(values, found);
            }
            for (int i = 0; i < columns.Count; i++)
            {
                switch (row[i])
                {
                    case byte[] field:
                        var message = FudgeMsg.Parse(field);
                        if (message.Count == 0) continue;
                        values[i] = message[0].Value;
                        found[i] = true;
                        break;
                    case FudgeColumnValue decoded:
                        values[i] = decoded.Value;
                        found[i] = true;
                        break;
                }
            }
            return parsed.Projection!.ProjectValues(values, found);
        }
        var document = FudgeSerializer.Deserialize<TDocument>((byte[])row[0]!);
        return parsed.Projection is { } projection ? projection.ProjectWhole(document) : document;
    }
}
