using System;
using System.Linq;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Serve.Sources;
using Fudge.Cli.Tests.Support;
using RabbitMQ.Client;
using Xunit;
using static Fudge.Cli.Tests.Serve.LiveSources;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// <c>fudge serve amqp://…</c> when its connection to the broker drops (a failed network, a restarted broker or a
/// failover): <c>/api/source</c>'s notice, which the page shows, says the connection was lost, then that it is back and
/// since when it was lost; the temporary queue of a tapped exchange is declared and bound again, a browsed queue is
/// browsed again without listing its messages twice, and the messages that pass afterwards are listed after those from
/// before. The explorers reach the broker through a <see cref="TcpRelay"/> that the test cuts: only their connections
/// drop, at once, and the broker lets go of them at once (so what a browse held unacknowledged goes back to the queue).
/// </summary>
public class ExplorerBrokerReconnectTests
{
    // The loss is said, then the return; the notice keeps both moments.
    private static async Task AwaitLossAndReturnAsync(Explorer explorer)
    {
        var lost = await explorer.WaitForSourceAsync(s => Notice(s).Contains("connection to the broker was lost", StringComparison.Ordinal), "the loss is reported");
        Assert.Contains("reconnecting", Notice(lost));
        var back = await explorer.WaitForSourceAsync(s => Notice(s).Contains("reconnected to the broker", StringComparison.Ordinal), "the return is reported");
        Assert.Matches(@"\d\d:\d\d:\d\d UTC: reconnected to the broker, lost since \d\d:\d\d:\d\d UTC", Notice(back));
    }

    [BrokerFact]
    public async Task A_tapped_exchange_and_a_browsed_queue_whose_connections_drop_report_it_and_resume()
    {
        await using var connection = await new ConnectionFactory { Uri = Broker }.CreateConnectionAsync("fudge-cli-tests");
        await using var channel = await connection.CreateChannelAsync();
        string exchange = "fudge-test.serve.reconnect." + Guid.NewGuid().ToString("N");
        string queue = exchange + ".browsed";
        await channel.ExchangeDeclareAsync(exchange, ExchangeType.Topic, durable: false, autoDelete: false);
        await channel.QueueDeclareAsync(queue, durable: false, exclusive: false, autoDelete: false);
        try
        {
            var ticks = Ticks(5);
            await using var relay = new TcpRelay(Broker.Host, Broker.Port);
            var through = relay.Through(Broker);
            await using (var tap = await Explorer.StartAsync(AmqpSource("exchange=" + exchange, through)))
            await using (var browse = await Explorer.StartAsync(AmqpSource("queue=" + queue, through)))
            {
                await PublishAsync(channel, exchange, "ticks.acme", ticks.Take(3));
                await PublishAsync(channel, "", queue, ticks.Take(3));
                await tap.WaitForSourceAsync(s => Count(s) == 3, "the first 3 are tapped");
                await browse.WaitForSourceAsync(s => Count(s) == 3, "the 3 waiting are browsed");

                Assert.Equal(2, relay.Cut()); // one connection each, and nothing else on the broker
                await Task.WhenAll(AwaitLossAndReturnAsync(tap), AwaitLossAndReturnAsync(browse)); // both watched at once
                Assert.True(relay.Accepted >= 4, $"{relay.Accepted} connections made through the relay: each explorer connected again");

                // The temporary queue was declared and bound again, and browsing goes on: what is published now is
                // listed after what came before; the browsed queue's first 3 are not listed again.
                await PublishAsync(channel, exchange, "ticks.acme", ticks.Skip(3));
                await PublishAsync(channel, "", queue, ticks.Skip(3));
                await tap.WaitForSourceAsync(s => Count(s) == 5, "the 2 published after the return are tapped");
                await browse.WaitForSourceAsync(s => Count(s) == 5, "the 2 published after the return are browsed");
                await Task.Delay(2 * (int)AmqpMessageSource.BrowseInterval.TotalMilliseconds + 500); // two more passes list nothing new
                Assert.Equal(5, Count((await browse.GetJsonAsync("api/source")).Body));
                for (int i = 0; i < 5; i++)
                {
                    Assert.Equal(ticks[i], await tap.BytesAsync(i));
                    Assert.Equal(ticks[i], await browse.BytesAsync(i));
                }
            }
            // Nothing was taken: the messages held when the connection dropped went back to the queue.
            Assert.Equal(5u, (await channel.QueueDeclarePassiveAsync(queue)).MessageCount);
        }
        finally
        {
            await channel.QueueDeleteAsync(queue);
            await channel.ExchangeDeleteAsync(exchange);
        }
    }
}
