using System;

namespace Fudge.Xml;

/// <summary>
/// Raised when XML cannot be converted to Fudge: malformed XML (wrapping <see cref="System.Xml.XmlException"/>) or
/// well-formed XML that breaks the mapping's rules. The message names the line and position.
/// <see cref="IsLimitExceeded"/> tells XML that breaks one of <see cref="FudgeReaderOptions"/>' limits from XML that
/// is malformed or breaks the mapping.
/// </summary>
public sealed class FudgeXmlException : FudgeException
{
    /// <summary>Creates the exception for a problem at an XML position.</summary>
    public FudgeXmlException(string reason, int lineNumber, int linePosition, Exception? innerException = null)
        : this(reason, lineNumber, linePosition, innerException, innerException is FudgeFormatException { IsLimitExceeded: true })
    {
    }

    /// <summary>Creates the exception, saying whether the XML broke a reader limit rather than the format or the mapping.</summary>
    /// <param name="reason">The problem, without the position.</param>
    /// <param name="lineNumber">1-based line.</param>
    /// <param name="linePosition">Position within the line.</param>
    /// <param name="innerException">The cause, if any.</param>
    /// <param name="isLimitExceeded">True when the XML is refused for breaking a limit of <see cref="FudgeReaderOptions"/>.</param>
    public FudgeXmlException(string reason, int lineNumber, int linePosition, Exception? innerException, bool isLimitExceeded)
        : base($"{reason} (XML line {lineNumber}, position {linePosition})", innerException)
    {
        Reason = reason;
        LineNumber = lineNumber;
        LinePosition = linePosition;
        IsLimitExceeded = isLimitExceeded;
    }

    /// <summary>The problem, without the position.</summary>
    public string Reason { get; }

    /// <summary>1-based line of the problem (0 when the reader does not track lines).</summary>
    public int LineNumber { get; }

    /// <summary>Position within the line.</summary>
    public int LinePosition { get; }

    /// <summary>
    /// True when the XML was refused for breaking one of the reader's limits (<see cref="FudgeReaderOptions.MaxMessageSize"/>,
    /// <see cref="FudgeReaderOptions.MaxDepth"/> or the stack's room, <see cref="FudgeReaderOptions.MaxFieldCount"/>)
    /// rather than for being malformed, as <see cref="FudgeFormatException.IsLimitExceeded"/>.
    /// </summary>
    public bool IsLimitExceeded { get; }
}
