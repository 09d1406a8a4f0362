using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.InteropServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ;
using Fudge.RabbitMQ.Router;
using RabbitMQ.Client;

// The runnable example of docs/rabbitmq.md, and the router process the delivery-guarantee tests kill:
//   route   --uri URI --from QUEUE --field-ordinal N|--field-name NAME --to VALUE=DEST[,DEST]... [--otherwise DEST,...] [--prefetch N]
//   publish --uri URI --to QUEUE --count N [--seed S]
//   consume --uri URI --from QUEUE [--count N]
// A DEST is a queue name (sent through the default exchange and declared here) or EXCHANGE/ROUTINGKEY.
try
{
    var arguments = Arguments.Parse(args);
    var factory = new ConnectionFactory { Uri = new Uri(arguments.Get("uri", "amqp://guest:guest@127.0.0.1:5672/")) };
    using var stop = new CancellationTokenSource();
    void Stop(PosixSignalContext context)
    {
        context.Cancel = true;
        stop.Cancel();
    }
    // Ctrl+C and SIGTERM stop gracefully: the router stops consuming and lets in-flight messages finish.
    using var interrupt = PosixSignalRegistration.Create(PosixSignal.SIGINT, Stop);
    using var terminate = PosixSignalRegistration.Create(PosixSignal.SIGTERM, Stop);
    return arguments.Verb switch
    {
        "route" => await RouteAsync(factory, arguments, stop.Token),
        "publish" => await PublishAsync(factory, arguments, stop.Token),
        "consume" => await ConsumeAsync(factory, arguments, stop.Token),
        _ => throw new ArgumentException($"unknown verb '{arguments.Verb}': use route, publish or consume"),
    };
}
catch (ArgumentException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return 2;
}
catch (FudgeAmqpException e)
{
    Console.Error.WriteLine($"error: {e.Message}");
    return 3;
}

static async Task<int> RouteAsync(ConnectionFactory factory, Arguments arguments, CancellationToken cancellationToken)
{
    string source = arguments.Get("from");
    var selector = arguments.Has("field-name")
        ? new FieldValueRouteSelector(arguments.Get("field-name"))
        : new FieldValueRouteSelector(short.Parse(arguments.Get("field-ordinal")));
    var queues = new List<string> { source };
    foreach (string route in arguments.All("to"))
    {
        int equals = route.IndexOf('=');
        if (equals <= 0) throw new ArgumentException($"--to expects VALUE=DEST[,DEST], not '{route}'");
        var destinations = ParseDestinations(route.Substring(equals + 1), queues);
        string value = route.Substring(0, equals);
        if (long.TryParse(value, out long number)) selector.Route(number, destinations);
        else selector.Route(value, destinations);
    }
    if (arguments.Has("otherwise")) selector.Otherwise(ParseDestinations(arguments.Get("otherwise"), queues));
    await DeclareQueuesAsync(factory, queues, cancellationToken);

    var options = new FudgeAmqpRouterOptions(source, selector)
    {
        PrefetchCount = ushort.Parse(arguments.Get("prefetch", "200")),
        Log = line => Console.WriteLine($"router: {line}"),
    };
    var router = new FudgeAmqpRouter(factory, options);
    try
    {
        await router.RunAsync(cancellationToken);
    }
    catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
    {
        // Stopped by Ctrl+C or SIGTERM after draining.
    }
    var counters = router.Counters;
    Console.WriteLine($"router: routed {counters.Routed}, published {counters.Published}, dead-lettered {counters.DeadLettered}, " +
        $"unrouted {counters.Unrouted}, connections {counters.Connections}");
    return 0;
}

static async Task<int> PublishAsync(ConnectionFactory factory, Arguments arguments, CancellationToken cancellationToken)
{
    string queue = arguments.Get("to");
    int count = int.Parse(arguments.Get("count", "10"));
    var random = new Random(int.Parse(arguments.Get("seed", "1")));
    await DeclareQueuesAsync(factory, new[] { queue }, cancellationToken);
    await using var connection = await FudgeAmqpConnector.ConnectAsync(factory, 5, TimeSpan.FromSeconds(1), "fudge-example-publisher", cancellationToken);
    await using var channel = await connection.CreateChannelAsync(new CreateChannelOptions(true, true), cancellationToken);
    var publisher = new FudgePublisher(channel);
    string[] symbols = { "AAPL", "MSFT", "VOD.L", "BP.L", "SAP.DE" };
    // Keep a window of publishes in flight: waiting for each confirm in turn would cost a round trip per message.
    var inFlight = new Queue<Task>();
    for (int i = 0; i < count; i++)
    {
        var tick = new Tick
        {
            Kind = random.Next(5) == 0 ? 1 : 2,
            Symbol = symbols[random.Next(symbols.Length)],
            Price = Math.Round(10 + random.NextDouble() * 90, 2),
            Size = random.Next(1, 1000),
            Sequence = i,
        };
        inFlight.Enqueue(publisher.PublishAsync(AmqpDestination.Queue(queue), tick, cancellationToken).AsTask());
        if (inFlight.Count >= 256) await inFlight.Dequeue();
    }
    await Task.WhenAll(inFlight);
    Console.WriteLine($"published {count} ticks to '{queue}'");
    return 0;
}

static async Task<int> ConsumeAsync(ConnectionFactory factory, Arguments arguments, CancellationToken cancellationToken)
{
    string queue = arguments.Get("from");
    int count = int.Parse(arguments.Get("count", "-1"));
    await DeclareQueuesAsync(factory, new[] { queue }, cancellationToken);
    await using var connection = await FudgeAmqpConnector.ConnectAsync(factory, 5, TimeSpan.FromSeconds(1), "fudge-example-consumer", cancellationToken);
    await using var channel = await connection.CreateChannelAsync(new CreateChannelOptions(true, true), cancellationToken);
    var consumer = new FudgeConsumer(channel);
    int received = 0;
    try
    {
        await foreach (var delivery in consumer.ConsumeAsync<Tick>(queue, cancellationToken))
        {
            var tick = delivery.Value;
            Console.WriteLine($"{queue}: #{tick.Sequence} kind={tick.Kind} {tick.Symbol} {tick.Size} @ {tick.Price}");
            await delivery.AckAsync(cancellationToken);
            if (++received == count) break;
        }
    }
    catch (OperationCanceledException) when (cancellationToken.IsCancellationRequested)
    {
        // Ctrl+C
    }
    return 0;
}

static AmqpDestination[] ParseDestinations(string list, List<string> queuesToDeclare)
    => list.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries).Select(text =>
    {
        int slash = text.IndexOf('/');
        if (slash >= 0) return new AmqpDestination(text.Substring(0, slash), text.Substring(slash + 1));
        queuesToDeclare.Add(text);
        return AmqpDestination.Queue(text);
    }).ToArray();

static async Task DeclareQueuesAsync(ConnectionFactory factory, IEnumerable<string> queues, CancellationToken cancellationToken)
{
    await using var connection = await FudgeAmqpConnector.ConnectAsync(factory, 5, TimeSpan.FromSeconds(1), "fudge-example-setup", cancellationToken);
    await using var channel = await connection.CreateChannelAsync(cancellationToken: cancellationToken);
    foreach (string queue in queues.Distinct())
        await channel.QueueDeclareAsync(queue, durable: true, exclusive: false, autoDelete: false, cancellationToken: cancellationToken);
}
