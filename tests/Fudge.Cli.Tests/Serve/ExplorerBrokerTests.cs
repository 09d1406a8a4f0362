using System;
using System.Linq;
using System.Threading.Tasks;
using RabbitMQ.Client;
using Fudge.Cli.Tests.Support;
using Xunit;
using static Fudge.Cli.Tests.Serve.LiveSources;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// <c>fudge serve amqp://…</c> against the real local broker (<c>bash .ci/rabbitmq.sh start</c>; FUDGE_AMQP_URI overrides
/// the address): an exchange is tapped through a temporary queue of the explorer's own, a queue is browsed and every
/// message handed back, and in both cases the messages stay for the others. Skipped, with a notice saying how to start
/// the broker, where none runs (never in CI).
/// </summary>
public class ExplorerBrokerTests
{
    private static async Task<IConnection> ConnectAsync() => await new ConnectionFactory { Uri = Broker }.CreateConnectionAsync("fudge-cli-tests");

    [BrokerFact]
    public async Task An_exchange_is_tapped_through_a_temporary_queue_and_its_own_queues_keep_every_message()
    {
        await using var connection = await ConnectAsync();
        await using var channel = await connection.CreateChannelAsync();
        string exchange = "fudge-test.serve." + Guid.NewGuid().ToString("N");
        string others = exchange + ".others";
        await channel.ExchangeDeclareAsync(exchange, ExchangeType.Topic, durable: false, autoDelete: false);
        await channel.QueueDeclareAsync(others, durable: false, exclusive: false, autoDelete: false);
        await channel.QueueBindAsync(others, exchange, "ticks.#");
        try
        {
            var ticks = Ticks(5);
            await using (var explorer = await Explorer.StartAsync(AmqpSource("exchange=" + exchange)))
            {
                var (_, before) = await explorer.GetJsonAsync("api/source");
                Assert.Equal("exchange", before.GetProperty("kind").GetString());
                Assert.True(before.GetProperty("following").GetBoolean());
                Assert.Contains("temporary queue", before.GetProperty("notice").GetString());

                await PublishAsync(channel, exchange, "ticks.acme", ticks);
                await explorer.WaitForCountAsync(5);
                for (int i = 0; i < ticks.Length; i++) Assert.Equal(ticks[i], await explorer.BytesAsync(i));
                var (_, page) = await explorer.GetJsonAsync("api/messages?take=10");
                Assert.Equal(5, page.GetProperty("total").GetInt64());
            }
            // The exchange's own queue got all of them: the explorer took copies, nothing else.
            Assert.Equal(5u, (await channel.QueueDeclarePassiveAsync(others)).MessageCount);
        }
        finally
        {
            await channel.QueueDeleteAsync(others);
            await channel.ExchangeDeleteAsync(exchange);
        }
    }

    [BrokerFact]
    public async Task A_queue_is_browsed_each_message_listed_once_and_every_message_stays_in_the_queue()
    {
        await using var connection = await ConnectAsync();
        await using var channel = await connection.CreateChannelAsync();
        string queue = "fudge-test.serve." + Guid.NewGuid().ToString("N");
        await channel.QueueDeclareAsync(queue, durable: false, exclusive: false, autoDelete: false);
        try
        {
            var ticks = Ticks(6);
            await PublishAsync(channel, "", queue, ticks.Take(4));
            await using (var explorer = await Explorer.StartAsync(AmqpSource("queue=" + queue)))
            {
                await explorer.WaitForCountAsync(4);
                await Task.Delay(2500); // two more browse passes: the same 4 are not listed again
                var (_, source) = await explorer.GetJsonAsync("api/source");
                Assert.Equal(4, source.GetProperty("count").GetInt64());
                for (int i = 0; i < 4; i++) Assert.Equal(ticks[i], await explorer.BytesAsync(i));

                await PublishAsync(channel, "", queue, ticks.Skip(4));
                await explorer.WaitForCountAsync(6);
                Assert.Equal(ticks[5], await explorer.BytesAsync(5));
            }
            // Handed back: all six wait for the queue's consumers, in their order.
            Assert.Equal(6u, (await channel.QueueDeclarePassiveAsync(queue)).MessageCount);
            for (int i = 0; i < 6; i++)
            {
                var got = await channel.BasicGetAsync(queue, autoAck: true);
                Assert.NotNull(got);
                Assert.Equal(ticks[i], got!.Body.ToArray());
            }
        }
        finally
        {
            await channel.QueueDeleteAsync(queue);
        }
    }

    [BrokerFact]
    public async Task A_queue_that_does_not_exist_is_a_one_line_error()
    {
        var result = FudgeTool.Run("serve", AmqpSource("queue=fudge-test.serve.absent." + Guid.NewGuid().ToString("N")));

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("fudge: the broker has no queue 'fudge-test.serve.absent.", result.Stderr);
        await Task.CompletedTask;
    }

    [Theory]
    [InlineData("amqp://127.0.0.1:1/")]                                  // neither
    [InlineData("amqp://127.0.0.1:1/?queue=a&exchange=b")]              // both
    [InlineData("amqp://127.0.0.1:1/?queue=")]                          // empty
    [InlineData("amqp://127.0.0.1:1/?queue=a&prefetch=5")]              // unknown parameter
    public void A_broker_source_names_one_queue_or_one_exchange(string source)
    {
        var result = FudgeTool.Run("serve", source);

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("a broker source is amqp://HOST[:PORT]/[VHOST]?queue=NAME or ?exchange=NAME", result.Stderr);
    }
}
