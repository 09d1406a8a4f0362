using System;

namespace Fudge.Nats;

/// <summary>What a <see cref="FudgeNatsRouter"/> reads, where it publishes, and how.</summary>
public sealed class FudgeNatsRouterOptions
{
    /// <summary>Routes envelopes that arrive on <paramref name="sourceSubject"/> to the subjects <paramref name="subject"/> builds.</summary>
    public FudgeNatsRouterOptions(string sourceSubject, FudgeSubjectTemplate subject)
    {
        if (string.IsNullOrEmpty(sourceSubject)) throw new ArgumentException("A source subject is required.", nameof(sourceSubject));
        SourceSubject = sourceSubject;
        Subject = subject ?? throw new ArgumentNullException(nameof(subject));
    }

    /// <summary>The subject (wildcards allowed) the router subscribes to, or that its JetStream source consumer filters on.</summary>
    public string SourceSubject { get; }

    /// <summary>Builds each envelope's destination subject from its fields.</summary>
    public FudgeSubjectTemplate Subject { get; }

    /// <summary>
    /// Core NATS source only: the queue group of the subscription, so that several router instances share the input
    /// (each message to one of them). Null: every router receives every message.
    /// </summary>
    public string? QueueGroup { get; init; }

    /// <summary>
    /// Read the input from this JetStream stream through the durable consumer <see cref="SourceConsumer"/> (at least
    /// once: an input is acknowledged only after its publish succeeded) instead of a core subscription (at most once).
    /// </summary>
    public string? SourceStream { get; init; }

    /// <summary>The durable consumer of <see cref="SourceStream"/> (created if missing; routers sharing it share the input).</summary>
    public string SourceConsumer { get; init; } = "fudge-router";

    /// <summary>
    /// Publish through JetStream and wait for the stream's acknowledgement (the destination subjects must belong to a
    /// stream). With a JetStream source, each publish carries the message id <c>stream:sequence</c> of its input, so an
    /// input delivered twice is stored once.
    /// </summary>
    public bool PublishToJetStream { get; init; }

    /// <summary>
    /// Where a body that is not one envelope, or has no subject (a placeholder's field missing or unusable), is
    /// published unchanged, with the reason in the header <see cref="FudgeNatsHeaders.DeadLetterReason"/>. Null: such
    /// messages are dropped and counted.
    /// </summary>
    public string? DeadLetterSubject { get; init; }

    /// <summary>Limits for untrusted input, used to read the fields the template addresses.</summary>
    public FudgeReaderOptions? ReaderOptions { get; init; }

    /// <summary>Diagnostics (dead letters, JetStream source errors); null for none.</summary>
    public Action<string>? Log { get; init; }
}
