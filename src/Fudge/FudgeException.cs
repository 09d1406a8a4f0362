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
/// </summary>
public sealed class FudgeFormatException : FudgeException
{
    /// <summary>Creates the exception for a problem found at <paramref name="offset"/>.</summary>
    public FudgeFormatException(long offset, string reason)
        : base($"Invalid Fudge data at byte offset {offset}: {reason}")
    {
        Offset = offset;
        Reason = reason;
    }

    /// <summary>Creates the exception for a problem found at <paramref name="offset"/>, wrapping the low-level cause.</summary>
    public FudgeFormatException(long offset, string reason, Exception? innerException)
        : base($"Invalid Fudge data at byte offset {offset}: {reason}", innerException)
    {
        Offset = offset;
        Reason = reason;
    }

    /// <summary>Byte offset of the problem, counted from the start of the data handed to the reader.</summary>
    public long Offset { get; }

    /// <summary>The reason without the offset prefix.</summary>
    public string Reason { get; }
}
