using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO.Pipelines;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge;

/// <summary>Reading and writing envelopes on <see cref="PipeReader"/> and <see cref="PipeWriter"/>.</summary>
public static class FudgePipeExtensions
{
    /// <summary>
    /// Reads the next envelope from a pipe; null when the pipe completes exactly between envelopes.
    /// </summary>
    /// <exception cref="FudgeFormatException">
    /// The pipe completes inside an envelope, or the data is malformed. The offset counts from the start of the envelope
    /// being read (a pipe has no position; <see cref="FudgeStreamReader"/> reports stream offsets). The pipe stays
    /// readable: a malformed envelope whose header is valid has been consumed, so reading again continues with the next one.
    /// </exception>
    public static async ValueTask<FudgeEnvelope?> ReadFudgeEnvelopeAsync(this PipeReader reader, FudgeReaderOptions? options = null, CancellationToken cancellationToken = default)
    {
        options ??= FudgeReaderOptions.Default;
        while (true)
        {
            var result = await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            var buffer = result.Buffer;
            bool decoded;
            FudgeEnvelope? envelope;
            try
            {
                decoded = TryDecode(ref buffer, options, out envelope);
            }
            catch (FudgeFormatException)
            {
                // Keep the pipe readable. An envelope whose header framed it is consumed, so the next read moves on to the
                // next envelope (as FudgeStreamReader does); a bad header is not, so reading again repeats the error.
                reader.AdvanceTo(buffer.Start);
                throw;
            }
            if (decoded)
            {
                reader.AdvanceTo(buffer.Start);
                return envelope;
            }
            if (result.IsCompleted)
            {
                long remaining = buffer.Length;
                reader.AdvanceTo(buffer.End);
                if (remaining == 0) return null;
                throw new FudgeFormatException(remaining, $"the pipe completed inside an envelope ({remaining} bytes of it arrived)");
            }
            reader.AdvanceTo(buffer.Start, buffer.End);
        }
    }

    /// <summary>Every envelope until the pipe completes.</summary>
    public static async IAsyncEnumerable<FudgeEnvelope> ReadFudgeEnvelopesAsync(this PipeReader reader, FudgeReaderOptions? options = null,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        while (await reader.ReadFudgeEnvelopeAsync(options, cancellationToken).ConfigureAwait(false) is { } envelope) yield return envelope;
    }

    private static bool TryDecode(ref ReadOnlySequence<byte> buffer, FudgeReaderOptions options, out FudgeEnvelope? envelope)
    {
        envelope = null;
        if (!FudgeFraming.TryReadEnvelope(ref buffer, options, out var bytes)) return false;
        if (bytes.IsSingleSegment)
        {
            envelope = FudgeEnvelope.Parse(bytes.First.Span, options);
            return true;
        }
        // An envelope spread over the pipe's segments is decoded from one contiguous copy. The decoded message keeps
        // nothing of it (values are copied out), so the copy comes from the pool rather than costing the envelope's
        // size again on every read.
        int length = checked((int)bytes.Length);
        byte[] contiguous = ArrayPool<byte>.Shared.Rent(length);
        try
        {
            bytes.CopyTo(contiguous);
            envelope = FudgeEnvelope.Parse(contiguous.AsSpan(0, length), options);
        }
        finally
        {
            ArrayPool<byte>.Shared.Return(contiguous);
        }
        return true;
    }

    /// <summary>Encodes an envelope straight into the pipe's memory and flushes it.</summary>
    public static ValueTask<FlushResult> WriteFudgeEnvelopeAsync(this PipeWriter writer, FudgeEnvelope envelope, IFudgeTaxonomy? taxonomy = null, CancellationToken cancellationToken = default)
    {
        envelope.WriteTo(writer, taxonomy);
        return writer.FlushAsync(cancellationToken);
    }
}
