using System;
using Fudge.RabbitMQ.Tests.Support;
using Fudge.Serialization;
using Xunit;

namespace Fudge.RabbitMQ.Tests;

/// <summary>The content selectors on their own: no broker needed.</summary>
public class RouteSelectorTests
{
    private static readonly AmqpDestination Trades = AmqpDestination.Queue("trades");
    private static readonly AmqpDestination Audit = AmqpDestination.Queue("audit");
    private static readonly AmqpDestination Levels = AmqpDestination.Queue("levels");
    private static readonly AmqpDestination Other = new("amq.topic", "other");

    [Fact]
    public void Selects_by_the_integer_value_of_an_ordinal_field()
    {
        var selector = new FieldValueRouteSelector(ordinal: 1).Route(1, Trades, Audit).Route(2, Levels);

        Assert.Equal(new[] { Trades, Audit }, selector.Select(FudgeSerializer.Serialize(Tick.Number(0))));
        Assert.Equal(new[] { Levels }, selector.Select(FudgeSerializer.Serialize(Tick.Number(1))));
    }

    [Fact]
    public void Selects_by_the_string_value_of_a_named_field()
    {
        var message = new FudgeMsg();
        message.Add("desk", "rates");
        byte[] envelope = new FudgeEnvelope(message).ToByteArray();
        var selector = new FieldValueRouteSelector("desk").Route("fx", Trades).Route("rates", Levels);

        Assert.Equal(new[] { Levels }, selector.Select(envelope));
    }

    [Fact]
    public void Unmapped_values_and_missing_fields_go_to_the_fallback_or_nowhere()
    {
        byte[] trade = FudgeSerializer.Serialize(Tick.Number(0));

        Assert.Empty(new FieldValueRouteSelector(ordinal: 1).Route(2, Levels).Select(trade));
        Assert.Equal(new[] { Other }, new FieldValueRouteSelector(ordinal: 1).Route(2, Levels).Otherwise(Other).Select(trade));
        Assert.Equal(new[] { Other }, new FieldValueRouteSelector(ordinal: 42).Otherwise(Other).Select(trade));
        Assert.Equal(new[] { Other }, new FieldValueRouteSelector(ordinal: 2).Route(1, Trades).Otherwise(Other).Select(trade)); // a string field
    }

    [Fact]
    public void A_truncated_envelope_raises_the_format_exception_the_router_dead_letters_on()
    {
        byte[] envelope = FudgeSerializer.Serialize(Tick.Number(3));
        var selector = new FieldValueRouteSelector(ordinal: 5).Route(3, Trades);

        Assert.Throws<FudgeFormatException>(() => selector.Select(envelope.AsSpan(0, envelope.Length - 3)));
    }

    [Fact]
    public void Plain_forwarding_sends_everything_everywhere_without_reading()
    {
        var selector = new FixedRouteSelector(Trades, Levels);

        Assert.Equal(new[] { Trades, Levels }, selector.Select(new byte[] { 1, 2, 3 }));
    }
}
