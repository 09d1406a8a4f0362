using System;

namespace Fudge.Json.Internal;

/// <summary>
/// Member names of JSON reads as strings, one per distinct name: a document that repeats a key (or the lossless
/// member names) a million times makes one string of it. Open addressing over the UTF-16 text; ASCII names are
/// looked up from their UTF-8 bytes without decoding them. At most <see cref="MaxNames"/> names are kept, so a
/// document of all-distinct names costs the table no more than that. The table of a reused source keeps its names
/// from call to call (the same keys recur in every document of a feed) up to <see cref="KeptNames"/> names and
/// <see cref="KeptChars"/> characters (<see cref="TrimForReuse"/>).
/// </summary>
internal sealed class JsonNameTable
{
    /// <summary>Names beyond this many are still returned, as new strings, but not kept.</summary>
    public const int MaxNames = 4096;

    /// <summary>At most this many names are kept from one call to the next.</summary>
    public const int KeptNames = 64;

    /// <summary>At most this many characters of names are kept from one call to the next.</summary>
    public const int KeptChars = 2048;

    private const int FirstSlots = 32;
    private const int MaxProbes = 32;
    private const int ShortName = 8;

    private string?[] _slots = new string?[FirstSlots];
    // A short ASCII name's bytes packed into a number (ShortKey), 0 for any other name: such names are found by
    // comparing one number, the common case (JSON keys are mostly short).
    private ulong[] _keys = new ulong[FirstSlots];
    private int _count;
    private int _chars;

    /// <summary>Names kept now.</summary>
    public int Count => _count;

    /// <summary>The string for <paramref name="name"/>: the kept one when it was seen before.</summary>
    public string Get(ReadOnlySpan<char> name)
    {
        if (TryShortKey(name, out ulong key))
        {
            int free = FindShort(key, out string? found);
            return found ?? (free < 0 ? name.ToString() : Add(free, key, name.ToString()));
        }
        int mask = _slots.Length - 1;
        int slot = Hash(name) & mask;
        for (int probe = 0; _slots[slot] is string kept; probe++)
        {
            if (_keys[slot] == 0 && kept.AsSpan().SequenceEqual(name)) return kept;
            // Names chosen to collide cost at most this many comparisons each, and are then simply not kept.
            if (probe == MaxProbes) return name.ToString();
            slot = (slot + 1) & mask;
        }
        return Add(slot, 0, name.ToString());
    }

    /// <summary>
    /// The string for a name given as UTF-8 when every byte is ASCII (each byte is then its one UTF-16 unit, so the
    /// bytes hash and compare as the text); false for any other name, which the caller decodes for <see cref="Get"/>.
    /// </summary>
    public bool TryGetAscii(byte[] input, int start, int length, out string name)
    {
        var utf8 = new ReadOnlySpan<byte>(input, start, length);
        if (length <= ShortName)
        {
            ulong key = 0;
            int any = 0;
            for (int i = 0; i < utf8.Length; i++)
            {
                any |= utf8[i];
                key |= (ulong)utf8[i] << (8 * i);
            }
            if (any >= 0x80 || key == 0)
            {
                name = "";
                return false;
            }
            int free = FindShort(key, out string? found);
            name = found ?? (free < 0 ? System.Text.Encoding.ASCII.GetString(input, start, length) : Add(free, key, System.Text.Encoding.ASCII.GetString(input, start, length)));
            return true;
        }
        uint hash = 2166136261;
        int high = 0;
        foreach (byte b in utf8)
        {
            high |= b;
            hash = (hash ^ b) * 16777619;
        }
        if (high >= 0x80)
        {
            name = "";
            return false;
        }
        int mask = _slots.Length - 1;
        int slot = (int)(hash & 0x7FFFFFFF) & mask;
        for (int probe = 0; _slots[slot] is string kept; probe++)
        {
            if (_keys[slot] == 0 && SameAscii(kept, utf8))
            {
                name = kept;
                return true;
            }
            if (probe == MaxProbes)
            {
                name = System.Text.Encoding.ASCII.GetString(input, start, length);
                return true;
            }
            slot = (slot + 1) & mask;
        }
        name = Add(slot, 0, System.Text.Encoding.ASCII.GetString(input, start, length));
        return true;
    }

