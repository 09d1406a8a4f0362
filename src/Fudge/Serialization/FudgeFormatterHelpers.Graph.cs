using System.ComponentModel;
using System.Runtime.CompilerServices;

namespace Fudge.Serialization;

// Whole-graph generated code (issue 42): a generated writer calls the generated writer of a nested object of its own
// compilation directly, with that type's own size hint, instead of through FudgeFormatterCache<T> and an interface
// call; the object depth guard against cycles is the one WriteObject<T> keeps, in the writer.
public static partial class FudgeFormatterHelpers
{
    /// <summary>
    /// Begins a nested object's sub-message as <see cref="WriteObject{T}"/> does (one level of the writer's guard against
    /// cycles, the size bytes <paramref name="sizeHint"/> needs); end it with <see cref="EndObject"/>. Generated code calls this.
    /// </summary>
    /// <exception cref="FudgeException">Objects are nested deeper than <see cref="MaxWriteDepth"/> (a cycle in the object graph).</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static FudgeWriter.SubMessageMarker BeginObject<T>(ref FudgeWriter writer, in FudgeFieldKey key, int sizeHint)
    {
        if (++writer.ObjectDepth > MaxWriteDepth) throw NestedTooDeep(typeof(T));
        return writer.BeginMessage(key, sizeHint);
    }

    /// <summary>
    /// Begins a list element's sub-message (neither name nor ordinal) as <see cref="BeginObject{T}"/> does with
    /// <see cref="ListElementKey"/>, the same bytes with no key to ask about; end it with <see cref="EndObject"/>.
    /// Generated code calls this.
    /// </summary>
    /// <exception cref="FudgeException">Objects are nested deeper than <see cref="MaxWriteDepth"/> (a cycle in the object graph).</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static FudgeWriter.SubMessageMarker BeginElementObject<T>(ref FudgeWriter writer, int sizeHint)
    {
        if (++writer.ObjectDepth > MaxWriteDepth) throw NestedTooDeep(typeof(T));
        return writer.BeginElementMessage(sizeHint);
    }

    /// <summary>Ends a nested object's sub-message begun by <see cref="BeginObject{T}"/>. Generated code calls this.</summary>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void EndObject(ref FudgeWriter writer, FudgeWriter.SubMessageMarker marker, ref int sizeHint)
    {
        writer.EndMessage(marker, ref sizeHint);
        writer.ObjectDepth--;
    }

    /// <summary>
    /// Throws as <see cref="WriteObject{T}"/> would when one more object cannot be nested in the writer's current one:
    /// generated code writes a small nested object inside its parent's field run, and checks its depth so first.
    /// </summary>
    /// <exception cref="FudgeException">Objects are nested deeper than <see cref="MaxWriteDepth"/> (a cycle in the object graph).</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CheckObjectDepth<T>(ref FudgeWriter writer)
    {
        if (writer.ObjectDepth >= MaxWriteDepth) throw NestedTooDeep(typeof(T));
    }

    /// <summary>
    /// As <see cref="CheckObjectDepth{T}(ref FudgeWriter)"/> for an object <paramref name="levels"/> levels further
    /// down: generated code writes a small object held by another small object inside the same field run, and checks
    /// the depth the inner one would reach through the writer.
    /// </summary>
    /// <exception cref="FudgeException">Objects are nested deeper than <see cref="MaxWriteDepth"/> (a cycle in the object graph).</exception>
    [EditorBrowsable(EditorBrowsableState.Never)]
    [MethodImpl(MethodImplOptions.AggressiveInlining)]
    public static void CheckObjectDepth<T>(ref FudgeWriter writer, int levels)
    {
        if (writer.ObjectDepth + levels >= MaxWriteDepth) throw NestedTooDeep(typeof(T));
    }
}
