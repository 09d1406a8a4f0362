using System;

namespace Fudge;

/// <summary>One field of a <see cref="FudgeMsg"/>: optional name, optional ordinal, wire type id and value.</summary>
/// <remarks>
/// Values are held in their wire form: <see cref="bool"/>, <see cref="sbyte"/>, <see cref="short"/>, <see cref="int"/>,
/// <see cref="long"/>, <see cref="float"/>, <see cref="double"/>, <see cref="string"/>, <see cref="byte"/>[] (types 6
/// and 17..25), <see cref="short"/>[], <see cref="int"/>[], <see cref="long"/>[], <see cref="float"/>[],
/// <see cref="double"/>[], <see cref="FudgeMsg"/>, <see cref="FudgeDate"/>, <see cref="FudgeTime"/>,
/// <see cref="FudgeDateTime"/>, <see cref="FudgeIndicator"/>, or <see cref="FudgeUnknownValue"/> for unknown types.
/// </remarks>
public readonly struct FudgeField : IEquatable<FudgeField>
{
    /// <summary>Creates a field exactly as given; the value must be the wire form of <paramref name="typeId"/>.</summary>
    /// <exception cref="ArgumentException">The value does not match the type id.</exception>
    public FudgeField(string? name, short? ordinal, byte typeId, object value)
    {
        FudgeValues.CheckWireValue(typeId, value);
        Name = name;
        Ordinal = ordinal;
        TypeId = typeId;
        Value = value;
    }

    internal FudgeField(string? name, short? ordinal, byte typeId, object value, bool _)
    {
        Name = name;
        Ordinal = ordinal;
        TypeId = typeId;
        Value = value;
    }

    /// <summary>The name, or null.</summary>
    public string? Name { get; }

    /// <summary>The ordinal, or null.</summary>
    public short? Ordinal { get; }

    /// <summary>The wire type id.</summary>
    public byte TypeId { get; }

    /// <summary>The value in its wire form (never null; an indicator is <see cref="FudgeIndicator.Instance"/>).</summary>
    public object Value { get; }

    /// <summary>True for an indicator field.</summary>
    public bool IsIndicator => TypeId == FudgeTypeId.Indicator;

    /// <summary>The field's key.</summary>
    public FudgeFieldKey Key => FudgeFieldKey.Of(Name, Ordinal);

    /// <summary>Same key, type and value (arrays and sub-messages compared by content).</summary>
    public bool Equals(FudgeField other)
        => Name == other.Name && Ordinal == other.Ordinal && TypeId == other.TypeId && FudgeValues.ValueEquals(Value, other.Value);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is FudgeField other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => ((Name?.GetHashCode() ?? 0) * 31 + (Ordinal ?? -1)) * 31 + TypeId;

    /// <inheritdoc/>
    public override string ToString() => $"{FudgeFieldKey.Of(Name, Ordinal)} ({FudgeTypeId.GetName(TypeId)}) = {FudgeValues.Format(Value, 32)}";
}
