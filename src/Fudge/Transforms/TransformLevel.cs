using System.Collections.Generic;
using Fudge.Query;

namespace Fudge.Transforms;

/// <summary>What a transform does to one field: drop it, give it a new name, and/or transform the fields inside it.</summary>
internal sealed class FieldAction
{
    public FieldAction(PathStep key) => Key = key;

    /// <summary>The field this action applies to, by its original key.</summary>
    public PathStep Key { get; }

    public bool Remove { get; set; }

    /// <summary>The new key (a name, pre-encoded once), or null to keep the key as it is.</summary>
    public FudgeFieldKey? RenameTo { get; set; }

    /// <summary>Actions on the fields of this sub-message, or null when it is copied as it is.</summary>
    public TransformLevel? Children { get; set; }
}

/// <summary>
/// The operations that apply to the fields of one message: per-field actions, constants to set at its end, and for the
/// top level an optional list of the only fields to keep.
/// </summary>
internal sealed class TransformLevel
{
    public List<FieldAction> Actions { get; } = new();

    /// <summary>Fields appended after the message's own (each replaces any field of the same name).</summary>
    public List<KeyValuePair<FudgeFieldKey, TransformValue>> Sets { get; } = new();

    /// <summary>When not null, fields matching none of these keys are dropped.</summary>
    public List<PathStep>? Keep { get; set; }

    public FieldAction ActionFor(PathStep key)
    {
        foreach (var action in Actions)
            if (action.Key.SameKey(key)) return action;
        var created = new FieldAction(key);
        Actions.Add(created);
        return created;
    }

    /// <summary>The action for the reader's current field, or null when the field is untouched.</summary>
    public FieldAction? Find(in FudgeReader field)
    {
        foreach (var action in Actions)
            if (action.Key.Matches(in field)) return action;
        return null;
    }

    public bool Kept(in FudgeReader field)
    {
        if (Keep is null) return true;
        foreach (var key in Keep)
            if (key.Matches(in field)) return true;
        return false;
    }
}
