using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Serialization;
using NATS.Client.Core;
using NATS.Client.JetStream;
using NATS.Client.JetStream.Models;
using RabbitMQ.Client;

namespace Fudge.RabbitMQ.Benchmarks;

/// <summary>
/// NATS JetStream beside RabbitMQ on the same messages and the same rules (the <c>versus</c> verb): the same Fudge
/// tick envelopes (<see cref="Tick.Create"/>, serialized once), stored durably and acknowledged by the broker before a
/// publish counts (RabbitMQ publisher confirms; JetStream's publish acknowledgement), the same number in flight, then
/// consumed with one explicit acknowledgement per message and the same number unacknowledged at most (RabbitMQ
/// prefetch; JetStream max ack pending), each body deserialized. On a single node (RabbitMQ classic queue, JetStream
/// stream of one replica) and on the three-node clusters (RabbitMQ quorum queue, JetStream stream of three replicas).
/// Throughput: messages / wall-clock seconds, median of the repeats. Latency: one message at a time, from the publish
/// call to the consumer's receipt, percentiles. Needs .ci/rabbitmq.sh, .ci/rabbitmq-cluster.sh and .ci/nats.sh.
/// </summary>
internal static class VersusHarness
{
    private const int Window = 1000;

    private sealed record Contender(string Name, string Setup, Func<byte[][], Task<double>> Publish, Func<byte[][], Task<double>> Consume,
        Func<byte[][], Task<double[]>> Latency);

    public static async Task<int> RunAsync(string[] args)
    {
        bool quick = args.Contains("--quick");
        int messages = quick ? 1_000 : int.Parse(Harness.Option(args, "--messages", "50000"), CultureInfo.InvariantCulture);
        int repeat = quick ? 1 : int.Parse(Harness.Option(args, "--repeat", "3"), CultureInfo.InvariantCulture);
        int latencyMessages = Math.Max(100, messages / 10);
        string? resultsFolder = args.Contains("--results") ? Harness.Option(args, "--results", "") : null;
        var single = new Uri(Environment.GetEnvironmentVariable("FUDGE_AMQP_URI") ?? "amqp://guest:guest@127.0.0.1:5672/");
        var cluster = AmqpTcpEndpoint.ParseMultiple(Environment.GetEnvironmentVariable("FUDGE_AMQP_CLUSTER") ?? "127.0.0.1:5681,127.0.0.1:5682,127.0.0.1:5683");
        string natsSingle = Environment.GetEnvironmentVariable("FUDGE_NATS_URL") ?? "nats://127.0.0.1:4222";
        string natsCluster = Environment.GetEnvironmentVariable("FUDGE_NATS_CLUSTER_URLS") ?? "nats://127.0.0.1:4231,nats://127.0.0.1:4232,nats://127.0.0.1:4233";
        // The same bytes for every contender.
        var bodies = Tick.Create(messages).Select(t => FudgeSerializer.Serialize(t)).ToArray();
        var latencyBodies = bodies.Take(latencyMessages).ToArray();

        var contenders = new[]
        {
            Rabbit("RabbitMQ, classic queue", "single node", new[] { new AmqpTcpEndpoint(single.Host, single.Port) }, AmqpQueueType.Classic),
            JetStream("NATS JetStream, 1 replica", "single node", natsSingle, replicas: 1),
            Rabbit("RabbitMQ, quorum queue", "3-node cluster", cluster, AmqpQueueType.Quorum),
            JetStream("NATS JetStream, 3 replicas", "3-node cluster", natsCluster, replicas: 3),
        };
        var rows = new List<(Contender Contender, double[] Publish, double[] Consume, double[] Latency)>();
        foreach (var contender in contenders)
        {
            var publish = new double[repeat];
            var consume = new double[repeat];
            for (int i = 0; i < repeat; i++)
            {
                publish[i] = await contender.Publish(bodies);
                consume[i] = await contender.Consume(bodies);
            }
            var latency = await contender.Latency(latencyBodies);
            rows.Add((contender, publish, consume, latency));
            Console.WriteLine($"{contender.Setup,-15} {contender.Name,-28} publish {messages / Harness.Median(publish),9:N0} msg/s  consume {messages / Harness.Median(consume),9:N0} msg/s  " +
                $"latency p50 {Harness.Percentile(latency, 0.50):F2} ms p99 {Harness.Percentile(latency, 0.99):F2} ms");
        }
        if (resultsFolder is not null) Write(resultsFolder, rows, messages, latencyMessages, repeat, args);
        return 0;
    }

