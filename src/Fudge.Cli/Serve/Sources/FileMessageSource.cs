using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Microsoft.Win32.SafeHandles;

namespace Fudge.Cli.Serve.Sources;

/// <summary>
/// A file of concatenated envelopes, or the <c>*.fudge</c> files of a folder taken one after the other. Envelope ids
/// are positions in that sequence. The list is served from an <see cref="EnvelopeIndex"/> that grows in the
/// background; a filtered list scans the envelopes in order and remembers how far it got for the last filter, so the
/// next page goes on from there.
/// </summary>
internal sealed class FileMessageSource : IMessageSource
{
    // Envelopes read and matched at a time while scanning for a filter or a download.
    private const int ScanBatch = 4096;

    // Consecutive envelopes are read in one call up to this many bytes.
    private const int MaxRangeRead = 4 << 20;

    private readonly EnvelopeIndex _index;
    private readonly FudgeReaderOptions _options;
    private readonly SemaphoreSlim _scanGate = new(1, 1);
    private FilterScan? _lastScan;

    private FileMessageSource(string description, string kind, IReadOnlyList<IndexedFile> files, FudgeReaderOptions options, FileWatch? watch = null)
    {
        Description = description;
        Kind = kind;
        _options = options;
        _index = new EnvelopeIndex(files, options, watch);
    }

    /// <summary>
    /// Opens one file, watched while it is shown: a file that shrinks or is replaced is read again from its start,
    /// and with <paramref name="follow"/> what is appended to it is listed as it arrives.
    /// </summary>
    /// <exception cref="IOException">The file cannot be opened.</exception>
    public static FileMessageSource OpenFile(string path, FudgeReaderOptions options, bool follow = false, TimeSpan? interval = null)
        => new(Path.GetFileName(path), "file", new[] { Open(path, Path.GetFileName(path)) }, options,
            new FileWatch(path, follow, interval ?? FileWatch.DefaultInterval));

    /// <summary>Opens the <c>*.fudge</c> files directly in <paramref name="folder"/>, in ordinal order of their names.</summary>
    /// <exception cref="IOException">The folder holds no such file, or one cannot be opened.</exception>
    public static FileMessageSource OpenFolder(string folder, FudgeReaderOptions options)
    {
        var paths = Directory.GetFiles(folder, "*.fudge", SearchOption.TopDirectoryOnly).OrderBy(p => p, StringComparer.Ordinal).ToArray();
        if (paths.Length == 0) throw new IOException($"the folder '{folder}' holds no *.fudge file");
        var files = new List<IndexedFile>(paths.Length);
        try
        {
            foreach (var path in paths) files.Add(Open(path, Path.GetFileName(path)));
        }
        catch
        {
            foreach (var file in files) file.Handle.Dispose();
            throw;
        }
        string name = Path.GetFileName(Path.TrimEndingDirectorySeparator(Path.GetFullPath(folder)));
        return new FileMessageSource($"{name}/ ({paths.Length} files)", "folder", files, options);
    }

    private static IndexedFile Open(string path, string name)
    {
        // Others may go on writing (a followed file), replace or delete it while it is shown.
        var handle = File.OpenHandle(path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
        return new IndexedFile(name, handle, RandomAccess.GetLength(handle));
    }

    /// <inheritdoc />
    public string Description { get; }

    /// <inheritdoc />
    public string Kind { get; }

    /// <inheritdoc />
    public SourceStatus Status => _index.Status;

    /// <inheritdoc />
    public async ValueTask<SourcePage> GetPageAsync(FudgeFilter? filter, long skip, int take, CancellationToken cancellationToken)
    {
        if (filter is null)
        {
            await _index.WaitForAsync(skip + take, cancellationToken).ConfigureAwait(false);
            var status = _index.Status;
            var messages = ReadKnown(skip, take);
            return new SourcePage(messages, status.Complete ? status.Count : null, status.Count);
        }
        await _scanGate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            int generation = _index.Status.Generation;
            var scan = _lastScan is { } last && last.Text == filter.Text && last.Generation == generation ? last : new FilterScan(filter.Text, generation);
            _lastScan = scan;
            while (scan.Matches.Count < skip + take)
            {
                long known = await _index.WaitForAsync(scan.Scanned + 1, cancellationToken).ConfigureAwait(false);
                if (known <= scan.Scanned) break; // the index is complete and every envelope has been looked at
                var batch = ReadKnown(scan.Scanned, ScanBatch);
                foreach (var message in batch)
                    if (Matches(filter, message)) scan.Matches.Add(message.Id);
                scan.Scanned += batch.Length;
                cancellationToken.ThrowIfCancellationRequested();
            }
            var page = scan.Matches.Skip((int)Math.Min(skip, int.MaxValue)).Take(take)
                .Select(id => ReadKnown(id, 1).Single()).ToArray();
            var status = _index.Status;
            bool all = status.Complete && scan.Scanned == status.Count;
            return new SourcePage(page, all ? scan.Matches.Count : null, scan.Scanned);
        }
        finally
        {
            _scanGate.Release();
        }
    }

