using System.Collections.Generic;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

public class FormatterCacheTests
{
    [Fact]
    public void Generated_formatters_are_registered_by_the_module_initializer()
    {
        Assert.Same(Trade.FudgeFormatter.Instance, FudgeFormatterCache<Trade>.Formatter);
        Assert.Same(Trade.FudgeFormatter.Instance, FudgeSerializer.GetFormatter<Trade>());
    }

    [Fact]
    public void Unregistered_nested_formatters_are_found_on_first_use()
    {
        Assert.True(FudgeFormatterCache<HandWritten>.IsAvailable);
        var back = FudgeSerializer.Deserialize<HandWritten>(FudgeSerializer.Serialize(new HandWritten { Value = 12 }));
        Assert.Equal(12, back.Value);
        Assert.False(FudgeFormatterCache<System.Text.StringBuilder>.IsAvailable);
    }

    [Fact]
    public void Deep_trees_serialize_and_cycles_are_reported()
    {
        var root = new Node { Name = "root", Children = new List<Node> { new() { Name = "a" }, new() { Name = "b", Next = new Node { Name = "c" } } } };
        var back = RoundTripTests.RoundTrip(root);
        Assert.Equal("c", back.Children![1].Next!.Name);

        var cycle = new Node { Name = "loop" };
        cycle.Next = cycle;
        var error = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(cycle));
        Assert.Contains("cycle", error.Message);
        // the guard resets: the thread can serialize again
        Assert.Equal("root", RoundTripTests.RoundTrip(root).Name);

        // data nested deeper than the reader's limit is refused, not a stack overflow
        var deep = new Node { Name = "0" };
        var current = deep;
        for (int i = 1; i < 100; i++) current = current.Next = new Node { Name = i.ToString(System.Globalization.CultureInfo.InvariantCulture) };
        byte[] bytes = FudgeSerializer.Serialize(deep);
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<Node>(bytes));
        Assert.Equal("0", FudgeSerializer.Deserialize<Node>(bytes, new FudgeReaderOptions { MaxDepth = 200 }).Name);
    }
}

public class InheritanceTests
{
    [Fact]
    public void Derived_records_include_inherited_members()
    {
        var back = RoundTripTests.RoundTrip(new DerivedRecord(3, "b"));
        Assert.Equal(new DerivedRecord(3, "b"), back);
        var msg = FudgeSerializer.ToFudgeMsg(new DerivedRecord(3, "b"));
        Assert.Equal(3, msg.GetInt32("A"));
        Assert.Equal("b", msg.GetString("B"));
    }
}
