using System;
using System.Buffers.Binary;

namespace Fudge.Query;

/// <summary>
/// The strings of short text values recently decoded by one projection's reads, found again by their UTF-8 bytes: a
/// feed repeats its symbols, venues and currencies, and a value whose bytes were decoded before is the same string
/// (strings are immutable, so sharing one changes nothing but its identity). 256 places, each holding the last text of
/// up to 16 bytes whose bytes hash there; longer texts are decoded every time. A miss costs a hash and a comparison.
/// </summary>
internal sealed class ShortTextCache
{
    private const int Places = 256;
    private const int MaxBytes = 16;

    private readonly ulong[] _heads = new ulong[Places];
    private readonly ulong[] _tails = new ulong[Places];
    private readonly int[] _lengths = new int[Places];
    private readonly string?[] _texts = new string?[Places];

    /// <summary>The string of the reader's current field, a string field (decoded as <see cref="FudgeReader.GetString"/> decodes it).</summary>
    public string Get(in FudgeReader field)
    {
        var bytes = field.ValueSpan;
        int length = bytes.Length;
        if (length > MaxBytes) return field.GetString();
        Span<byte> padded = stackalloc byte[MaxBytes];
        padded.Clear();
        bytes.CopyTo(padded);
        ulong head = BinaryPrimitives.ReadUInt64LittleEndian(padded);
        ulong tail = BinaryPrimitives.ReadUInt64LittleEndian(padded.Slice(8));
        int place = (int)(((head ^ (tail * 0x9E3779B97F4A7C15UL) ^ (ulong)length) * 0xC2B2AE3D27D4EB4FUL) >> 56);
        if (_texts[place] is { } known && _lengths[place] == length && _heads[place] == head && _tails[place] == tail) return known;
        string text = field.GetString();
        _texts[place] = text;
        _lengths[place] = length;
        _heads[place] = head;
        _tails[place] = tail;
        return text;
    }
}
