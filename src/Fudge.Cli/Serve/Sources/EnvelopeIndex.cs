using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.Win32.SafeHandles;

namespace Fudge.Cli.Serve.Sources;

/// <summary>One file the index reads: its name as shown, its open handle and its length when opened.</summary>
internal sealed record IndexedFile(string Name, SafeFileHandle Handle, long Length);

/// <summary>Where one envelope sits: the file (position in <see cref="EnvelopeIndex.Files"/>), its offset and its size.</summary>
internal readonly record struct IndexEntry(int File, long Offset, int Size);

/// <summary>
/// The offsets of the envelopes in one or more files, found in the background by reading only their 8-byte headers,
/// so that the first page of a file of a million envelopes is shown as soon as its envelopes are found, not after the
/// whole file has been read. A framing error (a size that cannot be right) ends that file's index and is reported.
/// A single file can be watched (EnvelopeIndex.Watch.cs): growth is indexed as it arrives (<c>--follow</c>), and a file
/// that shrinks or is replaced is read again from its start as a new generation.
/// </summary>
internal sealed partial class EnvelopeIndex : IDisposable
{
    // Headers are read from blocks of this size; an envelope larger than a block is passed over by a seek.
    private const int BlockSize = 1 << 20;

    private readonly object _gate = new();
    private readonly List<long> _offsets = new();
    private readonly List<int> _sizes = new();
    private readonly List<int> _fileStarts = new(); // index of each file's first entry
    private readonly List<string> _errors = new();
    private readonly FudgeReaderOptions _options;
    private readonly CancellationTokenSource _stop = new();
    private TaskCompletionSource _grown = NewSignal();
    private bool _complete;
    private readonly Task _reading;
    private IndexedFile[] _files;

    /// <summary>
    /// Starts indexing <paramref name="files"/> in order, in the background. With <paramref name="watch"/> (one file
    /// only), the file at that path is watched for as long as the index lives (see <see cref="FileWatch"/>).
    /// </summary>
    public EnvelopeIndex(IReadOnlyList<IndexedFile> files, FudgeReaderOptions options, FileWatch? watch = null)
    {
        if (watch is not null && files.Count != 1) throw new ArgumentException("only a single file is watched", nameof(watch));
        _files = new List<IndexedFile>(files).ToArray();
        _options = options;
        _watch = watch;
        _reading = Task.Run(ReadAll);
    }

    /// <summary>The files, in list order (a watched file's entry is replaced when the file at its path is).</summary>
    public IReadOnlyList<IndexedFile> Files => Volatile.Read(ref _files);

    /// <summary>Envelopes found so far, whether that is all of them (so far, for a followed file), and the framing errors found.</summary>
    public SourceStatus Status
    {
        get
        {
            lock (_gate)
                return new SourceStatus(_offsets.Count, _complete || _idle, _errors.Count == 0 ? null : string.Join("; ", _errors),
                    _watch?.Follow ?? false, _generation, _notice);
        }
    }

