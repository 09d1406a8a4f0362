using System;
using System.Collections.Generic;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Cli.Store;
using Fudge.Query;
using Fudge.Store;

namespace Fudge.Cli.Serve.Sources;

/// <summary>
/// A collection of a <c>fudge store</c> database (an SQLite file or a PostgreSQL URL). The database pages, filters and
/// counts (the filter runs inside it, using its indexes); envelope ids are the documents' ids. A store serves one
/// operation at a time, so requests take turns.
/// </summary>
internal sealed class StoreMessageSource : IMessageSource
{
    private readonly IFudgeStore _store;
    private readonly IFudgeCollection _collection;
    private readonly SemaphoreSlim _turn = new(1, 1);
    private readonly long _count;

    private StoreMessageSource(IFudgeStore store, IFudgeCollection collection, long count, string description)
    {
        _store = store;
        _collection = collection;
        _count = count;
        Description = description;
    }

    /// <summary>Opens <paramref name="collection"/> of the store <paramref name="db"/>, which must exist.</summary>
    /// <exception cref="CliException">No store at <paramref name="db"/>, or no such collection in it.</exception>
    /// <exception cref="FudgeStoreException">The database refused to open.</exception>
    public static async Task<StoreMessageSource> OpenAsync(string db, string collection)
    {
        var store = await StoreOpener.OpenAsync(db, create: false).ConfigureAwait(false);
        try
        {
            var opened = await StoreOpener.ExistingCollectionAsync(store, collection).ConfigureAwait(false);
            long count = await opened.CountAsync((FudgeFilter?)null).ConfigureAwait(false);
            return new StoreMessageSource(store, opened, count, $"{Shown(db)}, collection '{collection}'");
        }
        catch
        {
            await store.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    // A PostgreSQL URL is shown without its user and password.
    private static string Shown(string db)
        => Uri.TryCreate(db, UriKind.Absolute, out var uri) && uri.Scheme.StartsWith("postgres", StringComparison.OrdinalIgnoreCase)
            ? $"{uri.Scheme}://{uri.Host}:{uri.Port}{uri.AbsolutePath}"
            : System.IO.Path.GetFileName(db);

    /// <inheritdoc />
    public string Description { get; }

    /// <inheritdoc />
    public string Kind => "store";

    /// <inheritdoc />
    public SourceStatus Status => new(_count, true, null);

    /// <inheritdoc />
    public async ValueTask<SourcePage> GetPageAsync(FudgeFilter? filter, long skip, int take, CancellationToken cancellationToken)
    {
        await _turn.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var query = new FudgeQuery { Where = filter, Skip = (int)Math.Min(skip, int.MaxValue), Limit = take };
            var messages = new List<SourceMessage>(take);
            await foreach (var document in _collection.FindAsync(query, cancellationToken).ConfigureAwait(false))
                messages.Add(Message(document));
            long total = filter is null ? _count : await _collection.CountAsync(filter, cancellationToken).ConfigureAwait(false);
            return new SourcePage(messages, total, total);
        }
        finally
        {
            _turn.Release();
        }
    }

    /// <inheritdoc />
    public async ValueTask<SourceMessage?> GetAsync(long id, CancellationToken cancellationToken)
    {
        await _turn.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            var document = await _collection.GetAsync(id, cancellationToken).ConfigureAwait(false);
            return document is null ? null : Message(document);
        }
        finally
        {
            _turn.Release();
        }
    }

    /// <inheritdoc />
    public async IAsyncEnumerable<SourceMessage> ReadAllAsync(FudgeFilter? filter, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        await _turn.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            await foreach (var document in _collection.FindAsync(new FudgeQuery { Where = filter }, cancellationToken).ConfigureAwait(false))
                yield return Message(document);
        }
        finally
        {
            _turn.Release();
        }
    }

    private static SourceMessage Message(FudgeStoredDocument document) => new(document.Id, null, 0, document.Envelope);

    /// <inheritdoc />
    public async ValueTask DisposeAsync()
    {
        await _store.DisposeAsync().ConfigureAwait(false);
        _turn.Dispose();
    }
}
