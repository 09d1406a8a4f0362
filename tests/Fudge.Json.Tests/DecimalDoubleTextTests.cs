using System;
using System.Globalization;
using System.Text;
using Fudge.Json.Internal;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>The fast path for short decimals writes what double.ToString("R") writes, or declines.</summary>
public class DecimalDoubleTextTests
{
    [Theory]
    [InlineData(182.55), InlineData(-42.14), InlineData(0.05), InlineData(100.0), InlineData(0.0001), InlineData(999999999999999.0)]
    [InlineData(0.1 + 0.2), InlineData(1.0 / 3), InlineData(123456.789012345), InlineData(5e-5), InlineData(1e15), InlineData(0.0)]
    public void Writes_the_shortest_round_trip_text_or_declines(double value) => AssertAgreesWithR(value);

    [Fact]
    public void Agrees_with_R_on_a_million_prices_sizes_and_random_bit_patterns()
    {
        var random = new Random(20261124);
        var buffer = new byte[32];
        int fast = 0;
        for (int i = 0; i < 1_000_000; i++)
        {
            double value = (i % 4) switch
            {
                0 => Math.Round(random.NextDouble() * 2000, random.Next(0, 7)),          // prices
                1 => random.Next(-1_000_000, 1_000_000) / Math.Pow(10, random.Next(0, 16)), // decimals of every length
                2 => BitConverter.Int64BitsToDouble(random.NextInt64()),                 // anything
                _ => random.NextDouble() * Math.Pow(10, random.Next(-6, 17)),            // long fractions near the limits
            };
            if (AssertAgreesWithR(value, buffer)) fast++;
        }
        Assert.True(fast > 400_000, $"the fast path took only {fast} values");
    }

    private static bool AssertAgreesWithR(double value) => AssertAgreesWithR(value, new byte[32]);

    private static bool AssertAgreesWithR(double value, byte[] buffer)
    {
        if (!DecimalDoubleText.TryFormat(value, buffer, out int written)) return false;
        Assert.Equal(value.ToString("R", CultureInfo.InvariantCulture), Encoding.ASCII.GetString(buffer, 0, written));
        return true;
    }
}
