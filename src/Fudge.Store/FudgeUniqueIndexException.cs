using System;

namespace Fudge.Store;

/// <summary>
/// A write, or the declaration of a unique index, would leave two documents with equal values at every path of a
/// unique index (<see cref="FudgeIndexDefinition.IsUnique"/>). Nothing of the failed operation is stored: a batch is
/// taken back whole, a declaration leaves no index.
/// </summary>
public sealed class FudgeUniqueIndexException : FudgeStoreException
{
    /// <summary>Creates the exception for an index and the key two documents share.</summary>
    /// <param name="index">The index's text (<see cref="FudgeIndexDefinition.Text"/>).</param>
    /// <param name="key">The shared values, as text (<c>("AAPL", 101.5)</c>), or null when the store could not tell them.</param>
    /// <param name="declaring">True when the index was being declared over documents that already share the key.</param>
    /// <param name="innerException">The database's own exception.</param>
    public FudgeUniqueIndexException(string index, string? key, bool declaring, Exception? innerException)
        : base(Describe(index, key, declaring), innerException!) // Exception takes a null inner exception
    {
        Index = index;
        Key = key;
    }

    /// <summary>The unique index's text, as <see cref="IFudgeCollection.ListIndexesAsync"/> lists it.</summary>
    public string Index { get; }

    /// <summary>The values two documents share, as text, or null when the store could not tell them.</summary>
    public string? Key { get; }

    private static string Describe(string index, string? key, bool declaring)
    {
        string which = key is null ? "the same key" : "the key " + key;
        return declaring
            ? $"Cannot declare the index {index}: documents already share {which}; no index was created."
            : $"The index {index} already holds {which}: the write was refused and nothing of it stored.";
    }
}
