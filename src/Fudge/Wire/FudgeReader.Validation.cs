using System.Text;

namespace Fudge;

public ref partial struct FudgeReader
{
    /// <summary>
    /// Checks, without building a string, that the current field's name on the wire would decode
    /// (<see cref="GetName"/>): a decoder that leaves a sub-message for later still refuses it now.
    /// </summary>
    /// <exception cref="FudgeFormatException">The name is not valid UTF-8 (nor Fudge-Java's CESU-8).</exception>
    internal readonly void CheckName()
    {
        if (_nameLength > 0) CheckUtf8(_nameStart, _nameLength, "field name");
    }

    /// <summary>Checks, without building a string, that the current string field would decode (<see cref="GetString"/>).</summary>
    /// <exception cref="FudgeFormatException">The text is not valid UTF-8 (nor Fudge-Java's CESU-8).</exception>
    internal readonly void CheckString()
    {
        if (_valueLength > 0) CheckUtf8(_valueStart, _valueLength, "string");
    }

    /// <summary>Bytes of the current field before its value (prefix, type, ordinal, name and size).</summary>
    internal readonly int HeaderLength => _valueStart - _fieldOffset;

    /// <summary>Bytes of the current field's value.</summary>
    internal readonly int ValueLength => _valueLength;

    private readonly unsafe void CheckUtf8(int start, int length, string what)
    {
        var bytes = _data.Slice(start, length);
        int any = 0;
        foreach (byte b in bytes) any |= b;
        if (any < 0x80) return; // ASCII
        try
        {
            fixed (byte* b = bytes) StrictUtf8.GetCharCount(b, length);
        }
        catch (DecoderFallbackException)
        {
            // Rare: the same Java-aware second look GetString takes, which throws with the offset when it fails too.
            DecodeJavaText(start, length, what);
        }
    }
}
