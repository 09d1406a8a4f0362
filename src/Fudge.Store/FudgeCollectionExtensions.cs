using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;

namespace Fudge.Store;

/// <summary>Conveniences every <see cref="IFudgeCollection"/> gets: model messages, typed objects and predicate text.</summary>
public static class FudgeCollectionExtensions
{
    /// <summary>Stores a model message (encoded with the default writer options) and returns its id.</summary>
    public static ValueTask<long> InsertAsync(this IFudgeCollection collection, FudgeMsg message, CancellationToken cancellationToken = default)
    {
        if (message is null) throw new ArgumentNullException(nameof(message));
        return collection.InsertAsync(new FudgeEnvelope(message).ToByteArray(), cancellationToken);
    }

    /// <summary>Stores any <c>[FudgeMessage]</c> object through its generated serializer and returns its id.</summary>
    public static ValueTask<long> InsertAsync<T>(this IFudgeCollection collection, T value, CancellationToken cancellationToken = default)
        => collection.InsertAsync(FudgeSerializer.Serialize(value), cancellationToken);

    /// <summary>Stores a batch of envelopes held in memory, all or nothing; returns how many were stored.</summary>
    public static ValueTask<long> InsertManyAsync(this IFudgeCollection collection, IEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken = default)
    {
        if (envelopes is null) throw new ArgumentNullException(nameof(envelopes));
        return collection.InsertManyAsync(AsAsync(envelopes), cancellationToken);
    }

    /// <summary>Stores a batch of envelopes held as byte arrays (as <see cref="FudgeMsg.ToByteArray()"/> returns them), all or nothing; returns how many were stored.</summary>
    /// <remarks>
    /// Without this overload a <c>List&lt;byte[]&gt;</c> would bind to <see cref="InsertManyAsync{T}(IFudgeCollection, IEnumerable{T}, CancellationToken)"/> and fail at run time, as
    /// <c>byte[]</c> is not a <c>[FudgeMessage]</c> type; a non-generic overload is preferred by the compiler.
    /// </remarks>
    public static ValueTask<long> InsertManyAsync(this IFudgeCollection collection, IEnumerable<byte[]> envelopes, CancellationToken cancellationToken = default)
    {
        if (envelopes is null) throw new ArgumentNullException(nameof(envelopes));
        return collection.InsertManyAsync(AsAsync(AsMemory(envelopes)), cancellationToken);
    }

    /// <summary>Stores a batch of model messages (encoded with the default writer options), all or nothing; returns how many were stored.</summary>
    public static ValueTask<long> InsertManyAsync(this IFudgeCollection collection, IEnumerable<FudgeMsg> messages, CancellationToken cancellationToken = default)
    {
        if (messages is null) throw new ArgumentNullException(nameof(messages));
        return collection.InsertManyAsync(AsAsync(Encode(messages)), cancellationToken);
    }

    /// <summary>Stores a batch of <c>[FudgeMessage]</c> objects, all or nothing; returns how many were stored.</summary>
    public static ValueTask<long> InsertManyAsync<T>(this IFudgeCollection collection, IEnumerable<T> values, CancellationToken cancellationToken = default)
    {
        if (values is null) throw new ArgumentNullException(nameof(values));
        return collection.InsertManyAsync(AsAsync(Encode(values)), cancellationToken);
    }

    /// <summary>Stores a batch of envelopes held in memory, all or nothing, loaded as <paramref name="options"/> say; returns how many were stored.</summary>
    public static ValueTask<long> InsertManyAsync(this IFudgeCollection collection, IEnumerable<ReadOnlyMemory<byte>> envelopes, FudgeBulkInsertOptions? options, CancellationToken cancellationToken = default)
    {
        if (envelopes is null) throw new ArgumentNullException(nameof(envelopes));
        return collection.InsertManyAsync(AsAsync(envelopes), options, cancellationToken);
    }

    /// <summary>Stores a batch of envelopes held as byte arrays, all or nothing, loaded as <paramref name="options"/> say; returns how many were stored.</summary>
    public static ValueTask<long> InsertManyAsync(this IFudgeCollection collection, IEnumerable<byte[]> envelopes, FudgeBulkInsertOptions? options, CancellationToken cancellationToken = default)
    {
        if (envelopes is null) throw new ArgumentNullException(nameof(envelopes));
        return collection.InsertManyAsync(AsAsync(AsMemory(envelopes)), options, cancellationToken);
    }

