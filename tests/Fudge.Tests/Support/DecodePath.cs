using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;

namespace Fudge.Tests.Support;

/// <summary>
/// One public way of turning bytes into Fudge data. The hostile-input tests run every input through every path,
/// because each path frames and buffers the bytes differently before the reader sees them.
/// </summary>
public sealed class DecodePath
{
    private readonly Func<ReadOnlyMemory<byte>, FudgeReaderOptions?, int> _decode;

    private DecodePath(string name, Func<ReadOnlyMemory<byte>, FudgeReaderOptions?, int> decode)
    {
        Name = name;
        _decode = decode;
    }

    /// <summary>Short name shown in test results.</summary>
    public string Name { get; }

    /// <summary>Decodes <paramref name="input"/> completely; returns the number of envelopes or fields seen.</summary>
    public int Decode(ReadOnlyMemory<byte> input, FudgeReaderOptions? options = null) => _decode(input, options);

    /// <inheritdoc/>
    public override string ToString() => Name;

    /// <summary><see cref="FudgeEnvelope.Parse(ReadOnlySpan{byte}, FudgeReaderOptions?)"/>.</summary>
    public static DecodePath SpanParse { get; } = new("FudgeEnvelope.Parse(span)", (bytes, options) => FudgeEnvelope.Parse(bytes.Span, options).Message.Count);

    /// <summary>
    /// <see cref="FudgeEnvelope.Parse(ReadOnlySpan{byte}, FudgeReaderOptions?)"/>, after which an accepted envelope must
    /// print, hash, re-encode and decode again to an equal envelope: accepted hostile data is used like any other.
    /// Not in <see cref="All"/>: it costs several times a plain parse.
    /// </summary>
    public static DecodePath ParseAndReuse { get; } = new("FudgeEnvelope.Parse(span), then reuse", (bytes, options) => UseDecoded(FudgeEnvelope.Parse(bytes.Span, options)));

    /// <summary><see cref="FudgeEnvelope.Parse(in ReadOnlySequence{byte}, FudgeReaderOptions?)"/> over one segment.</summary>
    public static DecodePath SequenceParse { get; } = new("FudgeEnvelope.Parse(sequence)",
        (bytes, options) => FudgeEnvelope.Parse(new ReadOnlySequence<byte>(bytes), options).Message.Count);

    /// <summary>The sequence overload over several segments; the first cut falls inside the envelope header.</summary>
    public static DecodePath MultiSegmentParse { get; } = new("FudgeEnvelope.Parse(multi-segment sequence)",
        (bytes, options) => FudgeEnvelope.Parse(Segments.Split(bytes, 3, 9, bytes.Length / 2), options).Message.Count);

    /// <summary>A raw <see cref="FudgeReader"/> walk that enters every sub-message and calls every matching getter.</summary>
    public static DecodePath RawReader { get; } = new("FudgeReader walk", (bytes, options) => RawWalker.WalkEnvelope(bytes.Span, options));

    /// <summary><see cref="FudgeStreamReader.ReadAll"/> over a stream that delivers 3 bytes, then at most 509, per read.</summary>
    public static DecodePath StreamSync { get; } = new("FudgeStreamReader.ReadAll", (bytes, options) =>
    {
        using var reader = new FudgeStreamReader(new TricklingStream(bytes, 509), options);
        int count = 0;
        foreach (var _ in reader.ReadAll()) count++;
        return count;
    });

    /// <summary><see cref="FudgeStreamReader.ReadAllAsync"/> over a stream that delivers 3 bytes, then at most 509, per read.</summary>
    public static DecodePath StreamAsync { get; } = new("FudgeStreamReader.ReadAllAsync", (bytes, options) => CountAsync(bytes, options).GetAwaiter().GetResult());

    /// <summary><see cref="FudgePipeExtensions.ReadFudgeEnvelopeAsync"/> over a pipe holding the bytes in several segments.</summary>
    public static DecodePath PipeReader { get; } = new("PipeReader.ReadFudgeEnvelopeAsync", (bytes, options) => DrainPipeAsync(bytes, options).GetAwaiter().GetResult());

    /// <summary>True for the paths that read a sequence of envelopes, for which empty input is a clean end (no envelopes).</summary>
    public bool ReadsManyEnvelopes => this == StreamSync || this == StreamAsync || this == PipeReader;

    /// <summary>Every path.</summary>
    public static IReadOnlyList<DecodePath> All { get; } = new[] { SpanParse, SequenceParse, MultiSegmentParse, RawReader, StreamSync, StreamAsync, PipeReader };

    private static int UseDecoded(FudgeEnvelope envelope)
    {
        _ = envelope.ToString();
        _ = envelope.GetHashCode();
        FudgeEnvelope again;
        try
        {
            again = FudgeEnvelope.Parse(envelope.ToByteArray());
        }
        catch (FudgeFormatException e)
        {
            // Not a rejection of the input: the writer produced bytes the reader refuses.
            throw new InvalidOperationException("An accepted envelope re-encoded to bytes that do not decode.", e);
        }
        if (!again.Equals(envelope)) throw new InvalidOperationException($"An accepted envelope re-encoded to a different one:\n{envelope}\n{again}");
        return envelope.Message.Count;
    }

    private static async Task<int> CountAsync(ReadOnlyMemory<byte> bytes, FudgeReaderOptions? options)
    {
        using var reader = new FudgeStreamReader(new TricklingStream(bytes, 509), options);
        int count = 0;
        await foreach (var _ in reader.ReadAllAsync()) count++;
        return count;
    }

    private static async Task<int> DrainPipeAsync(ReadOnlyMemory<byte> bytes, FudgeReaderOptions? options)
    {
        // The header is written on its own and the rest in 4 KiB pieces, so envelopes straddle segment boundaries.
        var pipe = new Pipe(new PipeOptions(pauseWriterThreshold: 0, useSynchronizationContext: false));
        for (int offset = 0, n = Math.Min(5, bytes.Length); offset < bytes.Length; offset += n, n = Math.Min(4096, bytes.Length - offset))
        {
            bytes.Span.Slice(offset, n).CopyTo(pipe.Writer.GetSpan(n));
            pipe.Writer.Advance(n);
        }
        await pipe.Writer.FlushAsync().ConfigureAwait(false);
        await pipe.Writer.CompleteAsync().ConfigureAwait(false);
        int count = 0;
        while (await pipe.Reader.ReadFudgeEnvelopeAsync(options).ConfigureAwait(false) is not null) count++;
        return count;
    }
}
