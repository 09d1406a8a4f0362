using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Fudge.Http.Internal;
using Fudge.Json;
using Fudge.Serialization;
using Fudge.Xml;
using Microsoft.AspNetCore.Http;

namespace Fudge.AspNetCore.Internal;

/// <summary>
/// Writes values as response bodies. A Fudge body is encoded straight into the response's <see cref="System.IO.Pipelines.PipeWriter"/>
/// (no intermediate array); JSON and XML are rendered from the encoded envelope, as the conversions of the rest of the
/// library do, so every media type shows the same fields.
/// </summary>
internal static class FudgeResponseWriter
{
    /// <summary>Encoded bytes of a stream sent at once even while further values are ready.</summary>
    private const int StreamFlushThreshold = 64 * 1024;

    /// <summary>
    /// A Fudge body larger than this is sent 64 KiB at a time, each piece flushed, instead of being left whole in the
    /// response pipe: the pipe's memory comes from the server's pool, which keeps what it once held.
    /// </summary>
    private const int LargeBody = 1 << 20;

    public static Task WriteAsync<T>(HttpResponse response, T value, FudgeBodyFormat format, FudgeHttpSettings settings)
    {
        response.ContentType = FudgeNegotiation.ContentTypeOf(format);
        PooledBufferWriter? envelope = new PooledBufferWriter();
        try
        {
            FudgeValueCodec<T>.Write(envelope, value, settings.WriterOptions);
            if (format is FudgeBodyFormat.Fudge or FudgeBodyFormat.FudgeLegacy)
            {
                if (envelope.WrittenCount > LargeBody)
                {
                    var large = envelope;
                    envelope = null;
                    return WriteLargeAsync(response, large);
                }
                // Left in the response pipe, not flushed: the headers are still open, so the length becomes the
                // Content-Length (no chunked framing), and the server sends it all when the handler returns.
                response.ContentLength = envelope.WrittenCount;
                response.BodyWriter.Write(envelope.WrittenSpan);
                return Task.CompletedTask;
            }
            return WriteTextAsync(response, envelope, format, settings);
        }
        finally
        {
            envelope?.Dispose();
        }
    }

    /// <summary>A large envelope (a plain array, never pooled), sent in flushed pieces under its Content-Length.</summary>
    private static async Task WriteLargeAsync(HttpResponse response, PooledBufferWriter envelope)
    {
        using (envelope)
        {
            response.ContentLength = envelope.WrittenCount;
            var aborted = response.HttpContext.RequestAborted;
            for (int at = 0; at < envelope.WrittenCount; at += StreamFlushThreshold)
            {
                int length = Math.Min(StreamFlushThreshold, envelope.WrittenCount - at);
                var flushed = await response.BodyWriter.WriteAsync(new ReadOnlyMemory<byte>(envelope.Buffer, at, length), aborted).ConfigureAwait(false);
                if (flushed.IsCompleted || flushed.IsCanceled) return;    // the client has gone
            }
        }
    }

    private static Task WriteTextAsync(HttpResponse response, PooledBufferWriter envelope, FudgeBodyFormat format, FudgeHttpSettings settings)
    {
        // Rendered aside, so that a value plain JSON cannot carry (a NaN or an infinity) is answered 406 whole,
        // rather than failing with part of a document in the response pipe.
        using var text = new PooledBufferWriter(Math.Max(256, envelope.WrittenCount * 2));
        try
        {
            WriteText(text, envelope.WrittenSpan, format, settings);
        }
        catch (NonFiniteNumberException e)
        {
            return FudgeProblemDetails.WriteAsync(response.HttpContext, StatusCodes.Status406NotAcceptable,
                e.Message + $"; acceptable: {FudgeMediaTypes.Fudge}, application/json; mode=lossless, application/xml");
        }
        response.BodyWriter.Write(text.WrittenSpan);
        return Task.CompletedTask;
    }

    /// <summary>
    /// Writes a stream of values as envelopes back to back (Fudge) or a JSON array, sending what is encoded whenever the
    /// next value is not ready at once (a live feed is never held back) or 64 KiB wait. Stops quietly when the client
    /// goes away; a failing source aborts the connection, so a client never takes a cut stream for a whole one.
    /// </summary>
    public static async Task WriteStreamAsync<T>(HttpContext context, IAsyncEnumerable<T> values, FudgeBodyFormat format, FudgeHttpSettings settings)
    {
        var response = context.Response;
        response.ContentType = FudgeNegotiation.ContentTypeOf(format);
        var output = response.BodyWriter;
        bool json = format is FudgeBodyFormat.Json or FudgeBodyFormat.JsonLossless;
        var aborted = context.RequestAborted;
        using var envelope = new PooledBufferWriter();
        using var text = new PooledBufferWriter(json ? 1024 : 16);
        long unflushed = 0;
        bool first = true;
        if (json) unflushed += Write(output, "["u8);
        try
        {
            await using var items = values.GetAsyncEnumerator(aborted);
            while (true)
            {
                var next = items.MoveNextAsync();
                if (!next.IsCompleted || unflushed >= StreamFlushThreshold)
                {
                    var flushed = await output.FlushAsync(aborted).ConfigureAwait(false);
                    if (flushed.IsCompleted || flushed.IsCanceled) return;    // the client has gone
                    unflushed = 0;
                }
                if (!await next.ConfigureAwait(false)) break;
                envelope.Clear();
                FudgeValueCodec<T>.Write(envelope, items.Current, settings.WriterOptions);
                if (!json)
                {
                    unflushed += Write(output, envelope.WrittenSpan);
                    continue;
                }
                if (!first) unflushed += Write(output, ","u8);
                first = false;
                // Rendered aside first, to know how many bytes wait to be sent.
                text.Clear();
                WriteText(text, envelope.WrittenSpan, format, settings);
                unflushed += Write(output, text.WrittenSpan);
            }
            if (json) Write(output, "]"u8);
        }
        catch (OperationCanceledException) when (aborted.IsCancellationRequested)
        {
            // The client disconnected midway: nothing is left to answer.
        }
    }

    private static int Write(IBufferWriter<byte> output, ReadOnlySpan<byte> bytes)
    {
        output.Write(bytes);
        return bytes.Length;
    }

    private static void WriteText(IBufferWriter<byte> output, ReadOnlySpan<byte> envelope, FudgeBodyFormat format, FudgeHttpSettings settings)
    {
        if (format == FudgeBodyFormat.Xml)
        {
            var xml = new MemoryStream();
            FudgeXml.WriteXml(envelope, xml, settings.Xml);
            output.Write(xml.GetBuffer().AsSpan(0, (int)xml.Length));
            return;
        }
        FudgeJson.WriteJson(envelope, output, format == FudgeBodyFormat.JsonLossless ? settings.LosslessJson : settings.PlainJson);
    }
}
