using System;
using System.Collections.Generic;

namespace Fudge.Query;

/// <summary>
/// The values of a field-only projection's leaves for one message, in typed slots reused from one message to the next:
/// integers (and booleans, enums) as <see cref="long"/>, floating values as <see cref="double"/>, strings, and the other
/// types boxed. The compiled selector reads its leaves from here, so reading a message allocates nothing but its
/// strings (and the boxes of the uncommon types).
/// </summary>
internal sealed class LeafSlots
{
    public LeafSlots(int count)
    {
        Integers = new long[count];
        Floats = new double[count];
        Strings = new string?[count];
        Objects = new object?[count];
        Present = new bool[count];
        Found = new bool[count];
    }

    /// <summary>The short strings read before, found again by their bytes (see <see cref="ShortTextCache"/>).</summary>
    public ShortTextCache Texts => _texts ??= new ShortTextCache();

    private ShortTextCache? _texts;

    /// <summary>
    /// The table of texts of <paramref name="length"/> bytes (at most <see cref="TextsOfOneLength.MaxBytes"/>) that the
    /// layouts' text places of that length share (see <see cref="TextsOfOneLength"/>).
    /// </summary>
    public TextsOfOneLength TextsOfLength(int length)
    {
        _textsByLength ??= new TextsOfOneLength?[TextsOfOneLength.MaxBytes + 1];
        return _textsByLength[length] ??= new TextsOfOneLength();
    }

    private TextsOfOneLength?[]? _textsByLength;

    /// <summary>
    /// Set by a replay of a layout that could not read a leaf (a value out of its member's range, a read that raised an
    /// exception), cleared by its caller, which then has the walk read the envelope.
    /// </summary>
    internal bool ReplayFailed;

    /// <summary>The layouts of the messages read before, replayed for the messages that have one (see <see cref="ProjectionLayouts"/>).</summary>
    public ProjectionLayouts Layouts => _layouts ??= new ProjectionLayouts();

    private ProjectionLayouts? _layouts;

    /// <summary><see cref="Layouts"/> once made (by <see cref="ProjectionLayouts.Ready"/>, say), with no test for null.</summary>
    internal ProjectionLayouts ReadyLayouts => _layouts!;

    /// <summary>Each integer, boolean (0 or 1) or enum leaf's value; 0 when absent.</summary>
    public readonly long[] Integers;

    /// <summary>Each <see cref="double"/> or <see cref="float"/> leaf's value; 0 when absent.</summary>
    public readonly double[] Floats;

    /// <summary>Each string leaf's value; null when absent.</summary>
    public readonly string?[] Strings;

    /// <summary><see cref="Integers"/>[<paramref name="leaf"/>] for a compiled selector, with no bounds check (see <see cref="StringAt"/>).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public long IntegerAt(int leaf) => Unchecked(Integers, leaf);

    /// <summary><see cref="Floats"/>[<paramref name="leaf"/>] for a compiled selector, with no bounds check (see <see cref="StringAt"/>).</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public double FloatAt(int leaf) => Unchecked(Floats, leaf);

    /// <summary>
    /// <see cref="Strings"/>[<paramref name="leaf"/>] for a compiled selector, with no bounds check: a selector is built
    /// for its projector's leaves (its indices are under their count, Projector.SlotRead) and called only with the slots
    /// of a projector of its shape (its own, or one sharing its compiled selector, whose shape has the same leaves), made
    /// with one slot per leaf (<see cref="Projector.NewSlots"/>).
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public string? StringAt(int leaf) => Unchecked(Strings, leaf);

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static T Unchecked<T>(T[] array, int index)
    {
        System.Diagnostics.Debug.Assert((uint)index < (uint)array.Length);
#if NET8_0_OR_GREATER
        return System.Runtime.CompilerServices.Unsafe.Add(ref System.Runtime.InteropServices.MemoryMarshal.GetArrayDataReference(array), (nint)(uint)index);
#else
        return array[index];
#endif
    }

