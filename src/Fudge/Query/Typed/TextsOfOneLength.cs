namespace Fudge.Query;

/// <summary>
/// The strings of texts of one length (0 to 8 UTF-8 bytes) that a projection's layouts read, found again by their bytes
/// as one integer: a replayed layout knows each text's length, so a text of up to eight bytes is its one word, and a
/// recurring symbol, venue or currency costs a hash and a compare, not a decode and an allocation. Handing back the
/// string decoded the first time changes nothing but its identity (strings are immutable).
/// </summary>
/// <remarks>
/// <para>Bounded: 256 sets of two places (8 KiB), fixed, so at most nine of them (one a length) per
/// <see cref="LeafSlots"/>. A text put into a full set takes the place of the one that came in first. Texts that do not
/// recur, or that hash to one set (the hash is not secret), only miss: each miss is the decode the walk makes anyway,
/// plus the hash, two compares and the write of its place.</para>
/// <para>An empty place holds the word 0 and no string, so that a lookup of the empty text (the word 0) there misses
/// with no test of its own.</para>
/// </remarks>
internal sealed class TextsOfOneLength
{
    /// <summary>The longest text (in UTF-8 bytes) a table holds: one word.</summary>
    public const int MaxBytes = 8;

    private const int SetBits = 8;

    private readonly Place[] _places = new Place[2 << SetBits];

    /// <summary>The string held for the text whose bytes are <paramref name="word"/> (little-endian, zero above the length), or null.</summary>
    public string? Find(ulong word) => Find(_places, word);

    /// <summary>
    /// The table's places, for a replay to hold itself (<see cref="Find(Place[], ulong)"/>): a lookup then starts from
    /// them, with no load of the table object before.
    /// </summary>
    internal Place[] Places => _places;

    /// <summary><see cref="Find(ulong)"/> in a table's <see cref="Places"/>.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    internal static string? Find(Place[] places, ulong word)
    {
        // The set's first place, with no bounds check where the framework allows: the places are a table's (Places, of
        // 2 << SetBits), SetOf is under their count (checked by the tests), and this is on every replayed tick.
#if NET8_0_OR_GREATER
        ref Place first = ref System.Runtime.CompilerServices.Unsafe.Add(
            ref System.Runtime.InteropServices.MemoryMarshal.GetArrayDataReference(places), (nint)(uint)SetOf(word));
        if (first.Word == word) return first.Text;
        ref Place second = ref System.Runtime.CompilerServices.Unsafe.Add(ref first, 1);
        return second.Word == word ? second.Text : null;
#else
        int first = SetOf(word);
        if (places[first].Word == word) return places[first].Text;
        return places[first + 1].Word == word ? places[first + 1].Text : null;
#endif
    }

    /// <summary>Holds <paramref name="text"/>, decoded from the bytes <paramref name="word"/>, in place of the set's older text.</summary>
    public void Add(ulong word, string text)
    {
        int first = SetOf(word);
        ref var one = ref _places[first];
        ref var two = ref _places[first + 1];
        if (one.Text is null)
        {
            one.Word = word;
            one.Text = text;
            return;
        }
        if (two.Text is not null) one = two;
        two.Word = word;
        two.Text = text;
    }

    /// <summary>The first place of the word's set: the top bits of a multiplicative hash, times two (internal for the tests).</summary>
    internal static int SetOf(ulong word) => (int)((word * 0x9E3779B97F4A7C15UL) >> (64 - SetBits)) << 1;

    /// <summary>The number of places (internal for the tests: every set's two places are within it).</summary>
    internal int PlaceCount => _places.Length;

    /// <summary>A text and its word (0 and null when empty).</summary>
    internal struct Place
    {
        public ulong Word;
        public string? Text;
    }
}
