using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Fudge.Query;

// Remembering and replaying the layouts of envelopes (ProjectionLayout): a recording walk reads every field with
// FudgeReader.Read, where the walk passes over fields on their headers, and finds what the walk finds, field for field.
internal sealed partial class ProjectionLeaves
{
    // The walk, recording the envelope's layout; a layout it can replay is kept.
    private void Record(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        var found = slots.Found;
        Array.Clear(found, 0, found.Length);
        int remaining = found.Length;
        ProjectionLayout.Recorder recorder;
        bool all;
        try
        {
            var reader = new FudgeReader(envelope, options);
            recorder = new ProjectionLayout.Recorder(reader.EnvelopeHeader.MessageSize);
            all = remaining == 0 || RecordWalk(ref reader, _top, slots, ref remaining, recorder);
        }
        catch (FudgeException)
        {
            // The walk's own answer: its exception, at its offset.
            slots.Layouts.Skip();
            Walk(envelope, options, slots);
            return;
        }
        if (!all)
        {
            for (int leaf = 0; leaf < found.Length; leaf++)
                if (!found[leaf]) SetAbsent(leaf, slots);
        }
        if (recorder.Create(envelope, toEnd: !all, found) is { } layout) slots.Layouts.Add(layout);
        else slots.Layouts.Skip();
    }

    // Walk's loop over one level with every field read whole and its header recorded: true once every leaf is found.
    private bool RecordWalk(ref FudgeReader reader, Level level, LeafSlots slots, ref int remaining, ProjectionLayout.Recorder recorder)
    {
        var names = level.Names;
        var entries = level.Entries;
        bool nameless = reader.Taxonomy is not null;
        while (reader.Read())
        {
            recorder.Field(in reader);
            if (names is not null && (reader.HasName || !nameless))
            {
                // Walk's ReadCandidate: a named field by its name in the set, a nameless one passed over.
                if (!reader.HasName) continue;
                var name = reader.NameUtf8;
                int match = names.IndexOf(name, 0, name.Length);
                if (match >= 0 && RecordTake(entries[match], ref reader, slots, ref remaining, recorder)) return true;
                continue;
            }
            for (int i = 0; i < entries.Length; i++)
                if (entries[i].Step.Matches(in reader) && RecordTake(entries[i], ref reader, slots, ref remaining, recorder))
                    return true;
        }
        return false;
    }

    // Take, recording where each leaf's field is.
    private bool RecordTake(Entry entry, ref FudgeReader field, LeafSlots slots, ref int remaining, ProjectionLayout.Recorder recorder)
    {
        var leaves = entry.Leaves;
        var found = slots.Found;
        for (int i = 0; i < leaves.Length; i++)
        {
            int leaf = leaves[i];
            if (found[leaf]) continue;
            // A sub-message's value is read with the depth of its reader, which a replay does not have.
            if (field.TypeId == FudgeTypeId.Message) recorder.Unusable = true;
            int length = field.ValueSpan.Length;
            var read = PlaceReadOf(leaf, field.TypeId, length);
            recorder.Places.Add(new ProjectionLayout.LeafPlace(leaf, field.FieldOffset, field.ValueOffset, length, field.TypeId, read, read == PlaceRead.Word ? slots.TextsOfLength(length) : null));
            ReadLeaf(leaf, in field, slots);
            found[leaf] = true;
            if (--remaining == 0) return true;
        }
        if (entry.Child is { } child && field.TypeId == FudgeTypeId.Message)
        {
            // Every eighth level the reader asks the thread for stack room: not a thing of the bytes.
            if ((field.Depth & 7) == 7) recorder.Unusable = true;
            var fields = field.ReadMessage();
            return RecordWalk(ref fields, child, slots, ref remaining, recorder);
        }
        return false;
    }

