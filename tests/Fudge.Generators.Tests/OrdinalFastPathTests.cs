using System;
using System.Collections.Generic;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>
/// Ordinal-mode members written through the writer's ordinal overloads (strings, dates, date-times) and read back
/// through the expected-field reads give the bytes of the same message built as a <see cref="FudgeMsg"/>, and every
/// value the fast paths leave to the general ones (long strings, markers, nulls) round-trips as well.
/// </summary>
public class OrdinalFastPathTests
{
    public static TheoryData<string?, DateTime> Values() => new()
    {
        { "XLON", new DateTime(2026, 11, 25, 19, 0, 0, DateTimeKind.Utc).AddTicks(1) },
        { "", new DateTime(2026, 11, 25, 9, 30, 0, DateTimeKind.Unspecified) },
        { null, DateTime.MinValue },
        { new string('é', 85), DateTime.MaxValue },
        { new string('v', 300), new DateTime(1, 1, 1, 0, 0, 1, DateTimeKind.Utc) },
        { "\U0001F600", new DateTime(9999, 12, 31, 23, 59, 59, DateTimeKind.Utc) },
    };

    [Theory]
    [MemberData(nameof(Values))]
    public void The_bytes_are_those_of_the_message_and_the_values_come_back(string? venue, DateTime executed)
    {
        var settles = DateOnly.FromDateTime(executed);
        var fill = new Fill
        {
            Venue = venue,
            Executed = executed,
            Settles = settles,
            Legs = new List<Fill> { new() { Venue = venue, Executed = executed, Settles = settles } },
        };

        var leg = new FudgeMsg();
        if (venue is not null) leg.Add(1, venue);
        leg.Add(2, executed).Add(3, settles);
        var expected = new FudgeMsg();
        if (venue is not null) expected.Add(1, venue);
        expected.Add(2, executed).Add(3, settles).Add(4, new FudgeMsg().Add(null, leg));

        byte[] bytes = FudgeSerializer.Serialize(fill);
        Assert.Equal(new FudgeEnvelope(expected).ToByteArray(), bytes);

        var read = FudgeSerializer.Deserialize<Fill>(bytes);
        Assert.Equal(venue, read.Venue);
        Assert.Equal(executed, read.Executed);
        Assert.Equal(settles, read.Settles);
        Assert.Equal(venue, read.Legs![0].Venue);
        Assert.Equal(executed, read.Legs[0].Executed);
    }
}