    /// <summary>Each other leaf's value, boxed (the type's default when absent).</summary>
    public readonly object?[] Objects;

    /// <summary>
    /// For the leaves of nullable members (<see cref="ProjectionLeaves.MarksPresence"/>), true where the leaf has a
    /// value (false is null). The others' is not read, and a replayed layout does not keep it.
    /// </summary>
    public readonly bool[] Present;

    /// <summary>True where the leaf's path has selected a field in the message being read (the first one counts).</summary>
    public readonly bool[] Found;
}

/// <summary>How a leaf's value is held in <see cref="LeafSlots"/>, by the member's type.</summary>
internal enum LeafKind
{
    /// <summary><see cref="LeafSlots.Integers"/>: the integer types, <see cref="bool"/> and enums.</summary>
    Integer,
    /// <summary><see cref="LeafSlots.Floats"/>: <see cref="double"/>.</summary>
    Double,
    /// <summary><see cref="LeafSlots.Floats"/>: <see cref="float"/>, held widened.</summary>
    Single,
    /// <summary><see cref="LeafSlots.Strings"/>.</summary>
    String,
    /// <summary><see cref="LeafSlots.Objects"/>: every other type, boxed.</summary>
    Other,
}

/// <summary>
/// Reads the leaves of a field-only projection from an envelope in <b>one pass</b> over its bytes: the leaves' paths
/// are merged into a tree of steps, and each level is walked once, passing over the fields no path takes on their
/// headers alone (by name, as the filters do: no name is decoded) and entering only the sub-messages a path goes on
/// into. A leaf takes the first field its path selects, in document order, converted to the member's type as
/// <see cref="FudgeConvert"/> converts it; the usual conversions (integers, floating values, strings) are made from
/// the bytes with no boxing, the others through the wire value. The walk stops once every leaf is found.
/// </summary>
internal sealed partial class ProjectionLeaves
{
    private static readonly DecodeContext NoSubMessages = new(0);

    private readonly Level _top;
    private readonly Type[] _types;
    private readonly Type[] _underlying;
    private readonly LeafKind[] _kinds;
    private readonly long[] _min;
    private readonly long[] _max;
    private readonly object?[] _defaults;
    private readonly bool[] _defaultKnown;
    // True for a leaf of a nullable member (Nullable<T>): the only leaves whose selector reads LeafSlots.Present.
    private readonly bool[] _nullable;

    /// <param name="paths">Each leaf's path: names or ordinals, no index or descent (member chains through sub-messages).</param>
    /// <param name="types">Each leaf's member type.</param>
    public ProjectionLeaves(IReadOnlyList<FudgePath> paths, IReadOnlyList<Type> types)
    {
        int count = paths.Count;
        _types = new Type[count];
        _underlying = new Type[count];
        _kinds = new LeafKind[count];
        _min = new long[count];
        _max = new long[count];
        _defaults = new object?[count];
        _defaultKnown = new bool[count];
        _nullable = new bool[count];
        _top = new Level();
        for (int leaf = 0; leaf < count; leaf++)
        {
            _types[leaf] = types[leaf];
            var underlying = Nullable.GetUnderlyingType(types[leaf]) ?? types[leaf];
            _nullable[leaf] = underlying != types[leaf];
            _underlying[leaf] = underlying;
            (_kinds[leaf], _min[leaf], _max[leaf]) = KindOf(underlying);
            var level = _top;
            var steps = paths[leaf].Steps;
            for (int depth = 0; depth < steps.Length; depth++)
            {
                var entry = level.EntryFor(steps[depth]);
                if (depth == steps.Length - 1) entry.LeafList.Add(leaf);
                else level = entry.Child ??= new Level();
            }
        }
        _top.Seal();
    }

    /// <summary>The number of leaves.</summary>
    public int Count => _types.Length;

    /// <summary>The kind of each leaf's slot.</summary>
    public LeafKind KindOf(int leaf) => _kinds[leaf];

