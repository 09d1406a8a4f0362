using System;

namespace Fudge.Json;

/// <summary>
/// Raised when JSON cannot be converted to Fudge: malformed JSON (wrapping Newtonsoft's
/// <see cref="Newtonsoft.Json.JsonReaderException"/>) or well-formed JSON that breaks the mapping's rules. The message
/// always names the line and position. <see cref="IsLimitExceeded"/> tells JSON that breaks one of
/// <see cref="FudgeReaderOptions"/>' limits from JSON that is malformed or breaks the mapping.
/// </summary>
public sealed class FudgeJsonException : FudgeException
{
    /// <summary>Creates the exception for a problem at a JSON position.</summary>
    public FudgeJsonException(string reason, int lineNumber, int linePosition, string? path, Exception? innerException = null)
        : this(reason, lineNumber, linePosition, path, innerException, innerException is FudgeFormatException { IsLimitExceeded: true })
    {
    }

    /// <summary>Creates the exception, saying whether the JSON broke a reader limit rather than the format or the mapping.</summary>
    /// <param name="reason">The problem, without the position.</param>
    /// <param name="lineNumber">1-based line.</param>
    /// <param name="linePosition">Position within the line.</param>
    /// <param name="path">JSON path of the token.</param>
    /// <param name="innerException">The cause, if any.</param>
    /// <param name="isLimitExceeded">True when the JSON is refused for breaking a limit of <see cref="FudgeReaderOptions"/>.</param>
    public FudgeJsonException(string reason, int lineNumber, int linePosition, string? path, Exception? innerException, bool isLimitExceeded)
        : base($"{reason} (JSON line {lineNumber}, position {linePosition}{(string.IsNullOrEmpty(path) ? "" : ", path '" + path + "'")})", innerException)
    {
        Reason = reason;
        LineNumber = lineNumber;
        LinePosition = linePosition;
        Path = path;
        IsLimitExceeded = isLimitExceeded;
    }

    /// <summary>The problem, without the position.</summary>
    public string Reason { get; }

    /// <summary>1-based line of the problem (0 when the reader does not track lines).</summary>
    public int LineNumber { get; }

    /// <summary>Position within the line.</summary>
    public int LinePosition { get; }

    /// <summary>JSON path of the token where the problem was found.</summary>
    public string? Path { get; }

    /// <summary>
    /// True when the JSON was refused for breaking one of the reader's limits (<see cref="FudgeReaderOptions.MaxMessageSize"/>,
    /// <see cref="FudgeReaderOptions.MaxDepth"/> or the stack's room, <see cref="FudgeReaderOptions.MaxFieldCount"/>)
    /// rather than for being malformed, as <see cref="FudgeFormatException.IsLimitExceeded"/>.
    /// </summary>
    public bool IsLimitExceeded { get; }
}

/// <summary>Plain JSON with <see cref="FudgeJsonSettings.FiniteNumbersOnly"/> was asked to write a NaN or an infinity.</summary>
internal sealed class NonFiniteNumberException : FudgeException
{
    public NonFiniteNumberException(double value)
        : base($"the message holds the double {value.ToString(System.Globalization.CultureInfo.InvariantCulture)}, which plain JSON cannot carry as a number; lossless JSON (mode=lossless) and Fudge carry it exactly")
    {
    }
}
