using System;
using System.Buffers.Binary;
using System.Text.Unicode;

namespace Fudge.Bson.Internal;

/// <summary>
/// Pull reader over the elements of one BSON document (or array) held in memory. Every length is checked against
/// the bytes that enclose it, cstrings must end inside the document, strings and keys must be valid UTF-8, and any
/// failure raises <see cref="FudgeBsonException"/> with the absolute byte offset. A nested document is only
/// bounds-checked here; its own reader (<see cref="OpenDocument"/>) checks its content.
/// </summary>
internal ref struct BsonElementReader
{
    private readonly ReadOnlySpan<byte> _data; // the whole input: offsets are absolute
    private readonly int _end;                // offset of the document's terminating zero
    private int _position;

    private BsonElementReader(ReadOnlySpan<byte> data, int start, int end)
    {
        _data = data;
        _end = end;
        _position = start;
        Type = 0;
        ElementOffset = KeyOffset = KeyLength = ValueOffset = ValueLength = 0;
    }

    /// <summary>Opens the document at <paramref name="offset"/>, which must end by <paramref name="limit"/>.</summary>
    public static BsonElementReader Open(ReadOnlySpan<byte> data, int offset, int limit)
    {
        if (limit - offset < 5) throw new FudgeBsonException(offset, $"a document needs at least 5 bytes; {Math.Max(0, limit - offset)} remain");
        int length = BinaryPrimitives.ReadInt32LittleEndian(data.Slice(offset));
        if (length < 5) throw new FudgeBsonException(offset, $"the document declares {length} bytes; the minimum is 5");
        if (length > limit - offset) throw new FudgeBsonException(offset, $"the document declares {length} bytes but only {limit - offset} remain");
        int end = offset + length - 1;
        if (data[end] != 0) throw new FudgeBsonException(end, "the document does not end with a zero byte");
        return new BsonElementReader(data, offset + 4, end);
    }

    /// <summary>BSON type of the current element.</summary>
    public byte Type { get; private set; }

    /// <summary>Offset of the current element's type byte.</summary>
    public int ElementOffset { get; private set; }

    /// <summary>Offset of the current element's key.</summary>
    public int KeyOffset { get; private set; }

    /// <summary>Length of the current element's key (without its zero).</summary>
    public int KeyLength { get; private set; }

    /// <summary>Offset of the current element's value.</summary>
    public int ValueOffset { get; private set; }

    /// <summary>Length of the current element's value, as laid out in BSON (prefixes included).</summary>
    public int ValueLength { get; private set; }

    /// <summary>The current element's key (UTF-8, checked).</summary>
    public readonly ReadOnlySpan<byte> Key => _data.Slice(KeyOffset, KeyLength);

    /// <summary>Moves to the next element; false at the document's end.</summary>
    public bool Read()
    {
        int p = _position;
        if (p == _end)
        {
            _position = p;
            return false;
        }
        ElementOffset = p;
        byte type = _data[p++];
        int keyLength = CStringLength(p, "key");
        if (!Utf8.IsValid(_data.Slice(p, keyLength))) throw new FudgeBsonException(p, "the key is not valid UTF-8");
        KeyOffset = p;
        KeyLength = keyLength;
        p += keyLength + 1;
        int length = type switch
        {
            BsonKeys.Double or BsonKeys.DateTime or BsonKeys.Int64 or BsonKeys.Timestamp => 8,
            BsonKeys.Int32 => 4,
            BsonKeys.Decimal128 => 16,
            BsonKeys.ObjectId => 12,
            BsonKeys.Boolean => 1,
            BsonKeys.Null or BsonKeys.Undefined or BsonKeys.MinKey or BsonKeys.MaxKey => 0,
            BsonKeys.String or BsonKeys.JavaScript or BsonKeys.Symbol => StringLength(p),
            BsonKeys.Document or BsonKeys.Array => DocumentLength(p),
            BsonKeys.Binary => BinaryLength(p),
            BsonKeys.Regex => RegexLength(p),
            BsonKeys.DbPointer => StringLength(p) + 12,
            BsonKeys.JavaScriptWithScope => ScopeLength(p),
            _ => throw new FudgeBsonException(ElementOffset, $"unknown BSON element type 0x{type:x2}"),
        };
        if (length > _end - p) throw new FudgeBsonException(p, $"the value needs {length} bytes but only {_end - p} remain in the document");
        if (type == BsonKeys.Boolean && _data[p] > 1) throw new FudgeBsonException(p, $"a BSON boolean is 0 or 1, not {_data[p]}");
        Type = type;
        ValueOffset = p;
        ValueLength = length;
        _position = p + length;
        return true;
    }

    // ---------------------------------------------------------------- values of the current element

    public readonly int GetInt32() => BinaryPrimitives.ReadInt32LittleEndian(_data.Slice(ValueOffset));

    public readonly long GetInt64() => BinaryPrimitives.ReadInt64LittleEndian(_data.Slice(ValueOffset));

    public readonly double GetDouble() => BitConverter.Int64BitsToDouble(GetInt64());

    public readonly bool GetBoolean() => _data[ValueOffset] != 0;

    /// <summary>The UTF-8 bytes of a string, JavaScript or symbol value (without the length and the zero).</summary>
    public readonly ReadOnlySpan<byte> GetStringUtf8() => _data.Slice(ValueOffset + 4, ValueLength - 5);

    /// <summary>The subtype and bytes of a binary value (the old binary subtype 2 is unwrapped).</summary>
    public readonly ReadOnlySpan<byte> GetBinary(out byte subtype)
    {
        subtype = _data[ValueOffset + 4];
        var bytes = _data.Slice(ValueOffset + 5, ValueLength - 5);
        return subtype == 0x02 ? bytes.Slice(4) : bytes;
    }

    /// <summary>The whole value bytes (for ObjectId and Decimal128).</summary>
    public readonly ReadOnlySpan<byte> ValueSpan => _data.Slice(ValueOffset, ValueLength);

    /// <summary>A reader over the current document or array value.</summary>
    public readonly BsonElementReader OpenDocument() => Open(_data, ValueOffset, ValueOffset + ValueLength);

    /// <summary>The two cstrings of a regular expression.</summary>
    public readonly void GetRegex(out ReadOnlySpan<byte> pattern, out ReadOnlySpan<byte> options)
    {
        int patternLength = _data.Slice(ValueOffset).IndexOf((byte)0);
        pattern = _data.Slice(ValueOffset, patternLength);
        options = _data.Slice(ValueOffset + patternLength + 1, ValueLength - patternLength - 2);
    }

    // ---------------------------------------------------------------- lengths, checked

    private readonly int CStringLength(int p, string what)
    {
        int length = _data.Slice(p, _end - p).IndexOf((byte)0);
        if (length < 0) throw new FudgeBsonException(p, $"the {what} has no terminating zero inside the document");
        return length;
    }

    private readonly int Int32At(int p, string what)
    {
        if (_end - p < 4) throw new FudgeBsonException(p, $"the document ends inside the length of a {what}");
        return BinaryPrimitives.ReadInt32LittleEndian(_data.Slice(p));
    }

    private readonly int StringLength(int p)
    {
        int length = Int32At(p, "string");
        if (length < 1 || length > _end - p - 4) throw new FudgeBsonException(p, $"the string declares {length} bytes; between 1 and {Math.Max(1, _end - p - 4)} are possible here");
        if (_data[p + 4 + length - 1] != 0) throw new FudgeBsonException(p + 4 + length - 1, "the string does not end with a zero byte");
        if (!Utf8.IsValid(_data.Slice(p + 4, length - 1))) throw new FudgeBsonException(p + 4, "the string is not valid UTF-8");
        return length + 4;
    }

    private readonly int DocumentLength(int p)
    {
        int length = Int32At(p, "document");
        if (length < 5 || length > _end - p) throw new FudgeBsonException(p, $"the embedded document declares {length} bytes; between 5 and {Math.Max(5, _end - p)} are possible here");
        return length;
    }

    private readonly int BinaryLength(int p)
    {
        int length = Int32At(p, "binary");
        if (length < 0 || length > _end - p - 5) throw new FudgeBsonException(p, $"the binary declares {length} bytes but at most {Math.Max(0, _end - p - 5)} remain");
        if (_data[p + 4] == 0x02)
        {
            // The old binary subtype repeats the length inside the payload.
            if (length < 4 || BinaryPrimitives.ReadInt32LittleEndian(_data.Slice(p + 5)) != length - 4)
                throw new FudgeBsonException(p + 5, "an old-style binary (subtype 2) must repeat its length less 4 inside");
        }
        return length + 5;
    }

    private readonly int RegexLength(int p)
    {
        int pattern = CStringLength(p, "regular expression");
        int options = CStringLength(p + pattern + 1, "regular expression options");
        if (!Utf8.IsValid(_data.Slice(p, pattern)) || !Utf8.IsValid(_data.Slice(p + pattern + 1, options)))
            throw new FudgeBsonException(p, "the regular expression is not valid UTF-8");
        return pattern + options + 2;
    }

    private readonly int ScopeLength(int p)
    {
        int length = Int32At(p, "JavaScript with scope");
        if (length < 14 || length > _end - p) throw new FudgeBsonException(p, $"the JavaScript with scope declares {length} bytes; between 14 and {Math.Max(14, _end - p)} are possible here");
        return length;
    }
}
