using System.Collections.Generic;
using System.Linq;
using Fudge.Generators.Tests.EverydayTypes.GetOnly;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// Get-only Queue, Stack, LinkedList, ConcurrentQueue and collection-initializer members are filled in place when read,
/// in both field modes; a Stack keeps the order a settable Stack member keeps (top stays on top).
/// </summary>
public class GetOnlyCollectionTests
{
    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    [Fact]
    public void Get_only_collections_are_filled_in_place_by_name()
    {
        var desk = new Desk();
        Fill(desk.Q, desk.S, desk.L, desk.C, desk.Tags);
        var back = RoundTrip(desk);
        Check(back.Q, back.S, back.L, back.C, back.Tags);
    }

    [Fact]
    public void Get_only_collections_are_filled_in_place_by_ordinal()
    {
        var desk = new OrdinalDesk();
        Fill(desk.Q, desk.S, desk.L, desk.C, desk.Tags);
        var back = RoundTrip(desk);
        Check(back.Q, back.S, back.L, back.C, back.Tags);
    }

    [Fact]
    public void A_get_only_stack_keeps_the_order_of_a_settable_one_and_its_bytes()
    {
        var desk = new Desk();
        var settable = new SettableStack();
        foreach (int i in new[] { 1, 2, 3 }) { desk.S.Push(i); settable.S.Push(i); }
        Assert.Equal(RoundTrip(settable).S.ToArray(), RoundTrip(desk).S.ToArray());
        Assert.Equal(new[] { 3, 2, 1 }, RoundTrip(desk).S.ToArray());
    }

    private static void Fill(Queue<int> q, Stack<int> s, LinkedList<string> l, System.Collections.Concurrent.ConcurrentQueue<long> c, TagBag tags)
    {
        q.Enqueue(1); q.Enqueue(2);
        s.Push(10); s.Push(20); // 20 on top
        l.AddLast("a"); l.AddLast("b");
        c.Enqueue(5); c.Enqueue(6);
        tags.Add("x"); tags.Add("y");
    }

    private static void Check(Queue<int> q, Stack<int> s, LinkedList<string> l, System.Collections.Concurrent.ConcurrentQueue<long> c, TagBag tags)
    {
        Assert.Equal(new[] { 1, 2 }, q.ToArray());
        Assert.Equal(new[] { 20, 10 }, s.ToArray());
        Assert.Equal(new[] { "a", "b" }, l.ToArray());
        Assert.Equal(new long[] { 5, 6 }, c.ToArray());
        Assert.Equal(new[] { "x", "y" }, tags.ToArray());
    }
}
