using System.Threading;
using System.Threading.Tasks;
using Npgsql;

namespace Fudge.Store.PostgreSql;

/// <summary>A transaction of a <see cref="PostgresFudgeStore"/>: the store's commands join it until it ends.</summary>
internal sealed class PostgresFudgeTransaction : IFudgeStoreTransaction
{
    private readonly PostgresFudgeStore _store;
    private readonly NpgsqlTransaction _transaction;
    private bool _ended;

    public PostgresFudgeTransaction(PostgresFudgeStore store, NpgsqlTransaction transaction)
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