    /// <inheritdoc />
    public async ValueTask<SourceMessage?> GetAsync(long id, CancellationToken cancellationToken)
    {
        if (id < 0) return null;
        await _index.WaitForAsync(id + 1, cancellationToken).ConfigureAwait(false);
        var read = ReadKnown(id, 1);
        return read.Length == 0 ? null : read[0];
    }

    /// <inheritdoc />
    public async IAsyncEnumerable<SourceMessage> ReadAllAsync(FudgeFilter? filter, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        long next = 0;
        while (true)
        {
            long known = await _index.WaitForAsync(next + 1, cancellationToken).ConfigureAwait(false);
            if (known <= next) yield break;
            var batch = ReadKnown(next, ScanBatch);
            foreach (var message in batch)
                if (filter is null || Matches(filter, message)) yield return message;
            next += batch.Length;
        }
    }

    // A message the filter cannot read (malformed where it looks) does not match; the page shows why when it is opened.
    private bool Matches(FudgeFilter filter, SourceMessage message)
    {
        try
        {
            return filter.Matches(message.Bytes.Span, _options);
        }
        catch (FudgeFormatException)
        {
            return false;
        }
    }

    /// <summary>Reads the envelopes from id <paramref name="first"/> on (at most <paramref name="count"/>) that are known now, from the files they were found in.</summary>
    private SourceMessage[] ReadKnown(long first, int count)
    {
        var entries = _index.Entries(first, count, out var files);
        return Read(first, entries, files);
    }

    /// <summary>Reads the envelopes of <paramref name="entries"/> (whose first id is <paramref name="firstId"/>), consecutive ones of a file in one call.</summary>
    private SourceMessage[] Read(long firstId, IndexEntry[] entries, IReadOnlyList<IndexedFile> files)
    {
        var messages = new SourceMessage[entries.Length];
        int start = 0;
        while (start < entries.Length)
        {
            int end = start + 1;
            long bytes = entries[start].Size;
            while (end < entries.Length && entries[end].File == entries[start].File
                   && entries[end].Offset == entries[end - 1].Offset + entries[end - 1].Size
                   && bytes + entries[end].Size <= MaxRangeRead)
            {
                bytes += entries[end].Size;
                end++;
            }
            var file = files[entries[start].File];
            var buffer = new byte[bytes];
            ReadExactly(file.Handle, buffer, entries[start].Offset);
            int position = 0;
            for (int i = start; i < end; i++)
            {
                string? location = Kind == "folder" ? file.Name : null;
                messages[i] = new SourceMessage(firstId + i, location, entries[i].Offset, buffer.AsMemory(position, entries[i].Size));
                position += entries[i].Size;
            }
            start = end;
        }
        return messages;
    }

    private static void ReadExactly(SafeFileHandle handle, byte[] buffer, long offset)
    {
        int done = 0;
        while (done < buffer.Length)
        {
            int read = RandomAccess.Read(handle, buffer.AsSpan(done), offset + done);
            if (read == 0) throw new SourceChangedException("the file became shorter while it was being shown: it is read again from its start");
            done += read;
        }
    }

    /// <inheritdoc />
    public ValueTask DisposeAsync()
    {
        _index.Dispose();
        _scanGate.Dispose();
        return ValueTask.CompletedTask;
    }

    /// <summary>How far the envelopes have been matched against one filter, and the ids that matched.</summary>
    private sealed class FilterScan
    {
        public FilterScan(string text, int generation)
        {
            Text = text;
            Generation = generation;
        }

        public string Text { get; }

        public int Generation { get; }

        public List<long> Matches { get; } = new();

        public long Scanned { get; set; }
    }
}
