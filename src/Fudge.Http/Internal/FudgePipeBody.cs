using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Http.Internal;

/// <summary>
/// Reads HTTP bodies of Fudge envelopes from a <see cref="PipeReader"/>, on the client (over the response stream) and
/// on the server (the request's own pipe). The envelope header is checked against
/// <see cref="FudgeReaderOptions.MaxMessageSize"/> as soon as its 8 bytes arrive, so no more than one envelope of at
/// most that size is ever held, whatever the body or its Content-Length claim. Offsets in the exceptions count from
/// the start of the body.
/// </summary>
internal static class FudgePipeBody
{
    /// <summary>Reads a body that must hold exactly one envelope.</summary>
    /// <exception cref="FudgeFormatException">The body is empty, ends inside the envelope, goes on after it, or is invalid.</exception>
    public static async ValueTask<T> ReadSingleAsync<T>(PipeReader reader, FudgeReaderOptions options, CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            var buffer = result.Buffer;
            if (IsLarge(buffer, options, out int large))
            {
                var read = await ReadLargeAsync<T>(reader, result, large, options, 0, single: true, cancellationToken).ConfigureAwait(false);
                await ExpectEndAsync(reader, large, cancellationToken).ConfigureAwait(false);
                return read;
            }
            if (TryTake(reader, result, ref buffer, options, 0, out T? value, out int size))
            {
                reader.AdvanceTo(buffer.Start);
                await ExpectEndAsync(reader, size, cancellationToken).ConfigureAwait(false);
                return value!;
            }
            if (result.IsCompleted)
            {
                long arrived = buffer.Length;
                reader.AdvanceTo(buffer.End);
                throw arrived == 0
                    ? new FudgeFormatException(0, "the body is empty; one Fudge envelope was expected")
                    : new FudgeFormatException(arrived, $"the body ends inside the envelope ({arrived} bytes of it arrived)");
            }
            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    /// <summary>Reads a body of any number of envelopes, one at a time, as they arrive.</summary>
    /// <exception cref="FudgeFormatException">An envelope is invalid or the body ends inside one.</exception>
    public static async IAsyncEnumerable<T> ReadManyAsync<T>(PipeReader reader, FudgeReaderOptions options,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        long consumed = 0;
        while (true)
        {
            var result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            var buffer = result.Buffer;
            if (IsLarge(buffer, options, out int large))
            {
                var read = await ReadLargeAsync<T>(reader, result, large, options, consumed, single: false, cancellationToken).ConfigureAwait(false);
                consumed += large;
                yield return read;
                continue;
            }
            if (TryTake(reader, result, ref buffer, options, consumed, out T? value, out int size))
            {
                reader.AdvanceTo(buffer.Start);
                consumed += size;
                yield return value!;
                continue;
            }
            if (result.IsCompleted)
            {
                long arrived = buffer.Length;
                reader.AdvanceTo(buffer.End);
                if (arrived == 0) yield break;
                throw new FudgeFormatException(consumed + arrived, $"the body ends inside an envelope ({arrived} bytes of it arrived)");
            }
            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    /// <summary>
    /// Takes and decodes the envelope at the front of <paramref name="buffer"/> when all of it is there. On an error
    /// the read is ended (a pipe left with a read outstanding cannot be drained or completed by its owner: the server
    /// would drop the connection instead of answering on it).
    /// </summary>
    private static bool TryTake<T>(PipeReader reader, in ReadResult result, ref ReadOnlySequence<byte> buffer, FudgeReaderOptions options, long bodyOffset, out T? value, out int size)
    {
        value = default;
        size = 0;
        try
        {
            if (!FudgeFraming.TryReadEnvelope(ref buffer, options, out var envelope)) return false;
            size = (int)envelope.Length;
            value = FudgeValueCodec<T>.Read(envelope, options);
            return true;
        }
        catch (FudgeFormatException e)
        {
            reader.AdvanceTo(result.Buffer.End);
            // The core counts from the start of the envelope; a client or a problem report wants the body's offset.
            if (bodyOffset == 0) throw;
            throw new FudgeFormatException(bodyOffset + e.Offset, e.Reason, e);
        }
    }

    /// <summary>
    /// Envelopes larger than this are gathered out of the pipe into an array of their own as they arrive, rather than
    /// left in the pipe until the last byte is in: the pipe's segments come from the server's (or the socket's)
    /// memory pool, which keeps what it once held, so eight 11 MB bodies at once left about 180 MB in Kestrel's pool
    /// for good. An ordinary array is the collector's to give back.
    /// </summary>
    internal const int LargeEnvelope = 1 << 20;

    /// <summary>The buffer starts with the header of an envelope over <see cref="LargeEnvelope"/> bytes that has not all arrived.</summary>
    private static bool IsLarge(in ReadOnlySequence<byte> buffer, FudgeReaderOptions options, out int size)
    {
        size = 0;
        if (buffer.Length < FudgeEnvelopeHeader.Size) return false;
        try
        {
            size = FudgeFraming.ReadDeclaredSize(buffer, options);
        }
        catch (FudgeFormatException)
        {
            return false;   // TryTake reports it, as for any envelope
        }
        return size > LargeEnvelope && buffer.Length < size;
    }

    /// <summary>
    /// Copies a large envelope out of the pipe as it arrives, into an array that grows by doubling with what has
    /// arrived (a header alone never makes the server allocate what it declares), then decodes it.
    /// </summary>
    private static async ValueTask<T> ReadLargeAsync<T>(PipeReader reader, ReadResult result, int size, FudgeReaderOptions options, long bodyOffset, bool single, CancellationToken cancellationToken)
    {
        var bytes = new byte[Math.Min(size, 2 * LargeEnvelope)];
        int filled = 0;
        while (true)
        {
            var buffer = result.Buffer;
            int take = (int)Math.Min(buffer.Length, size - filled);
            if (filled + take > bytes.Length) Array.Resize(ref bytes, (int)Math.Min(size, Math.Max(filled + (long)take, 2L * bytes.Length)));
            buffer.Slice(0, take).CopyTo(bytes.AsSpan(filled));
            filled += take;
            if (filled == size)
            {
                reader.AdvanceTo(buffer.GetPosition(take));
                break;
            }
            reader.AdvanceTo(buffer.End);
            if (result.IsCompleted)
                throw new FudgeFormatException(bodyOffset + filled, single
                    ? $"the body ends inside the envelope ({filled} bytes of it arrived)"
                    : $"the body ends inside an envelope ({filled} bytes of it arrived)");
            result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
        }
        try
        {
            return FudgeValueCodec<T>.Read(new ReadOnlySequence<byte>(bytes, 0, size), options);
        }
        catch (FudgeFormatException e) when (bodyOffset != 0)
        {
            throw new FudgeFormatException(bodyOffset + e.Offset, e.Reason, e);
        }
    }

    private static async ValueTask ExpectEndAsync(PipeReader reader, int envelopeSize, CancellationToken cancellationToken)
    {
        while (true)
        {
            var result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            long extra = result.Buffer.Length;
            reader.AdvanceTo(result.Buffer.End);
            if (extra != 0)
                throw new FudgeFormatException(envelopeSize, $"the body goes on after its envelope of {envelopeSize} bytes; one envelope was expected");
            if (result.IsCompleted) return;
        }
    }
}