    /// <summary>
    /// True when the leaf's member is nullable (<see cref="Nullable{T}"/>): its <see cref="LeafSlots.Present"/> is then
    /// kept true where it has a value; the others' is not read (by the selector, nor kept by a replay).
    /// </summary>
    public bool MarksPresence(int leaf) => _nullable[leaf];

    /// <summary>Fills <paramref name="slots"/> with the leaves' values in the envelope at the start of <paramref name="envelope"/>.</summary>
    /// <remarks>
    /// An envelope with the layout of one read before (the same structure bytes up to where the walk stopped) has its
    /// leaves read straight from the remembered places; any other is walked, and its layout may be remembered.
    /// </remarks>
    /// <exception cref="FudgeFormatException">The bytes the walk reads are malformed.</exception>
    /// <exception cref="FudgeException">A value cannot be converted to its member's type.</exception>
    public void Read(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        var layouts = slots.Layouts;
        int size = layouts.Usable(envelope, options);
        if (size > 0)
        {
            if (layouts.Find(envelope, size) is { } layout)
            {
                Replay(layout, envelope, slots);
                if (!slots.ReplayFailed) return;
                slots.ReplayFailed = false;
            }
            if (layouts.ShouldRecord())
            {
                Record(envelope, options, slots);
                return;
            }
        }
        Walk(envelope, options, slots);
    }

    /// <summary>
    /// <see cref="Read"/> for an envelope a <see cref="FudgeStreamReader"/> with <paramref name="options"/> framed (its
    /// length is the size its header declares, within the options' limits), once <see cref="ProjectionLayouts.Ready"/>
    /// returned true for the same options: the header is not looked at again.
    /// </summary>
    public void ReadFramed(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        if (!TryReplayFramed(envelope, options, slots)) ReadFramedUnreplayed(envelope, options, slots);
    }

