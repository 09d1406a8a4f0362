using System;

namespace Fudge.Json;

/// <summary>
/// Raised when JSON cannot be converted to Fudge: malformed JSON (wrapping Newtonsoft's
/// <see cref="Newtonsoft.Json.JsonReaderException"/>) or well-formed JSON that breaks the mapping's rules. The message
/// always names the line and position.
/// </summary>
public sealed class FudgeJsonException : FudgeException
{
    /// <summary>Creates the exception for a problem at a JSON position.</summary>
    public FudgeJsonException(string reason, int lineNumber, int linePosition, string? path, Exception? innerException = null)
        : base($"{reason} (JSON line {lineNumber}, position {linePosition}{(string.IsNullOrEmpty(path) ? "" : ", path '" + path + "'")})", innerException)
    {
        Reason = reason;
        LineNumber = lineNumber;
        LinePosition = linePosition;
        Path = path;
    }

    /// <summary>The problem, without the position.</summary>
    public string Reason { get; }

    /// <summary>1-based line of the problem (0 when the reader does not track lines).</summary>
    public int LineNumber { get; }

    /// <summary>Position within the line.</summary>
    public int LinePosition { get; }

    /// <summary>JSON path of the token where the problem was found.</summary>
    public string? Path { get; }
}
