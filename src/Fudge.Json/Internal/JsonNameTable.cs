using System;

namespace Fudge.Json.Internal;

/// <summary>
/// Member names of one JSON read as strings, one per distinct name: a document that repeats a key (or the lossless
/// member names) a million times makes one string of it. Open addressing over the UTF-16 text; at most
/// <see cref="MaxNames"/> names are kept, so a document of all-distinct names costs the table no more than that.
/// </summary>
internal sealed class JsonNameTable
{
    /// <summary>Names beyond this many are still returned, as new strings, but not kept.</summary>
    public const int MaxNames = 4096;

    private const int MaxProbes = 16;

    private string?[] _slots = new string?[32];
    private int _count;

    /// <summary>The string for <paramref name="name"/>: the kept one when it was seen before.</summary>
    public string Get(ReadOnlySpan<char> name)
    {
        int mask = _slots.Length - 1;
        int slot = Hash(name) & mask;
        for (int probe = 0; _slots[slot] is string kept; probe++)
        {
            if (kept.AsSpan().SequenceEqual(name)) return kept;
            // Names chosen to collide cost at most this many comparisons each, and are then simply not kept.
            if (probe == MaxProbes) return name.ToString();
            slot = (slot + 1) & mask;
        }
        string created = name.ToString();
        if (_count >= MaxNames) return created;
        _slots[slot] = created;
        if (++_count * 2 > _slots.Length) Grow();
        return created;
    }

    private void Grow()
    {
        var old = _slots;
        _slots = new string?[old.Length * 2];
        int mask = _slots.Length - 1;
        foreach (var name in old)
        {
            if (name is null) continue;
            int slot = Hash(name.AsSpan()) & mask;
            while (_slots[slot] is not null) slot = (slot + 1) & mask;
            _slots[slot] = name;
        }
    }

    /// <summary>FNV-1a over the UTF-16 units (names are short); colliding names are bounded by <see cref="MaxProbes"/>.</summary>
    private static int Hash(ReadOnlySpan<char> name)
    {
        uint hash = 2166136261;
        foreach (char c in name) hash = (hash ^ c) * 16777619;
        return (int)(hash & 0x7FFFFFFF);
    }
}
