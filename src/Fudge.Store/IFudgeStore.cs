using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Store;

/// <summary>
/// A database of Fudge documents grouped in named collections. Each document is kept as its exact envelope bytes:
/// what is inserted is what is read back, byte for byte.
/// </summary>
/// <remarks>
/// A store owns one database connection, like a <c>DbConnection</c>: it is not safe for concurrent operations.
/// Open one store per concurrent worker; the database itself arbitrates between them.
/// </remarks>
public interface IFudgeStore : IAsyncDisposable
{
    /// <summary>Opens the collection called <paramref name="name"/>, creating it when it does not exist.</summary>
    /// <param name="name">Any non-empty string; it never reaches SQL text unescaped.</param>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<IFudgeCollection> GetCollectionAsync(string name, CancellationToken cancellationToken = default);

    /// <summary>Lists the names of the collections in this store, in ordinal order.</summary>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask<IReadOnlyList<string>> ListCollectionsAsync(CancellationToken cancellationToken = default);

    /// <summary>
    /// Starts a transaction: every operation on this store's collections runs inside it until it is committed,
    /// rolled back or disposed (disposing without committing rolls back).
    /// </summary>
    /// <param name="cancellationToken">Cancels the operation.</param>
    /// <exception cref="FudgeStoreException">A transaction is already open on this store.</exception>
    ValueTask<IFudgeStoreTransaction> BeginTransactionAsync(CancellationToken cancellationToken = default);
}
