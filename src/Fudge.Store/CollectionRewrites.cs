using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Transforms;

namespace Fudge.Store;

/// <summary>The stores' <see cref="IFudgeCollection.UpdateAsync"/>: read, transform, write back, in one transaction.</summary>
internal static class CollectionRewrites
{
    /// <summary>
    /// Transforms every document <paramref name="read"/> gives and writes each back with
    /// <see cref="IFudgeCollection.ReplaceAsync"/> once the read is done (SQLite must not see rows change under an open
    /// cursor of the same table), all in one transaction: the store's open one when <paramref name="joined"/>, else one
    /// begun here and committed at the end. Returns how many documents were rewritten.
    /// </summary>
    public static async ValueTask<long> TransformAsync(IFudgeStore store, bool joined, IFudgeCollection collection,
        Func<IAsyncEnumerable<FudgeStoredDocument>> read, FudgeTransform transform, CancellationToken cancellationToken)
    {
        IFudgeStoreTransaction? own = joined ? null : await store.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var rewritten = new List<(long Id, byte[] Envelope)>();
            await foreach (var document in read().ConfigureAwait(false))
                rewritten.Add((document.Id, transform.Apply(document.Envelope)));
            foreach (var (id, envelope) in rewritten) await collection.ReplaceAsync(id, envelope, cancellationToken).ConfigureAwait(false);
            if (own is not null) await own.CommitAsync(cancellationToken).ConfigureAwait(false);
            return rewritten.Count;
        }
        finally
        {
            if (own is not null) await own.DisposeAsync().ConfigureAwait(false);
        }
    }
}
