using System;

namespace Fudge;

/// <summary>
/// The sub-messages one decode left pending: a copy of their fields' bytes, shared by all of them, from which each is
/// built when its field is first read (<see cref="FudgeMsg"/>). A pending field's slot holds this object as its value
/// and the field's offset in <see cref="_bytes"/> in the upper half of its packed key (<see cref="FieldSlot"/>), so a
/// pending sub-message costs its 16-byte slot and its bytes once, however deep it is.
/// </summary>
/// <remarks>
/// Only sub-messages the decode's credit cannot pay for are left pending (see
/// <see cref="FudgeMsgCodec.ReadSubMessage"/>), and only after the whole of them has been checked, so building one
/// later cannot fail. The bytes are appended while the decode runs and never change afterwards: building from them
/// needs no lock. The copy is kept alive by the pending slots (those of the sub-messages built from it too) and goes
/// with the last of them.
/// </remarks>
internal sealed class PendingSubMessages
{
    private byte[] _bytes;
    private int _length;
    private readonly FudgeReaderOptions _options;
    private readonly IFudgeTaxonomy? _taxonomy;

    public PendingSubMessages(FudgeReaderOptions options, IFudgeTaxonomy? taxonomy)
    {
        _bytes = Array.Empty<byte>();
        _options = options;
        _taxonomy = taxonomy;
    }

    /// <summary>The packed key bits a pending field's slot carries besides its ordinal and type.</summary>
    public static long OffsetBits(int offset) => (long)offset << 32;

    /// <summary>The field's offset in the copy, from its slot's packed key.</summary>
    private static int Offset(long keyAndType) => (int)((ulong)keyAndType >> 32);

    /// <summary>The low half of a packed key: what <see cref="FudgeField"/> holds.</summary>
    public const long KeyAndTypeBits = 0xFFFFFFFFL;

    /// <summary>
    /// Copies a whole sub-message field (header and value) to the end of the shared copy and returns the bits its slot
    /// keeps. The copy doubles as it grows, so it holds at most about twice the bytes left pending.
    /// </summary>
    public long Append(ReadOnlySpan<byte> field)
    {
        if (_bytes.Length - _length < field.Length)
        {
            var larger = new byte[Math.Max(Math.Max(_bytes.Length * 2, _length + field.Length), 256)];
            _bytes.AsSpan(0, _length).CopyTo(larger);
            _bytes = larger;
        }
        field.CopyTo(_bytes.AsSpan(_length));
        long bits = OffsetBits(_length);
        _length += field.Length;
        return bits;
    }

    /// <summary>Builds the sub-message of a pending field from its packed key; its own sub-messages stay pending.</summary>
    public FudgeMsg Build(long keyAndType)
    {
        int offset = Offset(keyAndType);
        var outer = FudgeReader.ForFields(_bytes.AsSpan(offset, _length - offset), _options, _taxonomy, offset);
        outer.Read();
        var fields = outer.ReadMessage();
        return FudgeMsgCodec.ReadPendingFields(ref fields, this);
    }
}
