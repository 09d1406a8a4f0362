namespace Fudge.Bson;

/// <summary>How Fudge fields are laid out in BSON (docs/store.md, "BSON type mapping").</summary>
public enum FudgeBsonMode
{
    /// <summary>
    /// One BSON element per distinct field key, with the natural BSON type of the value: the document a MongoDB user
    /// queries (<c>{"System.Hostname": "node-5"}</c>). Exact integer widths, accuracies, and the interleaving of
    /// repeated keys are not kept.
    /// </summary>
    Plain,

    /// <summary>
    /// An array of field documents (<c>name</c>, <c>ordinal</c>, <c>type</c>, <c>value</c>) that keeps everything:
    /// Fudge → BSON → Fudge returns the same bytes.
    /// </summary>
    Lossless,
}