    /// <summary>Waits until at least <paramref name="count"/> envelopes are known or the index is complete; returns how many are known.</summary>
    public async Task<long> WaitForAsync(long count, CancellationToken cancellationToken)
    {
        while (true)
        {
            Task grown;
            lock (_gate)
            {
                if (_offsets.Count >= count || _complete || _idle) return _offsets.Count;
                grown = _grown.Task;
            }
            await grown.WaitAsync(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Copies the entries from <paramref name="first"/> on (at most <paramref name="count"/>) that are known now.</summary>
    public IndexEntry[] Entries(long first, int count) => Entries(first, count, out _);

    /// <summary>
    /// As <see cref="Entries(long, int)"/>, with the files those entries were found in, taken together: a file
    /// replaced meanwhile (a new generation) is not read at the old generation's offsets, the old one is (its handle
    /// stays open until the index is disposed).
    /// </summary>
    public IndexEntry[] Entries(long first, int count, out IReadOnlyList<IndexedFile> files)
    {
        lock (_gate)
        {
            files = _files;
            long available = Math.Max(0, Math.Min(count, _offsets.Count - first));
            var entries = new IndexEntry[available];
            for (int i = 0; i < entries.Length; i++) entries[i] = EntryAt((int)(first + i));
            return entries;
        }
    }

    /// <summary>The entry at <paramref name="index"/>, or null when it is not known (yet).</summary>
    public IndexEntry? Entry(long index)
    {
        lock (_gate) return index >= 0 && index < _offsets.Count ? EntryAt((int)index) : null;
    }

    private IndexEntry EntryAt(int index)
    {
        int file = _fileStarts.BinarySearch(index);
        if (file < 0) file = ~file - 1;
        // Files without envelopes share their start with the next one: the entry belongs to the last of them.
        while (file + 1 < _fileStarts.Count && _fileStarts[file + 1] == index) file++;
        return new IndexEntry(file, _offsets[index], _sizes[index]);
    }

    private void ReadAll()
    {
        try
        {
            var block = new byte[BlockSize];
            for (int file = 0; file < Files.Count && !_stop.IsCancellationRequested; file++)
            {
                lock (_gate) _fileStarts.Add(_offsets.Count);
                var (end, stopped) = ReadFile(file, block, 0, Files[file].Length, waitForMore: _watch?.Follow ?? false);
                if (_watch is not null) Watch(block, end, stopped);
            }
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            lock (_gate) _errors.Add("reading stopped: " + e.Message);
        }
        catch (ObjectDisposedException)
        {
            // Stopped while a read was under way: the server is shutting down.
        }
        finally
        {
            lock (_gate) _complete = true;
            Signal();
        }
    }

    /// <summary>
    /// Indexes the envelopes of one file from <paramref name="position"/> (an envelope's start) to
    /// <paramref name="length"/>; returns where the last whole envelope ends and whether a framing error stopped it.
    /// With <paramref name="waitForMore"/> (a followed file) an envelope cut by the end is not an error: its writer
    /// has not finished it yet, and the next pass goes on from its start.
    /// </summary>
    private (long End, bool Stopped) ReadFile(int fileIndex, byte[] block, long position, long length, bool waitForMore)
    {
        var file = Files[fileIndex];
        var offsets = new List<long>();
        var sizes = new List<int>();
        while (position < length && !_stop.IsCancellationRequested)
        {
            int read = RandomAccess.Read(file.Handle, block.AsSpan(0, (int)Math.Min(block.Length, length - position)), position);
            if (read == 0) break;
            long cursor = 0;
            string? error = null;
            bool cut = false;
            while (cursor < read)
            {
                long offset = position + cursor;
                if (read - cursor < FudgeEnvelopeHeader.Size)
                {
                    if (offset + FudgeEnvelopeHeader.Size <= length) break; // the header continues in the next block
                    if (waitForMore) cut = true;
                    else error = $"the file ends inside an envelope header ({length - offset} bytes left)";
                    break;
                }
                int size = BinaryPrimitives.ReadInt32BigEndian(block.AsSpan((int)cursor + 4, 4));
                if (waitForMore && size >= FudgeEnvelopeHeader.Size && size <= _options.MaxMessageSize && size > length - offset)
                {
                    cut = true;
                    break;
                }
                error = SizeError(size, length - offset);
                if (error is not null) break;
                offsets.Add(offset);
                sizes.Add(size);
                cursor += size;
            }
            Publish(offsets, sizes);
            position += cursor;
            if (error is not null)
            {
                lock (_gate) _errors.Add(Where(file, position) + error);
                return (position, true);
            }
            if (cut) break;
        }
        return (position, false);
    }

    private string? SizeError(int size, long remaining)
    {
        var inv = CultureInfo.InvariantCulture;
        if (size < FudgeEnvelopeHeader.Size) return $"an envelope declares a size of {size.ToString(inv)} bytes; the minimum is 8";
        if (size > _options.MaxMessageSize) return $"an envelope declares {size.ToString(inv)} bytes, more than the limit of {_options.MaxMessageSize.ToString(inv)}";
        if (size > remaining) return $"an envelope declares {size.ToString(inv)} bytes but the file ends after {remaining.ToString(inv)}";
        return null;
    }

    private string Where(IndexedFile file, long offset)
        => (Files.Count > 1 ? file.Name + ", " : "") + "byte offset " + offset.ToString(CultureInfo.InvariantCulture) + ": ";

    private void Publish(List<long> offsets, List<int> sizes)
    {
        if (offsets.Count == 0) return;
        lock (_gate)
        {
            _offsets.AddRange(offsets);
            _sizes.AddRange(sizes);
        }
        offsets.Clear();
        sizes.Clear();
        Signal();
    }

    private void Signal()
    {
        TaskCompletionSource grown;
        lock (_gate)
        {
            grown = _grown;
            _grown = NewSignal();
        }
        grown.TrySetResult();
    }

    private static TaskCompletionSource NewSignal() => new(TaskCreationOptions.RunContinuationsAsynchronously);

    /// <summary>Stops the background reading and closes the files.</summary>
    public void Dispose()
    {
        _stop.Cancel();
        try
        {
            _reading.Wait(TimeSpan.FromSeconds(5));
        }
        catch (AggregateException)
        {
            // Already reported through the status.
        }
        foreach (var file in Files) file.Handle.Dispose();
        foreach (var handle in _retired) handle.Dispose();
        _stop.Dispose();
    }
}
