using System;
using System.Runtime.CompilerServices;
using System.Text;

namespace Fudge;

// Runs of expected fields taken in a local (FudgeTakeRun): the reader hands its bytes and position to the run and
// takes the position back once, instead of loading and storing them for every field.
public ref partial struct FudgeReader
{
    /// <summary>
    /// Begins a run of expected fields at the reader's position: take them from the returned run (a local), then hand
    /// it back with <see cref="EndTakeRun"/> before using this reader again.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly FudgeTakeRun BeginTakeRun() => new(_data, _position, _fieldOffset);

    /// <summary>
    /// Moves the reader past the fields <paramref name="run"/> took (begun by this reader's <see cref="BeginTakeRun"/>
    /// with no other read in between). As after the Take forms, <see cref="FieldOffset"/> is the last taken field's and
    /// the other properties that describe a current field are undefined until the next <see cref="Read"/>.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndTakeRun(in FudgeTakeRun run)
    {
        _position = run.Position;
        _fieldOffset = run.FieldOffset;
    }

    /// <summary>
    /// True when sub-messages <paramref name="levels"/> deep below this reader's message (1 to 7) can be taken in a
    /// <see cref="FudgeTakeRun"/> (<see cref="FudgeTakeRun.TryPeekMessage"/>) without a check at each: entering them
    /// would pass <see cref="FudgeReaderOptions.MaxDepth"/>, and no stack check is due on the way (see
    /// <see cref="ReadMessage"/>). When false, a generated reader enters them with this reader, which checks.
    /// </summary>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public readonly bool CanTakeNested(int levels) => _depth + levels <= _options.MaxDepth && (_depth & 7) + levels <= 7;

    // Text as GetString decodes it when that is strict UTF-8 (short ASCII widened in place), or null for anything the
    // strict decoder refuses (Fudge-Java's CESU-8, invalid bytes): the general read then decodes or reports it.
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    internal static string? DecodeUtf8OrNull(ReadOnlySpan<byte> bytes)
    {
#if NET9_0_OR_GREATER
        if (bytes.Length <= ShortAscii.Limit && ShortAscii.IsAscii(bytes)) return WidenedAscii(bytes);
#endif
        return DecodeStrictOrNull(bytes);
    }

#if NET9_0_OR_GREATER
    // Not inlined, as ShortAscii.FromHeadAndTail: inside a take of a whole object string.Create was left a call that
    // invoked its delegate; here it is inlined, and the delegate's body with it.
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string WidenedAscii(ReadOnlySpan<byte> bytes)
        => string.Create(bytes.Length, bytes, static (chars, ascii) => ShortAscii.Widen(ascii, chars));
#endif

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string? DecodeStrictOrNull(ReadOnlySpan<byte> bytes)
    {
        try
        {
            return GetUtf8String(bytes);
        }
        catch (DecoderFallbackException)
        {
            return null;
        }
    }
}
