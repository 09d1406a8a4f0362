using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;

namespace Fudge.Cli.Serve.Sources;

/// <summary>
/// A RabbitMQ exchange or queue as a live source, without taking a message from anyone else:
/// <list type="bullet">
/// <item><c>amqp://HOST/VHOST?exchange=NAME[&amp;key=PATTERN]</c>: a temporary queue of the explorer's own (server-named,
/// exclusive, deleted when the explorer stops, at most <see cref="LiveMessageSource.MaxKept"/> messages) is bound to the exchange
/// (key <c>#</c> unless given), so the explorer receives a copy of each message as it passes, from when it started.</item>
/// <item><c>amqp://HOST/VHOST?queue=NAME</c>: a browse that requeues. Every <see cref="BrowseInterval"/> the messages
/// waiting are taken with <c>basic.get</c> without acknowledging them, and all are handed back at once
/// (<c>basic.nack</c>, multiple, requeue): they stay in the queue, in their order, for its consumers, marked as
/// redelivered. A message is listed once however often it is seen waiting.</item>
/// </list>
/// What arrives is kept as <see cref="LiveMessageSource"/> says.
/// </summary>
internal sealed class AmqpMessageSource : LiveMessageSource
{
    /// <summary>How long the client waits between attempts to reconnect a lost connection (the client's default is 5 s).</summary>
    public static readonly TimeSpan RecoveryInterval = TimeSpan.FromSeconds(2);

    /// <summary>How often a queue is browsed.</summary>
    public static readonly TimeSpan BrowseInterval = TimeSpan.FromSeconds(1);

    // At most this many messages are held unacknowledged by one browse pass.
    private const int MaxBrowse = 1000;

    private readonly IConnection _connection;
    private readonly IChannel _channel;
    private readonly CancellationTokenSource _stop = new();
    private readonly string? _queue;
    private Task _browsing = Task.CompletedTask;
    private Dictionary<string, int> _lastSeen = new(StringComparer.Ordinal);
    private readonly object _connectionGate = new();
    private DateTime? _lostAt;

    private AmqpMessageSource(IConnection connection, IChannel channel, string kind, string description, string? queue, FudgeReaderOptions options)
        : base(kind, description, options)
    {
        _connection = connection;
        _channel = channel;
        _queue = queue;
    }

