using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Runtime.InteropServices;
#if NET8_0_OR_GREATER
using System.Runtime.Intrinsics;
#endif

namespace Fudge.Query;

/// <summary>
/// Where a projection's walk found its leaves in one envelope, and which bytes it read to get there: the envelope
/// header's first four bytes (directives, version, taxonomy) and the header of every field the walk read (its prefix,
/// type, ordinal, name and size), up to <see cref="Layout.Length"/>, the end of the furthest field it read. The walk's
/// path depends on those bytes alone (and on the reader's options): an envelope with the same bytes there has each leaf
/// at the same place, with the same type and length, and is malformed nowhere the walk looks, so its leaves are read
/// straight from those places.
/// </summary>
/// <remarks>
/// A walk that found every leaf stopped before the end of the message, so the envelope may be longer (what follows was
/// not read); one that missed a leaf read every top-level field, and its layout holds only for an envelope of exactly
/// its size (<see cref="ToEnd"/>).
/// </remarks>
internal sealed class ProjectionLayout : Layout
{
    public ProjectionLayout(ReadOnlySpan<byte> bytes, byte[] mask, bool toEnd, LeafPlace[] places, int[] absent, int[] marked, ProjectionLeaves reads)
        : base(bytes, mask, 0)
    {
        Reads = reads;
        ToEnd = toEnd;
        _sizeSlack = toEnd ? 0u : int.MaxValue;
        Places = places;
        Absent = absent;
        Marked = marked;
        _length = bytes.Length;
        PlaceCount = places.Length;
        if (places.Length > 0) First = places[0];
        if (places.Length > 1) Second = places[1];
        HasRest = places.Length > 2 || absent.Length > 0 || marked.Length > 0;
#if NET8_0_OR_GREATER
        int length = bytes.Length;
        int width = Vector256.IsHardwareAccelerated && length >= 32 && length <= 64 ? 32
            : Vector128.IsHardwareAccelerated && length >= 16 && length < 32 ? 16
            : 0;
        if (width > 0)
        {
            // The first and last `width` bytes (overlapping when shorter than twice that), held in the layout itself.
            var structure = new byte[length];
            for (int i = 0; i < length; i++) structure[i] = StructureAt(i);
            _headStructure = Held(structure.AsSpan(0, width));
            _headMask = Held(mask.AsSpan(0, width));
            _tailStructure = Held(structure.AsSpan(length - width, width));
            _tailMask = Held(mask.AsSpan(length - width, width));
            _vectorWidth = (byte)width;
        }
#endif
    }

#if NET8_0_OR_GREATER
    // For a layout of 16 to 64 bytes, its structure and mask as two vectors each (32 bytes wide from 32 bytes, else 16:
    // their lower halves), in the object: the check of an envelope then loads them with the layout, not through two
    // arrays a load further on. Every envelope is checked against a layout, and each load that waits for another adds
    // to every tick. Not in Layout.SameStructure itself, which the filters' loops share: there, 16-byte vectors made the
    // typed count slower than the word loop they replaced.
    private readonly byte _vectorWidth;
    private readonly Vector256<byte> _headStructure;
    private readonly Vector256<byte> _headMask;
    private readonly Vector256<byte> _tailStructure;
    private readonly Vector256<byte> _tailMask;

    private static Vector256<byte> Held(ReadOnlySpan<byte> bytes)
        => bytes.Length == Vector256<byte>.Count ? Vector256.Create(bytes) : Vector256.Create(Vector128.Create(bytes), Vector128<byte>.Zero);
#endif

    // Layout.Length is its structure array's: held here as well, so that Fits does not wait for that array's load.
    private readonly int _length;

    /// <summary>The projection's reads that recorded the layout (for a replay's slow reads and absent leaves).</summary>
    public ProjectionLeaves Reads { get; }

    /// <summary>True when the walk read the message to its end (some leaf is absent): the size must then be the same.</summary>
    public bool ToEnd { get; }

    /// <summary>The leaves found, in the order the walk read them.</summary>
    public LeafPlace[] Places { get; }

    /// <summary>The leaves the walk did not find.</summary>
    public int[] Absent { get; }

    // The replay's first two places, and how many there are, held in the layout itself: a projection mostly reads one
    // to three leaves, and each replay would otherwise wait for the load of the places' array before the first place.
    // Fields, not properties, so that the replay reads them in place.

