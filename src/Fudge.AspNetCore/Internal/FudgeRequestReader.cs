using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Http.Internal;
using Fudge.Json;
using Fudge.Serialization;
using Fudge.Xml;
using Microsoft.AspNetCore.Http;

namespace Fudge.AspNetCore.Internal;

/// <summary>
/// Reads request bodies into values, in any of the media types, under the reader limits. Every refusal is a
/// <see cref="FudgeBodyException"/> (400, 413 or 415); nothing is read past <see cref="FudgeReaderOptions.MaxMessageSize"/>.
/// </summary>
internal static class FudgeRequestReader
{
    public static async ValueTask<T> ReadAsync<T>(HttpRequest request, FudgeHttpSettings settings, CancellationToken cancellationToken)
    {
        var format = FudgeNegotiation.ForContentType(request.ContentType) ?? throw Unsupported(request.ContentType, stream: false);
        var limits = settings.ReaderOptions;
        // A body that announces more than one envelope may hold is refused before a byte of it is read.
        if (request.ContentLength is long declared && declared > limits.MaxMessageSize) throw FudgeBodyException.TooLarge(declared, limits.MaxMessageSize);
        try
        {
            if (format is FudgeBodyFormat.Fudge or FudgeBodyFormat.FudgeLegacy)
                return await FudgePipeBody.ReadSingleAsync<T>(request.BodyReader, limits, cancellationToken).ConfigureAwait(false);
            using var text = await ReadTextAsync(request.BodyReader, limits.MaxMessageSize, cancellationToken).ConfigureAwait(false);
            if (format == FudgeBodyFormat.Xml)
            {
                byte[] converted = FudgeXml.ToFudge(new MemoryStream(text.Buffer, 0, text.WrittenCount, writable: false), settings.Xml);
                try
                {
                    return FudgeValueCodec<T>.Read(new ReadOnlySequence<byte>(converted), limits);
                }
                catch (FudgeFormatException e)
                {
                    // As for JSON below: the element's line and position, not an offset in the converted envelope.
                    throw FudgeXml.LocateField(new MemoryStream(text.Buffer, 0, text.WrittenCount, writable: false), settings.Xml, e) is { } located
                        ? FudgeBodyException.From(located)
                        : FudgeBodyException.From(e);
                }
            }
            var json = format == FudgeBodyFormat.JsonLossless ? settings.LosslessJson : settings.PlainJson;
            byte[] envelope = FudgeJson.ToFudge(DecodeUtf8(text), json);
            try
            {
                return FudgeValueCodec<T>.Read(new ReadOnlySequence<byte>(envelope), limits);
            }
            catch (FudgeFormatException e)
            {
                // The offset is in the envelope converted from the text, which the client never saw: name the JSON
                // line, position and path of the field instead.
                throw FudgeJson.LocateField(new ReadOnlyMemory<byte>(text.Buffer, 0, text.WrittenCount), json, e) is { } located
                    ? FudgeBodyException.From(located)
                    : FudgeBodyException.From(e);
            }
        }
        catch (FudgeFormatException e) { throw FudgeBodyException.From(e); }
        catch (FudgeJsonException e) { throw FudgeBodyException.From(e); }
        catch (FudgeXmlException e) { throw FudgeBodyException.From(e); }
    }

    public static IAsyncEnumerable<T> ReadStream<T>(HttpRequest request, FudgeHttpSettings settings)
    {
        var format = FudgeNegotiation.ForContentType(request.ContentType);
        if (format is not (FudgeBodyFormat.Fudge or FudgeBodyFormat.FudgeLegacy)) throw Unsupported(request.ContentType, stream: true);
        return ReadStreamAsync<T>(request.BodyReader, settings.ReaderOptions, request.HttpContext.RequestAborted);
    }

    private static async IAsyncEnumerable<T> ReadStreamAsync<T>(PipeReader reader, FudgeReaderOptions limits, CancellationToken requestAborted,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        using var both = CancellationTokenSource.CreateLinkedTokenSource(requestAborted, cancellationToken);
        await using var envelopes = FudgePipeBody.ReadManyAsync<T>(reader, limits, both.Token).GetAsyncEnumerator(both.Token);
        while (true)
        {
            bool more;
            try
            {
                more = await envelopes.MoveNextAsync().ConfigureAwait(false);
            }
            catch (FudgeFormatException e)
            {
                throw FudgeBodyException.From(e);
            }
            if (!more) yield break;
            yield return envelopes.Current;
        }
    }

    /// <summary>Gathers a text body, counting as it goes: a body past the limit is refused when the limit is passed, whatever its Content-Length said.</summary>
    private static async Task<PooledBufferWriter> ReadTextAsync(PipeReader reader, int limit, CancellationToken cancellationToken)
    {
        var text = new PooledBufferWriter();
        try
        {
            while (true)
            {
                var result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
                long total = text.WrittenCount + result.Buffer.Length;
                if (total > limit)
                {
                    reader.AdvanceTo(result.Buffer.End);
                    throw FudgeBodyException.TooLarge(total, limit);
                }
                foreach (var segment in result.Buffer) text.Write(segment.Span);
                reader.AdvanceTo(result.Buffer.End);
                if (result.IsCompleted) return text;
            }
        }
        catch
        {
            text.Dispose();
            throw;
        }
    }

    private static string DecodeUtf8(PooledBufferWriter text)
    {
        try
        {
            return StrictUtf8.GetString(text.Buffer, 0, text.WrittenCount);
        }
        catch (DecoderFallbackException e)
        {
            throw new FudgeBodyException(StatusCodes.Status400BadRequest, $"the JSON body is not valid UTF-8 (byte {e.Index})", e.Index, innerException: e);
        }
    }

    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private static FudgeBodyException Unsupported(string? contentType, bool stream) => new(
        StatusCodes.Status415UnsupportedMediaType,
        $"the body's content type is '{contentType ?? "(none)"}'; accepted: "
        + (stream ? $"{FudgeMediaTypes.Fudge} or {FudgeMediaTypes.FudgeLegacy} (a stream of envelopes)" : string.Join(", ", FudgeNegotiation.MediaTypes)));
}
