using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using NATS.Client.JetStream;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>A JetStream stream of Fudge messages on the single node: durable consumers, acknowledgements, replay.</summary>
public class JetStreamTests
{
    [NatsFact]
    public async Task A_durable_consumer_carries_on_after_its_last_acknowledgement_and_redelivers_what_was_not_acknowledged()
    {
        await using var nats = await NatsServers.ConnectAsync();
        var js = new NatsJSContext(nats);
        string stream = NatsServers.Unique("TICKS");
        await js.EnsureStreamAsync(stream, new[] { stream + ".>" });
        try
        {
            for (int i = 1; i <= 10; i++)
            {
                var ack = await js.PublishFudgeAsync($"{stream}.{Tick.Number(i).Symbol}", Tick.Number(i), messageId: $"tick-{i}");
                Assert.Equal((ulong)i, ack.Seq);
                Assert.False(ack.Duplicate);
            }
            // A retry with the same message id (a lost acknowledgement) is stored once.
            var again = await js.PublishFudgeAsync($"{stream}.AAPL", Tick.Number(5), messageId: "tick-5");
            Assert.True(again.Duplicate);
            Assert.Equal(5UL, again.Seq);

            // First life of the consumer: takes 1..4, acknowledges 1..3, leaves 4 unacknowledged.
            var consumer = await js.CreateDurableConsumerAsync(stream, "desk", ackWait: TimeSpan.FromSeconds(1));
            var first = await TakeAsync(consumer, 4, ack: sequence => sequence <= 3);
            Assert.Equal(new long[] { 1, 2, 3, 4 }, first);

            // Second life under the same durable name: 4 comes again (after the ack wait), then 5..10; nothing acknowledged is repeated.
            consumer = await js.CreateDurableConsumerAsync(stream, "desk", ackWait: TimeSpan.FromSeconds(1));
            var second = await TakeAsync(consumer, 7, ack: _ => true);
            Assert.Equal(new long[] { 4, 5, 6, 7, 8, 9, 10 }, second.OrderBy(s => s));
            Assert.Equal(10UL, await NatsServers.AckFloorAsync(js, stream, "desk", 10));
        }
        finally
        {
            await js.DeleteStreamAsync(stream);
        }
    }

    [NatsFact]
    public async Task Consumers_replay_from_a_sequence_from_a_time_or_the_last_of_each_subject()
    {
        await using var nats = await NatsServers.ConnectAsync();
        var js = new NatsJSContext(nats);
        string stream = NatsServers.Unique("REPLAY");
        await js.EnsureStreamAsync(stream, new[] { stream + ".>" });
        try
        {
            for (int i = 1; i <= 5; i++) await js.PublishFudgeAsync($"{stream}.{Tick.Number(i).Symbol}", Tick.Number(i));
            await Task.Delay(50);
            var midway = DateTimeOffset.UtcNow;
            await Task.Delay(50);
            for (int i = 6; i <= 10; i++) await js.PublishFudgeAsync($"{stream}.{Tick.Number(i).Symbol}", Tick.Number(i));

            var fromSequence = await js.CreateDurableConsumerAsync(stream, "from-seq", FudgeReplay.FromSequence(8));
            Assert.Equal(new long[] { 8, 9, 10 }, await TakeAsync(fromSequence, 3, ack: _ => true));

            var fromTime = await js.CreateDurableConsumerAsync(stream, "from-time", FudgeReplay.FromTime(midway));
            Assert.Equal(new long[] { 6, 7, 8, 9, 10 }, await TakeAsync(fromTime, 5, ack: _ => true));

            // Five symbols, ten ticks: the last tick of each symbol is the current state of the book.
            // (nats-server 2.9 asks for a filter subject with this policy.)
            var latest = await js.CreateDurableConsumerAsync(stream, "latest", FudgeReplay.LastPerSubject, filterSubject: stream + ".>");
            Assert.Equal(new long[] { 6, 7, 8, 9, 10 }, (await TakeAsync(latest, 5, ack: _ => true)).OrderBy(s => s));

            var filtered = await js.CreateDurableConsumerAsync(stream, "apple", filterSubject: stream + ".AAPL");
            Assert.Equal(new long[] { 5, 10 }, await TakeAsync(filtered, 2, ack: _ => true));
        }
        finally
        {
            await js.DeleteStreamAsync(stream);
        }
    }

    [NatsFact]
    public async Task A_body_that_is_not_the_type_arrives_with_an_error_and_is_terminated_not_redelivered()
    {
        await using var nats = await NatsServers.ConnectAsync();
        var js = new NatsJSContext(nats);
        string stream = NatsServers.Unique("BAD");
        await js.EnsureStreamAsync(stream, new[] { stream });
        try
        {
            (await js.PublishAsync(stream, new byte[] { 0, 0, 0, 0, 0, 0, 0, 99 })).EnsureSuccess();
            await js.PublishFudgeAsync(stream, Tick.Number(1));
            var consumer = await js.CreateDurableConsumerAsync(stream, "reader", ackWait: TimeSpan.FromSeconds(1));
            using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(10));
            var seen = new List<string>();
            await foreach (var msg in consumer.ConsumeFudgeAsync<Tick>(timeout.Token))
            {
                if (msg.Error is { } error)
                {
                    Assert.IsType<FudgeFormatException>(error.GetBaseException());
                    seen.Add("error");
                    await msg.AckTerminateAsync();
                    continue;
                }
                seen.Add("tick " + msg.Data!.Sequence);
                await msg.AckAsync();
                break;
            }
            Assert.Equal(new[] { "error", "tick 1" }, seen);
        }
        finally
        {
            await js.DeleteStreamAsync(stream);
        }
    }

    /// <summary>Takes <paramref name="count"/> ticks, acknowledging those <paramref name="ack"/> picks, and stops consuming.</summary>
    internal static async Task<List<long>> TakeAsync(INatsJSConsumer consumer, int count, Func<long, bool> ack)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(15));
        var taken = new List<long>();
        await foreach (var msg in consumer.ConsumeFudgeAsync<Tick>(timeout.Token))
        {
            Assert.Null(msg.Error);
            long sequence = msg.Data!.Sequence;
            taken.Add(sequence);
            // A double acknowledgement waits for the server's reply: a plain one is only published, and a
            // consumer's ack floor read right after the loop could still be short of the last acknowledgement.
            if (ack(sequence)) await msg.AckAsync(new AckOpts { DoubleAck = true }, timeout.Token);
            if (taken.Count == count) break;
        }
        return taken;
    }
}