    /// <summary>
    /// The first part of <see cref="ReadFramed"/>: the envelope's leaves read from the places of a known layout, with no
    /// exception raised, or false (then <see cref="ReadFramedUnreplayed"/> reads them).
    /// </summary>
    /// <remarks>
    /// Apart so that the enumerator's loop holds no exception handler around its usual path: locals that live into a
    /// handler are kept in memory, stored and loaded back on every tick. Static: the layouts hold what a replay needs,
    /// so the caller's loop loads (and tests for null) no reads of its own.
    /// </remarks>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public static bool TryReplayFramed(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        // The options are settable: a resolver set since Ready makes each envelope's taxonomy matter again.
        if (options.TaxonomyResolver is not null) return false;
        // Ready made the layouts (no test of the lazy property on every tick), and the replay's slow reads take their
        // options, Ready's (not this argument, which would be kept in a register across the usual reads).
        var layouts = slots.ReadyLayouts;
        System.Diagnostics.Debug.Assert(ReferenceEquals(layouts.Options, options));
        if (layouts.Find(envelope, envelope.Length) is not { } layout) return false;
        Replay(layout, envelope, slots);
        if (!slots.ReplayFailed) return true;
        slots.ReplayFailed = false;
        return false;
    }

    /// <summary>The rest of <see cref="ReadFramed"/>, once <see cref="TryReplayFramed"/> returned false for the envelope.</summary>
    /// <exception cref="FudgeFormatException">The bytes the walk reads are malformed.</exception>
    /// <exception cref="FudgeException">A value cannot be converted to its member's type.</exception>
    public void ReadFramedUnreplayed(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        if (options.TaxonomyResolver is not null)
        {
            Read(envelope, options, slots);
            return;
        }
        if (slots.Layouts.ShouldRecord()) Record(envelope, options, slots);
        else Walk(envelope, options, slots);
    }

    // The leaves' values by the walk over the envelope's fields.
    private void Walk(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        var found = slots.Found;
        Array.Clear(found, 0, found.Length);
        int remaining = found.Length;
        var reader = new FudgeReader(envelope, options);
        if (remaining > 0) Walk(ref reader, _top, slots, ref remaining);
        if (remaining == 0) return;
        for (int leaf = 0; leaf < found.Length; leaf++)
            if (!found[leaf]) SetAbsent(leaf, slots);
    }

    /// <summary>
    /// Fills <paramref name="slots"/> from values read elsewhere (a store's columns): each the first value of its path
    /// as a <see cref="FudgeMsg"/> field holds it, or not found.
    /// </summary>
    public void Set(IReadOnlyList<object?> values, IReadOnlyList<bool> found, LeafSlots slots)
    {
        for (int leaf = 0; leaf < _types.Length; leaf++)
        {
            if (found[leaf]) SetConverted(leaf, FudgeConvert.ToType(values[leaf], _types[leaf]), slots);
            else SetAbsent(leaf, slots);
        }
    }

    // Walks one level's fields: true once every leaf is found (the walk then stops).
    private bool Walk(ref FudgeReader reader, Level level, LeafSlots slots, ref int remaining)
    {
        var names = level.Names;
        var entries = level.Entries;
        // An ordinal-only field may carry a wanted name through its envelope's taxonomy: such fields are looked at too.
        bool nameless = reader.Taxonomy is not null;
        while (true)
        {
            int match = names is not null
                ? reader.ReadCandidate(names, nameless, messages: false)
                : reader.Read() ? -1 : FudgeReader.NoMoreCandidates;
            if (match == FudgeReader.NoMoreCandidates) return false;
            if (match >= 0)
            {
                // The name on the wire is this entry's, and no other entry takes a named field.
                if (Take(entries[match], ref reader, slots, ref remaining)) return true;
                continue;
            }
            for (int i = 0; i < entries.Length; i++)
                if (entries[i].Step.Matches(in reader) && Take(entries[i], ref reader, slots, ref remaining))
                    return true;
        }
    }

    // The field is one an entry's step selects: its leaves not found yet take it, and its paths go on into it.
    private bool Take(Entry entry, ref FudgeReader field, LeafSlots slots, ref int remaining)
    {
        var leaves = entry.Leaves;
        var found = slots.Found;
        for (int i = 0; i < leaves.Length; i++)
        {
            int leaf = leaves[i];
            if (found[leaf]) continue;
            ReadLeaf(leaf, in field, slots);
            found[leaf] = true;
            if (--remaining == 0) return true;
        }
        if (entry.Child is { } child && field.TypeId == FudgeTypeId.Message)
        {
            var fields = field.ReadMessage();
            return Walk(ref fields, child, slots, ref remaining);
        }
        return false;
    }

    // The field's value into the leaf's slot, as FudgeConvert would convert it: the usual pairs of wire type and member
    // type straight from the bytes, the others through the wire value.
    private void ReadLeaf(int leaf, in FudgeReader field, LeafSlots slots)
    {
        var value = field.ValueSpan;
        if (!TryReadValue(leaf, field.TypeId, value, 0, value.Length, slots)) ReadLeafSlowly(leaf, in field, slots);
    }

    // The usual pairs of wire type and member type, from the value's bytes: false for the others (and for a string not
    // decoded before), which ReadLeafSlowly reads.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    // The value is the length bytes at start of data.
    private bool TryReadValue(int leaf, byte typeId, ReadOnlySpan<byte> data, int start, int length, LeafSlots slots)
    {
        var value = data.Slice(start, length);
        bool integer = typeId is FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64 or FudgeTypeId.Boolean;
        switch (_kinds[leaf])
        {
            case LeafKind.Integer when integer:
                long number = IntegerOf(typeId, value);
                if (number < _min[leaf] || number > _max[leaf]) throw OutOfRange(leaf, number);
                slots.Integers[leaf] = number;
                slots.Present[leaf] = true;
                return true;
            case LeafKind.Double when integer || typeId is FudgeTypeId.Double or FudgeTypeId.Float:
                slots.Floats[leaf] = integer ? IntegerOf(typeId, value) : typeId == FudgeTypeId.Double ? BigEndian.ReadDouble(value) : BigEndian.ReadSingle(value);
                slots.Present[leaf] = true;
                return true;
            case LeafKind.Single when integer || typeId is FudgeTypeId.Double or FudgeTypeId.Float:
                slots.Floats[leaf] = integer ? (float)IntegerOf(typeId, value) : typeId == FudgeTypeId.Float ? BigEndian.ReadSingle(value) : (float)BigEndian.ReadDouble(value);
                slots.Present[leaf] = true;
                return true;
            case LeafKind.String when typeId == FudgeTypeId.String:
                if (slots.Texts.Find(data, start, length) is not { } text) return false;
                slots.Strings[leaf] = text;
                slots.Present[leaf] = true;
                return true;
        }
        return false;
    }

    // An integer or boolean value's bytes as FudgeReader.GetInt64 reads them.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static long IntegerOf(byte typeId, ReadOnlySpan<byte> value) => typeId switch
    {
        FudgeTypeId.Int8 => (sbyte)value[0],
        FudgeTypeId.Int16 => System.Buffers.Binary.BinaryPrimitives.ReadInt16BigEndian(value),
        FudgeTypeId.Int32 => System.Buffers.Binary.BinaryPrimitives.ReadInt32BigEndian(value),
        FudgeTypeId.Int64 => System.Buffers.Binary.BinaryPrimitives.ReadInt64BigEndian(value),
        _ => value[0] != 0 ? 1 : 0,
    };

    // True when the value fits the leaf's member (an integer read into a narrower one).
    private bool InRange(int leaf, long value) => value >= _min[leaf] && value <= _max[leaf];

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private FudgeException OutOfRange(int leaf, long value) => new($"The value {value} does not fit in {_underlying[leaf].Name}.");

    // What TryReadValue leaves: a string not decoded before, and the other pairs through the wire value.
    private void ReadLeafSlowly(int leaf, in FudgeReader field, LeafSlots slots)
    {
        byte typeId = field.TypeId;
        if (_kinds[leaf] == LeafKind.String && typeId == FudgeTypeId.String)
        {
            slots.Strings[leaf] = slots.Texts.Get(in field);
            slots.Present[leaf] = true;
            return;
        }
        var reader = field;
        var wire = FudgeMsgCodec.ReadValue(ref reader, typeId, typeId == FudgeTypeId.Message ? new DecodeContext(reader.Options.MaxFieldCount) : NoSubMessages);
        SetConverted(leaf, FudgeConvert.ToType(wire, _types[leaf]), slots);
    }

    // A value FudgeConvert has converted to the leaf's type (null: an indicator, for instance) into its slot.
    private void SetConverted(int leaf, object? converted, LeafSlots slots)
    {
        if (converted is null)
        {
            SetAbsent(leaf, slots);
            return;
        }
        slots.Present[leaf] = true;
        switch (_kinds[leaf])
        {
            case LeafKind.Integer:
                slots.Integers[leaf] = converted switch
                {
                    bool b => b ? 1 : 0,
                    ulong u => unchecked((long)u),
                    Enum when Type.GetTypeCode(converted.GetType()) == TypeCode.UInt64 => unchecked((long)(ulong)converted),
                    _ => System.Convert.ToInt64(converted, System.Globalization.CultureInfo.InvariantCulture),
                };
                return;
            case LeafKind.Double:
            case LeafKind.Single:
                slots.Floats[leaf] = System.Convert.ToDouble(converted, System.Globalization.CultureInfo.InvariantCulture);
                return;
            case LeafKind.String:
                slots.Strings[leaf] = converted as string;
                return;
            default:
                slots.Objects[leaf] = converted;
                return;
        }
    }

    // What a deserializer leaves in a member whose field is absent: null, or the type's zero.
    private void SetAbsent(int leaf, LeafSlots slots)
    {
        slots.Present[leaf] = false;
        slots.Integers[leaf] = 0;
        slots.Floats[leaf] = 0;
        slots.Strings[leaf] = null;
        if (_kinds[leaf] == LeafKind.Other)
        {
            if (!_defaultKnown[leaf])
            {
                _defaults[leaf] = DefaultOf(_types[leaf]);
                _defaultKnown[leaf] = true;
            }
            slots.Objects[leaf] = _defaults[leaf];
        }
    }

    /// <summary>The slot a member type's values are held in, and for integers the range a value must be in.</summary>
    private static (LeafKind Kind, long Min, long Max) KindOf(Type type)
    {
        if (type == typeof(long) || type == typeof(bool) || type.IsEnum) return (LeafKind.Integer, long.MinValue, long.MaxValue);
        if (type == typeof(int)) return (LeafKind.Integer, int.MinValue, int.MaxValue);
        if (type == typeof(short)) return (LeafKind.Integer, short.MinValue, short.MaxValue);
        if (type == typeof(sbyte)) return (LeafKind.Integer, sbyte.MinValue, sbyte.MaxValue);
        if (type == typeof(byte)) return (LeafKind.Integer, byte.MinValue, byte.MaxValue);
        if (type == typeof(ushort)) return (LeafKind.Integer, ushort.MinValue, ushort.MaxValue);
        if (type == typeof(uint)) return (LeafKind.Integer, uint.MinValue, uint.MaxValue);
        if (type == typeof(ulong)) return (LeafKind.Integer, 0, long.MaxValue);
        if (type == typeof(double)) return (LeafKind.Double, 0, 0);
        if (type == typeof(float)) return (LeafKind.Single, 0, 0);
        if (type == typeof(string)) return (LeafKind.String, 0, 0);
        return (LeafKind.Other, 0, 0);
    }

    /// <summary>What a deserializer leaves in a member whose field is absent: null, or the type's zero.</summary>
    private static object? DefaultOf(Type type)
    {
        if (!type.IsValueType || Nullable.GetUnderlyingType(type) is not null) return null;
        if (type.IsEnum) return Enum.ToObject(type, 0);
        if (type.IsPrimitive) return System.Convert.ChangeType(0, type, System.Globalization.CultureInfo.InvariantCulture);
        if (type == typeof(decimal)) return 0m;
        if (type == typeof(DateTime)) return default(DateTime);
        if (type == typeof(DateTimeOffset)) return default(DateTimeOffset);
        if (type == typeof(TimeSpan)) return default(TimeSpan);
        if (type == typeof(Guid)) return default(Guid);
#if NET6_0_OR_GREATER
        if (type == typeof(DateOnly)) return default(DateOnly);
        if (type == typeof(TimeOnly)) return default(TimeOnly);
#endif
        throw new FudgeException($"A projected {type.Name} is absent from the message and has no known default.");
    }

    /// <summary>The distinct steps the leaves' paths take at one depth below one step.</summary>
    private sealed class Level
    {
        private readonly List<Entry> _entries = new();

        public Entry[] Entries { get; private set; } = Array.Empty<Entry>();

        /// <summary>The entries' names when every step here is a plain name (fields are then passed over by name), else null.</summary>
        public FudgeNameSet? Names { get; private set; }

        public Entry EntryFor(PathStep step)
        {
            foreach (var entry in _entries)
                if (entry.Step.SameKey(step)) return entry;
            var created = new Entry(step);
            _entries.Add(created);
            return created;
        }

        public void Seal()
        {
            Entries = _entries.ToArray();
            if (Array.TrueForAll(Entries, entry => entry.Step is { Selector: KeySelector.Name, HasSupplementary: false }))
                Names = new FudgeNameSet(Array.ConvertAll(Entries, entry => entry.Step.NameUtf8));
            foreach (var entry in Entries)
            {
                entry.Leaves = entry.LeafList.ToArray();
                entry.Child?.Seal();
            }
        }
    }

    private sealed class Entry
    {
        public Entry(PathStep step) => Step = step;

        public PathStep Step { get; }

        public List<int> LeafList { get; } = new();

        /// <summary>The leaves whose path ends at this step.</summary>
        public int[] Leaves { get; set; } = Array.Empty<int>();

        /// <summary>The level of the paths that go on into a sub-message this step selects, or null.</summary>
        public Level? Child { get; set; }
    }
}
