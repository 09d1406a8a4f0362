using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Fudge.Query;

// Replaying the layouts of envelopes (ProjectionLayout, recorded in ProjectionLeaves.Record.cs): an envelope that fits
// a known layout has its leaves read straight from the layout's places.
//
// The replay runs on every tick of a stream projection, and a tick's time follows the instructions it runs (a scratch
// build with 32 more spent 3.7 ns more a tick), so its usual path is written for few: static (the reads take what they
// need from the layout, so the projection's reads are not kept in a register across the string's write barrier), no
// bool returned by a place's read (each such return, inlined, was a value set and tested again: a replay that fails
// says so in LeafSlots.ReplayFailed, out of line), no bounds checks (each read is covered by a check named where it is).
internal sealed partial class ProjectionLeaves
{
    // The leaves read from the places the layout gives, each as its place says. A value out of its member's range, or
    // a read that raises an exception, sets slots.ReplayFailed (the walk then reads the envelope, so that the exception
    // is the walk's); the places after it are read all the same (within the layout: harmless, the walk rewrites every
    // leaf). The first two places are the layout's own fields (most projections read one to three leaves): no load of
    // the places' array stands between the layout and its first reads. Whatever else the layout asks (places past the
    // second, leaves to mark present, absent leaves) is behind one test (HasRest), out of line.
    private static void Replay(ProjectionLayout layout, ReadOnlySpan<byte> envelope, LeafSlots slots)
    {
        int count = layout.PlaceCount;
        if (count >= 2)
        {
            ReplayPlace(layout, in layout.First, envelope, slots);
            ReplayPlace(layout, in layout.Second, envelope, slots);
        }
        else if (count == 1) ReplayPlace(layout, in layout.First, envelope, slots);
        if (layout.HasRest) ReplayRest(layout, envelope, slots);
    }

    // The places after the first two, then the leaves of nullable members marked present and the absent leaves set.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ReplayRest(ProjectionLayout layout, ReadOnlySpan<byte> envelope, LeafSlots slots)
    {
        var places = layout.Places;
        for (int i = 2; i < places.Length && !slots.ReplayFailed; i++) ReplayPlace(layout, in places[i], envelope, slots);
        foreach (int leaf in layout.Marked) slots.Present[leaf] = true;
        foreach (int leaf in layout.Absent) layout.Reads.SetAbsent(leaf, slots);
    }

    // One place's leaf into its slot (slots.ReplayFailed set as for Replay). Read with no bounds checks: Fits found the
    // envelope at least as long as the layout, whose length covers every place (a place's Length is its type's width, or
    // its text's; a Word's eight bytes, Recorder.Create), and a leaf indexes slots made for this projection's leaves.
    // The leaf's Present is not written (ReplayRest marks the leaves of nullable members, the only ones whose selector
    // reads it), but by the slow reads, which may give null.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReplayPlace(ProjectionLayout layout, in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, LeafSlots slots)
    {
        int leaf = place.Leaf;
        System.Diagnostics.Debug.Assert(place.ValueOffset + place.Length <= envelope.Length && leaf < slots.Floats.Length);
        int offset = place.ValueOffset;
        var read = place.Read;
        // The usual reads by compares (a compare and a branch each, where a switch's jump through its table is eight
        // instructions), the others out of line.
        if (read == PlaceRead.Double)
        {
            At(slots.Floats, leaf) = BigEndian.ReadDouble(Unchecked(envelope, offset, sizeof(double)));
            return;
        }
        if (read == PlaceRead.Word)
        {
            // The eight bytes are within the layout (Recorder.Create), so within the envelope (Fits).
            System.Diagnostics.Debug.Assert(envelope.Length - offset >= sizeof(ulong));
            ReplayWord(in place, envelope, slots);
            return;
        }
        if (read == PlaceRead.Integer)
        {
            At(slots.Integers, leaf) = IntegerAt(place.TypeId, envelope, offset);
            return;
        }
        ReplayOtherRead(layout, in place, envelope, slots);
    }

