using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using RabbitMQ.Client;
using RabbitMQ.Client.Events;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>Bulk publishing and draining for the tests that move many messages.</summary>
public static class Traffic
{
    /// <summary>Publishes ticks 0..count-1 to <paramref name="queue"/>, keeping a window of confirms in flight.</summary>
    public static async Task PublishTicksAsync(Broker broker, string queue, int count, bool persistent = false)
    {
        await using var channel = await broker.CreateConfirmingChannelAsync();
        var publisher = new FudgePublisher(channel, new FudgePublisherOptions { Persistent = persistent });
        var window = new Queue<Task>();
        for (int i = 0; i < count; i++)
        {
            window.Enqueue(publisher.PublishAsync(AmqpDestination.Queue(queue), Tick.Number(i)).AsTask());
            if (window.Count >= 1000) await window.Dequeue();
        }
        await Task.WhenAll(window);
    }

    /// <summary>
    /// Takes every message out of <paramref name="queue"/> (nothing else may publish to it meanwhile) and counts how
    /// often each tick sequence number arrived.
    /// </summary>
    public static async Task<Dictionary<long, int>> DrainSequencesAsync(Broker broker, string queue)
    {
        uint expected = await broker.ReadyCountAsync(queue);
        var counts = new Dictionary<long, int>();
        if (expected == 0) return counts;
        await using var channel = await broker.OpenChannelAsync();
        await channel.BasicQosAsync(0, 2000, false);
        var done = new TaskCompletionSource(TaskCreationOptions.RunContinuationsAsynchronously);
        int received = 0;
        var consumer = new AsyncEventingBasicConsumer(channel);
        consumer.ReceivedAsync += async (_, delivery) =>
        {
            try
            {
                long sequence = FudgeSerializerSequence(delivery.Body.Span);
                counts[sequence] = counts.TryGetValue(sequence, out int seen) ? seen + 1 : 1;
                await channel.BasicAckAsync(delivery.DeliveryTag, multiple: false);
                if (++received == expected) done.TrySetResult();
            }
            catch (Exception e)
            {
                // A handler's exception would only reach the channel's callback event: fail the drain with it instead.
                done.TrySetException(e);
            }
        };
        string tag = await channel.BasicConsumeAsync(queue, autoAck: false, consumer);
        try
        {
            await done.Task.WaitAsync(TimeSpan.FromMinutes(2));
        }
        catch (TimeoutException)
        {
            // Say what arrived and why the channel closed, if it did (one unexplained CI timeout here so far).
            throw new TimeoutException($"draining {queue}: {received} of {expected} messages in 2 minutes; channel open: {channel.IsOpen}, "
                + $"close reason: {channel.CloseReason?.ToString() ?? "none"}, now ready: {await broker.ReadyCountAsync(queue)}");
        }
        await channel.BasicCancelAsync(tag);
        return counts;
    }

    private static long FudgeSerializerSequence(ReadOnlySpan<byte> body) => Fudge.Serialization.FudgeSerializer.Deserialize<Tick>(body).Sequence;

    /// <summary>Waits until <paramref name="condition"/> holds, polling; fails after <paramref name="timeout"/>.</summary>
    public static async Task WaitUntilAsync(Func<Task<bool>> condition, TimeSpan timeout, string what)
    {
        var deadline = DateTime.UtcNow + timeout;
        while (!await condition())
        {
            if (DateTime.UtcNow > deadline) throw new TimeoutException($"gave up after {timeout.TotalSeconds:0} s waiting until {what}");
            await Task.Delay(200);
        }
    }
}
