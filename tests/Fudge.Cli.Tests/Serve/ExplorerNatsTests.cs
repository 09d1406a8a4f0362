using System;
using System.Threading.Tasks;
using NATS.Client.Core;
using NATS.Client.JetStream;
using NATS.Client.JetStream.Models;
using Fudge.Cli.Tests.Support;
using Xunit;
using static Fudge.Cli.Tests.Serve.LiveSources;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// <c>fudge serve nats://…</c> against the real local NATS server (<c>bash .ci/nats.sh start</c>; FUDGE_NATS_URL
/// overrides the address): a subject is subscribed to (a copy of each message, taken from no one), a stream is read by
/// an ordered consumer of the explorer's own, and a durable consumer of that stream still has every message after.
/// Skipped, with a notice saying how to start the server, where none runs (never in CI).
/// </summary>
public class ExplorerNatsTests
{
    private static Uri Server => NatsServer;

    private static string Unique(string prefix) => $"{prefix}_{Guid.NewGuid():N}"[..(prefix.Length + 13)];

    private static async Task<NatsConnection> ConnectAsync()
    {
        var nats = new NatsConnection(NatsOpts.Default with { Url = Server.ToString(), Name = "fudge-cli-tests" });
        await nats.ConnectAsync();
        return nats;
    }

    [NatsFact]
    public async Task A_subject_pattern_is_subscribed_to_and_every_other_subscriber_still_gets_each_message()
    {
        await using var nats = await ConnectAsync();
        string root = Unique("serve");
        await using var other = await nats.SubscribeCoreAsync<byte[]>($"{root}.ticks.>");
        await nats.PingAsync();
        var ticks = Ticks(5);
        await using (var explorer = await Explorer.StartAsync($"{Server.GetLeftPart(UriPartial.Authority)}/?subject={root}.ticks.>"))
        {
            var (_, before) = await explorer.GetJsonAsync("api/source");
            Assert.Equal("subject", before.GetProperty("kind").GetString());
            Assert.True(before.GetProperty("following").GetBoolean());
            Assert.Contains($"'{root}.ticks.>'", before.GetProperty("notice").GetString());

            for (int i = 0; i < ticks.Length; i++) await nats.PublishAsync($"{root}.ticks.{(i % 2 == 0 ? "ACME" : "INIT")}", ticks[i]);
            await nats.PublishAsync($"{root}.elsewhere", ticks[0]);   // not matched: not shown
            await explorer.WaitForCountAsync(5);
            for (int i = 0; i < ticks.Length; i++) Assert.Equal(ticks[i], await explorer.BytesAsync(i));
            var (_, page) = await explorer.GetJsonAsync("api/messages?take=10");
            Assert.Equal(5, page.GetProperty("total").GetInt64());
        }
        // The other subscriber got all five too: the explorer took copies, nothing else.
        for (int i = 0; i < ticks.Length; i++)
        {
            var msg = await other.Msgs.ReadAsync().AsTask().WaitAsync(Patience);
            Assert.Equal(ticks[i], msg.Data);
        }
    }

    [NatsFact]
    public async Task A_stream_is_read_from_its_start_then_as_it_grows_and_its_durable_consumer_keeps_every_message()
    {
        await using var nats = await ConnectAsync();
        var js = new NatsJSContext(nats);
        string stream = Unique("SERVE"), root = Unique("serve");
        await js.CreateStreamAsync(new StreamConfig(stream, new[] { $"{root}.>" }) { Storage = StreamConfigStorage.Memory });
        try
        {
            var durable = await js.CreateOrUpdateConsumerAsync(stream, new ConsumerConfig("app") { AckPolicy = ConsumerConfigAckPolicy.Explicit });
            var ticks = Ticks(6);
            for (int i = 0; i < 4; i++) (await js.PublishAsync($"{root}.ticks", ticks[i])).EnsureSuccess();
            await using (var explorer = await Explorer.StartAsync($"{Server.GetLeftPart(UriPartial.Authority)}/?stream={stream}"))
            {
                var (_, source) = await explorer.GetJsonAsync("api/source");
                Assert.Equal("stream", source.GetProperty("kind").GetString());
                await explorer.WaitForCountAsync(4);
                for (int i = 4; i < 6; i++) (await js.PublishAsync($"{root}.ticks", ticks[i])).EnsureSuccess();
                await explorer.WaitForCountAsync(6);
                for (int i = 0; i < 6; i++) Assert.Equal(ticks[i], await explorer.BytesAsync(i));
            }
            // Nothing was acknowledged for the application's durable consumer: all six wait for it.
            await durable.RefreshAsync();
            Assert.Equal(6ul, durable.Info.NumPending);
            Assert.Equal(0ul, durable.Info.AckFloor.StreamSeq);
        }
        finally
        {
            await js.DeleteStreamAsync(stream);
        }
    }

    [NatsFact]
    public void A_stream_that_does_not_exist_is_a_one_line_error()
    {
        var result = FudgeTool.Run("serve", $"{Server.GetLeftPart(UriPartial.Authority)}/?stream=ABSENT_{Guid.NewGuid():N}");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith($"fudge: the NATS server at {Server.GetLeftPart(UriPartial.Authority)} has no stream 'ABSENT_", result.Stderr);
    }

    [Theory]
    [InlineData("nats://127.0.0.1:1/", "a NATS source is nats://HOST[:PORT]/?subject=PATTERN or ?stream=NAME")]            // neither
    [InlineData("nats://127.0.0.1:1/?subject=", "a NATS source is nats://HOST[:PORT]/?subject=PATTERN or ?stream=NAME")]    // empty
    [InlineData("nats://127.0.0.1:1/?subject=a&queue=b", "a NATS source is nats://HOST[:PORT]/?subject=PATTERN or ?stream=NAME")] // unknown parameter
    [InlineData("nats://127.0.0.1:1/?subject=a.b", "could not reach the NATS server at nats://127.0.0.1:1")]
    public void A_nats_source_names_one_subject_or_one_stream_on_a_server_that_answers(string source, string message)
    {
        var result = FudgeTool.Run("serve", source);

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("fudge: " + message, result.Stderr);
        Assert.Single(result.Stderr.TrimEnd('\n').Split('\n'));
    }
}