    /// <summary>The number of <see cref="Places"/>.</summary>
    public readonly int PlaceCount;

    /// <summary><see cref="Places"/>[0], when there is one.</summary>
    public readonly LeafPlace First;

    /// <summary><see cref="Places"/>[1], when there are two.</summary>
    public readonly LeafPlace Second;

    /// <summary>
    /// True when a replay has more to do than read <see cref="First"/> and <see cref="Second"/>: places past the second,
    /// leaves of nullable members to mark present (<see cref="Marked"/>), absent leaves (<see cref="Absent"/>). One test
    /// on the usual tick for all three.
    /// </summary>
    public readonly bool HasRest;

    /// <summary>
    /// The leaves of nullable members the places read with no conversion that may give null (every read but
    /// <see cref="PlaceRead.Slow"/>): a replay marks them present after its reads. Only such members' selectors read
    /// <see cref="LeafSlots.Present"/>, so the usual reads write no flag.
    /// </summary>
    public int[] Marked { get; }

    /// <summary>
    /// How many envelopes were found to have this layout since the layouts last replaced one (0: none, so this one may
    /// go). One increment on the usual tick, where a test of a flag and a count of the finds were three instructions;
    /// a long, so that it does not come back to 0.
    /// </summary>
    public long Uses;

    /// <summary>True when the envelope, of <paramref name="size"/> bytes as its header declares, has this layout.</summary>
    /// <param name="envelope">The envelope's bytes: at least <paramref name="size"/> of them (the callers' checks).</param>
    /// <param name="size">The size its header declares.</param>
    public bool Fits(ReadOnlySpan<byte> envelope, int size)
    {
        System.Diagnostics.Debug.Assert(size <= envelope.Length);
        int length = _length;
        // Size and length in one unsigned compare: equal for a layout read to its end, else the size at least the length.
        if ((uint)(size - length) > _sizeSlack) return false;
#if NET8_0_OR_GREATER
        // The envelope holds size bytes, at least the layout's length: the vectors are read with no check of their own.
        ref byte bytes = ref MemoryMarshal.GetReference(envelope);
        if (_vectorWidth == Vector256<byte>.Count)
        {
            var difference = ((Vector256.LoadUnsafe(ref bytes) & _headMask) ^ _headStructure)
                | ((Vector256.LoadUnsafe(ref bytes, (nuint)(length - Vector256<byte>.Count)) & _tailMask) ^ _tailStructure);
            return difference == Vector256<byte>.Zero;
        }
        if (_vectorWidth == Vector128<byte>.Count)
        {
            var narrow = ((Vector128.LoadUnsafe(ref bytes) & _headMask.GetLower()) ^ _headStructure.GetLower())
                | ((Vector128.LoadUnsafe(ref bytes, (nuint)(length - Vector128<byte>.Count)) & _tailMask.GetLower()) ^ _tailStructure.GetLower());
            return narrow == Vector128<byte>.Zero;
        }
#endif
        return HasStructureOf(envelope.Slice(0, length));
    }

    // How far over the layout's length an envelope's size may be: none for a layout read to its end, else any (a size
    // under the length is then negative, over int.MaxValue as unsigned).
    private readonly uint _sizeSlack;

    /// <summary>
    /// A leaf's field: where its header and value are (from the envelope's start), its type, and how a replay reads it
    /// (chosen once, when the layout is recorded, from the wire type and the member's).
    /// </summary>
    internal readonly struct LeafPlace
    {
        public LeafPlace(int leaf, int fieldOffset, int valueOffset, int length, byte typeId, PlaceRead read, TextsOfOneLength? texts = null)
        {
            Leaf = leaf;
            FieldOffset = fieldOffset;
            ValueOffset = valueOffset;
            Length = length;
            TypeId = typeId;
            Read = read;
            Texts = texts;
            TextPlaces = texts?.Places;
            // The text's bytes in the word read from its start (little-endian: the low Length bytes).
            WordMask = length >= sizeof(ulong) ? ulong.MaxValue : (1UL << (length * 8)) - 1;
        }

        /// <summary>For <see cref="PlaceRead.Word"/>: the table of the texts of this place's length.</summary>
        public readonly TextsOfOneLength? Texts;

        /// <summary>
        /// <see cref="Texts"/>' places, held here: a replay's lookup of the text, on the chain of loads from the
        /// envelope's layout to its leaves, starts from them with no load of the table before.
        /// </summary>
        public readonly TextsOfOneLength.Place[]? TextPlaces;

        /// <summary>For <see cref="PlaceRead.Word"/>: the bits of the eight bytes read from the value's start that are the text's.</summary>
        public readonly ulong WordMask;

        /// <summary>How a replay reads the value.</summary>
        public PlaceRead Read { get; }

        /// <summary>This place read as <paramref name="read"/>.</summary>
        public LeafPlace ReadAs(PlaceRead read) => new(Leaf, FieldOffset, ValueOffset, Length, TypeId, read, Texts);

        public int Leaf { get; }

        public int FieldOffset { get; }

        public int ValueOffset { get; }

        public int Length { get; }

        public byte TypeId { get; }
    }

