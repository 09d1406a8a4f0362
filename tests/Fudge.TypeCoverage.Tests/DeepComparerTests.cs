using System;
using System.Collections.Generic;
using Xunit;

namespace Fudge.TypeCoverage.Tests;

/// <summary>The comparison behind every ✓ of the table: it must see each difference a user would call a different value.</summary>
public class DeepComparerTests
{
    public static IEnumerable<object?[]> DifferentValues() => new[]
    {
        new object?[] { new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc), new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Unspecified) },
        new object?[] { new DateTimeOffset(2024, 1, 1, 1, 0, 0, TimeSpan.FromHours(1)), new DateTimeOffset(2024, 1, 1, 0, 0, 0, TimeSpan.Zero) },
        new object?[] { 1.10m, 1.1m },
        new object?[] { -0.0, 0.0 },
        new object?[] { 1.5f, 1.5 },
        new object?[] { new List<int> { 1, 2 }, new List<int> { 2, 1 } },
        new object?[] { new List<string?> { null }, new List<string?> { "" } },
        new object?[] { "a\uD800", "a\uFFFD" },
        new object?[] { DayOfWeek.Monday, 1 },
        new object?[] { new Dictionary<string, int> { ["a"] = 1 }, new Dictionary<string, int> { ["a"] = 2 } },
        new object?[] { new HashSet<int> { 1, 2 }, new HashSet<int> { 1, 3 } },
        new object?[] { new Uri("https://example.com/a#top"), new Uri("https://example.com/a") },
        new object?[] { (1, "x"), (1, "y") },
        new object?[] { new int[,] { { 1, 2 } }, new int[,] { { 1 }, { 2 } } },
        new object?[] { new Stack<int>(new[] { 1, 2 }), new Stack<int>(new[] { 2, 1 }) },
        new object?[] { new Sample { Value = 1, Hidden = 2 }, new Sample { Value = 1, Hidden = 3 } },
        new object?[] { new Sample(), null },
    };

    [Theory]
    [MemberData(nameof(DifferentValues))]
    public void Sees_a_difference(object? expected, object? actual)
        => Assert.NotNull(DeepComparer.Difference(expected, actual));

    public static IEnumerable<object?[]> EqualValues() => new[]
    {
        new object?[] { new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc), new DateTime(2024, 1, 1, 0, 0, 0, DateTimeKind.Utc) },
        new object?[] { double.NaN, double.NaN },
        new object?[] { new HashSet<int> { 1, 2 }, new HashSet<int> { 2, 1 } },
        new object?[] { new Dictionary<string, object?> { ["n"] = 12L }, new Dictionary<string, object?> { ["n"] = (byte)12 } },
        new object?[] { new Sample { Value = 1, Hidden = 2 }, new Sample { Value = 1, Hidden = 2 } },
    };

    [Theory]
    [MemberData(nameof(EqualValues))]
    public void Accepts_an_equal_value(object? expected, object? actual)
        => Assert.Null(DeepComparer.Difference(expected, actual));

    public sealed class Sample
    {
        public int Value { get; set; }
        public int Hidden { get; set; }
    }
}