    private static Contender Rabbit(string name, string setup, IReadOnlyList<AmqpTcpEndpoint> endpoints, AmqpQueueType type)
    {
        async Task<(IConnection Connection, string Queue)> FreshQueueAsync()
        {
            var connection = await FudgeAmqpConnector.ConnectAsync(new ConnectionFactory { UserName = "guest", Password = "guest" }, endpoints, 3,
                TimeSpan.FromSeconds(1), "fudge-versus");
            string queue = $"fudge-versus.{Guid.NewGuid():N}";
            await using var channel = await connection.CreateChannelAsync();
            await channel.QueueDeclareAsync(queue, durable: true, exclusive: false, autoDelete: false, FudgeAmqpTopology.Arguments(type, deadLetterQueue: null));
            return (connection, queue);
        }
        async Task DeleteAsync(IConnection connection, string queue)
        {
            await using (var channel = await connection.CreateChannelAsync()) await channel.QueueDeleteAsync(queue);
            await connection.DisposeAsync();
        }
        async Task PublishAllAsync(IConnection connection, string queue, byte[][] bodies)
        {
            await using var channel = await connection.CreateChannelAsync(new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true));
            var properties = new BasicProperties { ContentType = "application/vnd.fudgemsg", DeliveryMode = DeliveryModes.Persistent };
            var window = new Queue<Task>();
            foreach (var body in bodies)
            {
                window.Enqueue(channel.BasicPublishAsync("", queue, mandatory: true, properties, body).AsTask());
                if (window.Count >= Window) await window.Dequeue();
            }
            await Task.WhenAll(window);
        }
        async IAsyncEnumerable<Tick> ConsumeAsync(IConnection connection, string queue, int count)
        {
            await using var channel = await connection.CreateChannelAsync(new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true));
            var consumer = new FudgeConsumer(channel, new FudgeConsumerOptions { PrefetchCount = Window });
            int received = 0;
            await foreach (var delivery in consumer.ConsumeAsync<Tick>(queue))
            {
                await delivery.AckAsync();
                yield return delivery.Value;
                if (++received == count) yield break;
            }
        }
        return new Contender(name, setup,
            Publish: async bodies =>
            {
                var (connection, queue) = await FreshQueueAsync();
                double seconds = await TimeAsync(() => PublishAllAsync(connection, queue, bodies));
                await DeleteAsync(connection, queue);
                return seconds;
            },
            Consume: async bodies =>
            {
                var (connection, queue) = await FreshQueueAsync();
                await PublishAllAsync(connection, queue, bodies);
                double seconds = await TimeAsync(() => CountAsync(ConsumeAsync(connection, queue, bodies.Length), bodies.Length));
                await DeleteAsync(connection, queue);
                return seconds;
            },
            Latency: async bodies =>
            {
                var (connection, queue) = await FreshQueueAsync();
                await using var channel = await connection.CreateChannelAsync(new CreateChannelOptions(publisherConfirmationsEnabled: true, publisherConfirmationTrackingEnabled: true));
                var properties = new BasicProperties { ContentType = "application/vnd.fudgemsg", DeliveryMode = DeliveryModes.Persistent };
                var latencies = await MeasureLatencyAsync(bodies, body => channel.BasicPublishAsync("", queue, mandatory: true, properties, body).AsTask(),
                    ConsumeAsync(connection, queue, bodies.Length));
                await DeleteAsync(connection, queue);
                return latencies;
            });
    }

    private static Contender JetStream(string name, string setup, string urls, int replicas)
    {
        async Task<(NatsConnection Connection, NatsJSContext Js, string Stream)> FreshStreamAsync()
        {
            var connection = new NatsConnection(NatsOpts.Default with { Url = urls, Name = "fudge-versus", RequestTimeout = TimeSpan.FromSeconds(10) });
            await connection.ConnectAsync();
            var js = new NatsJSContext(connection);
            string stream = $"VERSUS_{Guid.NewGuid():N}";
            await js.CreateStreamAsync(new StreamConfig(stream, new[] { stream + ".ticks" }) { Storage = StreamConfigStorage.File, NumReplicas = replicas });
            return (connection, js, stream);
        }
        async Task DeleteAsync(NatsConnection connection, NatsJSContext js, string stream)
        {
            await js.DeleteStreamAsync(stream);
            await connection.DisposeAsync();
        }
        async Task PublishAllAsync(NatsJSContext js, string stream, byte[][] bodies)
        {
            var window = new Queue<Task>();
            foreach (var body in bodies)
            {
                window.Enqueue(PublishOneAsync(js, stream, body));
                if (window.Count >= Window) await window.Dequeue();
            }
            await Task.WhenAll(window);
        }
        async IAsyncEnumerable<Tick> ConsumeAsync(NatsJSContext js, string stream, int count)
        {
            var consumer = await js.CreateOrUpdateConsumerAsync(stream, new ConsumerConfig("versus") { AckPolicy = ConsumerConfigAckPolicy.Explicit, MaxAckPending = Window });
            int received = 0;
            await foreach (var msg in consumer.ConsumeAsync<byte[]>(opts: new NatsJSConsumeOpts { MaxMsgs = Window }))
            {
                var tick = FudgeSerializer.Deserialize<Tick>(msg.Data!);
                await msg.AckAsync();
                yield return tick;
                if (++received == count) yield break;
            }
        }
        return new Contender(name, setup,
            Publish: async bodies =>
            {
                var (connection, js, stream) = await FreshStreamAsync();
                double seconds = await TimeAsync(() => PublishAllAsync(js, stream, bodies));
                await DeleteAsync(connection, js, stream);
                return seconds;
            },
            Consume: async bodies =>
            {
                var (connection, js, stream) = await FreshStreamAsync();
                await PublishAllAsync(js, stream, bodies);
                double seconds = await TimeAsync(() => CountAsync(ConsumeAsync(js, stream, bodies.Length), bodies.Length));
                await DeleteAsync(connection, js, stream);
                return seconds;
            },
            Latency: async bodies =>
            {
                var (connection, js, stream) = await FreshStreamAsync();
                var latencies = await MeasureLatencyAsync(bodies, body => PublishOneAsync(js, stream, body), ConsumeAsync(js, stream, bodies.Length));
                await DeleteAsync(connection, js, stream);
                return latencies;
            });
    }

    private static async Task PublishOneAsync(NatsJSContext js, string stream, byte[] body)
        => (await js.PublishAsync(stream + ".ticks", body)).EnsureSuccess();

    private static async Task CountAsync(IAsyncEnumerable<Tick> ticks, int expected)
    {
        int count = 0;
        await foreach (var _ in ticks) count++;
        if (count != expected) throw new InvalidOperationException($"consumed {count} of {expected}");
    }

    /// <summary>Publishes one message at a time (each acknowledged by the broker) while consuming; milliseconds from each publish call to its receipt.</summary>
    private static async Task<double[]> MeasureLatencyAsync(byte[][] bodies, Func<byte[], Task> publish, IAsyncEnumerable<Tick> consume)
    {
        var sent = new ConcurrentDictionary<long, long>();
        var latencies = new List<double>(bodies.Length);
        var consuming = Task.Run(async () =>
        {
            await foreach (var tick in consume)
            {
                long now = Stopwatch.GetTimestamp();
                if (sent.TryGetValue(tick.Sequence, out long start)) latencies.Add(Stopwatch.GetElapsedTime(start, now).TotalMilliseconds);
            }
        });
        await Task.Delay(500);   // the consumer is subscribed
        foreach (var body in bodies)
        {
            sent[FudgeSerializer.Deserialize<Tick>(body).Sequence] = Stopwatch.GetTimestamp();
            await publish(body);
        }
        await consuming.WaitAsync(TimeSpan.FromMinutes(2));
        return latencies.ToArray();
    }

    private static void Write(string folder, List<(Contender Contender, double[] Publish, double[] Consume, double[] Latency)> rows, int messages,
        int latencyMessages, int repeat, string[] args)
    {
        Directory.CreateDirectory(folder);
        var lines = Harness.Header("## NATS JetStream beside RabbitMQ: the same Fudge ticks, the same acknowledgement rules (harness)",
            "servers: Debian rabbitmq-server and nats-server on loopback, same machine (.ci/rabbitmq.sh, .ci/rabbitmq-cluster.sh, .ci/nats.sh)", args);
        lines.AddRange(new[]
        {
            $"- Method: {messages:N0} Fudge tick envelopes (the same bytes for every contender), durable (persistent messages; file storage); a publish counts " +
            $"once the broker acknowledged it (publisher confirm; JetStream publish acknowledgement), {Window} in flight; consumed from a full queue or stream with " +
            $"one explicit acknowledgement per message, at most {Window} unacknowledged (prefetch; max ack pending), each body deserialized; median of {repeat} runs. " +
            $"Latency: {latencyMessages:N0} messages published one at a time (each acknowledged before the next) while the consumer runs, from the publish call to the receipt.",
            "",
            "| Setup | Contender | Publish msg/s | Consume msg/s | Latency p50 (ms) | p99 (ms) | p99.9 (ms) | Publish runs (s) | Consume runs (s) |",
            "|---|---|---:|---:|---:|---:|---:|---|---|",
        });
        foreach (var (contender, publish, consume, latency) in rows)
        {
            lines.Add($"| {contender.Setup} | {contender.Name} | {messages / Harness.Median(publish):N0} | {messages / Harness.Median(consume):N0} | " +
                $"{Harness.Percentile(latency, 0.50):F2} | {Harness.Percentile(latency, 0.99):F2} | {Harness.Percentile(latency, 0.999):F2} | {Runs(publish)} | {Runs(consume)} |");
        }
        File.WriteAllLines(Path.Combine(folder, "nats-vs-rabbitmq.md"), lines);
    }

    private static string Runs(double[] seconds) => string.Join(", ", seconds.Select(s => s.ToString("0.00", CultureInfo.InvariantCulture)));

    private static async Task<double> TimeAsync(Func<Task> action)
    {
        var clock = Stopwatch.StartNew();
        await action();
        return clock.Elapsed.TotalSeconds;
    }
}