    /// <summary>What a recording walk writes down.</summary>
    internal sealed class Recorder
    {
        public Recorder(int size)
        {
            Mask = new byte[size];
            // The directives, the schema version and the taxonomy id; the size is checked against the extent instead.
            Mask.AsSpan(0, 4).Fill(0xFF);
            Extent = FudgeEnvelopeHeader.Size;
        }

        public byte[] Mask { get; }

        /// <summary>The end of the furthest field read.</summary>
        public int Extent { get; private set; }

        public List<LeafPlace> Places { get; } = new();

        /// <summary>The leaves to mark present on each replay (<see cref="ProjectionLayout.Marked"/>).</summary>
        public List<int> Marked { get; } = new();

        /// <summary>Set when the walk did what a layout cannot replay: a leaf that is a sub-message, a level where the reader asks for stack room.</summary>
        public bool Unusable { get; set; }

        /// <summary>The reader's current field, read by the walk.</summary>
        public void Field(in FudgeReader field)
        {
            int start = field.FieldOffset;
            int value = field.ValueOffset;
            Mask.AsSpan(start, value - start).Fill(0xFF);
            Extent = Math.Max(Extent, value + field.ValueSpan.Length);
        }

        public ProjectionLayout? Create(ReadOnlySpan<byte> envelope, bool toEnd, bool[] found, ProjectionLeaves reads)
        {
            if (Unusable) return null;
            var absent = new List<int>();
            for (int leaf = 0; leaf < found.Length; leaf++)
                if (!found[leaf]) absent.Add(leaf);
            int extent = toEnd ? Mask.Length : Extent;
            var places = Places.ToArray();
            for (int i = 0; i < places.Length; i++)
            {
                // A word read from a text's start within the layout needs no check of the envelope's length: Fits finds
                // the envelope at least as long as the layout. One whose eight bytes pass the layout's end is checked.
                if (places[i].Read == PlaceRead.Word && places[i].ValueOffset + sizeof(ulong) > extent) places[i] = places[i].ReadAs(PlaceRead.WordAtEnd);
            }
            return new ProjectionLayout(envelope.Slice(0, extent), Mask.AsSpan(0, extent).ToArray(), toEnd, places, absent.ToArray(), Marked.ToArray(), reads);
        }
    }
}

/// <summary>How a replay reads a leaf's value at its place: chosen per layout, from the wire type and the member's type.</summary>
internal enum PlaceRead : byte
{
    /// <summary>Through a reader over the field, as the walk reads it (every pair the others do not cover).</summary>
    Slow,
    /// <summary>An integer or boolean into an integer slot, whose member holds every value of the wire type.</summary>
    Integer,
    /// <summary>An integer into an integer slot whose member may not hold it: the walk raises the error.</summary>
    IntegerInRange,
    /// <summary>An integer or boolean widened into a floating slot (a double member).</summary>
    IntegerToDouble,
    /// <summary>An integer or boolean into a floating slot through <see cref="float"/> (a float member).</summary>
    IntegerToSingle,
    /// <summary>A double into a double member.</summary>
    Double,
    /// <summary>A float into a double member, or into a float member (either way widened exactly).</summary>
    Single,
    /// <summary>A double narrowed into a float member.</summary>
    DoubleToSingle,
    /// <summary>A short string into a string member: its text found again by its bytes, else read slowly.</summary>
    Text,
    /// <summary>
    /// A string of up to eight bytes into a string member, the eight bytes from its start within the layout: its bytes
    /// read as one word and found in the place's <see cref="TextsOfOneLength"/>, else decoded and kept there.
    /// </summary>
    Word,
    /// <summary>
    /// <see cref="Word"/> for a text whose eight bytes from its start pass the layout's end: read as a word when the
    /// envelope has them, else as <see cref="Text"/>.
    /// </summary>
    WordAtEnd,
}

