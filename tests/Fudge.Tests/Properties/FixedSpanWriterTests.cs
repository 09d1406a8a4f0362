using System;
using Xunit;

namespace Fudge.Tests.Properties;

/// <summary>A <see cref="FudgeWriter"/> over a fixed span as long as a flat message's encoding writes it completely.</summary>
public class FixedSpanWriterTests
{
    [Fact]
    public void An_anonymous_indicator_can_be_the_last_two_bytes_of_the_span()
    {
        var destination = new byte[8 + 2];

        var writer = new FudgeWriter(destination.AsSpan());
        var envelope = writer.BeginEnvelope();
        writer.WriteIndicator(FudgeFieldKey.Anonymous);
        writer.EndEnvelope(envelope);

        Assert.Equal(new byte[] { 0, 0, 0, 0, 0, 0, 0, 10, 0x80, 0x00 }, destination);
    }

    [Fact]
    public void A_short_string_after_a_long_name_fits_when_the_span_holds_its_actual_length()
    {
        var name = new string('n', 255);
        var message = new FudgeMsg().Add(name, "a string of 30 characters here");
        byte[] expected = message.ToByteArray();
        var destination = new byte[expected.Length];

        var writer = new FudgeWriter(destination.AsSpan());
        new FudgeEnvelope(message).WriteTo(ref writer);

        Assert.Equal(expected, destination);
    }
}
