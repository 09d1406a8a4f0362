using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>
/// Finding: get-only collection auto-properties (<c>public List&lt;T&gt; Items { get; } = new();</c>, the usual .NET
/// idiom) were silently left out of the message. They are now written, and read by filling the existing collection.
/// </summary>
public class GetOnlyCollectionTests
{
    [Fact]
    public void Get_only_collections_are_written_and_filled_in_place()
    {
        var value = new GetOnlyCollections { Name = "n" };
        value.Items.Clear();
        value.Items.AddRange(new[] { 1, 2 });
        value.Map["a"] = 3;
        value.Tags.Add("z");
        value.Tags.Add("b");

        byte[] bytes = FudgeSerializer.Serialize(value);
        Assert.Equal(new[] { "Items", "Map", "Tags", "Name" }, FudgeMsg.Parse(bytes).Select(f => f.Name).ToArray());

        var back = FudgeSerializer.Deserialize<GetOnlyCollections>(bytes);
        Assert.Equal(new[] { 1, 2 }, back.Items);            // the constructor's -1 is replaced, not kept
        Assert.Equal(3, back.Map["a"]);
        Assert.IsType<SortedSet<string>>(back.Tags);          // the object's own collection, filled
        Assert.Equal(new[] { "b", "z" }, back.Tags);
    }

    [Fact]
    public void An_absent_field_leaves_the_collection_as_constructed()
    {
        var back = FudgeSerializer.Deserialize<GetOnlyCollections>(new FudgeMsg().Add("Name", "x").ToByteArray());
        Assert.Equal(new[] { -1 }, back.Items);
        Assert.Empty(back.Map);
    }

    [Fact]
    public void Get_only_collections_of_structs_round_trip()
    {
        var value = new GetOnlyInStruct();
        value.Names.Add("a");
        Assert.Equal(new[] { "a" }, FudgeSerializer.Deserialize<GetOnlyInStruct>(FudgeSerializer.Serialize(value)).Names);
    }
}
