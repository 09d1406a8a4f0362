using System;
using System.Collections.Concurrent;
using System.Collections.Frozen;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Linq;
using System.Numerics;
using Fudge.Generators.Tests.EverydayTypes.TypeArguments;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// Generic [FudgeMessage] types closed over the member shapes of issue 41: each type argument is written and read as a
/// member of that type is (the generator writes a value formatter for the shapes the runtime has none of), with the
/// same bytes, in both field modes. (The corpus-wide matrix is GenericMatrixTests in Fudge.TypeCoverage.Tests.)
/// </summary>
public class TypeArgumentTests
{
    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    [Fact]
    public void An_immutable_list_as_a_type_argument_writes_a_members_bytes()
    {
        var value = ImmutableList.Create(3, -1, 70000);
        var names = new Slot<ImmutableList<int>> { Item = value, Items = { value, ImmutableList<int>.Empty } };
        var ordinals = new OrdinalSlot<ImmutableList<int>> { Item = value, Items = { value } };
        Assert.Equal(FudgeSerializer.Serialize(new ImmutableListSlot { Item = value, Items = { value, ImmutableList<int>.Empty } }), FudgeSerializer.Serialize(names));
        Assert.Equal(FudgeSerializer.Serialize(new OrdinalImmutableListSlot { Item = value, Items = { value } }), FudgeSerializer.Serialize(ordinals));
        var back = RoundTrip(names);
        Assert.Equal(value, back.Item);
        Assert.Equal(2, back.Items.Count);
        Assert.Empty(back.Items[1]);
        Assert.Equal(value, RoundTrip(ordinals).Items[0]);
    }

    [Fact]
    public void A_uri_as_a_type_argument_writes_a_members_bytes()
    {
        var absolute = new Uri("https://example.com/a?b=c");
        var relative = new Uri("../x", UriKind.Relative);
        Assert.Equal(FudgeSerializer.Serialize(new UriSlot { Item = absolute, Items = { relative } }),
            FudgeSerializer.Serialize(new Slot<Uri> { Item = absolute, Items = { relative } }));
        Assert.Equal(FudgeSerializer.Serialize(new OrdinalUriSlot { Item = absolute, Items = { relative } }),
            FudgeSerializer.Serialize(new OrdinalSlot<Uri> { Item = absolute, Items = { relative } }));
        var back = RoundTrip(new OrdinalSlot<Uri> { Item = absolute, Items = { relative } });
        Assert.Equal(absolute, back.Item);
        Assert.False(back.Items[0].IsAbsoluteUri);
        Assert.Equal("../x", back.Items[0].OriginalString);
    }

    [Fact]
    public void A_tuple_as_a_type_argument_writes_a_members_bytes()
    {
        Assert.Equal(FudgeSerializer.Serialize(new TupleSlot { Item = (1, "a"), Items = { (2, "b") } }),
            FudgeSerializer.Serialize(new Slot<(int, string)> { Item = (1, "a"), Items = { (2, "b") } }));
        Assert.Equal(FudgeSerializer.Serialize(new OrdinalTupleSlot { Item = (1, "a"), Items = { (2, "b") } }),
            FudgeSerializer.Serialize(new OrdinalSlot<(int, string)> { Item = (1, "a"), Items = { (2, "b") } }));
        var back = RoundTrip(new Slot<(int Id, string Name)> { Item = (7, "seven"), Items = { (8, "eight") } });
        Assert.Equal((7, "seven"), back.Item);
        Assert.Equal((8, "eight"), back.Items[0]);
    }