/// <summary>
/// The <see cref="ProjectionLayout"/>s of the envelopes one enumeration of a projection read (one reader at a time, so
/// no locks): up to eight, the last one used looked at first. The first layouts are recorded as they come; once the
/// eight places are full, a message that fits none is recorded only after 16 others, in place of a layout no message
/// used since the last replacement; when every layout was used, in place of each in turn, and the wait doubles (up to
/// 4,096), so layouts in use are not thrown out by a stream of more than eight. A recording that gives no layout waits
/// the same way.
/// </summary>
internal sealed class ProjectionLayouts
{
    private const int Capacity = 8;
    private const int FirstInterval = 16;
    private const int LastInterval = 4096;
    private const int HintBits = 10;

    private readonly ProjectionLayout?[] _layouts = new ProjectionLayout?[Capacity];
    // By a hash of an envelope's first bytes, 1 + the index of the layout such an envelope had last time (0: none).
    private readonly byte[] _hints = new byte[1 << HintBits];
    // By the envelope's size (its low bits), 1 + the index of the layout an envelope of that size had last time.
    private readonly byte[] _sizes = new byte[SizeHints];
    private const int SizeHints = 256;
    private int _count;
    private int _last;
    private int _next;
    private int _countdown;
    private int _interval = FirstInterval;
    private FudgeReaderOptions? _options;
    // The first offset where every layout has a structure byte and not all of them the same (-1: none, or one layout):
    // a stream's layouts mostly differ in one length byte near the start (a symbol's, say), which then names the
    // layout with no hash, where envelopes of one size may still have different layouts. By that byte's value, the
    // last layout recorded with it (null: none); the layout itself, not its index, so that the lookup goes from the
    // byte to the layout with no load between.
    private int _telling = -1;
    private readonly ProjectionLayout?[] _layoutByTellingByte = new ProjectionLayout?[256];
    // The layout when only one is held (a stream of one shape: most market data): looked at first, with no table.
    private ProjectionLayout? _single;

    /// <summary>
    /// The size the envelope's header declares when layouts may decide it, else 0: a header the reader would refuse, and
    /// an envelope whose taxonomy may name ordinal-only fields, are left to the walk. Layouts hold for one set of
    /// options: others forget them.
    /// </summary>
    public int Usable(ReadOnlySpan<byte> envelope, FudgeReaderOptions options)
    {
        if (!Enabled || envelope.Length < FudgeEnvelopeHeader.Size) return 0;
        int size = BinaryPrimitives.ReadInt32BigEndian(envelope.Slice(4));
        if (size < FudgeEnvelopeHeader.Size || size > envelope.Length || size > options.MaxMessageSize) return 0;
        if (options.TaxonomyResolver is not null && BinaryPrimitives.ReadInt16BigEndian(envelope.Slice(2)) != 0) return 0;
        if (!ReferenceEquals(options, _options)) Reset(options);
        return size;
    }

    /// <summary>
    /// Once for a run of envelopes read with <paramref name="options"/>: true when layouts may decide every one of them
    /// whatever its taxonomy (no taxonomy resolver) with no look at its header by <see cref="Usable"/>, for envelopes a
    /// <see cref="FudgeStreamReader"/> with those options framed (their length is the size they declare, within its limits).
    /// </summary>
    public bool Ready(FudgeReaderOptions options)
    {
        if (!Enabled || options.TaxonomyResolver is not null) return false;
        if (!ReferenceEquals(options, _options)) Reset(options);
        return true;
    }

    // Layouts hold for one set of options: others forget them.
    private void Reset(FudgeReaderOptions options)
    {
        for (int i = 0; i < _count; i++) _earlierHits += _layouts[i]!.Uses;
        Array.Clear(_layouts, 0, _layouts.Length);
        Array.Clear(_hints, 0, _hints.Length);
        Array.Clear(_sizes, 0, _sizes.Length);
        _count = _last = _next = _countdown = 0;
        _interval = FirstInterval;
        _telling = -1;
        _single = null;
        Array.Clear(_layoutByTellingByte, 0, _layoutByTellingByte.Length);
        _options = options;
    }

