using System;
using System.Buffers;
using System.Buffers.Binary;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;
using System.Text;

namespace Fudge;

/// <summary>
/// Writes Fudge envelopes and fields, big-endian, straight into an <see cref="IBufferWriter{T}"/> or a fixed
/// <see cref="Span{T}"/>. Integers and byte arrays are reduced to the smallest wire type as the spec requires, and
/// variable-width sizes use the reference implementations' widths (1 byte up to 255, 2 up to 32767, else 4).
/// </summary>
/// <remarks>
/// Sub-messages and envelopes are written in place: <see cref="BeginMessage(in FudgeFieldKey, int)"/> reserves the size
/// bytes a hinted size needs (one without a hint), and <see cref="EndMessage(SubMessageMarker)"/> fills in the minimal
/// size, sliding the content when the reserved width was not that one.
/// Nothing allocates per field or per message. When writing to an <see cref="IBufferWriter{T}"/>, call
/// <see cref="Flush"/> once the envelopes are complete; only then are the bytes committed to the output.
/// </remarks>
public ref partial struct FudgeWriter
{
    private const byte FixedWidthFlag = 0x80;
    private const byte OrdinalFlag = 0x10;
    private const byte NameFlag = 0x08;
    private const byte SizeWidthMask = 0x60;
    private const int DefaultSizeHint = 512;

    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private readonly IBufferWriter<byte>? _output;
    private readonly bool _javaStrings;
    private Span<byte> _buffer;
    private byte[]? _rented;
    private int _position;

    /// <summary>How many objects <see cref="Serialization.FudgeFormatterHelpers.WriteObject{T}"/> has open (its guard against cycles).</summary>
    internal int ObjectDepth;

    /// <summary>Creates a writer that appends to <paramref name="output"/>; call <see cref="Flush"/> to commit.</summary>
    /// <param name="output">Destination of the encoded bytes.</param>
    /// <param name="sizeHint">Expected bytes to write before the next flush; only a hint.</param>
    public FudgeWriter(IBufferWriter<byte> output, int sizeHint = DefaultSizeHint)
        : this(output, FudgeWriterOptions.Default, sizeHint)
    {
    }

    /// <summary>Creates a writer that appends to <paramref name="output"/> with the given options; call <see cref="Flush"/> to commit.</summary>
    /// <param name="output">Destination of the encoded bytes.</param>
    /// <param name="options">How names and strings are encoded; the default (standard UTF-8) when null.</param>
    /// <param name="sizeHint">Expected bytes to write before the next flush; only a hint.</param>
    public FudgeWriter(IBufferWriter<byte> output, FudgeWriterOptions? options, int sizeHint = DefaultSizeHint)
    {
        _output = output ?? throw new ArgumentNullException(nameof(output));
        _javaStrings = options?.StringEncoding == FudgeStringEncoding.JavaCesu8;
        _buffer = output.GetSpan(Math.Max(sizeHint, 16));
        _rented = null;
        _position = 0;
    }

    /// <summary>Creates a writer over a fixed destination; writing past its end throws <see cref="InvalidOperationException"/>.</summary>
    /// <remarks>A destination exactly as long as the final encoding is enough: nothing is reserved beyond it.</remarks>
    public FudgeWriter(Span<byte> destination)
        : this(destination, FudgeWriterOptions.Default)
    {
    }

    /// <summary>Creates a writer over a fixed destination with the given options (see <see cref="FudgeWriter(Span{byte})"/>).</summary>
    /// <param name="destination">Where the bytes go; writing past its end throws <see cref="InvalidOperationException"/>.</param>
    /// <param name="options">How names and strings are encoded; the default (standard UTF-8) when null.</param>
    public FudgeWriter(Span<byte> destination, FudgeWriterOptions? options)
    {
        _output = null;
        _javaStrings = options?.StringEncoding == FudgeStringEncoding.JavaCesu8;
        _buffer = destination;
        _rented = null;
        _position = 0;
    }

    /// <summary>How this writer encodes names and strings (from its <see cref="FudgeWriterOptions"/>).</summary>
    public readonly FudgeStringEncoding StringEncoding => _javaStrings ? FudgeStringEncoding.JavaCesu8 : FudgeStringEncoding.Utf8;

    /// <summary>Bytes written so far and not yet flushed (for a fixed destination: bytes written in total).</summary>
    public readonly int BytesPending => _position;

    /// <summary>The bytes written so far and not yet flushed.</summary>
    public readonly ReadOnlySpan<byte> WrittenSpan => _buffer.Slice(0, _position);

    /// <summary>
    /// Commits the written bytes to the <see cref="IBufferWriter{T}"/> and returns any pooled scratch memory.
    /// Must not be called while an envelope or sub-message is open. Does nothing for a fixed destination.
    /// </summary>
    public void Flush()
    {
        if (_output is null) return;
        if (_rented is null)
        {
            _output.Advance(_position);
        }
        else
        {
            _buffer.Slice(0, _position).CopyTo(_output.GetSpan(_position));
            _output.Advance(_position);
            ReturnScratch(_rented);
            _rented = null;
        }
        _position = 0;
        _buffer = default; // re-acquired from the output on the next write
    }

    /// <summary>Returns pooled scratch memory without committing unflushed bytes. Safe to call more than once.</summary>
    public void Dispose()
    {
        if (_rented is not null)
        {
            ReturnScratch(_rented);
            _rented = null;
        }
        _buffer = default;
        _position = 0;
    }

    // ---------------------------------------------------------------- envelopes and sub-messages

    /// <summary>Starts an envelope: writes the 8-byte header with a placeholder size.</summary>
    public EnvelopeMarker BeginEnvelope(byte processingDirectives = 0, byte schemaVersion = 0, short taxonomyId = 0)
    {
        var span = Reserve(8);
        span[0] = processingDirectives;
        span[1] = schemaVersion;
        BinaryPrimitives.WriteInt16BigEndian(span.Slice(2), taxonomyId);
        int start = _position;
        _position += 8;
        return new EnvelopeMarker(start);
    }

    /// <summary>Ends an envelope started by <see cref="BeginEnvelope"/>, filling in its total size.</summary>
    public void EndEnvelope(EnvelopeMarker envelope)
    {
        int size = _position - envelope.Start;
        BinaryPrimitives.WriteInt32BigEndian(_buffer.Slice(envelope.Start + 4), size);
    }

    /// <summary>Writes a complete envelope header with a known total size (header included).</summary>
    public void WriteEnvelopeHeader(in FudgeEnvelopeHeader header)
    {
        var span = Reserve(8);
        span[0] = header.ProcessingDirectives;
        span[1] = header.SchemaVersion;
        BinaryPrimitives.WriteInt16BigEndian(span.Slice(2), header.TaxonomyId);
        BinaryPrimitives.WriteInt32BigEndian(span.Slice(4), header.MessageSize);
        _position += 8;
    }

    /// <summary>Starts a sub-message field (type 15); write its fields, then call <see cref="EndMessage(SubMessageMarker)"/>.</summary>
    public SubMessageMarker BeginMessage(in FudgeFieldKey key) => BeginMessage(key, 0);

    /// <summary>
    /// Starts a sub-message field (type 15) expected to hold about <paramref name="sizeHint"/> bytes, reserving the
    /// size bytes a message of that size needs. The size written at the end is always the minimal one, as Fudge-Java
    /// writes it: a hint of the wrong width costs a move of the content, exactly as a long message without a hint does.
    /// Pass the size of the previous message of the same kind (see <see cref="EndMessage(SubMessageMarker, ref int)"/>).
    /// </summary>
    public SubMessageMarker BeginMessage(in FudgeFieldKey key, int sizeHint)
    {
        int prefixPosition = _position;
        // A fixed destination may be sized to the exact encoding, with no room for wider size bytes while the content
        // is written: it always reserves one.
        int sizeBytes = _output is null ? 1 : SizeBytesFor(sizeHint);
        if (key.Name is null)
        {
            // No name (list elements, objects under ordinals): header and size bytes take one capacity check.
            int headerLength = key.HasOrdinal ? 4 : 2;
            int total = headerLength + sizeBytes;
            if (_buffer.Length - _position < total) Grow(total);
            var span = _buffer.Slice(_position, total);
            span[0] = (byte)(SizeFlags(sizeBytes) | (key.HasOrdinal ? OrdinalFlag : 0));
            span[1] = FudgeTypeId.Message;
            if (key.HasOrdinal) BinaryPrimitives.WriteInt16BigEndian(span.Slice(2), key.OrdinalValue);
            _position += total;
            return new SubMessageMarker(prefixPosition, prefixPosition + headerLength, sizeBytes);
        }
        WriteHeader(SizeFlags(sizeBytes), FudgeTypeId.Message, key);
        Reserve(sizeBytes);
        int sizePosition = _position;
        _position += sizeBytes;
        return new SubMessageMarker(prefixPosition, sizePosition, sizeBytes);
    }

    /// <summary>
    /// Ends a sub-message: writes its size with the minimal width, moving the content when that width is not the one
    /// reserved at <see cref="BeginMessage(in FudgeFieldKey, int)"/>. Returns the size of the content in bytes.
    /// </summary>
    public int EndMessage(SubMessageMarker message)
    {
        int reserved = message.SizeBytes;
        int contentStart = message.SizePosition + reserved;
        int size = _position - contentStart;
        int needed = SizeBytesFor(size);
        if (needed != reserved)
        {
            int shift = needed - reserved;
            if (shift > 0) Reserve(shift);
            _buffer.Slice(contentStart, size).CopyTo(_buffer.Slice(contentStart + shift)); // overlapping copies are safe
            _position += shift;
            ref byte prefix = ref _buffer[message.PrefixPosition];
            prefix = (byte)((prefix & ~SizeWidthMask) | SizeFlags(needed));
        }
        var sizeBytes = _buffer.Slice(message.SizePosition);
        if (needed == 1) sizeBytes[0] = (byte)size;
        else if (needed == 2) BinaryPrimitives.WriteInt16BigEndian(sizeBytes, (short)size);
        else BinaryPrimitives.WriteInt32BigEndian(sizeBytes, size);
        return size;
    }

    /// <summary>
    /// Ends a sub-message as <see cref="EndMessage(SubMessageMarker)"/> does, and stores its size in
    /// <paramref name="sizeHint"/> when the hint had reserved another width, so that the next message of the same
    /// kind begun with it reserves the right one. The hint is written only then, so a hint shared between threads is
    /// rarely written (any value of it is correct; a stale one only costs a move).
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndMessage(SubMessageMarker message, ref int sizeHint)
    {
        // The common cases, a message whose one or two reserved size bytes were the right width, are a single store.
        int reserved = message.SizeBytes;
        int size = _position - message.SizePosition - reserved;
        if (reserved == 1 && (uint)size <= byte.MaxValue)
        {
            _buffer[message.SizePosition] = (byte)size;
            return;
        }
        if (reserved == 2 && size > byte.MaxValue && size <= short.MaxValue)
        {
            BinaryPrimitives.WriteInt16BigEndian(_buffer.Slice(message.SizePosition), (short)size);
            return;
        }
        EndMessageResized(message, ref sizeHint);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private void EndMessageResized(SubMessageMarker message, ref int sizeHint)
    {
        int size = EndMessage(message);
        if (SizeBytesFor(size) != message.SizeBytes) sizeHint = size;
    }

    // One size byte up to 255, two up to 32,767 (Fudge-Java's signed short), four beyond.
    private static int SizeBytesFor(int size) => size <= byte.MaxValue ? 1 : size <= short.MaxValue ? 2 : 4;

    private static byte SizeFlags(int sizeBytes) => sizeBytes == 1 ? (byte)0x20 : sizeBytes == 2 ? (byte)0x40 : SizeWidthMask;

    // ---------------------------------------------------------------- headers and buffer management

    private Span<byte> BeginArray(byte typeId, in FudgeFieldKey key, int count, int width)
    {
        long length = (long)count * width;
        if (length > int.MaxValue) throw new ArgumentException("The array is too large for one Fudge field.");
        WriteVariableHeader(typeId, key, (int)length);
        var span = Reserve((int)length).Slice(0, (int)length);
        _position += (int)length;
        return span;
    }

    private void WriteVariable(byte typeId, in FudgeFieldKey key, ReadOnlySpan<byte> payload)
    {
        WriteVariableHeader(typeId, key, payload.Length);
        payload.CopyTo(Reserve(payload.Length));
        _position += payload.Length;
    }

    private void WriteVariableHeader(byte typeId, in FudgeFieldKey key, int length)
    {
        if (length <= byte.MaxValue)
        {
            WriteHeader(0x20, typeId, key);
            Reserve(1)[0] = (byte)length;
            _position += 1;
        }
        else if (length <= short.MaxValue)
        {
            WriteHeader(0x40, typeId, key);
            BinaryPrimitives.WriteInt16BigEndian(Reserve(2), (short)length);
            _position += 2;
        }
        else
        {
            WriteHeader(0x60, typeId, key);
            BinaryPrimitives.WriteInt32BigEndian(Reserve(4), length);
            _position += 4;
        }
    }

    /// <summary>
    /// Writes the header of a fixed-width field and returns its <paramref name="width"/> value bytes (already counted
    /// as written). Header and value are reserved with one capacity check: this is the hot path of generated code.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> BeginFixedField(byte typeId, in FudgeFieldKey key, int width)
    {
        byte[]? nameBlock = key.NameBlock;
        if (nameBlock is null && key.Name is not null) return BeginFixedFieldTranscodingName(typeId, key, width);
        int headerLength = key.HasOrdinal ? 4 : 2;
        if (nameBlock is not null) headerLength += 1 + nameBlock[0];
        int total = headerLength + width;
        if (_buffer.Length - _position < total) Grow(total);
        var span = _buffer.Slice(_position, total);
        byte prefix = FixedWidthFlag;
        int p = 2;
        if (key.HasOrdinal)
        {
            prefix |= OrdinalFlag;
            BinaryPrimitives.WriteInt16BigEndian(span.Slice(2), key.OrdinalValue);
            p = 4;
        }
        if (nameBlock is not null)
        {
            prefix |= NameFlag;
            CopyName(nameBlock, _position + p);
        }
        span[0] = prefix;
        span[1] = typeId;
        _position += total;
        return span.Slice(headerLength);
    }

    /// <summary>Copies a key's name block (length byte and name) into the header being written at <paramref name="offset"/>.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private readonly void CopyName(byte[] nameBlock, int offset)
    {
        // Field names are mostly a few bytes, and a block copy's call and size dispatch took a fifth of the time of
        // writing a tick with names. A name of up to 15 bytes is two 8-byte moves of its padded block: the padding
        // lands in bytes the field's value overwrites next. That is only done in the buffer writer's scratch space,
        // never beyond the end of a caller's fixed destination span.
        var destination = _buffer.Slice(offset);
        if (nameBlock.Length == 16 && _output is not null && destination.Length >= 16)
        {
            ref byte target = ref MemoryMarshal.GetReference(destination);
            Unsafe.WriteUnaligned(ref target, Unsafe.ReadUnaligned<ulong>(ref nameBlock[0]));
            Unsafe.WriteUnaligned(ref Unsafe.Add(ref target, 8), Unsafe.ReadUnaligned<ulong>(ref nameBlock[8]));
            return;
        }
        nameBlock.AsSpan(0, 1 + nameBlock[0]).CopyTo(destination);
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private Span<byte> BeginFixedFieldTranscodingName(byte typeId, in FudgeFieldKey key, int width)
    {
        WriteHeaderTranscodingName(FixedWidthFlag, typeId, key);
        var value = Reserve(width).Slice(0, width);
        _position += width;
        return value;
    }

    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private void WriteHeader(byte sizeFlags, byte typeId, in FudgeFieldKey key)
    {
        byte[]? nameBlock = key.NameBlock;
        if (nameBlock is null && key.Name is not null)
        {
            WriteHeaderTranscodingName(sizeFlags, typeId, key);
            return;
        }
        int nameLength = nameBlock is null ? -1 : nameBlock[0];
        // Exactly the header's size, so that a fixed destination sized to the encoding is not refused.
        var span = Reserve(2 + (key.HasOrdinal ? 2 : 0) + (nameLength >= 0 ? 1 + nameLength : 0));
        int p = 2;
        byte prefix = sizeFlags;
        if (key.HasOrdinal)
        {
            prefix |= OrdinalFlag;
            BinaryPrimitives.WriteInt16BigEndian(span.Slice(2), key.OrdinalValue);
            p = 4;
        }
        if (nameLength >= 0)
        {
            prefix |= NameFlag;
            CopyName(nameBlock!, _position + p);
            p += 1 + nameLength;
        }
        span[0] = prefix;
        span[1] = typeId;
        _position += p;
    }

    private void WriteHeaderTranscodingName(byte sizeFlags, byte typeId, in FudgeFieldKey key)
    {
        string name = key.Name!;
        int nameLength = name.Length <= 85 && _output is not null ? name.Length * 3 : GetTextByteCount(name.AsSpan());
        var span = Reserve(3 + (key.HasOrdinal ? 2 : 0) + nameLength);
        int p = 2;
        byte prefix = (byte)(sizeFlags | NameFlag);
        if (key.HasOrdinal)
        {
            prefix |= OrdinalFlag;
            BinaryPrimitives.WriteInt16BigEndian(span.Slice(2), key.OrdinalValue);
            p = 4;
        }
        int written = EncodeText(name.AsSpan(), span.Slice(p + 1));
        if (written > 255)
            throw new ArgumentException($"A Fudge field name is at most 255 UTF-8 bytes; this one has {written}.", nameof(key));
        span[p] = (byte)written;
        span[0] = prefix;
        span[1] = typeId;
        _position += p + 1 + written;
    }

    /// <summary>Ensures <paramref name="count"/> bytes are free at the current position and returns them.</summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    private Span<byte> Reserve(int count)
    {
        if (_buffer.Length - _position < count) Grow(count);
        return _buffer.Slice(_position);
    }

    private void Grow(int count)
    {
        if (_output is null)
            throw new InvalidOperationException($"The destination span ({_buffer.Length} bytes) is too small: {_position + count} bytes needed.");
        if (_position == 0 && _rented is null)
        {
            _buffer = _output.GetSpan(Math.Max(count, DefaultSizeHint));
            if (_buffer.Length >= count) return;
        }
        long needed = (long)_position + count;
        if (needed > int.MaxValue) throw new InvalidOperationException("A Fudge envelope cannot exceed 2 GiB.");
        int newSize = (int)Math.Min(int.MaxValue, Math.Max(needed, (long)_buffer.Length * 2));
        var next = newSize <= MaxPooledScratch ? ArrayPool<byte>.Shared.Rent(newSize) : new byte[newSize];
        _buffer.Slice(0, _position).CopyTo(next);
        if (_rented is not null) ReturnScratch(_rented);
        _rented = next;
        _buffer = next;
    }

    /// <summary>
    /// Scratch arrays above this size are plain arrays, never rented from nor returned to the shared pool: the pool
    /// keeps what it is given (per core, per size), so eight 11 MB messages encoded at once left about 250 MB of
    /// doubling arrays (1, 2, 4, 8 and 16 MB) in it for good. A plain array is the collector's to give back.
    /// </summary>
    internal const int MaxPooledScratch = 1 << 20;

    private static void ReturnScratch(byte[] array)
    {
        if (array.Length <= MaxPooledScratch) ArrayPool<byte>.Shared.Return(array);
    }

    // CESU-8 differs from UTF-8 only for surrogates, so Java-compatible writing takes the vectorized UTF-8 path for
    // any text without one, and the default path pays a single well-predicted flag test.
    private readonly int EncodeText(ReadOnlySpan<char> chars, Span<byte> destination) => EncodeText(chars, destination, _javaStrings);

    private readonly int GetTextByteCount(ReadOnlySpan<char> chars) => GetTextByteCount(chars, _javaStrings);

    // ASCII text (most strings in messages) is the same bytes in both encodings: narrowed a word at a time, before
    // either encoder is asked (ShortAscii.TryNarrow); the first other character hands the whole text to the encoder.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static int EncodeText(ReadOnlySpan<char> chars, Span<byte> destination, bool java)
        => chars.Length <= ShortAscii.NarrowLimit && ShortAscii.TryNarrow(chars, destination) ? chars.Length : EncodeTextSlow(chars, destination, java);

    internal static int EncodeTextSlow(ReadOnlySpan<char> chars, Span<byte> destination, bool java)
        => java && JavaCesu8.HasSurrogates(chars) ? JavaCesu8.Encode(chars, destination) : EncodeUtf8(chars, destination);

    internal static int GetTextByteCount(ReadOnlySpan<char> chars, bool java)
        => java && JavaCesu8.HasSurrogates(chars) ? JavaCesu8.GetByteCount(chars) : GetUtf8ByteCount(chars);

    private static int EncodeUtf8(ReadOnlySpan<char> chars, Span<byte> destination)
    {
        // Short ASCII text (symbols, venues, ids: most strings in messages) is narrowed here; the transcoder's set-up
        // costs more than the copy for a handful of characters. The first other character hands the rest over.
        if (chars.Length <= 32 && destination.Length >= chars.Length)
        {
            int i = 0;
            for (; i < chars.Length; i++)
            {
                char c = chars[i];
                if (c >= 0x80) break;
                destination[i] = (byte)c;
            }
            return i == chars.Length ? i : i + TranscodeUtf8(chars.Slice(i), destination.Slice(i));
        }
        return TranscodeUtf8(chars, destination);
    }

    private static unsafe int TranscodeUtf8(ReadOnlySpan<char> chars, Span<byte> destination)
    {
        if (chars.IsEmpty) return 0;
#if NET8_0_OR_GREATER
        // The span transcoder reports bad input as a status: no Encoding dispatch, no exception frame on the hot path.
        var status = System.Text.Unicode.Utf8.FromUtf16(chars, destination, out _, out int written, replaceInvalidSequences: false);
        if (status == OperationStatus.Done) return written;
        if (status == OperationStatus.InvalidData)
            throw new ArgumentException("The string is not valid UTF-16 (it holds an unpaired surrogate).");
#endif
        try
        {
            fixed (char* c = chars)
            fixed (byte* b = destination)
                return Utf8.GetBytes(c, chars.Length, b, destination.Length);
        }
        catch (EncoderFallbackException e)
        {
            throw new ArgumentException("The string is not valid UTF-16 (it holds an unpaired surrogate).", e);
        }
    }

    private static unsafe int GetUtf8ByteCount(ReadOnlySpan<char> chars)
    {
        if (chars.IsEmpty) return 0;
        try
        {
            fixed (char* c = chars) return Utf8.GetByteCount(c, chars.Length);
        }
        catch (EncoderFallbackException e)
        {
            throw new ArgumentException("The string is not valid UTF-16 (it holds an unpaired surrogate).", e);
        }
    }

    /// <summary>Position of an open envelope; pass it back to <see cref="EndEnvelope"/>.</summary>
    public readonly struct EnvelopeMarker
    {
        internal EnvelopeMarker(int start) => Start = start;
        internal int Start { get; }
    }

    /// <summary>Position of an open sub-message; pass it back to <see cref="EndMessage(SubMessageMarker)"/>.</summary>
    public readonly struct SubMessageMarker
    {
        internal SubMessageMarker(int prefixPosition, int sizePosition, int sizeBytes)
        {
            PrefixPosition = prefixPosition;
            SizePosition = sizePosition;
            SizeBytes = sizeBytes;
        }

        internal int PrefixPosition { get; }
        internal int SizePosition { get; }
        internal int SizeBytes { get; }
    }
}
