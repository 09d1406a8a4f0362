using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Transforms;

namespace Fudge.Store;

/// <summary>
/// A named collection of Fudge documents. Documents are identified by a 64-bit id the store assigns on insert, and
/// are found with the predicate language of <see cref="FudgeFilter"/>, evaluated by the database itself.
/// </summary>
public interface IFudgeCollection
{
    /// <summary>The collection's name.</summary>
    string Name { get; }

    /// <summary>Stores one envelope and returns its id.</summary>
    /// <param name="envelope">A complete Fudge envelope; it is validated before it is stored.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope; nothing is stored.</exception>
    ValueTask<long> InsertAsync(ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default);

    /// <summary>
    /// Stores a batch of envelopes in one transaction (joining the store's open transaction when there is one) and
    /// returns how many were stored. When any envelope is invalid, nothing of the batch is stored.
    /// </summary>
    /// <param name="envelopes">The envelopes, read once in order.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<long> InsertManyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, CancellationToken cancellationToken = default);

    /// <summary>
    /// Stores a batch of envelopes as <see cref="InsertManyAsync(IAsyncEnumerable{ReadOnlyMemory{byte}}, CancellationToken)"/>
    /// does, loaded as <paramref name="options"/> say (for a large load: the indexes built once after it).
    /// </summary>
    /// <param name="envelopes">The envelopes, read once in order.</param>
    /// <param name="options">How to load them; <see langword="null"/> as the overload without options.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    /// <exception cref="FudgeStoreException">
    /// The database refused the batch (nothing of it is stored), or the batch was stored and the index build after it
    /// failed (the message says so; the index is then built when the collection is next opened).
    /// </exception>
    ValueTask<long> InsertManyAsync(IAsyncEnumerable<ReadOnlyMemory<byte>> envelopes, FudgeBulkInsertOptions? options, CancellationToken cancellationToken = default);

    /// <summary>Returns the stored bytes of the document with the given id, or <see langword="null"/> when there is none.</summary>
    /// <param name="id">The id returned by an insert.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<FudgeStoredDocument?> GetAsync(long id, CancellationToken cancellationToken = default);

    /// <summary>Streams the documents a query selects, as their exact stored bytes.</summary>
    /// <param name="query">Predicate, order, skip and limit; <see langword="null"/> returns every document in id order.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    IAsyncEnumerable<FudgeStoredDocument> FindAsync(FudgeQuery? query = null, CancellationToken cancellationToken = default);

    /// <summary>Counts the documents that match <paramref name="where"/>, or all of them when it is <see langword="null"/>.</summary>
    /// <param name="where">The predicate, or <see langword="null"/>.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<long> CountAsync(FudgeFilter? where = null, CancellationToken cancellationToken = default);

    /// <summary>Replaces the bytes of one document, keeping its id; returns false when there is no such document.</summary>
    /// <param name="id">The document's id.</param>
    /// <param name="envelope">The new envelope; it is validated before it is stored.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<bool> ReplaceAsync(long id, ReadOnlyMemory<byte> envelope, CancellationToken cancellationToken = default);

    /// <summary>
    /// Applies <paramref name="transform"/> to every document that matches <paramref name="where"/>, in one
    /// transaction, and returns how many documents were rewritten.
    /// </summary>
    /// <param name="where">The predicate choosing the documents.</param>
    /// <param name="transform">The transform applied to each chosen document's bytes.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<long> UpdateAsync(FudgeFilter where, FudgeTransform transform, CancellationToken cancellationToken = default);

    /// <summary>Deletes one document; returns false when there is no such document.</summary>
    /// <param name="id">The document's id.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<bool> DeleteAsync(long id, CancellationToken cancellationToken = default);

    /// <summary>Deletes every document that matches <paramref name="where"/> and returns how many were deleted.</summary>
    /// <param name="where">The predicate choosing the documents.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<long> DeleteAsync(FudgeFilter where, CancellationToken cancellationToken = default);