    [Fact]
    public void A_stack_as_a_type_argument_keeps_its_order_and_a_members_bytes()
    {
        var stack = new Stack<int>(new[] { 1, 2, 3 }); // 3 on top
        Assert.Equal(FudgeSerializer.Serialize(new StackSlot { Item = stack, Items = { stack } }),
            FudgeSerializer.Serialize(new Slot<Stack<int>> { Item = stack, Items = { stack } }));
        Assert.Equal(FudgeSerializer.Serialize(new OrdinalStackSlot { Item = stack, Items = { stack } }),
            FudgeSerializer.Serialize(new OrdinalSlot<Stack<int>> { Item = stack, Items = { stack } }));
        Assert.Equal(new[] { 3, 2, 1 }, RoundTrip(new OrdinalSlot<Stack<int>> { Item = stack }).Item.ToArray());
    }

    [Fact]
    public void A_rectangular_array_as_a_type_argument_writes_a_members_bytes()
    {
        var grid = new[,] { { 1, 2, 3 }, { 4, 5, 6 } };
        Assert.Equal(FudgeSerializer.Serialize(new GridSlot { Item = grid, Items = { grid } }),
            FudgeSerializer.Serialize(new Slot<int[,]> { Item = grid, Items = { grid } }));
        Assert.Equal(FudgeSerializer.Serialize(new OrdinalGridSlot { Item = grid, Items = { grid } }),
            FudgeSerializer.Serialize(new OrdinalSlot<int[,]> { Item = grid, Items = { grid } }));
        Assert.Equal(grid, RoundTrip(new Slot<int[,]> { Item = grid }).Item);
    }

    [Fact]
    public void The_other_shapes_round_trip_as_type_arguments_in_both_field_modes()
    {
        Same(new Version(1, 2, 3, 4), (a, b) => Assert.Equal(a, b));
        Same(BigInteger.Parse("-123456789012345678901234567890"), (a, b) => Assert.Equal(a, b));
        Same(Int128.MaxValue, (a, b) => Assert.Equal(a, b));
        Same(UInt128.MaxValue, (a, b) => Assert.Equal(a, b));
        Same((Half)1.5, (a, b) => Assert.Equal(a, b));
        Same((nint)(-5), (a, b) => Assert.Equal(a, b));
        Same(new ArraySegment<byte>(new byte[] { 9, 1, 2, 9 }, 1, 2), (a, b) => Assert.Equal(a.ToArray(), b.ToArray()));
        Same(new KeyValuePair<string, int>("k", 1), (a, b) => Assert.Equal(a, b));
        Same(Tuple.Create(1, "one", 2.5), (a, b) => Assert.Equal(a, b));
        Same(ImmutableArray.Create("a", "b"), (a, b) => Assert.Equal(a.ToArray(), b.ToArray()));
        Same(ImmutableDictionary<string, int>.Empty.Add("a", 1), (a, b) => Assert.Equal(a["a"], b["a"]));
        Same(new[] { 2, 1 }.ToFrozenSet(), (a, b) => Assert.True(a.SetEquals(b)));
        Same(new SortedDictionary<string, int> { ["b"] = 2, ["a"] = 1 }, (a, b) => Assert.Equal(a, b));
        Same(new Queue<int>(new[] { 1, 2 }), (a, b) => Assert.Equal(a, b));
        Same(new LinkedList<int>(new[] { 1, 2 }), (a, b) => Assert.Equal(a, b));
        Same(new ConcurrentQueue<int>(new[] { 1, 2 }), (a, b) => Assert.Equal(a, b));
        Same<object>(42, (a, b) => Assert.Equal(42L, b));
        Same<object>("text", (a, b) => Assert.Equal("text", b));
        Same<IUnionShape>(new UnionCircle { Radius = 2, Label = "c" }, (a, b) => Assert.Equal(2, Assert.IsType<UnionCircle>(b).Radius));
    }

    private static void Same<T>(T value, Action<T, T> check)
    {
        check(value, RoundTrip(new Slot<T> { Item = value, Items = { value } }).Item);
        check(value, RoundTrip(new Slot<T> { Item = value, Items = { value } }).Items[0]);
        check(value, RoundTrip(new OrdinalSlot<T> { Item = value, Items = { value } }).Item);
    }
}
