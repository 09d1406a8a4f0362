using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.Transforms;

/// <summary>What a transform does to one field of the input: drop it, give it a new name, and/or transform the fields inside it.</summary>
internal sealed class FieldAction
{
    public FieldAction(PathStep key)
    {
        Key = key;
        // A name step's own name, encoded once: the key a rewritten sub-message keeps, without decoding the wire name.
        if (key.Selector == KeySelector.Name) NameKey = FudgeFieldKey.Create(key.Name);
    }

    /// <summary>The field this action applies to, by its key in the input.</summary>
    public PathStep Key { get; }

    /// <summary>The key of <see cref="Key"/> when it is a name step (pre-encoded).</summary>
    public FudgeFieldKey NameKey { get; }

    public bool Remove { get; set; }

    /// <summary>The new key as the transform file gives it, or null to keep the key as it is.</summary>
    public FudgeFieldKey? RenameTo { get; set; }

    /// <summary><see cref="RenameTo"/> as written (a taxonomy being applied may turn the name into an ordinal).</summary>
    public FudgeFieldKey OutputRename { get; set; }

    /// <summary>Actions on the fields of this sub-message, or null when it is copied as it is.</summary>
    public TransformLevel? Children { get; set; }

    /// <summary>True when a <c>keep</c> path ends here: the whole field is kept, whatever longer keep paths say.</summary>
    public bool KeepWhole { get; set; }

    /// <summary>
    /// True when the sub-message must be created if the input has no field with this key: something is set or moved
    /// inside it. Computed once the file is read.
    /// </summary>
    public bool CreateWhenMissing { get; set; }

    /// <summary>The key a created sub-message gets (computed once the file is read).</summary>
    public FudgeFieldKey CreatedKey { get; set; }
}

/// <summary>A field a transform writes after a message's own fields: a constant (<c>set</c>) or the fields a <c>move</c> takes from elsewhere.</summary>
internal sealed class AppendedField
{
    private AppendedField(PathStep step, TransformValue? value, PathStep[]? source)
    {
        Step = step;
        Key = FudgeFieldKey.Create(step.Name);
        Value = value;
        Source = source;
    }

    public static AppendedField Constant(PathStep step, TransformValue value) => new(step, value, null);

    public static AppendedField Moved(PathStep step, PathStep[] source) => new(step, null, source);

    /// <summary>The destination's last step (a name).</summary>
    public PathStep Step { get; }

    /// <summary>The key as the transform file gives it.</summary>
    public FudgeFieldKey Key { get; }

    /// <summary>The key as written (a taxonomy being applied may turn the name into an ordinal).</summary>
    public FudgeFieldKey OutputKey { get; set; }

    /// <summary>The constant of a <c>set</c>, or null for a move.</summary>
    public TransformValue? Value { get; }

    /// <summary>The path, in the input, of the fields a <c>move</c> brings here; null for a constant.</summary>
    public PathStep[]? Source { get; }
}

/// <summary>
/// The operations that apply to the fields of one message: per-field actions, fields to append at its end, and an
/// optional list of the only fields to keep.
/// </summary>
internal sealed class TransformLevel
{
    /// <summary>A level with no operations, for sub-messages that are rewritten only to change their keys (taxonomy).</summary>
    public static TransformLevel Empty { get; } = new();

    public List<FieldAction> Actions { get; } = new();

    /// <summary>Fields written after the message's own, in the order of the operations.</summary>
    public List<AppendedField> Appends { get; } = new();

    /// <summary>When not null, input fields matching none of these keys are dropped.</summary>
    public List<PathStep>? Keep { get; set; }

    public FieldAction ActionFor(PathStep key)
    {
        foreach (var action in Actions)
            if (action.Key.SameKey(key)) return action;
        var created = new FieldAction(key);
        Actions.Add(created);
        return created;
    }

    /// <summary>The action already registered for this key, or null.</summary>
    public FieldAction? ExistingAction(PathStep key)
    {
        foreach (var action in Actions)
            if (action.Key.SameKey(key)) return action;
        return null;
    }

    /// <summary>The index in <see cref="Actions"/> of the action for the reader's current field, or -1 when the field is untouched.</summary>
    public int IndexOf(in FudgeReader field)
    {
        for (int i = 0; i < Actions.Count; i++)
            if (Actions[i].Key.Matches(in field)) return i;
        return -1;
    }

    public bool Kept(in FudgeReader field)
    {
        if (Keep is not { } keep) return true;
        for (int i = 0; i < keep.Count; i++)
            if (keep[i].Matches(in field)) return true;
        return false;
    }

    /// <summary>True when this level, or a level below it, appends a field (so a missing sub-message here is created).</summary>
    public bool WritesFields()
    {
        if (Appends.Count > 0) return true;
        foreach (var action in Actions)
            if (action.Children is { } children && children.WritesFields()) return true;
        return false;
    }
}
