using System;
using System.Buffers;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Json;

namespace Fudge.Cli.Conversion;

/// <summary>
/// Compact JSON Lines from an envelope stream, converted on every core: envelopes are copied into batches of about
/// 256 KiB, each batch is converted on the thread pool while the next ones are read, and the text is written in input
/// order. A few batches are in flight at once, so memory stays bounded whatever the input's size. A malformed envelope
/// stops the run after every line before it has been written, as the sequential form does.
/// </summary>
internal sealed class ParallelJsonLines
{
    private const int BatchBytes = 256 * 1024;
    private readonly FudgeJsonSettings _settings;
    private readonly int _inFlight;
    // Batches and text buffers go round in a loop: allocating them per batch would put a large array on the large
    // object heap every few milliseconds, and the collections that follow cost more than the second core brings.
    private readonly ConcurrentBag<Batch> _spareBatches = new();
    private readonly ConcurrentBag<ArrayBufferWriter<byte>> _spareText = new();

    public ParallelJsonLines(FudgeJsonSettings settings, int workers)
    {
        _settings = settings;
        _inFlight = Math.Max(1, workers) * 2;
    }

    /// <summary>Converts every envelope; returns the number converted.</summary>
    /// <exception cref="FudgeFormatException">An envelope is malformed (every line before it has been written).</exception>
    public int Run(EnvelopeInput input, Stream output, ProgressReporter progress)
    {
        var pending = new Queue<Task<BatchText>>();
        var batch = NewBatch();
        int count = 0;
        while (input.TryRead(out var envelope))
        {
            batch.Add(envelope);
            if (batch.Size < BatchBytes) continue;
            var full = batch;
            pending.Enqueue(Task.Run(() => Convert(full)));
            batch = NewBatch();
            while (pending.Count >= _inFlight) count += WriteOldest(pending, output, progress, input.Position);
        }
        if (batch.Count > 0) pending.Enqueue(Task.FromResult(Convert(batch)));
        while (pending.Count > 0) count += WriteOldest(pending, output, progress, input.Position);
        return count;
    }

    private Batch NewBatch()
    {
        if (!_spareBatches.TryTake(out var batch)) return new Batch();
        batch.Clear();
        return batch;
    }

    private int WriteOldest(Queue<Task<BatchText>> pending, Stream output, ProgressReporter progress, long position)
    {
        var text = pending.Dequeue().GetAwaiter().GetResult();
        output.Write(text.Utf8.WrittenSpan);
        if (text.Error is not null) throw text.Error;
        text.Utf8.ResetWrittenCount();
        _spareText.Add(text.Utf8);
        progress.Report(text.LastIndex + 1, position);
        return text.Count;
    }

    private BatchText Convert(Batch batch)
    {
        if (!_spareText.TryTake(out var text)) text = new ArrayBufferWriter<byte>(batch.Size * 2);
        for (int i = 0; i < batch.Count; i++)
        {
            var envelope = batch.Envelope(i);
            int before = text.WrittenCount;
            try
            {
                FudgeJson.WriteJson(envelope.Bytes.Span, text, _settings);
            }
            catch (FudgeFormatException e)
            {
                return new BatchText(Truncated(text, before), i, envelope.Index - 1, EnvelopeInput.Locate(envelope, e));
            }
            text.Write("\n"u8);
        }
        var converted = new BatchText(text, batch.Count, batch.Envelope(batch.Count - 1).Index, null);
        _spareBatches.Add(batch);
        return converted;
    }

    /// <summary>The lines before a failed envelope (a large one may have left part of its text).</summary>
    private static ArrayBufferWriter<byte> Truncated(ArrayBufferWriter<byte> text, int length)
    {
        var lines = new ArrayBufferWriter<byte>(Math.Max(1, length));
        lines.Write(text.WrittenSpan.Slice(0, length));
        return lines;
    }

    /// <summary>A batch's text, how many envelopes it holds, the index of the last, and the error that ended it early.</summary>
    private sealed record BatchText(ArrayBufferWriter<byte> Utf8, int Count, int LastIndex, FudgeFormatException? Error);

    /// <summary>Envelopes copied out of the input (whose buffer is reused) into one array.</summary>
    private sealed class Batch
    {
        private readonly List<(int Index, long Offset, int Start, int Length)> _envelopes = new();
        private byte[] _bytes = new byte[BatchBytes + 4096];

        public int Size { get; private set; }

        public int Count => _envelopes.Count;

        public void Clear()
        {
            _envelopes.Clear();
            Size = 0;
        }

        public void Add(in InputEnvelope envelope)
        {
            int length = envelope.Bytes.Length;
            if (_bytes.Length - Size < length) Array.Resize(ref _bytes, Math.Max(_bytes.Length * 2, Size + length));
            envelope.Bytes.Span.CopyTo(_bytes.AsSpan(Size));
            _envelopes.Add((envelope.Index, envelope.Offset, Size, length));
            Size += length;
        }

        public InputEnvelope Envelope(int i)
        {
            var (index, offset, start, length) = _envelopes[i];
            return new InputEnvelope(index, offset, _bytes.AsMemory(start, length));
        }
    }
}
