namespace Fudge.RabbitMQ;

/// <summary>The AMQP content type and header names Fudge messages carry on RabbitMQ.</summary>
public static class FudgeAmqpHeaders
{
    /// <summary>
    /// The content type of every body published by this package: one Fudge envelope, as
    /// <see cref="FudgeMediaTypes.Fudge"/> (<c>application/vnd.fudgemsg</c>), the name the HTTP package uses too.
    /// Earlier builds published <see cref="FudgeMediaTypes.FudgeLegacy"/> (<c>application/x-fudge</c>); consumers
    /// read a body whatever content type it carries, so messages of both kinds still in queues are read alike.
    /// </summary>
    public const string ContentType = FudgeMediaTypes.Fudge;

    /// <summary>Header holding the envelope's taxonomy id (an integer; 0 means none).</summary>
    public const string TaxonomyId = "fudge-taxonomy-id";

    /// <summary>Header holding the envelope's application schema version (an integer).</summary>
    public const string SchemaVersion = "fudge-schema-version";

    /// <summary>Header of a dead-lettered message: why it was rejected (a malformed body, an unroutable destination).</summary>
    public const string DeadLetterReason = "fudge-dead-letter-reason";

    /// <summary>Header of a dead-lettered message: the queue it was consumed from.</summary>
    public const string DeadLetterQueue = "fudge-dead-letter-queue";
}
