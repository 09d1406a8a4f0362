using System;

namespace Fudge;

/// <summary>
/// The sub-messages a descending walk (<see cref="FudgeReader.ReadDescendantCandidate"/>) has entered without a reader
/// of their own: where each one's fields end, innermost last. It holds at most as many as the reader's
/// <see cref="FudgeReaderOptions.MaxDepth"/> leaves below the depth the walk started at.
/// </summary>
/// <remarks>
/// The first levels are held in the struct itself (on the walker's stack), the rest in an array that grows only for
/// data nested that deep, and never past the depth limit. A fixed buffer rather than a span: a span of stack memory
/// could not be handed to the reader's methods by reference.
/// </remarks>
internal unsafe struct SubMessageEnds
{
    private const int Held = 16;

    private fixed int _held[Held];
    private int[]? _deeper;
    private int _count;

    /// <summary>An empty stack, for a walk that starts at a reader of depth <paramref name="baseDepth"/>.</summary>
    public SubMessageEnds(int baseDepth, int maxDepth)
    {
        _deeper = null;
        _count = 0;
        BaseDepth = baseDepth;
        Room = Math.Max(0, maxDepth - baseDepth);
    }

    /// <summary>The depth of the message the walk started in.</summary>
    public int BaseDepth { get; }

    /// <summary>How many sub-messages deep the walk may go.</summary>
    public int Room { get; }

    /// <summary>How many sub-messages the walk is in.</summary>
    public readonly int Count => _count;

    /// <summary>Where the innermost entered sub-message's fields end; only when <see cref="Count"/> is above 0.</summary>
    public int Innermost
    {
        // Inlined: the walk's loop reads it at the end of every sub-message, and must have no call in it (see TryPush).
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]
        get => _count <= Held ? _held[_count - 1] : _deeper![_count - 1 - Held];
    }

    /// <summary>
    /// Enters a sub-message whose fields end at <paramref name="end"/> when there is a place for it already; false
    /// when the array must grow first (see <see cref="TryPushGrowing"/>) or the walk would pass <see cref="Room"/>.
    /// </summary>
    /// <remarks>With no call in it, so that the walk's loop, which pushes at every sub-message, has none either: a call
    /// there made the JIT keep the loop's position on the stack, a store and a load on every field.</remarks>
    public bool TryPush(int end)
    {
        if (_count < Held && _count < Room) _held[_count] = end;
        else if (_count < Room && _deeper is not null && _count - Held < _deeper.Length) _deeper[_count - Held] = end;
        else return false;
        _count++;
        return true;
    }

    /// <summary>
    /// Enters a sub-message whose fields end at <paramref name="end"/>, growing the array when it is full; false when
    /// that would pass <see cref="Room"/>.
    /// </summary>
    public bool TryPushGrowing(int end)
    {
        if (_count == Room) return false;
        if (_count >= Held && (_deeper is null || _count - Held == _deeper.Length)) Grow();
        return TryPush(end);
    }

    /// <summary>Leaves the innermost sub-message.</summary>
    public void Pop() => _count--;

    private void Grow()
    {
        var larger = new int[Math.Min(Math.Max((_deeper?.Length ?? 0) * 2, Held), Room - Held)];
        _deeper?.CopyTo(larger, 0);
        _deeper = larger;
    }
}