    /// <summary>Connects and starts receiving (an exchange) or browsing (a queue).</summary>
    /// <exception cref="IOException">The URI is not one of the two forms.</exception>
    /// <exception cref="FudgeAmqpException">The broker cannot be reached.</exception>
    /// <exception cref="CliException">The broker refused the exchange or queue (it does not exist).</exception>
    public static async Task<AmqpMessageSource> OpenAsync(string text, FudgeReaderOptions options, CancellationToken cancellationToken = default)
    {
        var (factory, exchange, key, queue) = Parse(text);
        var connection = await FudgeAmqpConnector.ConnectAsync(factory, 3, TimeSpan.FromSeconds(1), "fudge-serve", cancellationToken).ConfigureAwait(false);
        try
        {
            var channel = await connection.CreateChannelAsync(cancellationToken: cancellationToken).ConfigureAwait(false);
            string where = $"{factory.Endpoint} (vhost {factory.VirtualHost})";
            AmqpMessageSource source;
            if (exchange is not null)
            {
                source = new AmqpMessageSource(connection, channel, "exchange", $"exchange '{exchange}' on {where}", null, options);
                await source.TapAsync(exchange, key, cancellationToken).ConfigureAwait(false);
            }
            else
            {
                try
                {
                    await channel.QueueDeclarePassiveAsync(queue!, cancellationToken).ConfigureAwait(false);
                }
                catch (global::RabbitMQ.Client.Exceptions.OperationInterruptedException e)
                {
                    throw new CliException($"the broker has no queue '{queue}' in vhost {factory.VirtualHost}: {e.ShutdownReason?.ReplyText}", e);
                }
                source = new AmqpMessageSource(connection, channel, "queue", $"queue '{queue}' on {where} (browsed, requeued)", queue, options);
                source._browsing = Task.Run(source.BrowseLoopAsync, CancellationToken.None);
            }
            connection.ConnectionShutdownAsync += (_, e) =>
            {
                if (!source._stop.IsCancellationRequested) source.ConnectionLost(e.ReplyText);
                return Task.CompletedTask;
            };
            connection.RecoverySucceededAsync += (_, _) =>
            {
                source.Reconnected();
                return Task.CompletedTask;
            };
            return source;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// Splits the source's text: the URI for the connection (the path is the virtual host, as in every AMQP URI; the
    /// query names what to show), and <c>exchange</c> with <c>key</c>, or <c>queue</c>.
    /// </summary>
    /// <exception cref="IOException">Not an amqp:// or amqps:// URI naming exactly one of an exchange or a queue.</exception>
    internal static (ConnectionFactory Factory, string? Exchange, string Key, string? Queue) Parse(string text)
    {
        const string Forms = "amqp://HOST[:PORT]/[VHOST]?queue=NAME or ?exchange=NAME[&key=PATTERN]";
        if (!Uri.TryCreate(text, UriKind.Absolute, out var uri) || (uri.Scheme != "amqp" && uri.Scheme != "amqps"))
            throw new IOException($"a broker source is {Forms}, not '{text}'");
        var query = Microsoft.AspNetCore.WebUtilities.QueryHelpers.ParseQuery(uri.Query);
        string? exchange = query.TryGetValue("exchange", out var e) ? e.ToString() : null;
        string? queue = query.TryGetValue("queue", out var q) ? q.ToString() : null;
        string key = query.TryGetValue("key", out var k) ? k.ToString() : "#";
        if ((exchange is null) == (queue is null) || (exchange ?? queue)!.Length == 0 || query.Keys.Any(name => name is not ("exchange" or "queue" or "key")))
            throw new IOException($"a broker source is {Forms}: name one exchange or one queue ('{uri.Query}')");
        var builder = new UriBuilder(uri) { Query = "" };
        try
        {
            var factory = new ConnectionFactory
            {
                Uri = builder.Uri, RequestedConnectionTimeout = TimeSpan.FromSeconds(10), AutomaticRecoveryEnabled = true, TopologyRecoveryEnabled = true,
                NetworkRecoveryInterval = RecoveryInterval,
            };
            return (factory, exchange, key, queue);
        }
        catch (ArgumentException error)
        {
            throw new IOException($"a broker source: {error.Message}");
        }
    }

    // A queue of the explorer's own, bound to the exchange: the broker copies each message to it as it passes.
    private async Task TapAsync(string exchange, string key, CancellationToken cancellationToken)
    {
        var arguments = new Dictionary<string, object?> { ["x-max-length"] = MaxKept };
        string tap;
        try
        {
            await _channel.ExchangeDeclarePassiveAsync(exchange, cancellationToken).ConfigureAwait(false);
            tap = (await _channel.QueueDeclareAsync("", durable: false, exclusive: true, autoDelete: true, arguments, cancellationToken: cancellationToken).ConfigureAwait(false)).QueueName;
            await _channel.QueueBindAsync(tap, exchange, key, cancellationToken: cancellationToken).ConfigureAwait(false);
        }
        catch (global::RabbitMQ.Client.Exceptions.OperationInterruptedException e)
        {
            throw new CliException($"the broker refused to tap exchange '{exchange}': {e.ShutdownReason?.ReplyText}", e);
        }
        var consumer = new AsyncEventingBasicConsumer(_channel);
        consumer.ReceivedAsync += (_, delivery) =>
        {
            Add(delivery.Body.ToArray());
            return Task.CompletedTask;
        };
        await _channel.BasicConsumeAsync(tap, autoAck: true, consumer, cancellationToken).ConfigureAwait(false);
        SetNotice($"receiving a copy of every message through the temporary queue {tap} (key '{key}')");
    }

    private async Task BrowseLoopAsync()
    {
        while (!_stop.IsCancellationRequested)
        {
            try
            {
                await BrowseOnceAsync(_stop.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException) when (_stop.IsCancellationRequested)
            {
                return;
            }
            catch (Exception e) when (e is global::RabbitMQ.Client.Exceptions.RabbitMQClientException or global::RabbitMQ.Client.Exceptions.OperationInterruptedException or IOException)
            {
                SetNotice($"browsing the queue failed ({e.Message}); trying again");
            }
            try
            {
                await Task.Delay(BrowseInterval, _stop.Token).ConfigureAwait(false);
            }
            catch (OperationCanceledException)
            {
                return;
            }
        }
    }

    /// <summary>
    /// One pass: takes what waits (unacknowledged), hands it all back at once, and lists the messages not seen
    /// waiting in the previous pass (counted by their bytes, so two equal messages are two).
    /// </summary>
    internal async Task BrowseOnceAsync(CancellationToken cancellationToken)
    {
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        var bodies = new List<byte[]>();
        ulong last = 0;
        try
        {
            for (int i = 0; i < MaxBrowse; i++)
            {
                var got = await _channel.BasicGetAsync(_queue!, autoAck: false, cancellationToken).ConfigureAwait(false);
                if (got is null) break;
                last = got.DeliveryTag;
                bodies.Add(got.Body.ToArray());
            }
        }
        finally
        {
            if (last != 0) await _channel.BasicNackAsync(last, multiple: true, requeue: true, CancellationToken.None).ConfigureAwait(false);
        }
        foreach (var body in bodies)
        {
            string key = Convert.ToBase64String(System.Security.Cryptography.SHA256.HashData(body));
            int count = seen.TryGetValue(key, out int n) ? n + 1 : 1;
            seen[key] = count;
            if (!_lastSeen.TryGetValue(key, out int before) || count > before) Add(body);
        }
        _lastSeen = seen;
        SetNotice($"browsed {bodies.Count.ToString(CultureInfo.InvariantCulture)} waiting messages at {DateTime.UtcNow.ToString("HH:mm:ss", CultureInfo.InvariantCulture)} UTC (taken unacknowledged and requeued at once)");
    }

    // The connection's state is a notice of its own, which the passes' notices do not overwrite: a lost connection
    // stays said until it is back, and then when it was lost and that it came back stays said.
    private void ConnectionLost(string reason)
    {
        var now = DateTime.UtcNow;
        lock (_connectionGate)
        {
            _lostAt ??= now;
            SetConnectionNotice($"{Time(now)} UTC: the connection to the broker was lost ({reason}); reconnecting every {RecoveryInterval.TotalSeconds.ToString(CultureInfo.InvariantCulture)} s");
        }
    }

    private void Reconnected()
    {
        var now = DateTime.UtcNow;
        lock (_connectionGate)
        {
            string missed = _queue is null ? "messages routed through the exchange meanwhile were not seen" : "messages consumed from the queue meanwhile were not seen";
            SetConnectionNotice($"{Time(now)} UTC: reconnected to the broker, lost since {Time(_lostAt ?? now)} UTC ({missed})");
            _lostAt = null;
        }
    }

    private static string Time(DateTime time) => time.ToString("HH:mm:ss", CultureInfo.InvariantCulture);

    /// <summary>Stops receiving; the temporary queue goes with the connection.</summary>
    public override async ValueTask DisposeAsync()
    {
        _stop.Cancel();
        try
        {
            await _browsing.ConfigureAwait(false);
        }
        catch (Exception e) when (e is not OutOfMemoryException)
        {
            // Stopping: whatever the last pass ran into no longer matters.
        }
        try
        {
            await _channel.CloseAsync().ConfigureAwait(false);
            await _connection.CloseAsync().ConfigureAwait(false);
        }
        catch (Exception e) when (e is global::RabbitMQ.Client.Exceptions.RabbitMQClientException or global::RabbitMQ.Client.Exceptions.OperationInterruptedException or IOException or ObjectDisposedException)
        {
            // The broker went away first.
        }
        await _channel.DisposeAsync().ConfigureAwait(false);
        await _connection.DisposeAsync().ConfigureAwait(false);
        _stop.Dispose();
    }
}
