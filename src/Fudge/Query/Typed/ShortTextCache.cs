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
/// <remarks>
/// A place holds its text's bytes (as two integers), length and string together, and a set's two places are next to
/// each other, so that a lookup touches one or two lines of memory rather than one in each of several arrays: a
/// projection is often read on a busy machine, where the cache is cold between one message and the next.
/// </remarks>
internal sealed class ShortTextCache
{
    private const int Sets = 256;
    private const int MaxBytes = 16;

    private readonly Place[] _places = new Place[Sets * 2];

    /// <summary>The string of the reader's current field, a string field (decoded as <see cref="FudgeReader.GetString"/> decodes it).</summary>
    public string Get(in FudgeReader field)
    {
        var bytes = field.ValueSpan;
        if (bytes.Length > MaxBytes) return field.GetString();
        int set = PlaceOf(bytes, out ulong head, out ulong tail);
        if (Lookup(set, head, tail, bytes.Length) is { } known) return known;
        string text = field.GetString();
        // Into the place of the set used less recently (the first place's mark says which was used last).
        ref var first = ref _places[2 * set];
        ref var place = ref first.SecondUsedLast ? ref first : ref _places[2 * set + 1];
        first.SecondUsedLast = !first.SecondUsedLast;
        place.Text = text;
        place.Length = bytes.Length;
        place.Head = head;
        place.Tail = tail;
        return text;
    }

    // The text held in the set for these bytes, or null.
    private string? Lookup(int set, ulong head, ulong tail, int length)
    {
        ref var first = ref _places[2 * set];
        if (first.Head == head && first.Tail == tail && first.Length == length && first.Text is { } one)
        {
            if (first.SecondUsedLast) first.SecondUsedLast = false;
            return one;
        }
        ref var second = ref _places[2 * set + 1];
        if (second.Head == head && second.Tail == tail && second.Length == length && second.Text is { } two)
        {
            if (!first.SecondUsedLast) first.SecondUsedLast = true;
            return two;
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
        if (length < 8 && data.Length - start >= 8)
        {
            ulong head = BinaryPrimitives.ReadUInt64LittleEndian(data.Slice(start)) & ((1UL << (length * 8)) - 1);
            return Lookup(Hash(head, 0, length), head, 0, length);
        }
        int set = PlaceOf(data.Slice(start, length), out ulong h, out ulong t);
        return Lookup(set, h, t, length);
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

    /// <summary>One place: a text's bytes as two integers, their count, and the string (null while empty).</summary>
    private struct Place
    {
        public ulong Head;
        public ulong Tail;
        public string? Text;
        public int Length;
        /// <summary>On a set's first place: true when its second place was used last (the first gives way next).</summary>
        public bool SecondUsedLast;
    }
}