    // How a replay reads a value of the wire type at the leaf's place: TryReadValue's cases, decided once per layout.
    private PlaceRead PlaceReadOf(int leaf, byte typeId, int length)
    {
        bool integer = typeId is FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64 or FudgeTypeId.Boolean;
        bool floating = typeId is FudgeTypeId.Double or FudgeTypeId.Float;
        switch (_kinds[leaf])
        {
            case LeafKind.Integer when integer:
                // The range of the wire type: a member that holds all of it needs no check.
                (long min, long max) = typeId switch
                {
                    FudgeTypeId.Int8 => ((long)sbyte.MinValue, (long)sbyte.MaxValue),
                    FudgeTypeId.Int16 => (short.MinValue, short.MaxValue),
                    FudgeTypeId.Int32 => (int.MinValue, int.MaxValue),
                    FudgeTypeId.Int64 => (long.MinValue, long.MaxValue),
                    _ => (0L, 1L),
                };
                return min >= _min[leaf] && max <= _max[leaf] ? PlaceRead.Integer : PlaceRead.IntegerInRange;
            case LeafKind.Double when integer:
                return PlaceRead.IntegerToDouble;
            case LeafKind.Single when integer:
                return PlaceRead.IntegerToSingle;
            case LeafKind.Double or LeafKind.Single when floating:
                return typeId == FudgeTypeId.Float ? PlaceRead.Single : _kinds[leaf] == LeafKind.Double ? PlaceRead.Double : PlaceRead.DoubleToSingle;
            case LeafKind.String when typeId == FudgeTypeId.String && length <= TextsOfOneLength.MaxBytes:
                return PlaceRead.Word;
            case LeafKind.String when typeId == FudgeTypeId.String && length <= ShortTextCache.MaxBytes:
                return PlaceRead.Text;
            default:
                return PlaceRead.Slow;
        }
    }

    // The leaves read from the places the layout gives, each as its place says: false (the walk then reads the
    // envelope) when a value is out of its member's range or raises an exception, so that the exception is the walk's.
    // The first two places are the layout's own fields (most projections read one to three leaves): no load of the
    // places' array stands between the layout and its first reads.
    private bool Replay(ProjectionLayout layout, ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        int count = layout.PlaceCount;
        if (count > 0)
        {
            if (!ReplayPlace(in layout.First, envelope, options, slots)) return false;
            if (count > 1)
            {
                if (!ReplayPlace(in layout.Second, envelope, options, slots)) return false;
                if (count > 2 && !ReplayRest(layout, envelope, options, slots)) return false;
            }
        }
        if (layout.HasAbsent)
            foreach (int leaf in layout.Absent) SetAbsent(leaf, slots);
        return true;
    }

