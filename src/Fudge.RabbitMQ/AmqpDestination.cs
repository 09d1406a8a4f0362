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

    /// <summary>
    /// Reads a destination as rules files and the command line write it: <c>EXCHANGE/ROUTINGKEY</c> (split at the first
    /// '/'; <c>/KEY</c> is the default exchange with that key) or a bare queue name, reached through the default exchange.
    /// </summary>
    /// <param name="text">The destination text.</param>
    /// <exception cref="FormatException">The text is empty or is a lone '/'.</exception>
    public static AmqpDestination Parse(string text)
    {
        if (text is null) throw new ArgumentNullException(nameof(text));
        int slash = text.IndexOf('/');
        if (slash < 0)
            return text.Length > 0 ? Queue(text) : throw new FormatException("An AMQP destination cannot be empty.");
        if (slash == 0 && text.Length == 1) throw new FormatException("The AMQP destination '/' names neither an exchange nor a routing key.");
        return new AmqpDestination(text.Substring(0, slash), text.Substring(slash + 1));
    }

    /// <summary>The exchange; empty for the default exchange.</summary>
    public string Exchange { get; }

    /// <summary>The routing key.</summary>
    public string RoutingKey { get; }

    /// <inheritdoc/>
    public override string ToString() => Exchange.Length == 0 ? $"queue '{RoutingKey}'" : $"exchange '{Exchange}' key '{RoutingKey}'";
}
