using System;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Http.Internal;

namespace Fudge.Http;

/// <summary>
/// An HTTP body of many envelopes (<c>application/vnd.fudgemsg</c>), written as an
/// <see cref="IAsyncEnumerable{T}"/> yields them: no length is known, so the request goes out chunked, and whatever
/// is encoded is sent before waiting for the next value (a live feed is not held back to fill a buffer).
/// </summary>
/// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
public sealed class FudgeStreamContent<T> : HttpContent
{
    /// <summary>Encoded bytes beyond which they are sent even while the next value is ready at once.</summary>
    private const int FlushThreshold = 64 * 1024;

    private readonly IAsyncEnumerable<T> _values;
    private readonly FudgeWriterOptions? _options;

    /// <summary>A body that writes each value of <paramref name="values"/> as one envelope.</summary>
    /// <exception cref="FudgeException"><typeparamref name="T"/> cannot be a Fudge body.</exception>
    public FudgeStreamContent(IAsyncEnumerable<T> values, FudgeWriterOptions? options = null)
    {
        if (!FudgeValueCodec<T>.IsSupported)
            throw new FudgeException($"{typeof(T)} cannot be a Fudge body: it is not a [FudgeMessage] type, FudgeMsg or FudgeEnvelope");
        _values = values ?? throw new ArgumentNullException(nameof(values));
        _options = options;
        Headers.ContentType = new MediaTypeHeaderValue(FudgeMediaTypes.Fudge);
    }

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        => SerializeToStreamAsync(stream, context, CancellationToken.None);

    /// <inheritdoc />
    protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var writer = PipeWriter.Create(stream, new StreamPipeWriterOptions(leaveOpen: true));
        await using var values = _values.GetAsyncEnumerator(cancellationToken);
        long unflushed = 0;
        while (true)
        {
            var next = values.MoveNextAsync();
            if (!next.IsCompleted || unflushed >= FlushThreshold)
            {
                // The next value is not there yet (or much is waiting): send what is encoded before waiting for it.
                await writer.FlushAsync(cancellationToken).ConfigureAwait(false);
                unflushed = 0;
            }
            if (!await next.ConfigureAwait(false)) break;
            long before = writer.UnflushedBytes;
            FudgeValueCodec<T>.Write(writer, values.Current, _options);
            unflushed += writer.UnflushedBytes - before;
        }
        await writer.CompleteAsync().ConfigureAwait(false);
    }

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = 0;
        return false;
    }
}
