using System;
using System.Buffers.Binary;

namespace Fudge.Query;

/// <summary>
/// The strings of short text values recently decoded by one projection's reads, found again by their UTF-8 bytes: a
/// feed repeats its symbols, venues and currencies, and a value whose bytes were decoded before is the same string
/// (strings are immutable, so sharing one changes nothing but its identity). 256 sets of two places, each set holding
/// the last two texts of up to 16 bytes whose bytes hash there (the one used less recently gives way); longer texts are
/// decoded every time. A miss costs a hash and two comparisons.
/// </summary>
internal sealed class ShortTextCache
{
    private const int Sets = 256;
    private const int Places = Sets * 2;
    private const int MaxBytes = 16;

    private readonly ulong[] _heads = new ulong[Places];
    private readonly ulong[] _tails = new ulong[Places];
    private readonly int[] _lengths = new int[Places];
    private readonly string?[] _texts = new string?[Places];
    // Per set, the place last used (its first or its second).
    private readonly int[] _recent = new int[Sets];

    /// <summary>The string of the reader's current field, a string field (decoded as <see cref="FudgeReader.GetString"/> decodes it).</summary>
    public string Get(in FudgeReader field)
    {
        var bytes = field.ValueSpan;
        if (bytes.Length > MaxBytes) return field.GetString();
        int set = PlaceOf(bytes, out ulong head, out ulong tail);
        if (Lookup(set, head, tail, bytes.Length) is { } known) return known;
        string text = field.GetString();
        // Into the place of the set used less recently.
        int place = 2 * set + (1 - _recent[set]);
        _recent[set] = place & 1;
        _texts[place] = text;
        _lengths[place] = bytes.Length;
        _heads[place] = head;
        _tails[place] = tail;
        return text;
    }

    // The text held in the set for these bytes, or null.
    private string? Lookup(int set, ulong head, ulong tail, int length)
    {
        int place = 2 * set;
        if (_texts[place] is { } first && _lengths[place] == length && _heads[place] == head && _tails[place] == tail)
        {
            _recent[set] = 0;
            return first;
        }
        place++;
        if (_texts[place] is { } second && _lengths[place] == length && _heads[place] == head && _tails[place] == tail)
        {
            _recent[set] = 1;
            return second;
        }
        return null;
    }

    /// <summary>
    /// The string decoded before from the <paramref name="length"/> bytes at <paramref name="start"/> of
    /// <paramref name="data"/>, or null (then <see cref="Get"/> decodes them). When <paramref name="data"/> goes on for
    /// eight bytes from there, a short text is read as one integer.
    /// </summary>
    public string? Find(ReadOnlySpan<byte> data, int start, int length)
    {
        if (length > MaxBytes) return null;
        ulong head, tail;
        int set;
        if (length < 8 && data.Length - start >= 8)
        {
            head = BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(start)) & ((1UL << (length * 8)) - 1);
            tail = 0;
            set = Hash(head, tail, length);
        }
        else set = PlaceOf(data.Slice(start, length), out head, out tail);
        return Lookup(set, head, tail, length);
    }

    // The bytes as two integers (zero-padded to 16 bytes) and the set they hash to.
    private static int PlaceOf(ReadOnlySpan<byte> bytes, out ulong head, out ulong tail)
    {
        int length = bytes.Length;
        if (length >= 8)
        {
            head = BinaryPrimitives.ReadUInt64LittleEndian(bytes);
            // The last eight bytes, shifted so that the bytes past the first eight stay and the overlap is dropped.
            tail = length == 8 ? 0 : BinaryPrimitives.ReadUInt64LittleEndian(bytes.Slice(length - 8)) >> ((16 - length) * 8);
        }
        else
        {
            head = 0;
            for (int i = length - 1; i >= 0; i--) head = (head << 8) | bytes[i];
            tail = 0;
        }
        return Hash(head, tail, length);
    }

    private static int Hash(ulong head, ulong tail, int length)
        => (int)(((head ^ (tail * 0x9E3779B97F4A7C15UL) ^ (ulong)length) * 0xC2B2AE3D27D4EB4FUL) >> 56);
}
