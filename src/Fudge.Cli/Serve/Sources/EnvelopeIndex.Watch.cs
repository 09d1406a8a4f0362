using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using Microsoft.Win32.SafeHandles;

namespace Fudge.Cli.Serve.Sources;

/// <summary>How a single file is watched while it is shown.</summary>
/// <param name="Path">The path it was opened by: a file put in its place (a log rotated, a capture restarted) is noticed.</param>
/// <param name="Follow">True to index what is appended as it arrives (<c>fudge serve FILE --follow</c>, as <c>tail -f</c>).</param>
/// <param name="Interval">How often the file is looked at.</param>
internal sealed record FileWatch(string Path, bool Follow, TimeSpan Interval)
{
    /// <summary>The interval <c>fudge serve</c> uses: a quarter of a second.</summary>
    public static readonly TimeSpan DefaultInterval = TimeSpan.FromMilliseconds(250);
}

/// <summary>
/// The watch of a single file (<see cref="FileWatch"/>). After the first pass, every interval: the file's length is
/// compared with what was indexed (shorter: it was truncated), its first bytes with those indexed (different: it was
/// rewritten in place), and the file now at its path with the one open (another file: it was replaced; none: it was
/// removed or renamed, and what was read stays shown). A truncated, rewritten or replaced file is read again from its
/// start as a new generation, with a notice saying what happened and when; with <see cref="FileWatch.Follow"/> what
/// was appended is indexed. Reads of the old generation that fail are answered 409, never 500.
/// </summary>
internal sealed partial class EnvelopeIndex
{
    // The first bytes remembered to recognise the file: an envelope header and then some.
    private const int PrefixSize = 4096;

    private readonly FileWatch? _watch;
    private readonly List<SafeFileHandle> _retired = new();
    private bool _idle;
    private int _generation;
    private string? _notice;
    private byte[] _prefix = Array.Empty<byte>();
    private int _lengthStrikes;

    private void Watch(byte[] block, long end, bool stopped)
    {
        var watch = _watch!;
        while (!_stop.IsCancellationRequested)
        {
            RememberPrefix(end);
            lock (_gate) _idle = true;
            Signal();
            if (_stop.Token.WaitHandle.WaitOne(watch.Interval)) return;
            string? change = Change(end);
            if (change is not null)
            {
                Restart(change);
                (end, stopped) = ReadFile(0, block, 0, RandomAccess.GetLength(Files[0].Handle), watch.Follow);
                continue;
            }
            if (!watch.Follow || stopped) continue;
            long length = RandomAccess.GetLength(Files[0].Handle);
            if (length <= end) continue;
            lock (_gate) _idle = false;
            (end, stopped) = ReadFile(0, block, end, length, waitForMore: true);
        }
    }

    // What happened to the file since it was indexed up to `end`, or null when it is the same file, as long or longer.
    private string? Change(long end)
    {
        var open = Files[0];
        long length = RandomAccess.GetLength(open.Handle);
        if (length < end) return $"the file shrank from {Bytes(end)} to {Bytes(length)}";
        if (!SamePrefix(open.Handle)) return "the file was rewritten (its first bytes changed)";
        SafeFileHandle there;
        try
        {
            there = File.OpenHandle(_watch!.Path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            SetNotice($"{_watch!.Path} is no longer there (removed or renamed); still showing what was read from it");
            return null;
        }
        using (there)
        {
            long thereLength = RandomAccess.GetLength(there);
            if (!SamePrefix(there) || thereLength < end) return "another file was put in its place";
            // The same file has the same length at the same moment; a file being appended to may differ for one look.
            if (thereLength != RandomAccess.GetLength(open.Handle)) _lengthStrikes++;
            else _lengthStrikes = 0;
            if (_lengthStrikes >= 3) return "another file was put in its place (same first bytes, another length)";
        }
        lock (_gate)
        {
            if (_notice is not null && _notice.Contains("no longer there", StringComparison.Ordinal)) _notice = null;
        }
        return null;
    }

    private void RememberPrefix(long end)
    {
        if (_prefix.Length >= PrefixSize || end <= _prefix.Length) return;
        var prefix = new byte[(int)Math.Min(PrefixSize, end)];
        int read = RandomAccess.Read(Files[0].Handle, prefix, 0);
        _prefix = prefix.AsSpan(0, read).ToArray();
    }

    private bool SamePrefix(SafeFileHandle handle)
    {
        if (_prefix.Length == 0) return true;
        var now = new byte[_prefix.Length];
        int read = RandomAccess.Read(handle, now, 0);
        return read == now.Length && now.AsSpan().SequenceEqual(_prefix);
    }

    // Starts a new generation over the file now at the path (or the same one, when nothing is there).
    private void Restart(string change)
    {
        IndexedFile? replacement = null;
        try
        {
            var handle = File.OpenHandle(_watch!.Path, FileMode.Open, FileAccess.Read, FileShare.ReadWrite | FileShare.Delete);
            replacement = Files[0] with { Handle = handle, Length = RandomAccess.GetLength(handle) };
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            // Nothing at the path: the open file is read again.
        }
        lock (_gate)
        {
            _offsets.Clear();
            _sizes.Clear();
            _errors.Clear();
            _fileStarts.Clear();
            _fileStarts.Add(0);
            _generation++;
            _idle = false;
            _notice = $"{DateTime.UtcNow.ToString("HH:mm:ss", CultureInfo.InvariantCulture)} UTC: {change}; read again from its start";
            if (replacement is not null)
            {
                _retired.Add(_files[0].Handle);
                _files = new[] { replacement };
            }
        }
        _prefix = Array.Empty<byte>();
        _lengthStrikes = 0;
        Signal();
    }

    private void SetNotice(string notice)
    {
        lock (_gate) _notice = notice;
    }

    private static string Bytes(long count) => count.ToString(CultureInfo.InvariantCulture) + " bytes";
}
