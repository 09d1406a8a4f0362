using System;
using System.Collections.Generic;

namespace Fudge.RabbitMQ;

/// <summary>
/// Chooses where a Fudge envelope goes by looking at its raw bytes. The router hands it the body as received and
/// publishes those same bytes, unchanged, to every destination returned.
/// </summary>
/// <remarks>
/// Called concurrently for different messages: implementations must be thread-safe. Returning the same list instance
/// for equal decisions keeps routing free of allocations.
/// </remarks>
public interface IFudgeRouteSelector
{
    /// <summary>The destinations of one envelope; an empty list drops it (acknowledged, counted as unrouted).</summary>
    /// <param name="envelope">Exactly one envelope (its header's declared size equals the length).</param>
    /// <exception cref="FudgeFormatException">The envelope cannot be read: the router dead-letters it.</exception>
    IReadOnlyList<AmqpDestination> Select(ReadOnlySpan<byte> envelope);
}
