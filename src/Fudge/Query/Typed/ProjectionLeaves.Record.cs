using System;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Fudge.Query;

// Remembering the layouts of envelopes (ProjectionLayout): a recording walk reads every field with FudgeReader.Read,
// where the walk passes over fields on their headers, and finds what the walk finds, field for field. Their replay is
// in ProjectionLeaves.Replay.cs.
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
        if (recorder.Create(envelope, toEnd: !all, found, this) is { } layout) slots.Layouts.Add(layout);
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
            // A slow read marks its leaf itself (an indicator converts to null); the others give a value.
            if (_nullable[leaf] && read != PlaceRead.Slow) recorder.Marked.Add(leaf);
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
}
