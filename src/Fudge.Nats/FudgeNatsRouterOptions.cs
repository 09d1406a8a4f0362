using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Query;

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
        Destinations = new[] { subject };
    }

    /// <summary>
    /// Routes envelopes that arrive on <paramref name="sourceSubject"/> by a rules file (docs/routing.md): each
    /// destination name of the rules is a subject template, so <c>trades</c> is a fixed subject and
    /// <c>ticks.{$.Ticker}</c> takes its last token from the envelope. An envelope no rule (and no default) sends
    /// anywhere is dropped and counted as unrouted.
    /// </summary>
    /// <exception cref="FudgeQueryException">A destination name is not a valid subject template.</exception>
    public FudgeNatsRouterOptions(string sourceSubject, FudgeRouter rules)
    {
        if (string.IsNullOrEmpty(sourceSubject)) throw new ArgumentException("A source subject is required.", nameof(sourceSubject));
        SourceSubject = sourceSubject;
        Rules = rules ?? throw new ArgumentNullException(nameof(rules));
        Destinations = rules.Destinations.Select(FudgeSubjectTemplate.Parse).ToArray();
    }

    /// <summary>The subject (wildcards allowed) the router subscribes to, or that its JetStream source consumer filters on.</summary>
    public string SourceSubject { get; }

    /// <summary>Builds each envelope's destination subject from its fields (null when routing by <see cref="Rules"/>).</summary>
    public FudgeSubjectTemplate? Subject { get; }

    /// <summary>The rules that choose among <see cref="Destinations"/> (null: every envelope goes to <see cref="Subject"/>).</summary>
    public FudgeRouter? Rules { get; }

    /// <summary>The subject templates an envelope may go to: <see cref="Subject"/> alone, or one per destination of <see cref="Rules"/>.</summary>
    public IReadOnlyList<FudgeSubjectTemplate> Destinations { get; }

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
    /// Where the durable consumer of <see cref="SourceStream"/> starts when the router creates it (default
    /// <see cref="FudgeReplay.All"/>: the whole stream; <see cref="FudgeReplay.New"/> for only what comes next, or from a
    /// sequence or a time). A consumer that exists already carries on after its last acknowledgement.
    /// </summary>
    public FudgeReplay SourceReplay { get; init; } = FudgeReplay.All;

    /// <summary>
    /// How long an input of <see cref="SourceStream"/> may stay unacknowledged before the server delivers it again (to
    /// this router or another of the same consumer); null for the server's default (30 s).
    /// </summary>
    public TimeSpan? SourceAckWait { get; init; }

    /// <summary>How long a JetStream publish that fails transiently is retried under its message id before the router gives its source up and opens it again. Default 30 s.</summary>
    public TimeSpan PublishRetryTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>
    /// How many inputs of <see cref="SourceStream"/> are routed at once, each acknowledged as soon as its own publishes
    /// are. 1, the default, routes one after another, so the destinations receive the source's order; more overlaps
    /// the round trips (each JetStream publish waits for its stream's replicas: a few milliseconds on a cluster), for
    /// up to that many times the throughput, but a message may then be stored before one that came ahead of it (by at
    /// most this many, more after a retry). Between 1 and 10,000.
    /// </summary>
    public int MaxInFlight
    {
        get => _maxInFlight;
        init => _maxInFlight = value is >= 1 and <= 10_000 ? value : throw new ArgumentOutOfRangeException(nameof(value), value, "MaxInFlight is between 1 and 10,000.");
    }

    private readonly int _maxInFlight = 1;

    /// <summary>The pause before a failed JetStream source is opened again. Default 1 s.</summary>
    public TimeSpan RetryDelay { get; init; } = TimeSpan.FromSeconds(1);

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
