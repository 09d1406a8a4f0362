namespace Fudge.Query;

/// <summary>
/// Raised when the text of a path, a filter, a rules file or a transform file is not valid. The message names the
/// 1-based line and column of the problem and the reason, so the text can be fixed where it is wrong.
/// </summary>
public sealed class FudgeQueryException : FudgeException
{
    /// <summary>Creates the exception for a problem at <paramref name="line"/>:<paramref name="column"/> (both 1-based).</summary>
    public FudgeQueryException(int line, int column, string reason)
        : base($"Invalid query at line {line}, column {column}: {reason}")
    {
        Line = line;
        Column = column;
        Reason = reason;
    }

    /// <summary>The 1-based line of the problem.</summary>
    public int Line { get; }

    /// <summary>The 1-based column of the problem (in UTF-16 code units of the text).</summary>
    public int Column { get; }

    /// <summary>The reason without the position prefix.</summary>
    public string Reason { get; }
}
