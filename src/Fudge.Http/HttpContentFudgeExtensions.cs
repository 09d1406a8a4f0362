using System;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Net.Http;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Http.Internal;

namespace Fudge.Http;

/// <summary>Reads Fudge bodies from <see cref="HttpContent"/>, as <c>System.Net.Http.Json</c> reads JSON.</summary>
public static class HttpContentFudgeExtensions
{
    /// <summary>
    /// Reads the body as one envelope of <typeparamref name="T"/>. The envelope header is checked against
    /// <see cref="FudgeReaderOptions.MaxMessageSize"/> before the rest is read, and so is a Content-Length, so an
    /// oversized body is refused without being received.
    /// </summary>
    /// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
    /// <param name="content">The body.</param>
    /// <param name="options">Limits; <see cref="FudgeReaderOptions.Default"/> when null.</param>
    /// <param name="cancellationToken">Cancels the read.</param>
    /// <exception cref="FudgeException">The content type is not a Fudge media type.</exception>
    /// <exception cref="FudgeFormatException">The body is not exactly one valid envelope, or breaks a limit; the offset counts from the start of the body.</exception>
    public static async Task<T> ReadFromFudgeAsync<T>(this HttpContent content, FudgeReaderOptions? options = null, CancellationToken cancellationToken = default)
    {
        options ??= FudgeReaderOptions.Default;
        CheckContent<T>(content);
        if (content.Headers.ContentLength is long length && length > options.MaxMessageSize)
            throw new FudgeFormatException(0, $"the body declares {length} bytes, more than the limit of {options.MaxMessageSize} (FudgeReaderOptions.MaxMessageSize)", null, true);
        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var reader = PipeReader.Create(stream);
        try
        {
            return await FudgePipeBody.ReadSingleAsync<T>(reader, options, cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            await reader.CompleteAsync().ConfigureAwait(false);
        }
    }

    /// <summary>
    /// Reads a body of many envelopes as they arrive: each value is yielded as soon as its last byte is in, and no
    /// more than one envelope is held at a time.
    /// </summary>
    /// <typeparam name="T">A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</typeparam>
    /// <param name="content">The body.</param>
    /// <param name="options">Limits, applied to each envelope.</param>
    /// <param name="cancellationToken">Cancels the enumeration.</param>
    /// <exception cref="FudgeException">The content type is not a Fudge media type.</exception>
    /// <exception cref="FudgeFormatException">An envelope is invalid, breaks a limit, or the body ends inside one.</exception>
    public static async IAsyncEnumerable<T> ReadFromFudgeAsAsyncEnumerable<T>(this HttpContent content, FudgeReaderOptions? options = null,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        options ??= FudgeReaderOptions.Default;
        CheckContent<T>(content);
        var stream = await content.ReadAsStreamAsync(cancellationToken).ConfigureAwait(false);
        var reader = PipeReader.Create(stream);
        try
        {
            await foreach (var value in FudgePipeBody.ReadManyAsync<T>(reader, options, cancellationToken).ConfigureAwait(false))
                yield return value;
        }
        finally
        {
            await reader.CompleteAsync().ConfigureAwait(false);
        }
    }

    private static void CheckContent<T>(HttpContent content)
    {
        if (content is null) throw new ArgumentNullException(nameof(content));
        if (!FudgeValueCodec<T>.IsSupported)
            throw new FudgeException($"{typeof(T)} cannot be a Fudge body: it is not a [FudgeMessage] type, FudgeMsg or FudgeEnvelope");
        string? mediaType = content.Headers.ContentType?.MediaType;
        if (!FudgeMediaTypes.IsFudge(mediaType))
            throw new FudgeException($"the body's content type is '{mediaType ?? "(none)"}', not {FudgeMediaTypes.Fudge} or {FudgeMediaTypes.FudgeLegacy}");
    }
}
