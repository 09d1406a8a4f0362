using System.Collections.Generic;
using System.Linq;
using Fudge.Views;
using Xunit;

namespace Fudge.Json.Tests;

public class ViewTests
{
    private static FudgeMsg Sample() => new FudgeMsg()
        .Add("name", "Kirk")
        .Add("tag", "a")
        .Add((short)5, 42)
        .Add(null, "anonymous")
        .Add("tag", "b")
        .Add("flag", null)
        .Add("sub", new FudgeMsg().Add("x", 1).Add("x", 2));

    [Fact]
    public void The_dictionary_view_shows_first_values_under_name_ordinal_or_empty_keys()
    {
        var view = Sample().AsDictionary();

        Assert.Equal(new[] { "name", "tag", "5", "", "flag", "sub" }, view.Keys);
        Assert.Equal("a", view["tag"]);
        Assert.Equal((sbyte)42, view["5"]);
        Assert.Equal("anonymous", view[""]);
        Assert.Null(view["flag"]);
        Assert.True(view.ContainsKey("flag"));
        Assert.Equal((sbyte)1, ((IDictionary<string, object?>)view["sub"]!)["x"]);
        Assert.Same(view["sub"], view["sub"]); // one wrapper per sub-message
        Assert.False(view.TryGetValue("missing", out _));
        Assert.Throws<KeyNotFoundException>(() => view["missing"]);
    }