    /// <summary>The options the layouts hold for: those <see cref="Usable"/> or <see cref="Ready"/> was last given.</summary>
    public FudgeReaderOptions Options => _options ?? FudgeReaderOptions.Default;

    /// <summary>False to make every envelope walked (the tests' reference).</summary>
    internal bool Enabled { get; set; } = true;

    /// <summary>
    /// How many envelopes were found to have a known layout (for the tests): the uses of the layouts held, and of
    /// those counted before each replacement (<see cref="Add"/>). Counted by the layouts themselves, not here, so that
    /// the usual tick makes one count.
    /// </summary>
    internal int Hits
    {
        get
        {
            long hits = _earlierHits;
            for (int i = 0; i < _count; i++) hits += _layouts[i]!.Uses;
            return (int)hits;
        }
    }

    // The uses counted before the last replacement, or the last change of options, reset them (Hits).
    private long _earlierHits;

    /// <summary>The offset of the byte that tells the layouts held apart, or -1 (for the tests).</summary>
    internal int TellingOffset => _telling;

    /// <summary>How many layouts were recorded (for the tests).</summary>
    internal int Recorded { get; private set; }

    /// <summary>The layout the envelope has, if one is known.</summary>
    /// <remarks>
    /// The layout looked at first is the one recorded with the envelope's byte at the telling offset (the first
    /// structure byte every layout held has and not all alike: most often the length of a string before the leaves).
    /// Then the one an envelope of the same size had last time: the layouts of a stream mostly differ in the lengths
    /// of their strings and integers, so the size tells many apart, and costs no hash (but the fields after the
    /// leaves vary in width too, so envelopes of one size may have different layouts).
    /// Then the one an envelope with the same first bytes had last time (a hint: those bytes hold the first headers,
    /// which tell apart layouts of one size, and values, which only make more hints); else the one used last; then the
    /// others.
    /// </remarks>
    public ProjectionLayout? Find(ReadOnlySpan<byte> envelope, int size)
    {
        int at = _telling;
        // With one layout held there is no telling byte (-1): that layout is the one to try first. One unsigned compare
        // for the usual tick: the byte is under the size (so within the envelope), and -1 is not.
        var byByte = (uint)at < (uint)size ? ByTellingByte(envelope, at) : at < 0 ? _single : null;
        if (byByte is not null && byByte.Fits(envelope, size))
        {
            // _last (the guess when no hint is known) is left: the telling byte finds the layout without it.
            byByte.Uses++;
            return byByte;
        }
        return FindOther(envelope, size);
    }

    // Find past the telling byte's layout: not inlined into the caller's loop, where its locals would take registers
    // (and stack stores) that the usual tick, found by the telling byte, does not need.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private ProjectionLayout? FindOther(ReadOnlySpan<byte> envelope, int size)
    {
        var layouts = _layouts;
        int sized = _sizes[size & (SizeHints - 1)] - 1;
        if (sized >= 0 && layouts[sized] is { } bySize && bySize.Fits(envelope, size))
        {
            bySize.Uses++;
            _last = sized;
            return bySize;
        }
        int hint = HintOf(envelope, size);
        int first = _hints[hint] - 1;
        if (first < 0) first = _last;
        if (first != sized && layouts[first] is { } likely && likely.Fits(envelope, size)) return Use(likely, first, hint, size);
        for (int i = 0; i < _count; i++)
        {
            if (i == first || i == sized || !layouts[i]!.Fits(envelope, size)) continue;
            return Use(layouts[i]!, i, hint, size);
        }
        return null;
    }

