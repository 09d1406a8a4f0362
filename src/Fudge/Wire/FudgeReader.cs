using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Text;

namespace Fudge;

/// <summary>
/// Pull reader over Fudge bytes: <see cref="Read"/> moves to the next field of the current message and the
/// properties and getters describe it. Sub-messages are read with <see cref="ReadMessage"/>, which returns a reader
/// over the nested fields without copying; a sub-message that is not entered is skipped.
/// </summary>
/// <remarks>
/// Every size is checked against the bytes that enclose it, so malformed input raises
/// <see cref="FudgeFormatException"/> with the absolute byte offset; nothing is allocated from a declared size.
/// Typed getters widen (an int8 on the wire reads as <see cref="long"/>) and refuse to narrow out of range.
/// </remarks>
public ref partial struct FudgeReader
{
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private ReadOnlySpan<byte> _data; // moved only by EnterMessage/LeaveMessage (FudgeReader.Frames.cs)
    private int _baseOffset;
    private int _depth; // moved only by a descending walk (ReadDescendantCandidate)
    private readonly FudgeReaderOptions _options;
    private readonly IFudgeTaxonomy? _taxonomy;
    private int _position;

    private int _fieldOffset;
    private byte _prefix;
    private byte _typeId;
    private short _ordinal;
    private int _nameStart;
    private int _nameLength;
    private int _valueStart;
    private int _valueLength;

    /// <summary>
    /// Creates a reader over one envelope at the start of <paramref name="data"/>: the header is validated and
    /// <see cref="Read"/> then walks the top-level fields. Bytes after the envelope are left alone
    /// (see <see cref="EnvelopeHeader"/>.MessageSize).
    /// </summary>
    /// <exception cref="FudgeFormatException">The header is truncated or declares an impossible size.</exception>
    public FudgeReader(ReadOnlySpan<byte> data, FudgeReaderOptions? options = null)
    {
        _options = options ?? FudgeReaderOptions.Default;
        EnvelopeHeader = ReadEnvelopeHeader(data, _options);
        _data = data.Slice(FudgeEnvelopeHeader.Size, EnvelopeHeader.MessageSize - FudgeEnvelopeHeader.Size);
        _baseOffset = FudgeEnvelopeHeader.Size;
        _depth = 0;
        _taxonomy = EnvelopeHeader.TaxonomyId != 0 ? _options.TaxonomyResolver?.Resolve(EnvelopeHeader.TaxonomyId) : null;
        _position = 0;
        _fieldOffset = -1;
        _prefix = _typeId = 0;
        _ordinal = 0;
        _nameStart = _nameLength = _valueStart = _valueLength = 0;
    }

    private FudgeReader(ReadOnlySpan<byte> fields, int baseOffset, int depth, FudgeReaderOptions options, IFudgeTaxonomy? taxonomy, FudgeEnvelopeHeader header)
    {
        _options = options;
        _data = fields;
        _baseOffset = baseOffset;
        _depth = depth;
        _taxonomy = taxonomy;
        EnvelopeHeader = header;
        _position = 0;
        _fieldOffset = -1;
        _prefix = _typeId = 0;
        _ordinal = 0;
        _nameStart = _nameLength = _valueStart = _valueLength = 0;
    }

    /// <summary>
    /// Creates a reader over bare fields with no envelope header (for example a sub-message payload held elsewhere).
    /// </summary>
    /// <param name="fields">The encoded fields.</param>
    /// <param name="options">Limits; the default when null.</param>
    /// <param name="taxonomy">Taxonomy used to restore names of ordinal-only fields, if any.</param>
    /// <param name="baseOffset">Offset of <paramref name="fields"/> within the original data, for error messages.</param>
    public static FudgeReader ForFields(ReadOnlySpan<byte> fields, FudgeReaderOptions? options = null, IFudgeTaxonomy? taxonomy = null, int baseOffset = 0)
        => new(fields, baseOffset, 0, options ?? FudgeReaderOptions.Default, taxonomy, default);

    /// <summary>
    /// Creates a reader over one envelope held in a sequence. A single-segment sequence is read in place; a
    /// multi-segment one is first copied into one array.
    /// </summary>
    public static FudgeReader Create(in ReadOnlySequence<byte> data, FudgeReaderOptions? options = null)
    {
#if NET5_0_OR_GREATER
        if (data.IsSingleSegment) return new FudgeReader(data.FirstSpan, options);
#else
        if (data.IsSingleSegment) return new FudgeReader(data.First.Span, options);
#endif
        options ??= FudgeReaderOptions.Default;
        Span<byte> header = stackalloc byte[FudgeEnvelopeHeader.Size];
        if (data.Length < FudgeEnvelopeHeader.Size)
            throw new FudgeFormatException(data.Length, $"the data ends inside the 8-byte envelope header ({data.Length} bytes available)");
        data.Slice(0, FudgeEnvelopeHeader.Size).CopyTo(header);
        var parsed = ReadEnvelopeHeader(header, options, data.Length);
        return new FudgeReader(data.Slice(0, parsed.MessageSize).ToArray(), options);
    }

    /// <summary>Reads and validates an envelope header at the start of <paramref name="data"/>.</summary>
    /// <exception cref="FudgeFormatException">Truncated header, size below 8, above the limit, or beyond the data.</exception>
    public static FudgeEnvelopeHeader ReadEnvelopeHeader(ReadOnlySpan<byte> data, FudgeReaderOptions? options = null)
        => ReadEnvelopeHeader(data, options ?? FudgeReaderOptions.Default, data.Length);

    // Inlined into the constructor: the checks are compares, the errors are raised out of line.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private static FudgeEnvelopeHeader ReadEnvelopeHeader(ReadOnlySpan<byte> data, FudgeReaderOptions options, long available)
    {
        if (data.Length < FudgeEnvelopeHeader.Size) throw HeaderTruncated(data.Length);
        var header = ParseEnvelopeHeader(data);
        ValidateEnvelopeSize(header, options, available);
        return header;
    }

    // The header's eight bytes as one big-endian load (the caller has checked that there are eight).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static FudgeEnvelopeHeader ParseEnvelopeHeader(ReadOnlySpan<byte> data)
    {
        ulong h = BinaryPrimitives.ReadUInt64BigEndian(data);
        return new((byte)(h >> 56), (byte)(h >> 48), (short)(h >> 32), (int)h);
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static void ValidateEnvelopeSize(in FudgeEnvelopeHeader header, FudgeReaderOptions options, long available)
    {
        int size = header.MessageSize;
        if (size < FudgeEnvelopeHeader.Size || size > options.MaxMessageSize || size > available) throw EnvelopeSizeError(size, options, available);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FudgeFormatException HeaderTruncated(int length)
        => new(length, $"the data ends inside the 8-byte envelope header ({length} bytes available)");

    // The error for a size ValidateEnvelopeSize refused, in the order of its checks.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static FudgeFormatException EnvelopeSizeError(int size, FudgeReaderOptions options, long available)
    {
        if (size < FudgeEnvelopeHeader.Size)
            return new FudgeFormatException(4, $"the envelope declares a size of {size} bytes; the minimum is 8");
        if (size > options.MaxMessageSize)
            return new FudgeFormatException(4, $"the envelope declares {size} bytes, more than the limit of {options.MaxMessageSize} (FudgeReaderOptions.MaxMessageSize)", null, true);
        return new FudgeFormatException(available, $"the envelope declares {size} bytes but the data ends after {available}");
    }

    /// <summary>The envelope header (default for readers over bare fields or sub-messages created by <see cref="ForFields"/>).</summary>
    public FudgeEnvelopeHeader EnvelopeHeader { get; }

    /// <summary>Nesting depth of the message this reader walks; 0 for the top level.</summary>
    public readonly int Depth => _depth;

    /// <summary>The fields of this reader's message that <see cref="Read"/> has not reached yet.</summary>
    internal readonly ReadOnlySpan<byte> UnreadFields => _data.Slice(_position);

    /// <summary>The taxonomy used to restore names, if the envelope named one the resolver knows.</summary>
    public readonly IFudgeTaxonomy? Taxonomy => _taxonomy;

    /// <summary>The options this reader enforces.</summary>
    public readonly FudgeReaderOptions Options => _options;

    /// <summary>
    /// Moves to the next field of the current message. Returns false at the end of the message.
    /// </summary>
    /// <exception cref="FudgeFormatException">The field is malformed or overruns its message.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public bool Read()
    {
        // The end of the message is tested where Read() is called: every loop over a message ends with one call
        // that finds nothing (a generated reader, once per object), and a call only to learn that costs more than the test.
        if (_position >= _data.Length)
        {
            _fieldOffset = -1;
            return false;
        }
        return ReadField();
    }

    // Read() past the end test: the header, the value's extent and the current field's state.
    private bool ReadField()
    {
        int p = _position;
        var data = _data;
        _fieldOffset = p;
        if (data.Length - p < 2) throw Error(p, "the data ends inside a field header");
        byte prefix = data[p];
        byte typeId = data[p + 1];
        p += 2;
        if ((prefix & 0x10) != 0)
        {
            if (data.Length - p < 2) throw Error(p, "the data ends inside a field ordinal");
            _ordinal = BinaryPrimitives.ReadInt16BigEndian(data.Slice(p));
            p += 2;
        }
        else _ordinal = 0;
        if ((prefix & 0x08) != 0)
        {
            if (p >= data.Length) throw Error(p, "the data ends before the field name length");
            int nameLength = data[p];
            p += 1;
            if (data.Length - p < nameLength) throw NameOverrun(p, nameLength, data.Length - p);
            _nameStart = p;
            _nameLength = nameLength;
            p += nameLength;
        }
        else
        {
            _nameStart = 0;
            _nameLength = -1;
        }

        return ReadValue(data, p, prefix, typeId);
    }

    // The rest of Read() once the header is past: the value's extent, checked, and the current field's state.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private bool ReadValue(ReadOnlySpan<byte> data, int p, byte prefix, byte typeId)
    {
        int length;
        if ((prefix & 0x80) != 0)
        {
            length = FudgeTypeId.GetFixedWidth(typeId);
            if (length < 0)
            {
                if (FudgeTypeId.IsStandard(typeId))
                    throw FixedFlagOnVariableType(typeId);
                throw UnknownFixedWidthType(typeId);
            }
        }
        else
        {
            switch ((prefix >> 5) & 3)
            {
                case 0:
                    length = 0;
                    break;
                case 1:
                    if (p >= data.Length) throw Error(p, "the data ends inside a 1-byte field size");
                    length = data[p];
                    p += 1;
                    break;
                case 2:
                    if (data.Length - p < 2) throw Error(p, "the data ends inside a 2-byte field size");
                    length = BinaryPrimitives.ReadUInt16BigEndian(data.Slice(p));
                    p += 2;
                    break;
                default:
                    if (data.Length - p < 4) throw Error(p, "the data ends inside a 4-byte field size");
                    uint size = BinaryPrimitives.ReadUInt32BigEndian(data.Slice(p));
                    if (size > int.MaxValue) throw SizeAboveLimit(p, size);
                    length = (int)size;
                    p += 4;
                    break;
            }
            int fixedWidth = FudgeTypeId.GetFixedWidth(typeId);
            if (fixedWidth >= 0 && length != fixedWidth)
                throw FixedWidthMismatch(typeId, fixedWidth, length);
            // Only variable-width types are arrays, so fixed-width fields skip this check.
            int elementWidth = FudgeTypeId.GetArrayElementWidth(typeId);
            if (elementWidth > 0 && length % elementWidth != 0)
                throw PartialArrayElement(p, typeId, length, elementWidth);
        }
        if (data.Length - p < length)
            throw ValueOverrun(p, length, data.Length - p);

        _prefix = prefix;
        _typeId = typeId;
        _valueStart = p;
        _valueLength = length;
        _position = p + length;
        return true;
    }

    // ---------------------------------------------------------------- the current field

    /// <summary>Absolute byte offset of the current field's prefix byte.</summary>
    public readonly int FieldOffset => _baseOffset + _fieldOffset;

    /// <summary>Absolute byte offset of the current field's value.</summary>
    public readonly int ValueOffset => _baseOffset + _valueStart;

    /// <summary>The current field's prefix byte.</summary>
    public readonly byte Prefix => _prefix;

    /// <summary>The wire type id of the current field.</summary>
    public readonly byte TypeId => _typeId;

    /// <summary>True when the current field has a name on the wire.</summary>
    public readonly bool HasName => _nameLength >= 0;

    /// <summary>
    /// The bytes of the field name as on the wire (empty when there is none): UTF-8, or from Fudge-Java CESU-8 for
    /// characters outside the Basic Multilingual Plane; compare with <see cref="NameEquals"/>, which accepts both.
    /// </summary>
    public readonly ReadOnlySpan<byte> NameUtf8 => _nameLength > 0 ? _data.Slice(_nameStart, _nameLength) : default;

    /// <summary>True when the current field has an ordinal.</summary>
    public readonly bool HasOrdinal => (_prefix & 0x10) != 0;

    /// <summary>The ordinal of the current field (0 when it has none; check <see cref="HasOrdinal"/>).</summary>
    public readonly short Ordinal => _ordinal;

    /// <summary>The raw value bytes of the current field.</summary>
    public readonly ReadOnlySpan<byte> ValueSpan => _data.Slice(_valueStart, _valueLength);

    /// <summary>The whole encoded field (header and value) as it appears in the data.</summary>
    public readonly ReadOnlySpan<byte> FieldSpan => _data.Slice(_fieldOffset, _valueStart + _valueLength - _fieldOffset);

    /// <summary>True when the current field is an indicator (type 0).</summary>
    public readonly bool IsIndicator => _typeId == FudgeTypeId.Indicator;

    /// <summary>
    /// The field name as a string: the name on the wire, else the taxonomy's name for the ordinal, else null.
    /// </summary>
    /// <remarks>Names written by Fudge-Java with CESU-8 surrogate pairs decode as for <see cref="GetString"/>.</remarks>
    /// <exception cref="FudgeFormatException">The name is not valid UTF-8.</exception>
    public readonly string? GetName()
    {
        if (_nameLength >= 0) return DecodeUtf8(_nameStart, _nameLength, "field name");
        if (HasOrdinal && _taxonomy is not null) return _taxonomy.GetName(_ordinal);
        return null;
    }

    /// <summary>
    /// True when the name on the wire equals <paramref name="utf8Name"/>: byte for byte, or as Fudge-Java writes it,
    /// with characters outside the Basic Multilingual Plane as CESU-8 surrogate pairs.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool NameEquals(ReadOnlySpan<byte> utf8Name)
        => (_nameLength == utf8Name.Length && NameUtf8.SequenceEqual(utf8Name))
           || (_nameLength > utf8Name.Length && JavaCesu8.NameEquals(NameUtf8, utf8Name));

    /// <summary>
    /// Returns a reader over the fields of the current sub-message (type 15), without copying. The outer reader has
    /// already moved past it, so a sub-message that is not read is skipped.
    /// </summary>
    /// <exception cref="FudgeFormatException">
    /// Entering it would exceed <see cref="FudgeReaderOptions.MaxDepth"/>, or leave too little stack for the recursion
    /// that walks it.
    /// </exception>
    public readonly FudgeReader ReadMessage()
    {
        if (_typeId != FudgeTypeId.Message) throw Mismatch("message");
        return Enter(_valueStart, _valueLength);
    }

    // A reader over the sub-message whose fields are the length bytes at valueAt, after the depth checks (their errors
    // point at the field at _fieldOffset).
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly FudgeReader Enter(int valueAt, int length)
    {
        if (_depth + 1 > _options.MaxDepth) throw TooDeep();
        // Callers recurse per sub-message; with a generous MaxDepth the stack, not the limit, would run out first. The
        // test asks the thread for its stack bounds, which costs more than reading a small sub-message, so it is made
        // every eighth level: it promises far more room than eight levels of any walk take.
        if ((_depth & 7) == 7 && !StackRoom.ForAnotherLevel()) throw OutOfStack();
        return new FudgeReader(_data.Slice(valueAt, length), _baseOffset + valueAt, _depth + 1, _options, _taxonomy, EnvelopeHeader);
    }

    // Built out of line, like Read()'s messages: formatting them in ReadMessage would cost every call a larger frame.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException TooDeep() => TooDeepAt(_fieldOffset);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException TooDeepAt(int fieldOffset)
        => new(_baseOffset + fieldOffset, $"sub-messages are nested deeper than the limit of {_options.MaxDepth} (FudgeReaderOptions.MaxDepth)", null, true);

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException OutOfStack()
        => new(_baseOffset + _fieldOffset, $"sub-messages are nested {_depth + 1} deep, more than the remaining stack can hold; lower FudgeReaderOptions.MaxDepth", null, true);

    // ---------------------------------------------------------------- helpers

    private readonly string DecodeUtf8(int start, int length, string what)
    {
        if (length == 0) return string.Empty;
        try
        {
            return GetUtf8String(_data.Slice(start, length));
        }
        catch (DecoderFallbackException)
        {
            // Out of the hot path: only text the platform's decoder refuses gets the second, Java-aware look.
            return DecodeJavaText(start, length, what);
        }
    }

    /// <summary>Decodes text holding Fudge-Java's CESU-8 surrogate pairs; anything else invalid is a format error.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly string DecodeJavaText(int start, int length, string what)
    {
        int error = JavaCesu8.TryDecode(_data.Slice(start, length), out string? text);
        if (error >= 0)
            throw new FudgeFormatException(_baseOffset + start + error,
                $"the {what} is not valid UTF-8 (byte 0x{_data[start + error]:X2} at position {error} of {length} starts no valid sequence, nor a CESU-8 surrogate pair as Fudge-Java writes)");
        return text!;
    }

    private static unsafe string GetUtf8String(ReadOnlySpan<byte> bytes)
    {
        fixed (byte* b = bytes)
        {
            // Short ASCII text (symbols, venues, ids: most strings in messages) is widened in one pass; the encoding
            // would validate in one pass and transcode in another, through two layers of dispatch.
            if (bytes.Length <= ShortAscii.Limit && ShortAscii.IsAscii(bytes)) return WidenAscii(b, bytes.Length);
            return StrictUtf8.GetString(b, bytes.Length);
        }
    }

    private static unsafe string WidenAscii(byte* ascii, int length)
    {
#if NET6_0_OR_GREATER
        return string.Create(length, (IntPtr)ascii, static (chars, source) => ShortAscii.Widen(new ReadOnlySpan<byte>((byte*)source, chars.Length), chars));
#else
        return new string((sbyte*)ascii, 0, length); // ASCII reads the same in every encoding
#endif
    }

    private readonly FudgeFormatException Error(int relativeOffset, string reason) => new(_baseOffset + relativeOffset, reason);

    // Read()'s error messages are built out of line: formatting them in place would make every call to Read() set up
    // (and zero) stack space for string interpolation, slowing the hot path for input that is almost always valid.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException NameOverrun(int p, int nameLength, int remaining)
        => Error(p, $"the field name declares {nameLength} bytes but only {remaining} remain in the message");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException FixedFlagOnVariableType(byte typeId)
        => Error(_fieldOffset, $"the fixed-width flag is set on the variable-width type {FudgeTypeId.GetName(typeId)}");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException UnknownFixedWidthType(byte typeId)
        => Error(_fieldOffset, $"unknown fixed-width type {typeId}: its length cannot be known, so the message cannot be read past it");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException SizeAboveLimit(int p, uint size)
        => Error(p, $"the field declares a size of {size} bytes, above 2^31-1");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException FixedWidthMismatch(byte typeId, int fixedWidth, int length)
        => Error(_fieldOffset, $"type {FudgeTypeId.GetName(typeId)} is {fixedWidth} bytes wide but the field declares {length}");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException ValueOverrun(int p, int length, int remaining)
        => Error(p, $"the field declares {length} bytes of value but only {remaining} remain in the enclosing message");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException PartialArrayElement(int p, byte typeId, int length, int elementWidth)
        => Error(p, $"a {FudgeTypeId.GetName(typeId)} payload of {length} bytes is not a whole number of {elementWidth}-byte elements");

    // A type the caller did not expect is a property of the data, so it is reported as a format error too.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException Mismatch(string wanted)
        => new(FieldOffset, $"the field has type {FudgeTypeId.GetName(_typeId)}, which cannot be read as {wanted}");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private readonly FudgeFormatException OutOfRange(string wanted, long value)
        => new(FieldOffset, $"the field holds {value}, which does not fit in {wanted}");
}