    /// <summary>
    /// Readies the table for the thread's next call: a table that took more than <see cref="KeptNames"/> names or
    /// <see cref="KeptChars"/> characters forgets them all (and its grown slots), so no document makes a thread hold
    /// more than a few kilobytes of names.
    /// </summary>
    public void TrimForReuse()
    {
        if (_count <= KeptNames && _chars <= KeptChars) return;
        if (_slots.Length > 4 * FirstSlots)
        {
            _slots = new string?[FirstSlots];
            _keys = new ulong[FirstSlots];
        }
        else
        {
            Array.Clear(_slots, 0, _slots.Length);
            Array.Clear(_keys, 0, _keys.Length);
        }
        _count = 0;
        _chars = 0;
    }

    /// <summary>
    /// Finds a short name's kept string; otherwise returns the free slot to keep it in, or -1 when the probes ran out.
    /// </summary>
    private int FindShort(ulong key, out string? found)
    {
        int mask = _slots.Length - 1;
        int slot = ShortHash(key) & mask;
        for (int probe = 0; _slots[slot] is string kept; probe++)
        {
            if (_keys[slot] == key)
            {
                found = kept;
                return slot;
            }
            if (probe == MaxProbes)
            {
                found = null;
                return -1;
            }
            slot = (slot + 1) & mask;
        }
        found = null;
        return slot;
    }

    /// <summary>
    /// Up to <see cref="ShortName"/> ASCII characters packed into a number, the first in the lowest byte. Unescaped
    /// JSON text holds no NUL, so zero padding is unambiguous; a name with a NUL (escaped) is not short.
    /// </summary>
    private static bool TryShortKey(ReadOnlySpan<char> name, out ulong key)
    {
        key = 0;
        if (name.Length > ShortName) return false;
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            if (c is '\0' or >= (char)0x80) return false;
            key |= (ulong)c << (8 * i);
        }
        return key != 0;
    }

    private string Add(int slot, ulong key, string created)
    {
        if (_count >= MaxNames) return created;
        _slots[slot] = created;
        _keys[slot] = key;
        _chars += created.Length;
        if (++_count * 2 > _slots.Length) Grow();
        return created;
    }

    private static bool SameAscii(string kept, ReadOnlySpan<byte> utf8)
    {
        if (kept.Length != utf8.Length) return false;
        for (int i = 0; i < utf8.Length; i++)
            if (kept[i] != utf8[i]) return false;
        return true;
    }

    private void Grow()
    {
        var oldSlots = _slots;
        var oldKeys = _keys;
        _slots = new string?[oldSlots.Length * 2];
        _keys = new ulong[oldSlots.Length * 2];
        int mask = _slots.Length - 1;
        for (int i = 0; i < oldSlots.Length; i++)
        {
            if (oldSlots[i] is not string name) continue;
            ulong key = oldKeys[i];
            int slot = (key != 0 ? ShortHash(key) : Hash(name.AsSpan())) & mask;
            while (_slots[slot] is not null) slot = (slot + 1) & mask;
            _slots[slot] = name;
            _keys[slot] = key;
        }
    }

    /// <summary>
    /// A short name's key mixed (MurmurHash3's finalizer) so that every bit of it reaches the low bits the table
    /// uses, seeded per process so that colliding short names cannot be chosen in advance (they would only cost
    /// <see cref="MaxProbes"/> comparisons each anyway).
    /// </summary>
    private static int ShortHash(ulong key)
    {
        ulong x = key ^ Seed;
        x ^= x >> 33;
        x *= 0xFF51AFD7ED558CCDUL;
        x ^= x >> 33;
        x *= 0xC4CEB9FE1A85EC53UL;
        x ^= x >> 33;
        return (int)(x & 0x7FFFFFFF);
    }

    private static readonly ulong Seed = (ulong)Environment.TickCount * 0x9E3779B97F4A7C15UL;

    /// <summary>FNV-1a over the UTF-16 units (names are short); colliding names are bounded by <see cref="MaxProbes"/>.</summary>
    private static int Hash(ReadOnlySpan<char> name)
    {
        uint hash = 2166136261;
        foreach (char c in name) hash = (hash ^ c) * 16777619;
        return (int)(hash & 0x7FFFFFFF);
    }
}
