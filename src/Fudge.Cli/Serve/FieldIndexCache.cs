using System;
using System.Collections.Generic;
using System.Numerics;
using System.Runtime.InteropServices;
using Fudge.Cli.Serve.Sources;

namespace Fudge.Cli.Serve;

/// <summary>
/// The <see cref="FieldIndex"/> of the last few large messages asked about (the page's jumps and pages of fields go
/// to the message open, again and again): at most <see cref="MaxMessages"/> of them, the least recently used dropped
/// first, so what the cache holds is bounded by <see cref="MaxMessages"/> × the largest index (a few hundred KiB).
/// An entry is found by the message's id, place and size and checked against a hash of its bytes (a source may hand
/// other bytes for the same id: a file replaced, a store's document updated), so a changed message is indexed again,
/// never answered from an index of other bytes. Messages under <see cref="MinBytes"/> are not indexed (their walk
/// costs less than the hash). Thread-safe: the endpoints ask from any request.
/// </summary>
internal sealed class FieldIndexCache
{
    /// <summary>Messages whose index is kept.</summary>
    public const int MaxMessages = 4;

    /// <summary>The smallest envelope indexed.</summary>
    public const int MinBytes = 64 * 1024;

    private sealed record Entry(long Id, string? Location, long Offset, int Length, ulong Hash, FieldIndex? Index);

    private readonly object _gate = new();
    private readonly LinkedList<Entry> _entries = new(); // most recently used first
    private int _builds;

    /// <summary>Indexes built so far (a message asked about again finds its index: this stays).</summary>
    public int Builds { get { lock (_gate) return _builds; } }

    /// <summary>Messages held (with an index or with the answer that none can be built).</summary>
    public int Count { get { lock (_gate) return _entries.Count; } }

    /// <summary>An upper bound of the memory the held indexes take, in bytes.</summary>
    public long EstimatedBytes
    {
        get
        {
            lock (_gate)
            {
                long bytes = 0;
                foreach (var entry in _entries) bytes += 128 + (entry.Index?.EstimatedBytes ?? 0);
                return bytes;
            }
        }
    }

    /// <summary>The index of a message, built on its first use; null for a small or malformed message (walked from its start).</summary>
    public FieldIndex? For(SourceMessage message, FudgeReaderOptions options)
    {
        var bytes = message.Bytes.Span;
        if (bytes.Length < MinBytes) return null;
        ulong hash = Hash(bytes);
        lock (_gate)
        {
            for (var node = _entries.First; node is not null; node = node.Next)
            {
                var e = node.Value;
                if (e.Id != message.Id || e.Location != message.Location || e.Offset != message.Offset || e.Length != bytes.Length || e.Hash != hash) continue;
                _entries.Remove(node);
                _entries.AddFirst(node);
                return e.Index;
            }
        }
        // Built outside the lock (one walk of the headers); two requests at once may both build it, and one is kept.
        var index = FieldIndex.Build(bytes, options);
        lock (_gate)
        {
            _builds++;
            for (var node = _entries.First; node is not null; node = node.Next)
            {
                var e = node.Value;
                if (e.Id == message.Id && e.Location == message.Location && e.Offset == message.Offset) { _entries.Remove(node); break; }
            }
            _entries.AddFirst(new Entry(message.Id, message.Location, message.Offset, bytes.Length, hash, index));
            while (_entries.Count > MaxMessages) _entries.RemoveLast();
        }
        return index;
    }

    // A 64-bit hash of the bytes (not a cryptographic one: it tells a changed message from the one indexed), eight
    // bytes at a time in four independent lanes, about a millisecond for 10 MB.
    internal static ulong Hash(ReadOnlySpan<byte> bytes)
    {
        const ulong K1 = 0x9E3779B97F4A7C15, K2 = 0xC2B2AE3D27D4EB4F, K3 = 0x165667B19E3779F9;
        var words = MemoryMarshal.Cast<byte, ulong>(bytes);
        ulong a = K1, b = K2, c = K3, d = (ulong)bytes.Length;
        int i = 0;
        for (; i + 4 <= words.Length; i += 4)
        {
            a = BitOperations.RotateLeft(a + words[i] * K2, 31) * K1;
            b = BitOperations.RotateLeft(b + words[i + 1] * K2, 31) * K1;
            c = BitOperations.RotateLeft(c + words[i + 2] * K2, 31) * K1;
            d = BitOperations.RotateLeft(d + words[i + 3] * K2, 31) * K1;
        }
        ulong h = BitOperations.RotateLeft(a, 1) + BitOperations.RotateLeft(b, 7) + BitOperations.RotateLeft(c, 12) + BitOperations.RotateLeft(d, 18);
        for (; i < words.Length; i++) h = BitOperations.RotateLeft(h ^ (words[i] * K2), 27) * K1 + K3;
        for (int j = words.Length * 8; j < bytes.Length; j++) h = BitOperations.RotateLeft(h ^ (bytes[j] * K3), 11) * K1;
        h ^= (ulong)bytes.Length;
        h ^= h >> 33;
        h *= K2;
        h ^= h >> 29;
        return h;
    }
}
