using System;
using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// A projection's row whose columns are read from the deserialized document (<see cref="IFudgeQueryBackend"/>): a
/// step of a column's path meets several fields in it (a repeated field, or a field that is an array in PostgreSQL's
/// jsonb). The generated deserializer keeps the last of several fields of one name, and the first field a path selects
/// is not that value (and PostgreSQL's jsonb holds them as one array, which is no value of the member), so the
/// provider deserializes the document as LINQ to Objects would and reads the members from it
/// (<see cref="DeserializedColumns"/>).
/// </summary>
internal sealed class FudgeDocumentColumns
{
    public FudgeDocumentColumns(byte[] envelope) => Envelope = envelope;

    /// <summary>The document's envelope, as stored.</summary>
    public byte[] Envelope { get; }
}

/// <summary>How a projection's columns are read from a document's bytes, the same for every store.</summary>
internal static class DeserializedColumns
{
    /// <summary>
    /// The row of a document a store read for a projection: each column's first field as a
    /// <see cref="FudgeColumnValue"/> (null when the path selects none), or, when a step of a column's path meets
    /// several fields (<see cref="MeetsSeveral"/>), one <see cref="FudgeDocumentColumns"/>.
    /// </summary>
    public static object?[] Row(IReadOnlyList<FudgePath> columns, byte[] envelope)
    {
        foreach (var path in columns)
            if (MeetsSeveral(path, envelope)) return new object?[] { new FudgeDocumentColumns(envelope) };
        var row = new object?[columns.Count];
        for (int i = 0; i < row.Length; i++)
        {
            var fields = columns[i].Select(envelope);
            row[i] = fields.Count == 0 ? null : new FudgeColumnValue(fields[0].Value);
        }
        return row;
    }

    /// <summary>
    /// True when some step of <paramref name="path"/> (a member chain: names or ordinals) meets more than one field
    /// in the message it searches: the first field the path selects may then not be the member's value. A path of
    /// any other step (not a member chain) is answered true, so that its columns come from the deserialized document.
    /// </summary>
    public static bool MeetsSeveral(FudgePath path, ReadOnlySpan<byte> envelope)
    {
        foreach (var step in path.Steps)
            if (step.Descendant || step.HasIndex || step.Selector is not (KeySelector.Name or KeySelector.Ordinal)) return true;
        return path.Steps.Length > 0 && StepMeetsSeveral(new FudgeReader(envelope), path.Steps, 0);
    }

    private static bool StepMeetsSeveral(FudgeReader message, PathStep[] steps, int index)
    {
        var step = steps[index];
        bool met = false;
        while (message.Read())
        {
            if (!step.Matches(in message)) continue;
            if (met) return true;
            met = true;
            if (index + 1 < steps.Length && message.TypeId == FudgeTypeId.Message && StepMeetsSeveral(message.ReadMessage(), steps, index + 1)) return true;
        }
        return false;
    }

    /// <summary>
    /// The columns of a <see cref="FudgeDocumentColumns"/> row: the document deserialized as <typeparamref name="T"/>
    /// (which raises what deserializing it raises: a value of several that the member cannot hold), written again
    /// (one field a member), and each column's first field from those bytes: the value of the deserialized member,
    /// read as every other row's columns are read (null or zero where a sub-message on the way is null).
    /// </summary>
    public static void Read<T>(FudgeDocumentColumns row, IReadOnlyList<FudgePath> columns, object?[] values, bool[] found)
    {
        var written = Serialization.FudgeSerializer.Serialize(Serialization.FudgeSerializer.Deserialize<T>(row.Envelope));
        for (int i = 0; i < columns.Count; i++)
        {
            var fields = columns[i].Select(written);
            if (fields.Count == 0) continue;
            values[i] = fields[0].Value;
            found[i] = true;
        }
    }
}
