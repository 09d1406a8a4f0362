using System;
using System.Collections.Generic;
using System.Linq;

namespace Fudge.RabbitMQ;

/// <summary>Sends every envelope to the same destinations without reading it: plain forwarding (fan-out).</summary>
public sealed class FixedRouteSelector : IFudgeRouteSelector
{
    private readonly AmqpDestination[] _destinations;

    /// <summary>Creates the selector.</summary>
    public FixedRouteSelector(params AmqpDestination[] destinations)
    {
        if (destinations is null) throw new ArgumentNullException(nameof(destinations));
        _destinations = destinations.ToArray();
    }

    /// <inheritdoc/>
    public IReadOnlyList<AmqpDestination> Select(ReadOnlySpan<byte> envelope) => _destinations;
}
