using System;

namespace Fudge.Store;

/// <summary>A store operation failed: the database refused it, could not be reached, or the query cannot run there.</summary>
public class FudgeStoreException : FudgeException
{
    /// <summary>Creates the exception with a message.</summary>
    /// <param name="message">What failed and why.</param>
    public FudgeStoreException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the database's own exception.</summary>
    /// <param name="message">What failed and why.</param>
    /// <param name="innerException">The exception the database driver raised.</param>
    public FudgeStoreException(string message, Exception innerException) : base(message, innerException) { }
}
