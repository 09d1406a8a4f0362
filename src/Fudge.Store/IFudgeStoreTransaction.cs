using System;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Store;

/// <summary>A transaction open on an <see cref="IFudgeStore"/>; disposing it without committing rolls it back.</summary>
public interface IFudgeStoreTransaction : IAsyncDisposable
{
    /// <summary>Makes every change made inside the transaction permanent.</summary>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask CommitAsync(CancellationToken cancellationToken = default);

    /// <summary>Discards every change made inside the transaction.</summary>
    /// <param name="cancellationToken">Cancels the operation.</param>
    ValueTask RollbackAsync(CancellationToken cancellationToken = default);
}
