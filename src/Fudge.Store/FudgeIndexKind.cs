namespace Fudge.Store;

/// <summary>
/// The kind of value a declared index is meant for (<see cref="IFudgeCollection.CreateIndexAsync(Fudge.Query.FudgePath, FudgeIndexKind, System.Threading.CancellationToken)"/>):
/// a hint that lets a store key the index by a typed value, which is smaller and cheaper to compare than a generic one.
/// The kind never changes an answer: a document whose value at the path is of another kind is still found by every
/// query that should find it (decided on its bytes), only not through the typed key.
/// </summary>
public enum FudgeIndexKind
{
    /// <summary>Any value: the store's generic key (PostgreSQL: the jsonb value; SQLite: its comparable value).</summary>
    Any = 0,

    /// <summary>Numbers (integers, floats and doubles alike; PostgreSQL keys them as <c>float8</c>).</summary>
    Number = 1,

    /// <summary>Strings (PostgreSQL keys them as <c>text</c>).</summary>
    String = 2,
}
