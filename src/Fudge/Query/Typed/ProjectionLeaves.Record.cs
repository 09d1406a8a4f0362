using System;

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
            recorder.Places.Add(new ProjectionLayout.LeafPlace(leaf, field.FieldOffset, field.ValueOffset, field.ValueSpan.Length, field.TypeId));
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

    // The leaves read from the places the layout gives: false (the walk then reads the envelope) when a value raises
    // an exception, so that the exception is the walk's own.
    private bool Replay(ProjectionLayout layout, ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        try
        {
            var places = layout.Places;
            for (int i = 0; i < places.Length; i++)
            {
                ref readonly var place = ref places[i];
                if (!TryReadValue(place.Leaf, place.TypeId, envelope, place.ValueOffset, place.Length, slots)) ReplaySlowly(in place, envelope, options, slots);
            }
            foreach (int leaf in layout.Absent) SetAbsent(leaf, slots);
            return true;
        }
        catch (FudgeException)
        {
            return false;
        }
    }

    // A leaf TryReadValue leaves, read through a reader over its field. Not inlined: the reader is a large struct, which
    // Replay would otherwise clear on every call.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private void ReplaySlowly(in ProjectionLayout.LeafPlace place, ReadOnlySpan<byte> envelope, FudgeReaderOptions options, LeafSlots slots)
    {
        var field = FudgeReader.ForFields(envelope.Slice(place.FieldOffset, place.ValueOffset + place.Length - place.FieldOffset), options, null, place.FieldOffset);
        field.Read();
        ReadLeafSlowly(place.Leaf, in field, slots);
    }
}