    /// <summary>
    /// Indexes the values <paramref name="path"/> selects, so that equality and range predicates on that path are
    /// answered from the index instead of a scan. Creating an index that exists does nothing.
    /// </summary>
    /// <param name="path">The path to index.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask CreateIndexAsync(FudgePath path, CancellationToken cancellationToken = default);

    /// <summary>
    /// Indexes the values <paramref name="path"/> selects, keyed for values of <paramref name="kind"/> where the store
    /// has such keys (PostgreSQL: <c>float8</c> for numbers and <c>text</c> for strings on a path of one name; a store
    /// without typed keys builds its generic index). An index that exists on the path with another key is built again
    /// with this one, unless <paramref name="kind"/> is <see cref="FudgeIndexKind.Any"/>. Answers never depend on the kind.
    /// </summary>
    /// <param name="path">The path to index.</param>
    /// <param name="kind">The kind of value the path holds in the collection's documents.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask CreateIndexAsync(FudgePath path, FudgeIndexKind kind, CancellationToken cancellationToken = default)
        => CreateIndexAsync(path, cancellationToken);

    /// <summary>
    /// Declares an index on one path or several (composite), optionally unique (<see cref="FudgeIndexDefinition"/>).
    /// Declaring an index that exists (same paths in the same order, same uniqueness) does nothing; the same paths with
    /// the other uniqueness build the index again as declared. A composite index answers predicates on its leading
    /// paths (equality on the first, a range on the next), from typed and text queries alike.
    /// </summary>
    /// <param name="index">The index.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    /// <exception cref="FudgeStoreException">A path cannot be indexed as declared, or the store has no such indexes.</exception>
    /// <exception cref="FudgeUniqueIndexException">
    /// The index is unique and documents already share a key (or one selects several values at a path): no index is created.
    /// </exception>
    ValueTask CreateIndexAsync(FudgeIndexDefinition index, CancellationToken cancellationToken = default)
    {
        if (index is null) throw new ArgumentNullException(nameof(index));
        if (!index.IsComposite && !index.IsUnique) return CreateIndexAsync(index.Paths[0], index.Kinds[0], cancellationToken);
        throw new FudgeStoreException($"This store declares indexes on one path only: {index.Text} is {(index.IsUnique ? "unique" : "composite")}.");
    }

    /// <summary>
    /// Removes the index on the paths of <paramref name="index"/> (in that order, unique or not); returns false when there was none.
    /// </summary>
    /// <param name="index">The index, identified by its paths.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<bool> DropIndexAsync(FudgeIndexDefinition index, CancellationToken cancellationToken = default)
    {
        if (index is null) throw new ArgumentNullException(nameof(index));
        // A store without composite indexes holds none to drop.
        return index.IsComposite ? new ValueTask<bool>(false) : DropIndexAsync(index.Paths[0], cancellationToken);
    }

    /// <summary>The collection's declared indexes, in the order they were declared.</summary>
    /// <param name="cancellationToken">Cancels the operation.</param>
    async ValueTask<IReadOnlyList<FudgeIndexDefinition>> ListIndexDefinitionsAsync(CancellationToken cancellationToken = default)
    {
        var texts = await ListIndexesAsync(cancellationToken).ConfigureAwait(false);
        var indexes = new List<FudgeIndexDefinition>(texts.Count);
        foreach (string text in texts) indexes.Add(new FudgeIndexDefinition(FudgePath.Compile(text)));
        return indexes;
    }

    /// <summary>Removes the index on <paramref name="path"/> alone; returns false when there was none.</summary>
    /// <param name="path">The indexed path.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<bool> DropIndexAsync(FudgePath path, CancellationToken cancellationToken = default);

    /// <summary>
    /// Lists the collection's declared indexes as their text (<see cref="FudgeIndexDefinition.Text"/>): a path alone for
    /// an index on one path, paths separated by <c>", "</c> for a composite, <c>unique </c> before a unique index.
    /// </summary>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<IReadOnlyList<string>> ListIndexesAsync(CancellationToken cancellationToken = default);
}
