using System;

namespace Fudge.Xml;

/// <summary>
/// Raised when XML cannot be converted to Fudge: malformed XML (wrapping <see cref="System.Xml.XmlException"/>) or
/// well-formed XML that breaks the mapping's rules. The message names the line and position.
/// </summary>
public sealed class FudgeXmlException : FudgeException
{
    /// <summary>Creates the exception for a problem at an XML position.</summary>
    public FudgeXmlException(string reason, int lineNumber, int linePosition, Exception? innerException = null)
        : base($"{reason} (XML line {lineNumber}, position {linePosition})", innerException)
    {
        Reason = reason;
        LineNumber = lineNumber;
        LinePosition = linePosition;
    }

    /// <summary>The problem, without the position.</summary>
    public string Reason { get; }

    /// <summary>1-based line of the problem (0 when the reader does not track lines).</summary>
    public int LineNumber { get; }

    /// <summary>Position within the line.</summary>
    public int LinePosition { get; }
}
