using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using System.Threading;
using System.Threading.Tasks;
using Fudge.RabbitMQ.Tests.Support;
using RabbitMQ.Client;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>Publishing objects and envelopes, and consuming them back, on the real broker.</summary>
[Collection(BrokerCollection.Name)]
public class PublishConsumeTests
{
    private readonly Broker _broker;

    public PublishConsumeTests(Broker broker) => _broker = broker;

    [BrokerFact]
    public async Task Objects_arrive_as_fudge_with_taxonomy_and_schema_version_headers()
    {
        string queue = await _broker.CreateQueueAsync("objects");
        await using var channel = await _broker.CreateConfirmingChannelAsync();
        var publisher = new FudgePublisher(channel);

        await publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(10), schemaVersion: 3);
        await publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(11), schemaVersion: 3);

        var received = await TakeAsync(new FudgeConsumer(channel).ConsumeAsync<Tick>(queue), 2);
        Assert.Equal(new long[] { 10, 11 }, received.Select(d => d.Value.Sequence));
        var first = received[0];
        Assert.Equal("SYM10", first.Value.Symbol);
        Assert.Equal("application/vnd.fudgemsg", first.Properties.ContentType);
        Assert.Equal(7, Convert.ToInt32(first.Properties.Headers![FudgeAmqpHeaders.TaxonomyId]));
        Assert.Equal(3, Convert.ToInt32(first.Properties.Headers![FudgeAmqpHeaders.SchemaVersion]));
        Assert.Equal(7, first.Header.TaxonomyId);
        Assert.Equal(3, first.Header.SchemaVersion);
        Assert.True(first.Properties.Persistent);
    }

    [BrokerFact]
    public async Task Envelopes_are_consumed_in_place_and_decode_to_what_was_sent()
    {
        string queue = await _broker.CreateQueueAsync("envelopes");
        await using var channel = await _broker.CreateConfirmingChannelAsync();
        var message = new FudgeMsg().Add("desk", "rates").Add("limit", 250_000L).Add(1, "ordinal one");
        var sent = new FudgeEnvelope(message, schemaVersion: 2, taxonomyId: 0);

        await new FudgePublisher(channel).PublishAsync(AmqpDestination.Queue(queue), sent);

        await foreach (var delivery in new FudgeConsumer(channel).ConsumeEnvelopesAsync(queue))
        {
            Assert.Equal(sent.ToByteArray(), delivery.Body.ToArray());
            Assert.Equal(sent, delivery.ToEnvelope());
            Assert.Equal(2, delivery.Header.SchemaVersion);
            Assert.False(delivery.Redelivered);
            await delivery.AckAsync();
            break;
        }
        Assert.Equal(0u, await _broker.ReadyCountAsync(queue));
    }

    [BrokerFact]
    public async Task A_malformed_body_goes_to_the_dead_letter_queue_with_its_reason_and_the_consumer_carries_on()
    {
        string queue = await _broker.CreateQueueAsync("malformed");
        await using var channel = await _broker.CreateConfirmingChannelAsync();
        var publisher = new FudgePublisher(channel);
        await publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(1));
        byte[] garbage = Encoding.ASCII.GetBytes("not a fudge envelope at all");
        await channel.BasicPublishAsync("", queue, garbage);
        byte[] truncated = Fudge.Serialization.FudgeSerializer.Serialize(Tick.Number(2))[..^4];
        await channel.BasicPublishAsync("", queue, truncated);
        await publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(3));

        var received = await TakeAsync(new FudgeConsumer(channel).ConsumeAsync<Tick>(queue), 2, ack: true);

        Assert.Equal(new long[] { 1, 3 }, received.Select(d => d.Value.Sequence));
        var dead = await GetAllAsync(channel, queue + ".dead-letter");
        Assert.Equal(new[] { garbage, truncated }, dead.Select(d => d.Body.ToArray()));
        foreach (var letter in dead)
        {
            string reason = Encoding.UTF8.GetString((byte[])letter.BasicProperties.Headers![FudgeAmqpHeaders.DeadLetterReason]!);
            Assert.StartsWith("Invalid Fudge data at byte offset", reason);
            Assert.Equal(queue, Encoding.UTF8.GetString((byte[])letter.BasicProperties.Headers![FudgeAmqpHeaders.DeadLetterQueue]!));
        }
        Assert.Equal(0u, await _broker.ReadyCountAsync(queue));
    }

    [BrokerFact]
    public async Task A_message_left_unacknowledged_is_delivered_again()
    {
        string queue = await _broker.CreateQueueAsync("redelivery");
        await using (var channel = await _broker.CreateConfirmingChannelAsync())
        {
            await new FudgePublisher(channel).PublishAsync(AmqpDestination.Queue(queue), Tick.Number(5));
            var first = await TakeAsync(new FudgeConsumer(channel).ConsumeAsync<Tick>(queue), 1, ack: false);
            Assert.False(first[0].Redelivered);
        } // closing the channel without an ack hands the message back

        await using var again = await _broker.CreateConfirmingChannelAsync();
        var second = await TakeAsync(new FudgeConsumer(again).ConsumeAsync<Tick>(queue), 1, ack: true);
        Assert.True(second[0].Redelivered);
        Assert.Equal(5, second[0].Value.Sequence);
    }

    [BrokerFact]
    public async Task An_unreachable_broker_is_a_clear_error_after_the_configured_attempts()
    {
        var factory = new ConnectionFactory { HostName = "127.0.0.1", Port = 1 }; // nothing listens on port 1

        var error = await Assert.ThrowsAsync<FudgeAmqpException>(
            () => FudgeAmqpConnector.ConnectAsync(factory, maxAttempts: 3, firstRetryDelay: TimeSpan.FromMilliseconds(50)));

        Assert.Contains("Could not reach the RabbitMQ broker at amqp://127.0.0.1:1", error.Message);
        Assert.Contains("after 3 attempt(s)", error.Message);
    }

    private static async Task<List<FudgeDelivery<Tick>>> TakeAsync(IAsyncEnumerable<FudgeDelivery<Tick>> deliveries, int count, bool ack = true)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
        var taken = new List<FudgeDelivery<Tick>>();
        await foreach (var delivery in deliveries.WithCancellation(timeout.Token))
        {
            if (ack) await delivery.AckAsync();
            taken.Add(delivery);
            if (taken.Count == count) break;
        }
        return taken;
    }

    private static async Task<List<BasicGetResult>> GetAllAsync(IChannel channel, string queue)
    {
        var all = new List<BasicGetResult>();
        while (await channel.BasicGetAsync(queue, autoAck: true) is { } result) all.Add(result);
        return all;
    }
}
