using System.Linq;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>
/// The PostgreSQL store's list layout (<see cref="FudgeJsonSettings.ListsAsArrays"/>, internal): the fields keyed by the
/// empty name always one array, whichever of the plain walk's three paths writes the message; the shared plain JSON
/// unchanged.
/// </summary>
public class ListsAsArraysTests
{
    private static readonly FudgeJsonSettings Lists = new() { ListsAsArrays = true };

    [Fact]
    public void A_list_of_one_is_an_array_of_one_and_the_shared_form_keeps_the_value()
    {
        var message = new FudgeMsg().Add("Legs", new FudgeMsg().Add(null, new FudgeMsg().Add("Venue", "XLON"))).Add("Tags", new FudgeMsg().Add(null, "x").Add(null, "y"));

        Assert.Equal("{\"Legs\":{\"\":[{\"Venue\":\"XLON\"}]},\"Tags\":{\"\":[\"x\",\"y\"]}}", FudgeJson.ToJson(message, Lists));
        Assert.Equal("{\"Legs\":{\"\":{\"Venue\":\"XLON\"}},\"Tags\":{\"\":[\"x\",\"y\"]}}", FudgeJson.ToJson(message));
    }

    [Fact]
    public void A_message_of_many_fields_or_with_repeats_writes_its_one_anonymous_field_as_an_array_too()
    {
        // More than the few fields checked on the stack: the field stack without repeats.
        var many = new FudgeMsg();
        foreach (int i in Enumerable.Range(0, 20)) many.Add("f" + i, i);
        many.Add(null, 7);
        Assert.EndsWith(",\"f19\":19,\"\":[7]}", FudgeJson.ToJson(many, Lists));
        Assert.EndsWith(",\"f19\":19,\"\":7}", FudgeJson.ToJson(many));

        // A repeated name: the field stack's linked repeats.
        var repeats = new FudgeMsg().Add("a", 1).Add("a", 2).Add(null, true).Add("b", new FudgeMsg().Add(null, (short)3));
        Assert.Equal("{\"a\":[1,2],\"\":[true],\"b\":{\"\":[3]}}", FudgeJson.ToJson(repeats, Lists));
        Assert.Equal("{\"a\":[1,2],\"\":true,\"b\":{\"\":3}}", FudgeJson.ToJson(repeats));
    }

    [Fact]
    public void Named_fields_an_ordinal_and_an_indicator_element_are_written_as_before()
    {
        var message = new FudgeMsg().Add("n", 1).Add((short)7, "o").Add(null, null).Add("arr", new[] { 1, 2 });

        Assert.Equal("{\"n\":1,\"7\":\"o\",\"\":[null],\"arr\":[1,2]}", FudgeJson.ToJson(message, Lists));
    }
}
