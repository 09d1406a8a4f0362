using System;

namespace Fudge.Bson;

/// <summary>
/// Raised when BSON cannot be converted to Fudge: bytes that are not valid BSON, or valid BSON that breaks the
/// mapping's rules (a lossless field without a type, a name over 255 UTF-8 bytes, a value out of range for its type).
/// Also raised when a Fudge value cannot be written as BSON (a field name holding U+0000 cannot be a BSON key).
/// Untrusted BSON never raises any other exception type.
/// </summary>
public sealed class FudgeBsonException : FudgeException
{
    /// <summary>Creates the exception for a problem found at <paramref name="offset"/> in the BSON bytes (or -1 when there are none).</summary>
    public FudgeBsonException(long offset, string reason)
        : this(offset, reason, false)
    {
    }

    /// <summary>Creates the exception, saying whether the BSON broke a reader limit rather than the format or the mapping.</summary>
    /// <param name="offset">Byte offset of the problem in the BSON bytes, or -1.</param>
    /// <param name="reason">The problem, without the offset.</param>
    /// <param name="isLimitExceeded">True when the BSON is refused for breaking a limit of <see cref="FudgeReaderOptions"/>.</param>
    public FudgeBsonException(long offset, string reason, bool isLimitExceeded)
        : base(offset >= 0 ? $"Invalid BSON for Fudge at byte offset {offset}: {reason}" : reason)
    {
        Offset = offset;
        Reason = reason;
        IsLimitExceeded = isLimitExceeded;
    }

    /// <summary>Byte offset of the problem from the start of the BSON document, or -1 when the problem is not in BSON bytes.</summary>
    public long Offset { get; }

    /// <summary>The reason without the offset prefix.</summary>
    public string Reason { get; }

    /// <summary>
    /// True when the BSON was refused for breaking one of the reader's limits (<see cref="FudgeReaderOptions.MaxMessageSize"/>,
    /// <see cref="FudgeReaderOptions.MaxDepth"/> or the stack's room) rather than for being malformed, as
    /// <see cref="FudgeFormatException.IsLimitExceeded"/>.
    /// </summary>
    public bool IsLimitExceeded { get; }
}