    // The layout recorded with the envelope's byte at the telling offset, which is under its size (at most its length),
    // with no bounds check where the framework allows (the table has an entry for every byte): on every tick.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private ProjectionLayout? ByTellingByte(ReadOnlySpan<byte> envelope, int at)
    {
#if NET8_0_OR_GREATER
        byte telling = System.Runtime.CompilerServices.Unsafe.Add(ref MemoryMarshal.GetReference(envelope), (nint)(uint)at);
        return System.Runtime.CompilerServices.Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(_layoutByTellingByte), (nint)telling);
#else
        return _layoutByTellingByte[envelope[at]];
#endif
    }

    // A hash of the first 32 bytes of fields (fewer in a shorter envelope) into the hints. With 32 bytes there, the four
    // words are multiplied each by its own constant and combined (multiplications that do not wait for one another).
    private static int HintOf(ReadOnlySpan<byte> envelope, int size)
    {
        const int Words = FudgeEnvelopeHeader.Size + 32;
        ulong key;
        if (size >= Words && envelope.Length >= Words)
        {
            var fields = envelope.Slice(FudgeEnvelopeHeader.Size, 32);
            key = (BinaryPrimitives.ReadUInt64LittleEndian(fields) * 0x9E3779B97F4A7C15UL)
                ^ (BinaryPrimitives.ReadUInt64LittleEndian(fields.Slice(8)) * 0xC2B2AE3D27D4EB4FUL)
                ^ (BinaryPrimitives.ReadUInt64LittleEndian(fields.Slice(16)) * 0x165667B19E3779F9UL)
                ^ (BinaryPrimitives.ReadUInt64LittleEndian(fields.Slice(24)) * 0xD6E8FEB86659FD93UL);
            key = (key ^ (key >> 29)) * 0x9E3779B97F4A7C15UL;
            return (int)(key >> (64 - HintBits));
        }
        int end = Math.Min(size, Words);
        key = (ulong)end;
        for (int at = FudgeEnvelopeHeader.Size; at + sizeof(ulong) <= end; at += sizeof(ulong))
            key = (key ^ BinaryPrimitives.ReadUInt64LittleEndian(envelope.Slice(at))) * 0x9E3779B97F4A7C15UL;
        return (int)(key >> (64 - HintBits));
    }

    private ProjectionLayout Use(ProjectionLayout layout, int index, int hint, int size)
    {
        layout.Uses++;
        _last = index;
        // Written only when changed: most messages find the layout their hint gave.
        if (_hints[hint] != index + 1) _hints[hint] = (byte)(index + 1);
        _sizes[size & (SizeHints - 1)] = (byte)(index + 1);
        return layout;
    }

    /// <summary>Called for an envelope that fits no layout: true when its layout is to be recorded.</summary>
    public bool ShouldRecord()
    {
        if (_countdown == 0) return true;
        _countdown--;
        return false;
    }

    /// <summary>Keeps a layout recorded after <see cref="ShouldRecord"/>.</summary>
    public void Add(ProjectionLayout layout)
    {
        Recorded++;
        if (_count < Capacity)
        {
            _last = _count;
            _layouts[_count++] = layout;
            FindTellingByte();
            return;
        }
        // In place of a layout no envelope used since the last replacement (the stream moved on: the wait stays short),
        // else of each in turn (more layouts in use than places: each such replacement doubles the wait).
        int place = Array.FindIndex(_layouts, known => known!.Uses == 0);
        if (place >= 0) _interval = FirstInterval;
        else
        {
            place = _next++ % Capacity;
            _interval = Math.Min(_interval * 2, LastInterval);
        }
        foreach (var known in _layouts)
        {
            _earlierHits += known!.Uses;
            known.Uses = 0;
        }
        _layouts[place] = layout;
        _last = place;
        _countdown = _interval;
        FindTellingByte();
    }

    // Sets _telling and _layoutByTellingByte for the layouts held (after each one recorded: rarely, so a plain scan).
    private void FindTellingByte()
    {
        _telling = -1;
        Array.Clear(_layoutByTellingByte, 0, _layoutByTellingByte.Length);
        _single = _count == 1 ? _layouts[0] : null;
        if (_count < 2) return;
        int shortest = int.MaxValue;
        for (int i = 0; i < _count; i++) shortest = Math.Min(shortest, _layouts[i]!.Length);
        for (int at = FudgeEnvelopeHeader.Size; at < shortest && _telling < 0; at++)
        {
            var first = _layouts[0]!;
            if (!first.IsStructure(at)) continue;
            bool everywhere = true, differs = false;
            for (int i = 1; i < _count && everywhere; i++)
            {
                everywhere = _layouts[i]!.IsStructure(at);
                differs |= _layouts[i]!.StructureAt(at) != first.StructureAt(at);
            }
            if (everywhere && differs) _telling = at;
        }
        if (_telling < 0) return;
        for (int i = 0; i < _count; i++) _layoutByTellingByte[_layouts[i]!.StructureAt(_telling)] = _layouts[i];
    }

    /// <summary>Called when a recording was due but gave no layout: the wait restarts as after a replacement.</summary>
    public void Skip()
    {
        _countdown = _interval;
        _interval = Math.Min(_interval * 2, LastInterval);
    }
}
