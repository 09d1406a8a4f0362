using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Linq;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Serialization;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;

namespace Fudge.RabbitMQ.Benchmarks;

/// <summary>
/// Messages per second through the local broker (BenchmarkDotNet does not fit a shared, stateful server): each
/// measurement moves N messages and divides N by the wall-clock time; each is repeated and the median reported.
/// See docs/rabbitmq.md for the method.
/// </summary>
internal sealed class BrokerHarness : IAsyncDisposable
{
    private const int PublishWindow = 1000;
    private const ushort Prefetch = 1000;
    private readonly ConnectionFactory _factory;
    private readonly IConnection _connection;
    private readonly Tick[] _ticks;
    private readonly List<string> _queues = new();

    private BrokerHarness(ConnectionFactory factory, IConnection connection, Tick[] ticks)
    {
        _factory = factory;
        _connection = connection;
        _ticks = ticks;
    }

    public static async Task<BrokerHarness> CreateAsync(Uri uri, int messages)
    {
        var factory = new ConnectionFactory { Uri = uri };
        var connection = await FudgeAmqpConnector.ConnectAsync(factory, 3, TimeSpan.FromSeconds(1), "fudge-benchmarks");
        return new BrokerHarness(factory, connection, Tick.Create(messages));
    }

    public int Messages => _ticks.Length;

    /// <summary>Publishes every tick as Fudge (ordinals) through <see cref="FudgePublisher"/>, a window of confirms in flight.</summary>
    public async Task<double> PublishFudgeAsync(string queue)
    {
        await using var channel = await ConfirmingChannelAsync();
        var publisher = new FudgePublisher(channel, new FudgePublisherOptions { Persistent = false });
        var destination = AmqpDestination.Queue(queue);
        return await TimeAsync(async () =>
        {
            var window = new Queue<Task>();
            foreach (var tick in _ticks)
            {
                window.Enqueue(publisher.PublishAsync(destination, tick).AsTask());
                if (window.Count >= PublishWindow) await window.Dequeue();
            }
            await Task.WhenAll(window);
        });
    }

    /// <summary>Publishes every tick as JSON (System.Text.Json, generated serializer), the same window of confirms.</summary>
    public async Task<double> PublishJsonAsync(string queue)
    {
        await using var channel = await ConfirmingChannelAsync();
        var properties = new BasicProperties { ContentType = "application/json", DeliveryMode = DeliveryModes.Transient };
        return await TimeAsync(async () =>
        {
            var window = new Queue<Task>();
            foreach (var tick in _ticks)
            {
                byte[] body = JsonSerializer.SerializeToUtf8Bytes(tick, TickJsonContext.Default.Tick);
                window.Enqueue(channel.BasicPublishAsync("", queue, true, properties, body).AsTask());
                if (window.Count >= PublishWindow) await window.Dequeue();
            }
            await Task.WhenAll(window);
        });
    }

    /// <summary>Consumes the queue with the client's own consumer, deserializing and acknowledging each message.</summary>
    public async Task<double> ConsumeRawAsync(string queue, Func<ReadOnlyMemory<byte>, Tick> deserialize)
    {
        await using var channel = await _connection.CreateChannelAsync();
        await channel.BasicQosAsync(0, Prefetch, false);
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        long received = 0, checksum = 0;
        var consumer = new AsyncEventingBasicConsumer(channel);
        consumer.ReceivedAsync += async (_, delivery) =>
        {
            checksum += deserialize(delivery.Body).Sequence;
            await channel.BasicAckAsync(delivery.DeliveryTag, false);
            if (++received == _ticks.Length) done.TrySetResult();
        };
        double seconds = await TimeAsync(async () =>
        {
            await channel.BasicConsumeAsync(queue, false, consumer);
            await done.Task.WaitAsync(TimeSpan.FromMinutes(5));
        });
        Check(checksum);
        return seconds;
    }

    /// <summary>Consumes the queue through <see cref="FudgeConsumer.ConsumeAsync{T}"/> (the package's API), acknowledging each.</summary>
    public async Task<double> ConsumeWithFudgeConsumerAsync(string queue)
    {
        await using var channel = await ConfirmingChannelAsync();
        var consumer = new FudgeConsumer(channel, new FudgeConsumerOptions { PrefetchCount = Prefetch });
        long received = 0, checksum = 0;
        double seconds = await TimeAsync(async () =>
        {
            await foreach (var delivery in consumer.ConsumeAsync<Tick>(queue))
            {
                checksum += delivery.Value.Sequence;
                await delivery.AckAsync();
                if (++received == _ticks.Length) break;
            }
        });
        Check(checksum);
        return seconds;
    }

    /// <summary>Routes a full input queue with <paramref name="selector"/> and times until every message is acknowledged.</summary>
    public async Task<double> RouteAsync(string input, IFudgeRouteSelector selector)
    {
        var router = new FudgeAmqpRouter(_factory, new FudgeAmqpRouterOptions(input, selector));
        using var stop = new CancellationTokenSource();
        Task run = Task.CompletedTask;
        double seconds = await TimeAsync(async () =>
        {
            run = router.RunAsync(stop.Token);
            while (router.Counters.Routed < _ticks.Length && !run.IsCompleted) await Task.Delay(5);
        });
        stop.Cancel();
        try
        {
            await run;
        }
        catch (OperationCanceledException)
        {
            // stopped
        }
        if (router.Counters.Routed != _ticks.Length) throw new InvalidOperationException($"routed {router.Counters.Routed} of {_ticks.Length}");
        return seconds;
    }

    public async Task<string> CreateQueueAsync(string name)
    {
        string queue = $"fudge-bench.{name}.{Guid.NewGuid():N}";
        await using var channel = await _connection.CreateChannelAsync();
        await channel.QueueDeclareAsync(queue, durable: false, exclusive: false, autoDelete: false);
        _queues.Add(queue);
        _queues.Add(queue + ".dead-letter");
        return queue;
    }

    public async Task DeleteQueuesAsync()
    {
        await using var channel = await _connection.CreateChannelAsync();
        foreach (string queue in _queues) await channel.QueueDeleteAsync(queue);
        _queues.Clear();
    }

    public async ValueTask DisposeAsync()
    {
        await DeleteQueuesAsync();
        await _connection.DisposeAsync();
    }

    public static Tick FromFudge(ReadOnlyMemory<byte> body) => FudgeSerializer.Deserialize<Tick>(body.Span);

    public static Tick FromJson(ReadOnlyMemory<byte> body) => JsonSerializer.Deserialize(body.Span, TickJsonContext.Default.Tick)!;

    private Task<IChannel> ConfirmingChannelAsync()
        => _connection.CreateChannelAsync(new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true));

    private void Check(long checksum)
    {
        long expected = _ticks.Sum(t => t.Sequence);
        if (checksum != expected) throw new InvalidOperationException("the consumed messages are not the published ones");
    }

    private static async Task<double> TimeAsync(Func<Task> action)
    {
        var clock = Stopwatch.StartNew();
        await action();
        return clock.Elapsed.TotalSeconds;
    }
}
