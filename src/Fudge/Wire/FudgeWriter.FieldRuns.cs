using System;
using System.Runtime.CompilerServices;
using System.Runtime.InteropServices;

namespace Fudge;

// Runs of fields written with one reservation: generated writers put the fixed-width members of a type (and its
// constant type names) in one run, so that the writer's buffer and position are loaded and stored once for them all.
public ref partial struct FudgeWriter
{
    /// <summary>
    /// Begins a run of fields with room for at least <paramref name="maxBytes"/> bytes (over a fixed destination: the
    /// rest of it). Write the fields through the returned <see cref="FudgeFieldRun"/>, kept in a local, then commit
    /// them with <see cref="EndFieldRun"/>; write nothing through the writer in between.
    /// </summary>
    /// <param name="maxBytes">The most the run's fields can take (for example <see cref="FudgeFieldRun.MaxInt64FieldBytes"/> per integer).</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="maxBytes"/> is negative.</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public FudgeFieldRun BeginFieldRun(int maxBytes)
    {
        if (maxBytes < 0) throw NegativeRunSize(maxBytes);
        // A fixed destination is never asked for more than its encoding: the run gets what is left and refuses to
        // write past it, exactly where the writer would have refused.
        if (_output is not null && _buffer.Length - _position < maxBytes) Grow(maxBytes);
        return new FudgeFieldRun(_buffer.Slice(_position), _position, _output is null, _javaStrings);
    }

    /// <summary>Commits the fields written through <paramref name="run"/>, begun by <see cref="BeginFieldRun"/> on this writer.</summary>
    /// <exception cref="InvalidOperationException">The run was not begun on this writer at its current position (another writer's run, or the writer wrote in between).</exception>
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public void EndFieldRun(in FudgeFieldRun run)
    {
        var room = run.Room;
        if (run.WriterPosition != _position || room.Length != _buffer.Length - _position
            || !Unsafe.AreSame(ref MemoryMarshal.GetReference(room), ref MemoryMarshal.GetReference(_buffer.Slice(_position))))
            throw ForeignRun();
        _position += run.BytesWritten;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ArgumentOutOfRangeException NegativeRunSize(int maxBytes)
        => new(nameof(maxBytes), maxBytes, "A field run's room cannot be negative.");

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static InvalidOperationException ForeignRun()
        => new("The field run was not begun on this writer at its current position: end a run on the writer that began it, before writing anything else through the writer.");
}