    // The reads ReplayPlace does not make itself, out of line: inlined into the caller's loop (twice), their cases held
    // values of the usual reads in the frame, stored on every tick.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ReplayOtherRead(ProjectionLayout layout, in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, LeafSlots slots)
    {
        int leaf = place.Leaf;
        int offset = place.ValueOffset;
        // The reads with no bounds checks as in ReplayPlace, covered by the same checks.
        switch (place.Read)
        {
            case PlaceRead.IntegerInRange:
                long number = IntegerAt(place.TypeId, envelope, offset);
                if (layout.Reads.InRange(leaf, number)) At(slots.Integers, leaf) = number;
                else slots.ReplayFailed = true;
                return;
            case PlaceRead.IntegerToDouble:
                At(slots.Floats, leaf) = IntegerAt(place.TypeId, envelope, offset);
                return;
            case PlaceRead.IntegerToSingle:
                At(slots.Floats, leaf) = (float)IntegerAt(place.TypeId, envelope, offset);
                return;
            case PlaceRead.Single:
                At(slots.Floats, leaf) = BigEndian.ReadSingle(Unchecked(envelope, offset, sizeof(float)));
                return;
            case PlaceRead.DoubleToSingle:
                At(slots.Floats, leaf) = (float)BigEndian.ReadDouble(Unchecked(envelope, offset, sizeof(double)));
                return;
            // The envelope checked for the eight bytes here: they pass the layout's end.
            case PlaceRead.WordAtEnd when envelope.Length - offset >= sizeof(ulong):
                ReplayWord(in place, envelope, slots);
                return;
            case PlaceRead.Text or PlaceRead.WordAtEnd when slots.Texts.Find(envelope, place.ValueOffset, place.Length) is { } text:
                At(slots.Strings, leaf) = text;
                return;
            default:
                // Marks the leaf present or absent itself (an indicator converts to null).
                ReplaySlowly(layout, in place, envelope, slots);
                return;
        }
    }

    // A Word place's text, its eight bytes from its start in the envelope (the caller's check): found in its table by
    // their word, else decoded.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static void ReplayWord(in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, LeafSlots slots)
    {
        ulong word = BinaryPrimitives.ReadUInt64LittleEndian(Unchecked(envelope, place.ValueOffset, sizeof(ulong))) & place.WordMask;
        if (TextsOfOneLength.Find(place.TextPlaces!, word) is { } known) At(slots.Strings, place.Leaf) = known;
        else ReplayNewText(in place, envelope, slots, word);
    }

    // An element of slots' arrays, with no bounds check where the framework allows (see ReplayPlace).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
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
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static ReadOnlySpan<byte> Unchecked(ReadOnlySpan<byte> envelope, int offset, int length)
    {
#if NET8_0_OR_GREATER
        return MemoryMarshal.CreateReadOnlySpan(ref Unsafe.Add(ref MemoryMarshal.GetReference(envelope), (nint)(uint)offset), length);
#else
        return envelope.Slice(offset, length);
#endif
    }

    // IntegerOf at the value's offset.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static long IntegerAt(byte typeId, ReadOnlySpan<byte> envelope, int offset) => typeId switch
    {
        FudgeTypeId.Int8 => (sbyte)Unchecked(envelope, offset, 1)[0],
        FudgeTypeId.Int16 => BinaryPrimitives.ReadInt16BigEndian(Unchecked(envelope, offset, sizeof(short))),
        FudgeTypeId.Int32 => BinaryPrimitives.ReadInt32BigEndian(Unchecked(envelope, offset, sizeof(int))),
        FudgeTypeId.Int64 => BinaryPrimitives.ReadInt64BigEndian(Unchecked(envelope, offset, sizeof(long))),
        _ => Unchecked(envelope, offset, 1)[0] != 0 ? 1 : 0,
    };

    // A text of a Word place not in its table: decoded as the walk decodes it, and kept. When the bytes are not UTF-8
    // the replay fails (the walk then raises its exception).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ReplayNewText(in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, LeafSlots slots, ulong word)
    {
        string text;
        try
        {
            var field = FudgeReader.ForFields(envelope.Slice(place.FieldOffset, place.ValueOffset + place.Length - place.FieldOffset), slots.Layouts.Options, null, place.FieldOffset);
            field.Read();
            text = field.GetString();
        }
        catch (FudgeException)
        {
            slots.ReplayFailed = true;
            return;
        }
        place.Texts!.Add(word, text);
        slots.Strings[place.Leaf] = text;
    }

    // A leaf TryReadValue leaves, read through a reader over its field. Not inlined: the reader is a large struct, which
    // Replay would otherwise clear on every call. When it raises an exception the replay fails (the walk then raises
    // its own).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void ReplaySlowly(ProjectionLayout layout, in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, LeafSlots slots)
    {
        // After a failed place the walk reads the envelope: a conversion here would only raise what the walk may not.
        if (slots.ReplayFailed) return;
        try
        {
            var field = FudgeReader.ForFields(envelope.Slice(place.FieldOffset, place.ValueOffset + place.Length - place.FieldOffset), slots.Layouts.Options, null, place.FieldOffset);
            field.Read();
            layout.Reads.ReadLeafSlowly(place.Leaf, in field, slots);
        }
        catch (FudgeException)
        {
            slots.ReplayFailed = true;
        }
    }
}
