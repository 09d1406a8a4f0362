using System;
using System.Text;

namespace Fudge.Query;

/// <summary>What a path step's key selector accepts.</summary>
internal enum KeySelector
{
    /// <summary>A field with this name on the wire, or an ordinal-only field the envelope's taxonomy gives this name.</summary>
    Name,
    /// <summary>A field with this ordinal on the wire.</summary>
    Ordinal,
    /// <summary>A field with neither name nor ordinal.</summary>
    Anonymous,
    /// <summary>Any field.</summary>
    Any,
}

/// <summary>
/// One step of a compiled path: which fields of a message it selects (by key, then optionally one occurrence among the
/// fields with that key) and whether it also looks into every sub-message below (the <c>..</c> descendant step).
/// </summary>
internal sealed class PathStep
{
    private PathStep(KeySelector selector, string? name, short ordinal, bool descendant)
    {
        Selector = selector;
        Name = name;
        NameUtf8 = name is null ? Array.Empty<byte>() : Encoding.UTF8.GetBytes(name);
        // Only a name with a supplementary character (a 4-byte UTF-8 sequence) has a second, CESU-8 form on the wire.
        HasSupplementary = Array.Exists(NameUtf8, b => b >= 0xF0);
        _plainName = selector == KeySelector.Name && !HasSupplementary;
        Ordinal = ordinal;
        Descendant = descendant;
    }

    // A name step whose name compares byte for byte with names on the wire (no CESU-8 second form).
    private readonly bool _plainName;

    public static PathStep ForName(string name, bool descendant) => new(KeySelector.Name, name, 0, descendant);

    public static PathStep ForOrdinal(short ordinal, bool descendant) => new(KeySelector.Ordinal, null, ordinal, descendant);

    public static PathStep ForAnonymous(bool descendant) => new(KeySelector.Anonymous, null, 0, descendant);

    public static PathStep ForAny(bool descendant) => new(KeySelector.Any, null, 0, descendant);

    public KeySelector Selector { get; }

    /// <summary>The name for <see cref="KeySelector.Name"/>.</summary>
    public string? Name { get; }

    /// <summary>The name pre-encoded, so matching compares bytes on the wire without decoding them.</summary>
    public byte[] NameUtf8 { get; }

    public short Ordinal { get; }

    public bool Descendant { get; }

    /// <summary>True when the name has a supplementary character, which Fudge-Java writes in CESU-8 (a second form to match).</summary>
    public bool HasSupplementary { get; }

    /// <summary>True when one occurrence is chosen by <see cref="Index"/>.</summary>
    public bool HasIndex { get; private set; }

    /// <summary>0-based occurrence from the first; negative counts from the last (-1 is the last).</summary>
    public int Index { get; private set; }

    public void SetIndex(int index)
    {
        HasIndex = true;
        Index = index;
    }

    /// <summary>True when both steps select the same key (indexes and descent aside).</summary>
    public bool SameKey(PathStep other) => Selector == other.Selector && Ordinal == other.Ordinal && string.Equals(Name, other.Name, StringComparison.Ordinal);

    /// <summary>True when the reader's current field has the key this step selects.</summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
    public bool Matches(in FudgeReader field)
    {
        // The common case inline, since transforms and paths ask every field: a plain name against a name on the wire.
        if (_plainName && field.HasName)
        {
            var name = field.NameUtf8;
            return name.Length == NameUtf8.Length && name.SequenceEqual(NameUtf8);
        }
        return MatchesAnyKey(in field);
    }

    private bool MatchesAnyKey(in FudgeReader field)
    {
        switch (Selector)
        {
            case KeySelector.Name:
                if (field.HasName) return HasSupplementary ? field.NameEquals(NameUtf8) : field.NameUtf8.SequenceEqual(NameUtf8);
                // Ordinal-only fields are known by the name their envelope's taxonomy gives them (spec §13).
                return field.HasOrdinal && field.Taxonomy is { } taxonomy && string.Equals(taxonomy.GetName(field.Ordinal), Name, StringComparison.Ordinal);
            case KeySelector.Ordinal:
                return field.HasOrdinal && field.Ordinal == Ordinal;
            case KeySelector.Anonymous:
                return !field.HasName && !field.HasOrdinal;
            default:
                return true;
        }
    }

    /// <summary>True when the model field has the key this step selects.</summary>
    public bool Matches(in FudgeField field, IFudgeTaxonomy? taxonomy)
    {
        switch (Selector)
        {
            case KeySelector.Name:
                if (field.Name is not null) return string.Equals(field.Name, Name, StringComparison.Ordinal);
                return field.Ordinal is short ordinal && taxonomy is not null && string.Equals(taxonomy.GetName(ordinal), Name, StringComparison.Ordinal);
            case KeySelector.Ordinal:
                return field.Ordinal == Ordinal;
            case KeySelector.Anonymous:
                return field.Name is null && field.Ordinal is null;
            default:
                return true;
        }
    }
}