    // The places after the first two.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private bool ReplayRest(ProjectionLayout layout, ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        var places = layout.Places;
        for (int i = 2; i < places.Length; i++)
            if (!ReplayPlace(in places[i], envelope, options, slots)) return false;
        return true;
    }

    // One place's leaf into its slot: false as for Replay. Read with no bounds checks: Fits found the envelope at least
    // as long as the layout, whose length covers every place (a place's Length is its type's width, or its text's), and
    // a leaf indexes slots made for this projection's leaves. Each check is instructions on every tick, and the tick's
    // time follows its instruction count (a scratch build with 32 more spent 3.7 ns more a tick).
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private bool ReplayPlace(in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        int leaf = place.Leaf;
        System.Diagnostics.Debug.Assert(place.ValueOffset + place.Length <= envelope.Length && leaf < slots.Floats.Length);
        int offset = place.ValueOffset;
        var read = place.Read;
        // The usual reads first, by compares: a compare and a branch each, where the switch's jump through its table is
        // eight instructions.
        if (read == PlaceRead.Double)
        {
            At(slots.Floats, leaf) = BigEndian.ReadDouble(Unchecked(envelope, offset, sizeof(double)));
            At(slots.Present, leaf) = true;
            return true;
        }
        if (read == PlaceRead.Word && envelope.Length - offset >= sizeof(ulong))
        {
            ulong word = BinaryPrimitives.ReadUInt64LittleEndian(Unchecked(envelope, offset, sizeof(ulong))) & place.WordMask;
            if (place.Texts!.Find(word) is not { } known) return ReplayNewText(in place, envelope, options, slots, word);
            // Present first: the string's store calls the write barrier, which the leaf's index would be kept across.
            At(slots.Present, leaf) = true;
            At(slots.Strings, leaf) = known;
            return true;
        }
        switch (read)
        {
            case PlaceRead.Integer:
                At(slots.Integers, leaf) = IntegerAt(place.TypeId, envelope, offset);
                break;
            case PlaceRead.IntegerInRange:
                long number = IntegerAt(place.TypeId, envelope, offset);
                if (number < _min[leaf] || number > _max[leaf]) return false;
                At(slots.Integers, leaf) = number;
                break;
            case PlaceRead.IntegerToDouble:
                At(slots.Floats, leaf) = IntegerAt(place.TypeId, envelope, offset);
                break;
            case PlaceRead.IntegerToSingle:
                At(slots.Floats, leaf) = (float)IntegerAt(place.TypeId, envelope, offset);
                break;
            // PlaceRead.Double, and a Word with eight bytes to read, are read above.
            case PlaceRead.Single:
                At(slots.Floats, leaf) = BigEndian.ReadSingle(Unchecked(envelope, offset, sizeof(float)));
                break;
            case PlaceRead.DoubleToSingle:
                At(slots.Floats, leaf) = (float)BigEndian.ReadDouble(Unchecked(envelope, offset, sizeof(double)));
                break;
            case PlaceRead.Text or PlaceRead.Word when slots.Texts.Find(envelope, place.ValueOffset, place.Length) is { } text:
                At(slots.Strings, leaf) = text;
                break;
            default:
                // Marks the leaf present or absent itself (an indicator converts to null).
                return ReplaySlowly(in place, envelope, options, slots);
        }
        At(slots.Present, leaf) = true;
        return true;
    }

    // An element of slots' arrays, with no bounds check where the framework allows (see ReplayPlace).
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static ref T At<T>(T[] array, int index)
    {
#if NET8_0_OR_GREATER
        return ref Unsafe.Add(ref MemoryMarshal.GetArrayDataReference(array), (nint)(uint)index);
#else
        return ref array[index];
#endif
    }

    // The length bytes at offset in the envelope, with no bounds check where the framework allows (see ReplayPlace).
    // Given a constant length, the reads of a fixed-width value from them check nothing either.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static ReadOnlySpan<byte> Unchecked(ReadOnlySpan<byte> envelope, int offset, int length)
    {
#if NET8_0_OR_GREATER
        return MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(envelope), (nint)(uint)offset), length);
#else
        return envelope.Slice(offset, length);
#endif
    }

    // IntegerOf at the value's offset.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    private static long IntegerAt(byte typeId, ReadOnlySpan<byte> envelope, int offset) => typeId switch
    {
        FudgeTypeId.Int8 => (sbyte)Unchecked(envelope, offset, 1)[0],
        FudgeTypeId.Int16 => BinaryPrimitives.ReadInt16BigEndian(Unchecked(envelope, offset, sizeof(short))),
        FudgeTypeId.Int32 => BinaryPrimitives.ReadInt32BigEndian(Unchecked(envelope, offset, sizeof(int))),
        FudgeTypeId.Int64 => BinaryPrimitives.ReadInt64BigEndian(Unchecked(envelope, offset, sizeof(long))),
        _ => Unchecked(envelope, offset, 1)[0] != 0 ? 1 : 0,
    };

    // A text of a Word place not in its table: decoded as the walk decodes it, and kept. False when the bytes are not
    // UTF-8 (the walk then raises its exception).
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static bool ReplayNewText(in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots, ulong word)
    {
        string text;
        try
        {
            var field = FudgeReader.ForFields(envelope.Slice(place.FieldOffset, place.ValueOffset + place.Length - place.FieldOffset), options, null, place.FieldOffset);
            field.Read();
            text = field.GetString();
        }
        catch (FudgeException)
        {
            return false;
        }
        place.Texts!.Add(word, text);
        slots.Strings[place.Leaf] = text;
        slots.Present[place.Leaf] = true;
        return true;
    }

    // A leaf TryReadValue leaves, read through a reader over its field. Not inlined: the reader is a large struct, which
    // Replay would otherwise clear on every call.
    // False when it raises an exception (the walk then raises its own).
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private bool ReplaySlowly(in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        try
        {
            var field = FudgeReader.ForFields(envelope.Slice(place.FieldOffset, place.ValueOffset + place.Length - place.FieldOffset), options, null, place.FieldOffset);
            field.Read();
            ReadLeafSlowly(place.Leaf, in field, slots);
            return true;
        }
        catch (FudgeException)
        {
            return false;
        }
    }
}
