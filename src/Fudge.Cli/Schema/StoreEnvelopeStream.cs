using System;
using System.Collections.Generic;
using System.IO;
using Fudge.Cli.Input;
using Fudge.Cli.Store;
using Fudge.Store;

namespace Fudge.Cli.Schema;

/// <summary>
/// The documents of a store's collection (an SQLite file or a PostgreSQL URL, as <c>fudge store</c> and <c>fudge
/// serve</c> open them), in id order, as one read-only stream of concatenated envelopes: what <c>fudge store query</c>
/// writes, read one document at a time, so <c>fudge schema infer</c> and <c>check</c> take a store as they take a
/// file (byte offsets count through the documents in id order).
/// </summary>
internal sealed class StoreEnvelopeStream : ForwardReadStream
{
    private readonly IFudgeStore _store;
    private readonly IAsyncEnumerator<FudgeStoredDocument> _documents;
    private ReadOnlyMemory<byte> _current;
    private bool _ended;

    private StoreEnvelopeStream(IFudgeStore store, IAsyncEnumerator<FudgeStoredDocument> documents)
    {
        _store = store;
        _documents = documents;
    }

    /// <summary>True when <paramref name="path"/> names a store: a PostgreSQL URL or an SQLite file.</summary>
    public static bool IsStore(string path)
        => path.StartsWith("postgres://", StringComparison.OrdinalIgnoreCase) || path.StartsWith("postgresql://", StringComparison.OrdinalIgnoreCase)
           || File.Exists(path) && Serve.Sources.SourceOpener.IsSqlite(path);

    /// <summary>Opens the collection <paramref name="collection"/> of the store <paramref name="db"/>, which must hold it.</summary>
    /// <exception cref="CliException">No such collection.</exception>
    /// <exception cref="FudgeStoreException">The database refused to open.</exception>
    public static StoreEnvelopeStream Open(string db, string collection)
    {
        var store = StoreOpener.OpenAsync(db, create: false).GetAwaiter().GetResult();
        try
        {
            var opened = StoreOpener.ExistingCollectionAsync(store, collection).GetAwaiter().GetResult();
            return new StoreEnvelopeStream(store, opened.FindAsync().GetAsyncEnumerator());
        }
        catch
        {
            store.DisposeAsync().AsTask().GetAwaiter().GetResult();
            throw;
        }
    }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => Read(buffer.AsSpan(offset, count));

    /// <inheritdoc />
    public override int Read(Span<byte> buffer)
    {
        while (_current.IsEmpty)
        {
            if (_ended || !_documents.MoveNextAsync().AsTask().GetAwaiter().GetResult())
            {
                _ended = true;
                return 0;
            }
            _current = _documents.Current.Envelope;
        }
        int n = Math.Min(buffer.Length, _current.Length);
        _current.Span.Slice(0, n).CopyTo(buffer);
        _current = _current.Slice(n);
        return n;
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _documents.DisposeAsync().AsTask().GetAwaiter().GetResult();
            _store.DisposeAsync().AsTask().GetAwaiter().GetResult();
        }
        base.Dispose(disposing);
    }
}
