namespace Fudge.Nats;

/// <summary>The NATS headers this package writes.</summary>
public static class FudgeNatsHeaders
{
    /// <summary>Why the router dead-lettered a message (for example <c>no field at $.ticker</c>).</summary>
    public const string DeadLetterReason = "Fudge-Dead-Letter-Reason";

    /// <summary>The subject a dead-lettered message arrived on.</summary>
    public const string DeadLetterSubject = "Fudge-Dead-Letter-Subject";
}
