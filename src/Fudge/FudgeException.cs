using System;

namespace Fudge;

/// <summary>Base class of every error Fudge raises on purpose: invalid values, missing required members, unsupported operations.</summary>
public class FudgeException : Exception
{
    /// <summary>Creates the exception with a message.</summary>
    public FudgeException(string message) : base(message) { }

    /// <summary>Creates the exception with a message and the error that caused it.</summary>
    public FudgeException(string message, Exception? innerException) : base(message, innerException) { }
}

/// <summary>
/// Raised when bytes are not a valid Fudge encoding. Untrusted input never produces any other exception type:
/// the message names the byte offset (from the start of the envelope or buffer being read) and the reason.
/// <see cref="IsLimitExceeded"/> tells data that breaks one of <see cref="FudgeReaderOptions"/>' limits from data
/// that is malformed.
/// </summary>
public sealed class FudgeFormatException : FudgeException
{
    /// <summary>Creates the exception for a problem found at <paramref name="offset"/>.</summary>
    public FudgeFormatException(long offset, string reason)
        : this(offset, reason, null, false)
    {
    }

    /// <summary>
    /// Creates the exception for a problem found at <paramref name="offset"/>, wrapping the low-level cause. When the
    /// cause is a <see cref="FudgeFormatException"/> over a limit (the same problem reported at another offset or with
    /// more context), so is this one.
    /// </summary>
    public FudgeFormatException(long offset, string reason, Exception? innerException)
        : this(offset, reason, innerException, innerException is FudgeFormatException { IsLimitExceeded: true })
    {
    }

    /// <summary>Creates the exception, saying whether the data broke a reader limit rather than the format.</summary>
    /// <param name="offset">Byte offset of the problem.</param>
    /// <param name="reason">The problem, without the offset.</param>
    /// <param name="innerException">The low-level cause, if any.</param>
    /// <param name="isLimitExceeded">True when the data is refused for breaking a limit of <see cref="FudgeReaderOptions"/>.</param>
    public FudgeFormatException(long offset, string reason, Exception? innerException, bool isLimitExceeded)
        : base($"Invalid Fudge data at byte offset {offset}: {reason}", innerException)
    {
        Offset = offset;
        Reason = reason;
        IsLimitExceeded = isLimitExceeded;
    }

    /// <summary>Byte offset of the problem, counted from the start of the data handed to the reader.</summary>
    public long Offset { get; }

    /// <summary>The reason without the offset prefix.</summary>
    public string Reason { get; }

    /// <summary>
    /// True when the data was refused for breaking one of the reader's limits rather than for being malformed:
    /// <see cref="FudgeReaderOptions.MaxMessageSize"/>, <see cref="FudgeReaderOptions.MaxDepth"/> (or nesting deeper
    /// than the thread's remaining stack can walk), <see cref="FudgeReaderOptions.MaxFieldCount"/>. Such data may be
    /// valid Fudge that a reader with larger limits accepts; an HTTP server answers it with 413 rather than 400.
    /// The reason names the option.
    /// </summary>
    public bool IsLimitExceeded { get; }
}
