using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// <see cref="FudgeGatheredElements{T}"/>: the elements of a long list a generated reader gathers as it reads them,
/// handed back as a collection of exactly their count, in order, whatever the pooled array's size and growth.
/// </summary>
public class GatheredElementsTests
{
    [Theory]
    [InlineData(0, 0)]
    [InlineData(0, 1)]
    [InlineData(0, 64)]
    [InlineData(0, 65)]      // past the smallest pooled array: one growth
    [InlineData(0, 5_000)]   // several growths
    [InlineData(1 << 20, 3)] // a large hint, few elements
    public void Elements_come_back_in_order_at_their_exact_count(int bytes, int count)
    {
        var expected = Enumerable.Range(0, count).Select(i => "e" + i).ToList();

        var gathered = new FudgeGatheredElements<string>(bytes);
        foreach (var e in expected) gathered.Add(e);
        Assert.Equal(count, gathered.Count);
        var list = gathered.ToList();
        Assert.Equal(expected, list);
        Assert.Equal(count, list.Capacity);

        var again = new FudgeGatheredElements<string>(bytes);
        foreach (var e in expected) again.Add(e);
        string[] array = again.ToArray();
        Assert.Equal(expected, array);
    }

    [Fact]
    public void A_released_gathering_hands_nothing_on()
    {
        var gathered = new FudgeGatheredElements<object>(100_000);
        for (int i = 0; i < 300; i++) gathered.Add(new object());
        gathered.Release();
        Assert.Equal(0, gathered.Count);
        Assert.Empty(gathered.ToList());

        // The next gathering starts empty, whichever pooled array it gets.
        var next = new FudgeGatheredElements<object>(100_000);
        Assert.Empty(next.ToArray());
    }
}