    [Fact]
    public void Ordinal_only_fields_take_their_key_from_the_taxonomy()
    {
        var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [5] = "answer" });

        var view = Sample().AsDictionary(taxonomy);

        Assert.Equal((sbyte)42, view["answer"]);
        Assert.False(view.ContainsKey("5"));
    }

    [Fact]
    public void Writes_go_through_to_the_message()
    {
        var message = Sample();
        var view = message.AsDictionary();

        view["tag"] = "c";            // replaces the first "tag" only
        view["new"] = 3.5;            // appends a named field
        view["5"] = "five";           // replaces the ordinal field's value, keeping its ordinal
        view.Add("nested", new Dictionary<string, object?> { ["k"] = 1 });
        Assert.True(view.Remove("sub"));

        Assert.Equal(new[] { "c", "b" }, message.GetAll("tag").Select(f => f.Value));
        Assert.Equal(3.5, message.GetValue("new"));
        Assert.Equal("five", message.GetString(5));
        Assert.Equal((sbyte)1, message.GetMessage("nested")!.GetValue("k"));
        Assert.False(message.HasField("sub"));
        Assert.Throws<System.ArgumentException>(() => view.Add("new", 1));
    }

    [Fact]
    public void The_multi_map_view_shows_every_value_in_order()
    {
        var view = Sample().AsMultiMap();

        Assert.Equal(new object?[] { "a", "b" }, view["tag"]);
        Assert.Equal(new object?[] { null }, view["flag"]);
        var sub = (FudgeMsgMultiMap)view["sub"][0]!;
        Assert.Equal(new object?[] { (sbyte)1, (sbyte)2 }, sub["x"]);
        Assert.Equal(6, view.Count);
    }

    [Fact]
    public void Views_follow_changes_made_to_the_message_directly()
    {
        var message = Sample();
        var view = message.AsDictionary();
        Assert.False(view.ContainsKey("later"));

        message.Add("later", 1);

        Assert.True(view.ContainsKey("later"));
    }

    [Fact]
    public void A_lookup_per_key_over_a_500_field_message_builds_the_index_once()
    {
        var message = new FudgeMsg();
        for (int i = 0; i < 500; i++) message.Add("field" + i, i);
        var view = message.AsDictionary();

        for (int i = 0; i < 500; i++) Assert.Equal(i, System.Convert.ToInt32(view["field" + i]));
        for (int i = 0; i < 500; i++) view["field" + i] = i * 2;     // replacing values keeps the index
        for (int i = 0; i < 100; i++) view["extra" + i] = i;         // so does appending through the view
        for (int i = 0; i < 100; i++) Assert.True(view.ContainsKey("extra" + i));

        Assert.Equal(1, view.Index.BuildCount);
    }

    [Fact]
    public void Small_messages_are_searched_without_building_an_index()
    {
        var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [1] = "bid" });
        var message = new FudgeMsg().Add("a", 1).Add(null, (short)1, 2.5).Add(null, (short)7, "seven").Add(null, null, "anonymous");
        var view = message.AsDictionary(taxonomy);

        Assert.Equal(1, System.Convert.ToInt32(view["a"]));
        Assert.Equal(2.5, view["bid"]);                  // the taxonomy's name for ordinal 1
        Assert.False(view.ContainsKey("1"));             // ... which then is not keyed by its number
        Assert.Equal("seven", view["7"]);
        Assert.False(view.ContainsKey("07"));            // only the canonical text of an ordinal
        Assert.False(view.ContainsKey("+7"));
        Assert.Equal("anonymous", view[""]);
        view["b"] = 3;                                   // appended through the view
        Assert.True(view.ContainsKey("b"));
        Assert.Equal(new[] { "a", "bid", "7", "", "b" }, view.Keys);
        message.Add("a", 9).Add("c", 4);                 // changed directly: a repeat and a new key
        Assert.Equal(new[] { "a", "bid", "7", "", "b", "c" }, view.Keys);
        Assert.Equal(1, System.Convert.ToInt32(view["a"])); // still the first value

        Assert.Equal(0, view.Index.BuildCount);
    }

    [Fact]
    public void A_sub_message_replaced_behind_the_view_gets_a_new_wrapper()
    {
        var message = new FudgeMsg().Add("sub", new FudgeMsg().Add("x", 1));
        var view = message.AsDictionary();
        var before = (IDictionary<string, object?>)view["sub"]!;

        message.SetAt(0, new FudgeMsg().Add("sub", new FudgeMsg().Add("y", 2))[0]);
        var after = (IDictionary<string, object?>)view["sub"]!;

        Assert.NotSame(before, after);
        Assert.True(after.ContainsKey("y"));
        Assert.Same(after, view["sub"]);                 // and that wrapper is kept while nothing changes
    }

    [Fact]
    public void Sub_messages_written_through_the_view_get_their_own_wrappers()
    {
        var view = new FudgeMsg().Add("sub", new FudgeMsg().Add("x", 1)).Add("n", 5).AsDictionary();
        var sub = view["sub"];

        view["more"] = new Dictionary<string, object?> { ["z"] = 3 };   // appended after the wrappers seen so far
        var more = (IDictionary<string, object?>)view["more"]!;
        view["sub"] = new Dictionary<string, object?> { ["y"] = 2 };    // replaced in place
        var replaced = (IDictionary<string, object?>)view["sub"]!;

        Assert.Equal(3, System.Convert.ToInt32(more["z"]));
        Assert.Same(more, view["more"]);
        Assert.NotSame(sub, replaced);
        Assert.True(replaced.ContainsKey("y") && !replaced.ContainsKey("x"));
        Assert.Same(replaced, view["sub"]);
        var multi = view.Message.AsMultiMap();
        Assert.Same(multi["more"][0], multi["more"][0]);
    }

    [Fact]
    public void An_indexed_view_lists_each_key_once_in_order_of_first_occurrence()
    {
        var message = new FudgeMsg();
        for (int i = 0; i < 30; i++) message.Add("k" + (i % 7 == 3 ? 0 : i), i);   // k0 repeats at 3, 10, 17, 24
        var view = message.AsDictionary();

        Assert.True(view.ContainsKey("k29"));        // more than a scan's worth of fields: the index is built
        view["extra"] = 1;                           // appended through the view
        var expected = Enumerable.Range(0, 30).Where(i => i % 7 != 3).Select(i => "k" + i).Append("extra").ToList();

        Assert.Equal(expected, view.Keys);
        Assert.Equal(expected, view.Select(pair => pair.Key));
        Assert.Equal(0, System.Convert.ToInt32(view["k0"]));
        Assert.Equal(new object[] { 0, 3, 10, 17, 24 }, message.AsMultiMap()["k0"].Select(v => (object)System.Convert.ToInt32(v)));
        Assert.Equal(1, view.Index.BuildCount);
    }

    [Fact]
    public void Converting_to_a_dictionary_turns_repeats_into_lists_and_back_into_repeated_fields()
    {
        var dictionary = Sample().ToDictionary();

        Assert.Equal(new List<object?> { "a", "b" }, dictionary["tag"]);
        Assert.Equal((sbyte)42, dictionary["5"]);
        Assert.Null(dictionary["flag"]);
        Assert.Equal(new List<object?> { (sbyte)1, (sbyte)2 }, ((Dictionary<string, object?>)dictionary["sub"]!)["x"]);

        var back = FudgeDictionaryConverter.ToMessage(dictionary, numericKeysAsOrdinals: true);

        Assert.Equal(new[] { "a", "b" }, back.GetAll("tag").Select(f => f.Value));
        Assert.Equal((sbyte)42, back.GetValue(5));
        Assert.Equal("anonymous", back.GetAnonymous()[0].Value);
        Assert.Equal(2, back.GetMessage("sub")!.GetAll("x").Count);
    }

    [Fact]
    public void Converting_gathers_every_value_of_a_key_whether_its_repeats_are_together_or_apart()
    {
        var message = new FudgeMsg().Add("a", 1).Add("a", 2).Add("b", 3).Add("a", 4).Add("c", 5).Add("c", 6)
            .Add((short)7, "x").Add((short)7, "y").Add("z", 8).Add((short)7, "w");

        var dictionary = message.ToDictionary();

        Assert.Equal(new List<object?> { (sbyte)1, (sbyte)2, (sbyte)4 }, dictionary["a"]);
        Assert.Equal((sbyte)3, dictionary["b"]);
        Assert.Equal(new List<object?> { (sbyte)5, (sbyte)6 }, dictionary["c"]);
        Assert.Equal(new List<object?> { "x", "y", "w" }, dictionary["7"]);   // each ordinal's key is a new string
        Assert.Equal(new[] { "a", "b", "c", "7", "z" }, dictionary.Keys);
    }
}
