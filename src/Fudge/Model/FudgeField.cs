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
        Value = value;
        _keyAndType = Pack(ordinal, typeId);
    }

    internal FudgeField(string? name, short? ordinal, byte typeId, object value, bool _)
    {
        Name = name;
        Value = value;
        _keyAndType = Pack(ordinal, typeId);
    }

    /// <summary>A field from its parts as a <see cref="FudgeMsg"/> stores them (see <see cref="KeyAndType"/>).</summary>
    internal FudgeField(string? name, long keyAndType, object value)
    {
        Name = name;
        Value = value;
        _keyAndType = keyAndType;
    }

    // The ordinal (bits 0-15), whether there is one (bit 16) and the type id (bits 24-31), in one 8-byte word. Held as
    // a short?, a byte and padding, they were stored one or two bytes at a time and then copied as a whole word when a
    // field was passed by value (List.Add, say), a load the processor cannot forward from such stores: a stall per field
    // added, that doubled the time of building a message whenever the JIT did not inline the call.
    private readonly long _keyAndType;

    private const long HasOrdinal = 1L << 16;

    /// <summary>The ordinal, whether there is one and the type id packed in one word (the low 32 bits only).</summary>
    internal static long Pack(short? ordinal, byte typeId)
        => ((long)typeId << 24) | (ordinal is short o ? HasOrdinal | (ushort)o : 0);

    /// <summary>The packed ordinal and type id (<see cref="Pack"/>), which a <see cref="FudgeMsg"/> stores as they are.</summary>
    internal long KeyAndType => _keyAndType;

    /// <summary>The packed key and type of an ordinal, to compare with <see cref="KeyAndType"/> under <see cref="OrdinalMask"/>.</summary>
    internal static long PackedOrdinal(short ordinal) => HasOrdinal | (ushort)ordinal;

    /// <summary>The bits of <see cref="KeyAndType"/> that hold the ordinal and whether there is one.</summary>
    internal const long OrdinalMask = HasOrdinal | 0xFFFF;

    /// <summary>The name, or null.</summary>
    public string? Name { get; }

    /// <summary>The ordinal, or null.</summary>
    public short? Ordinal => (_keyAndType & HasOrdinal) != 0 ? (short)_keyAndType : null;

    /// <summary>The wire type id.</summary>
    public byte TypeId => (byte)(_keyAndType >> 24);

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
