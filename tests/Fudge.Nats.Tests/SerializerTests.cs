using System;
using System.Buffers;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using Fudge.Serialization;
using NATS.Client.Core;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>The serializer registry: Fudge types over a real NATS server, and the client's raw types left alone.</summary>
public class SerializerTests
{
    private static readonly TimeSpan Patience = TimeSpan.FromSeconds(10);

    [NatsFact]
    public async Task Fudge_message_objects_round_trip_through_the_server_as_one_envelope()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string subject = NatsServers.Unique("objects");
        await using var subscription = await nats.SubscribeCoreAsync<Tick>(subject);
        await using var raw = await nats.SubscribeCoreAsync<byte[]>(subject);

        await nats.PublishAsync(subject, Tick.Number(12));

        using var timeout = new CancellationTokenSource(Patience);
        var received = await subscription.Msgs.ReadAsync(timeout.Token);
        Assert.Null(received.Error);
        Assert.Equal("IBM", received.Data!.Symbol);
        Assert.Equal(12, received.Data.Sequence);
        // On the wire: exactly the envelope FudgeSerializer writes.
        Assert.Equal(FudgeSerializer.Serialize(Tick.Number(12)), (await raw.Msgs.ReadAsync(timeout.Token)).Data!);
    }

    [NatsFact]
    public async Task FudgeMsg_envelopes_and_raw_envelopes_round_trip()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string subject = NatsServers.Unique("model");
        var message = new FudgeMsg().Add("desk", "rates").Add("limit", 250_000L).Add(1, "ordinal one");
        var envelope = new FudgeEnvelope(message, schemaVersion: 2, taxonomyId: 0);
        await using var asMsg = await nats.SubscribeCoreAsync<FudgeMsg>(subject);
        await using var asEnvelope = await nats.SubscribeCoreAsync<FudgeEnvelope>(subject);
        await using var asRaw = await nats.SubscribeCoreAsync<FudgeNatsEnvelope>(subject);

        await nats.PublishAsync(subject, envelope);
        await nats.PublishAsync(subject, message);
        await nats.PublishAsync(subject, FudgeNatsEnvelope.Wrap(envelope.ToByteArray()));

        using var timeout = new CancellationTokenSource(Patience);
        Assert.Equal(message, (await asMsg.Msgs.ReadAsync(timeout.Token)).Data);
        Assert.Equal(envelope, (await asEnvelope.Msgs.ReadAsync(timeout.Token)).Data);
        Assert.Equal(new FudgeEnvelope(message), (await asEnvelope.Msgs.ReadAsync(timeout.Token)).Data);
        for (int i = 0; i < 3; i++)
        {
            using var raw = (await asRaw.Msgs.ReadAsync(timeout.Token)).Data!;
            var reader = raw.CreateReader();           // the fields, read in place
            Assert.True(reader.Read());
            Assert.Equal("rates", reader.GetString());
            Assert.Equal(i == 1 ? 0 : 2, raw.Header.SchemaVersion);
        }
    }

    [NatsFact]
    public async Task A_malformed_body_arrives_as_an_error_with_its_offset_and_the_subscription_goes_on()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string subject = NatsServers.Unique("malformed");
        await using var ticks = await nats.SubscribeCoreAsync<Tick>(subject);
        await using var raws = await nats.SubscribeCoreAsync<FudgeNatsEnvelope>(subject);
        byte[] truncated = FudgeSerializer.Serialize(Tick.Number(1)).AsSpan(0, 20).ToArray();

        await nats.PublishAsync(subject, truncated);
        await nats.PublishAsync(subject, Tick.Number(2));

        using var timeout = new CancellationTokenSource(Patience);
        foreach (var error in new[] { (await ticks.Msgs.ReadAsync(timeout.Token)).Error, (await raws.Msgs.ReadAsync(timeout.Token)).Error })
        {
            Assert.NotNull(error);
            var format = Assert.IsType<FudgeFormatException>(error!.GetBaseException());
            Assert.Contains("byte offset", format.Message);
        }
        Assert.Equal(2, (await ticks.Msgs.ReadAsync(timeout.Token)).Data!.Sequence);
        using var next = (await raws.Msgs.ReadAsync(timeout.Token)).Data!;
        Assert.Equal(FudgeSerializer.Serialize(Tick.Number(2)).Length, next.Header.MessageSize);
    }

    [Fact]
    public void The_registry_serves_fudge_types_and_passes_the_clients_raw_types_on()
    {
        var registry = FudgeNatsSerializerRegistry.Default;
        Assert.IsType<FudgeNatsSerializer<Tick>>(registry.GetSerializer<Tick>());
        Assert.IsType<FudgeMsgNatsSerializer>(registry.GetDeserializer<FudgeMsg>());
        Assert.IsType<FudgeMsgNatsSerializer>(registry.GetDeserializer<FudgeEnvelope>());
        Assert.IsType<FudgeNatsEnvelopeSerializer>(registry.GetDeserializer<FudgeNatsEnvelope>());
        Assert.IsNotType<FudgeNatsSerializer<byte[]>>(registry.GetSerializer<byte[]>());
        Assert.IsNotType<FudgeNatsSerializer<string>>(registry.GetDeserializer<string>());
        var limited = new FudgeNatsSerializerRegistry(new FudgeReaderOptions { MaxMessageSize = 64 });
        Assert.Throws<FudgeFormatException>(() => limited.GetDeserializer<FudgeMsg>().Deserialize(
            new ReadOnlySequence<byte>(new FudgeMsg().Add("text", new string('x', 100)).ToByteArray())));
    }

    [Fact]
    public void A_tick_split_across_receive_segments_reads_the_same_as_a_contiguous_one()
    {
        byte[] bytes = FudgeSerializer.Serialize(Tick.Number(42));
        var split = Segments.Split(bytes, 3);
        Assert.False(split.IsSingleSegment);
        var tick = FudgeNatsSerializer<Tick>.Default.Deserialize(split)!;
        Assert.Equal(42, tick.Sequence);
        using var raw = FudgeNatsEnvelopeSerializer.Default.Deserialize(split)!;
        Assert.Equal(bytes, raw.Memory.ToArray());
    }
}
