using System.Threading;
using System.Threading.Tasks;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

/// <summary>A transaction of a <see cref="SqliteFudgeStore"/>: the store's commands join it until it ends.</summary>
internal sealed class SqliteFudgeTransaction : IFudgeStoreTransaction
{
    private readonly SqliteFudgeStore _store;
    private readonly SqliteTransaction _transaction;
    private bool _ended;

    public SqliteFudgeTransaction(SqliteFudgeStore store, SqliteTransaction transaction)
    {
        _store = store;
        _transaction = transaction;
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
        if (!_ended) await _transaction.RollbackAsync().ConfigureAwait(false);
        End();
        await _transaction.DisposeAsync().ConfigureAwait(false);
    }

    private void Ensure()
    {
        if (_ended) throw new FudgeStoreException("The transaction has already been committed or rolled back.");
    }

    private void End()
    {
        _ended = true;
        _store.EndTransaction(_transaction);
    }
}
