using System;

namespace Fudge.RabbitMQ;

/// <summary>
/// A RabbitMQ-side failure this package reports: the broker cannot be reached after the configured attempts, or the
/// channel a consumer reads from was closed.
/// </summary>
public sealed class FudgeAmqpException : FudgeException
{
    /// <summary>Creates the exception.</summary>
    public FudgeAmqpException(string message, Exception? innerException = null) : base(message, innerException) { }
}
