using System;
using System.Globalization;
using System.IO;
using System.Threading.Tasks;
using Fudge.RabbitMQ;
using Fudge.Transforms;
using RabbitMQ.Client;

namespace Fudge.Cli.Query;

/// <summary>
/// <c>fudge route --amqp URI --from QUEUE</c>: the content-based router on a RabbitMQ broker. Consumes the queue,
/// evaluates the rules on each body's raw bytes, publishes the (optionally transformed) bytes to every destination
/// with publisher confirms, and acknowledges the input only after every confirm (docs/rabbitmq.md). Runs until
/// SIGINT or SIGTERM, then drains what is in flight and prints its counters.
/// </summary>
internal sealed class AmqpRouteCommand
{
    private readonly RulesRouteSelector _selector;
    private readonly FudgeTransform? _transform;
    private readonly TextWriter _log;

    public AmqpRouteCommand(RulesRouteSelector selector, FudgeTransform? transform, TextWriter log)
    {
        _selector = selector;
        _transform = transform;
        _log = log;
    }

    /// <summary>The broker address: an <c>amqp://</c> or <c>amqps://</c> URI.</summary>
    /// <exception cref="IOException">The text is not such a URI.</exception>
    public static ConnectionFactory FactoryFor(string uri)
    {
        if (!Uri.TryCreate(uri, UriKind.Absolute, out var parsed) || (parsed.Scheme != "amqp" && parsed.Scheme != "amqps"))
            throw new IOException($"--amqp expects an amqp:// or amqps:// URI, not '{uri}'");
        try
        {
            return new ConnectionFactory { Uri = parsed, RequestedConnectionTimeout = TimeSpan.FromSeconds(10) };
        }
        catch (ArgumentException e)
        {
            throw new IOException($"--amqp: {e.Message}");
        }
    }

    /// <summary>Routes until a stop signal; returns the exit code.</summary>
    /// <exception cref="FudgeAmqpException">The broker could not be reached within the attempts allowed.</exception>
    public int Run(ConnectionFactory factory, string sourceQueue, ushort prefetch, int connectAttempts)
    {
        var options = new FudgeAmqpRouterOptions(sourceQueue, _selector)
        {
            PrefetchCount = prefetch,
            MaxConnectAttempts = connectAttempts,
            Transform = _transform,
            Log = line => _log.WriteLine("fudge route: " + line),
        };
        var router = new FudgeAmqpRouter(factory, options);
        SignalStop.RunAsync(router.RunAsync).GetAwaiter().GetResult();
        var counters = router.Counters;
        _log.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"fudge route: routed {counters.Routed}, published {counters.Published}, dead-lettered {counters.DeadLettered}, unrouted {counters.Unrouted}, connections {counters.Connections}"));
        return FudgeCommandLine.Success;
    }
}
