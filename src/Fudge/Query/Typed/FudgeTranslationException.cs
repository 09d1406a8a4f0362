using System;

namespace Fudge.Query;

/// <summary>
/// Raised when a typed query (a LINQ expression over a <c>[FudgeMessage]</c> type) cannot be translated into the
/// filter language. It is raised before any message is read, and names the sub-expression and the reason: nothing is
/// ever evaluated on the client in its place.
/// </summary>
public sealed class FudgeTranslationException : FudgeException
{
    /// <summary>Creates the exception for <paramref name="expression"/> (its text) and <paramref name="reason"/>.</summary>
    public FudgeTranslationException(string expression, string reason)
        : base($"The expression '{expression}' cannot be translated into a Fudge filter: {reason}")
    {
        Expression = expression;
        Reason = reason;
    }

    /// <summary>Creates the exception with an inner exception (a value that failed to evaluate).</summary>
    public FudgeTranslationException(string expression, string reason, Exception inner)
        : base($"The expression '{expression}' cannot be translated into a Fudge filter: {reason}", inner)
    {
        Expression = expression;
        Reason = reason;
    }

    /// <summary>The text of the sub-expression that cannot be translated.</summary>
    public string Expression { get; }

    /// <summary>Why it cannot.</summary>
    public string Reason { get; }
}
