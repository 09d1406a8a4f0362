using System.Runtime.CompilerServices;

namespace Fudge;

// Whole-graph generated code (issue 42) writes each object of a list as an anonymous sub-message: its header is two
// constant bytes and the size bytes its hint asks for, with no key to ask about (no name, no ordinal).
public ref partial struct FudgeWriter
{
    /// <summary>
    /// Begins a sub-message with neither name nor ordinal (a list's element), reserving the size bytes a message of
    /// <paramref name="sizeHint"/> bytes needs (one over a fixed destination): the bytes of
    /// <see cref="BeginMessage(in FudgeFieldKey, int)"/> with <see cref="FudgeFieldKey.Anonymous"/>, with one capacity check.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal SubMessageMarker BeginElementMessage(int sizeHint)
    {
        int start = _position;
        int sizeBytes = _output is null || (uint)sizeHint <= byte.MaxValue ? 1 : SizeBytesFor(sizeHint);
        int total = 2 + sizeBytes;
        if (_buffer.Length - start < total) Grow(total);
        ref byte prefix = ref _buffer[start];
        prefix = sizeBytes == 1 ? (byte)0x20 : SizeFlags(sizeBytes);
        Unsafe.Add(ref prefix, 1) = FudgeTypeId.Message;
        _position = start + total;
        return new SubMessageMarker(start, start + 2, sizeBytes);
    }
}
