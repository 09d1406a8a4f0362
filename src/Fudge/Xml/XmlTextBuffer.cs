using System;
using System.Buffers;
using System.Xml;

namespace Fudge.Xml;

/// <summary>
/// Characters of XML node values gathered in one pooled array reused for every element of a document, so reading a
/// value costs no string: <see cref="XmlReader.ReadValueChunk"/> copies it straight from the reader's own buffer
/// (readers that cannot do that give their <see cref="XmlReader.Value"/>, which is copied).
/// </summary>
internal sealed class XmlTextBuffer : IDisposable
{
    /// <summary>Free room kept before each <see cref="XmlReader.ReadValueChunk"/>: a reader may return 0 rather than split a surrogate pair.</summary>
    private const int MinimumRoom = 16;

    private char[] _chars;

    public XmlTextBuffer(int initialCapacity) => _chars = ArrayPool<char>.Shared.Rent(initialCapacity);

    /// <summary>Characters held.</summary>
    public int Length { get; private set; }

    /// <summary>The characters held.</summary>
    public ReadOnlySpan<char> Span => _chars.AsSpan(0, Length);

    /// <summary>A part of the characters held.</summary>
    public ReadOnlySpan<char> Slice(int start, int length) => _chars.AsSpan(start, length);

    public void Clear() => Length = 0;

    /// <summary>Appends the value of the reader's current node (text, white space, CDATA or an attribute).</summary>
    public void AppendValue(XmlReader xml)
    {
        if (!xml.CanReadValueChunk)
        {
            Append(xml.Value.AsSpan());
            return;
        }
        while (true)
        {
            if (_chars.Length - Length < MinimumRoom) Grow(MinimumRoom);
            int read = xml.ReadValueChunk(_chars, Length, _chars.Length - Length);
            if (read == 0) return;
            Length += read;
        }
    }

    public void Append(ReadOnlySpan<char> text)
    {
        if (_chars.Length - Length < text.Length) Grow(text.Length);
        text.CopyTo(_chars.AsSpan(Length));
        Length += text.Length;
    }

    /// <summary>The characters held as a new string, for the values whose parsers take one.</summary>
    public override string ToString() => new(_chars, 0, Length);

    private void Grow(int room)
    {
        // Only ever as large as the longest value in the document (twice that at most), which the document holds.
        int size = (int)Math.Min(int.MaxValue, Math.Max((long)Length + room, (long)_chars.Length * 2));
        var next = ArrayPool<char>.Shared.Rent(size);
        _chars.AsSpan(0, Length).CopyTo(next);
        ArrayPool<char>.Shared.Return(_chars);
        _chars = next;
    }

    public void Dispose()
    {
        var chars = _chars;
        _chars = Array.Empty<char>();
        Length = 0;
        if (chars.Length > 0) ArrayPool<char>.Shared.Return(chars);
    }
}
