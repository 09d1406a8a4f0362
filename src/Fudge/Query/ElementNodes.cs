using System;

namespace Fudge.Query;

/// <summary>
/// <c>any(path, filter)</c>: some sub-message the path selects passes <c>filter</c>, whose paths start at <c>@</c>
/// (that sub-message). Unlike separate tests of <c>$.legs.venue</c> and <c>$.legs.qty</c>, every test of the inner
/// filter is answered by the same element. A selected field that is not a sub-message passes nothing.
/// </summary>
internal sealed class AnyElementNode : AnyFieldNode
{
    private readonly FilterNode _inner;

    public AnyElementNode(FudgePath path, FilterNode inner) : base(path) => _inner = inner;

    /// <summary>The filter each element is tested with.</summary>
    public FilterNode Inner => _inner;

    public override bool Test(in FudgeReader field)
        => field.TypeId == FudgeTypeId.Message && _inner.Evaluate(field.ReadMessage());

    // The model has no taxonomy at hand here: inner name steps match the names on the fields.
    public override bool Test(in FudgeField field) => field.Value is FudgeMsg element && _inner.Evaluate(element, null);
}

/// <summary>
/// <c>hex(path) == 'hex digits'</c> (or <c>!=</c>): a selected byte-array field holds exactly those bytes (or some
/// selected field does not). This is how a <see cref="Guid"/>, written as byte[16], is compared.
/// </summary>
internal sealed class HexNode : AnyFieldNode
{
    private readonly byte[] _bytes;
    private readonly bool _equal;

    public HexNode(FudgePath path, byte[] bytes, bool equal) : base(path)
    {
        _bytes = bytes;
        _equal = equal;
    }

    /// <summary>The bytes a selected field is compared with.</summary>
    public byte[] Bytes => _bytes;

    /// <summary>True for <c>==</c> (some selected field holds the bytes), false for <c>!=</c>.</summary>
    public bool IsEqual => _equal;

    public override bool Test(in FudgeReader field)
        => (FudgeTypeId.IsByteArray(field.TypeId) && field.ValueSpan.SequenceEqual(_bytes)) == _equal;

    public override bool Test(in FudgeField field)
        => (field.Value is byte[] bytes && bytes.AsSpan().SequenceEqual(_bytes)) == _equal;

    /// <summary>Parses hex digits (either case, an even number of them), or returns null.</summary>
    public static byte[]? ParseHex(string text)
    {
        if (text.Length % 2 != 0) return null;
        var bytes = new byte[text.Length / 2];
        for (int i = 0; i < bytes.Length; i++)
        {
            int high = Digit(text[2 * i]), low = Digit(text[2 * i + 1]);
            if (high < 0 || low < 0) return null;
            bytes[i] = (byte)(high << 4 | low);
        }
        return bytes;
    }

    private static int Digit(char c) => c switch
    {
        >= '0' and <= '9' => c - '0',
        >= 'a' and <= 'f' => c - 'a' + 10,
        >= 'A' and <= 'F' => c - 'A' + 10,
        _ => -1,
    };
}
