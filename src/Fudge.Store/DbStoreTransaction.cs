using System;
using System.Data.Common;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Store;

/// <summary>
/// A store transaction over an ADO.NET transaction: ends once (commit, rollback, or rollback on dispose) and then
/// tells its store, whose commands stop joining it.
/// </summary>
internal sealed class DbStoreTransaction : IFudgeStoreTransaction
{
    private readonly DbTransaction _transaction;
    private readonly Action<DbTransaction> _ended;
    private bool _done;
    private bool _disposed;

    public DbStoreTransaction(DbTransaction transaction, Action<DbTransaction> ended)
    {
        _transaction = transaction;
        _ended = ended;
    }

    public async ValueTask CommitAsync(CancellationToken cancellationToken = default)
    {
        Ensure();
        await _transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
        End();
    }

    public async ValueTask RollbackAsync(CancellationToken cancellationToken = default)
    {
        Ensure();
        await _transaction.RollbackAsync(cancellationToken).ConfigureAwait(false);
        End();
    }

    public async ValueTask DisposeAsync()
    {
        // Once only: a second rollback or dispose of the ADO.NET transaction would reach a finished transaction.
        if (_disposed) return;
        _disposed = true;
        if (!_done) await _transaction.RollbackAsync().ConfigureAwait(false);
        End();
        await _transaction.DisposeAsync().ConfigureAwait(false);
    }

    private void Ensure()
    {
        if (_done) throw new FudgeStoreException("The transaction has already been committed or rolled back.");
    }

    private void End()
    {
        _done = true;
        _ended(_transaction);
    }
}
