namespace Fudge;

/// <summary>
/// How a <see cref="FudgeMsg"/> stores one field: the value and the packed ordinal and type id
/// (<see cref="FudgeField.KeyAndType"/>), 16 bytes. The name is kept aside (<see cref="FudgeMsg"/> holds names in a
/// parallel array created when the first named field arrives), so a message of anonymous or ordinal-only fields pays
/// nothing for names: an anonymous indicator, 2 bytes on the wire, costs 16 bytes instead of a 24-byte
/// <see cref="FudgeField"/>. The public <see cref="FudgeField"/> is built from a slot and its name on every read.
/// </summary>
internal struct FieldSlot
{
    public object Value;
    public long KeyAndType;

    public FieldSlot(object value, long keyAndType)
    {
        Value = value;
        KeyAndType = keyAndType;
    }
}
