namespace Fudge.Query;

/// <summary>
/// Receives the fields a <see cref="FudgePath"/> selects from encoded bytes. Implement it on a struct and pass it by
/// reference to <see cref="FudgePath.Visit{TVisitor}(System.ReadOnlySpan{byte}, ref TVisitor, FudgeReaderOptions?)"/>:
/// the call is then specialised for the struct and allocates nothing.
/// </summary>
public interface IFudgeFieldVisitor
{
    /// <summary>
    /// Called once per selected field, in the order of the bytes. <paramref name="field"/> is positioned on the field
    /// (its name, ordinal, type, value and getters are available; a sub-message can be entered with
    /// <see cref="FudgeReader.ReadMessage"/>). Return false to stop the walk.
    /// </summary>
    bool Visit(in FudgeReader field);
}
