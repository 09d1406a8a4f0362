using System;

namespace Fudge.RabbitMQ;

/// <summary>Where a routed message goes: an exchange and the routing key it is published with.</summary>
public readonly record struct AmqpDestination
{
    /// <summary>Creates a destination.</summary>
    /// <param name="exchange">The exchange; the empty string is the default exchange, which routes by queue name.</param>
    /// <param name="routingKey">The routing key (a queue name for the default exchange).</param>
    public AmqpDestination(string exchange, string routingKey)
    {
        Exchange = exchange ?? throw new ArgumentNullException(nameof(exchange));
        RoutingKey = routingKey ?? throw new ArgumentNullException(nameof(routingKey));
    }

    /// <summary>A queue, reached through the default exchange.</summary>
    public static AmqpDestination Queue(string queue) => new("", queue);

    /// <summary>The exchange; empty for the default exchange.</summary>
    public string Exchange { get; }

    /// <summary>The routing key.</summary>
    public string RoutingKey { get; }

    /// <inheritdoc/>
    public override string ToString() => Exchange.Length == 0 ? $"queue '{RoutingKey}'" : $"exchange '{Exchange}' key '{RoutingKey}'";
}