    /// <summary>Stores a batch of model messages, all or nothing, loaded as <paramref name="options"/> say; returns how many were stored.</summary>
    public static ValueTask<long> InsertManyAsync(this IFudgeCollection collection, IEnumerable<FudgeMsg> messages, FudgeBulkInsertOptions? options, CancellationToken cancellationToken = default)
    {
        if (messages is null) throw new ArgumentNullException(nameof(messages));
        return collection.InsertManyAsync(AsAsync(Encode(messages)), options, cancellationToken);
    }

    /// <summary>Stores a batch of <c>[FudgeMessage]</c> objects, all or nothing, loaded as <paramref name="options"/> say; returns how many were stored.</summary>
    public static ValueTask<long> InsertManyAsync<T>(this IFudgeCollection collection, IEnumerable<T> values, FudgeBulkInsertOptions? options, CancellationToken cancellationToken = default)
    {
        if (values is null) throw new ArgumentNullException(nameof(values));
        return collection.InsertManyAsync(AsAsync(Encode(values)), options, cancellationToken);
    }

    /// <summary>Streams the documents that match the predicate text, in id order.</summary>
    /// <exception cref="FudgeQueryException">The text is not a valid predicate.</exception>
    public static IAsyncEnumerable<FudgeStoredDocument> FindAsync(this IFudgeCollection collection, string where, CancellationToken cancellationToken = default)
        => collection.FindAsync(FudgeQuery.Matching(where), cancellationToken);

    /// <summary>Streams the documents a query selects, deserialized as <typeparamref name="T"/>.</summary>
    public static async IAsyncEnumerable<T> FindAsync<T>(this IFudgeCollection collection, FudgeQuery? query = null,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        await foreach (var document in collection.FindAsync(query, cancellationToken).ConfigureAwait(false))
            yield return FudgeSerializer.Deserialize<T>(document.Envelope);
    }

    /// <summary>Counts the documents that match the predicate text.</summary>
    /// <exception cref="FudgeQueryException">The text is not a valid predicate.</exception>
    public static ValueTask<long> CountAsync(this IFudgeCollection collection, string where, CancellationToken cancellationToken = default)
        => collection.CountAsync(FudgeFilter.Compile(where), cancellationToken);

    /// <summary>Deletes the documents that match the predicate text; returns how many.</summary>
    /// <exception cref="FudgeQueryException">The text is not a valid predicate.</exception>
    public static ValueTask<long> DeleteAsync(this IFudgeCollection collection, string where, CancellationToken cancellationToken = default)
        => collection.DeleteAsync(FudgeFilter.Compile(where), cancellationToken);

    /// <summary>Indexes the values a path (given as text) selects.</summary>
    /// <exception cref="FudgeQueryException">The text is not a valid path.</exception>
    public static ValueTask CreateIndexAsync(this IFudgeCollection collection, string path, CancellationToken cancellationToken = default)
        => collection.CreateIndexAsync(FudgePath.Compile(path), cancellationToken);

    /// <summary>Indexes the values a path (given as text) selects, keyed for values of <paramref name="kind"/>.</summary>
    /// <exception cref="FudgeQueryException">The text is not a valid path.</exception>
    public static ValueTask CreateIndexAsync(this IFudgeCollection collection, string path, FudgeIndexKind kind, CancellationToken cancellationToken = default)
        => collection.CreateIndexAsync(FudgePath.Compile(path), kind, cancellationToken);

    private static IEnumerable<ReadOnlyMemory<byte>> Encode<T>(IEnumerable<T> values)
    {
        foreach (var value in values) yield return FudgeSerializer.Serialize(value);
    }

    private static IEnumerable<ReadOnlyMemory<byte>> AsMemory(IEnumerable<byte[]> envelopes)
    {
        foreach (var envelope in envelopes) yield return envelope;
    }

    private static IEnumerable<ReadOnlyMemory<byte>> Encode(IEnumerable<FudgeMsg> messages)
    {
        foreach (var message in messages) yield return new FudgeEnvelope(message).ToByteArray();
    }

    private static async IAsyncEnumerable<ReadOnlyMemory<byte>> AsAsync(IEnumerable<ReadOnlyMemory<byte>> items)
    {
        foreach (var item in items) yield return item;
        await Task.CompletedTask.ConfigureAwait(false);
    }
}
