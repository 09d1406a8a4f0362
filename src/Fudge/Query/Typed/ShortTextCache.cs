using System;
using System.Buffers.Binary;

namespace Fudge.Query;

/// <summary>
/// The strings of short text values recently decoded by one projection's reads, found again by their UTF-8 bytes: a
/// feed repeats its symbols, venues and currencies, and a value whose bytes were decoded before is the same string
/// (strings are immutable, so sharing one changes nothing but its identity). Sets of two places, each set holding the
/// last two texts of up to 16 bytes whose bytes hash there (the one used less recently gives way); longer texts are
/// decoded every time. A miss costs a hash and two comparisons. The walk uses it for every short text; a replayed
/// layout, for texts of 9 to 16 bytes and texts too near the envelope's end to be read as a word (shorter ones are found
/// in the <see cref="TextsOfOneLength"/> of their place).
/// </summary>
/// <remarks>
/// <para>A place holds its text's bytes (as two integers), length and string together, and a set's two places are next
/// to each other, so that a lookup touches one or two lines of memory rather than one in each of several arrays: a
/// projection is often read on a busy machine, where the cache is cold between one message and the next.</para>
/// <para>It starts with 256 sets (16 KiB). Texts that recur but are more than the sets hold, or hash three or more to
/// one set, keep putting each other out, and each miss decodes a string again: once as many texts have been put out as
/// there are sets, while texts were found again at least a quarter as often, the sets double (up to 2,048: 128 KiB) and
/// keep what they hold. Texts that do not recur (identifiers) are put out as often but seldom found again, so they do
/// not grow it.</para>
/// </remarks>
internal sealed class ShortTextCache
{
    /// <summary>The longest text (in UTF-8 bytes) the cache holds.</summary>
    public const int MaxBytes = 16;

    private const int FirstBits = 8;
    private const int LastBits = 11;

    private Place[] _places = new Place[2 << FirstBits];
    private int _shift = 64 - FirstBits;
    // Since the sets last grew: texts put out of a place by another, and lookups that found their text.
    private int _evictions;
    private int _hits;

    /// <summary>The number of sets (for the tests).</summary>
    internal int Sets => _places.Length / 2;

    /// <summary>The string of the reader's current field, a string field (decoded as <see cref="FudgeReader.GetString"/> decodes it).</summary>
    public string Get(in FudgeReader field)
    {
        var bytes = field.ValueSpan;
        if (bytes.Length > MaxBytes) return field.GetString();
        Words(bytes, out ulong head, out ulong tail);
        int set = SetOf(head, tail, bytes.Length);
        if (Lookup(set, head, tail, bytes.Length) is { } known) return known;
        string text = field.GetString();
        Add(set, head, tail, bytes.Length, text);
        return text;
    }

    // Into the place of the set used less recently (the first place's mark says which was used last).
    private void Add(int set, ulong head, ulong tail, int length, string text)
    {
        ref var first = ref _places[2 * set];
        ref var place = ref first.SecondUsedLast ? ref first : ref _places[(2 * set) + 1];
        first.SecondUsedLast = !first.SecondUsedLast;
        if (place.Text is not null && Sets < (1 << LastBits) && ++_evictions >= Sets && _hits >= _evictions / 4)
        {
            place.Set(head, tail, length, text);
            Grow();
            return;
        }
        place.Set(head, tail, length, text);
    }

    // Twice the sets, with every text held moved to its set among them.
    private void Grow()
    {
        var old = _places;
        _places = new Place[old.Length * 2];
        _shift--;
        _evictions = _hits = 0;
        foreach (var place in old)
        {
            if (place.Text is null) continue;
            int set = SetOf(place.Head, place.Tail, place.Length);
            ref var first = ref _places[2 * set];
            ref var free = ref first.Text is null ? ref first : ref _places[(2 * set) + 1];
            free.Set(place.Head, place.Tail, place.Length, place.Text);
        }
    }

    // The text held in the set for these bytes, or null.
    private string? Lookup(int set, ulong head, ulong tail, int length)
    {
        ref var first = ref _places[2 * set];
        if (first.Head == head && first.Tail == tail && first.Length == length && first.Text is { } one)
        {
            if (first.SecondUsedLast) first.SecondUsedLast = false;
            _hits++;
            return one;
        }
        ref var second = ref _places[(2 * set) + 1];
        if (second.Head == head && second.Tail == tail && second.Length == length && second.Text is { } two)
        {
            if (!first.SecondUsedLast) first.SecondUsedLast = true;
            _hits++;
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
            return Lookup(SetOf(head, 0, length), head, 0, length);
        }
        var bytes = data.Slice(start, length);
        Words(bytes, out ulong h, out ulong t);
        return Lookup(SetOf(h, t, length), h, t, length);
    }

    // The bytes as two integers (zero-padded to 16 bytes).
    private static void Words(ReadOnlySpan<byte> bytes, out ulong head, out ulong tail)
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
    }

    private int SetOf(ulong head, ulong tail, int length)
        => (int)(((head ^ (tail * 0x9E3779B97F4A7C15UL) ^ (ulong)length) * 0xC2B2AE3D27D4EB4FUL) >> _shift);

    /// <summary>One place: a text's bytes as two integers, their count, and the string (null while empty).</summary>
    private struct Place
    {
        public ulong Head;
        public ulong Tail;
        public string? Text;
        public int Length;
        /// <summary>On a set's first place: true when its second place was used last (the first gives way next).</summary>
        public bool SecondUsedLast;

        public void Set(ulong head, ulong tail, int length, string text)
        {
            Head = head;
            Tail = tail;
            Length = length;
            Text = text;
        }
    }
}
