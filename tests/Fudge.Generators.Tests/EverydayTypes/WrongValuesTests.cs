using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes.WrongValues;

/// <summary>
/// Issue 41 section 2: a member set to null reads back null, in both field modes, whatever would otherwise fill it (an
/// initializer, the constructor's body, a parameter's default, an init-only constant); members nothing fills keep
/// their bytes (a null is left out).
/// </summary>
public class WrongValuesTests
{
    private static T RoundTrip<T>(T value) => FudgeSerializer.Deserialize<T>(FudgeSerializer.Serialize(value));

    private static List<FudgeField> Fields<T>(T value) => FudgeMsg.Parse(FudgeSerializer.Serialize(value)).ToList();

    [Fact]
    public void The_issue_examples_read_back_null_by_name()
    {
        var back = RoundTrip(new Defaults { Retries = null, Currency = null, Tags = null, Address = null, Point = null, Side = null, Limits = null, Field = null });
        Assert.Null(back.Retries);
        Assert.Null(back.Currency);
        Assert.Null(back.Tags);
        Assert.Null(back.Address);
        Assert.Null(back.Point);
        Assert.Null(back.Side);
        Assert.Null(back.Limits);
        Assert.Null(back.Field);
        Assert.Null(back.Plain);
    }

    [Fact]
    public void The_issue_examples_read_back_null_by_ordinal()
    {
        var back = RoundTrip(new DefaultsOrdinals { Retries = null, Currency = null, Tags = null, Address = null, Point = null, Side = null, Limits = null, Field = null, Count = 5, Other = -1 });
        Assert.Null(back.Retries);
        Assert.Null(back.Currency);
        Assert.Null(back.Tags);
        Assert.Null(back.Address);
        Assert.Null(back.Point);
        Assert.Null(back.Side);
        Assert.Null(back.Limits);
        Assert.Null(back.Field);
        Assert.Null(back.Plain);
        Assert.Equal((5, -1), (back.Count, back.Other));
    }

    [Fact]
    public void Values_other_than_null_still_round_trip_exactly()
    {
        var value = new Defaults { Retries = 0, Currency = "", Tags = new() { 3, 2 }, Address = new Address { Street = null }, Point = new Point { X = 7 }, Side = Side.Buy, Limits = new(), Field = "x", Plain = "p" };
        var back = RoundTrip(value);
        Assert.Equal((0, "", "3,2", (string?)null, 7, Side.Buy, 0, "x", "p"),
            (back.Retries, back.Currency, string.Join(",", back.Tags!), back.Address!.Street, back.Point!.Value.X, back.Side, back.Limits!.Count, back.Field, back.Plain));
        var ordinals = RoundTrip(new DefaultsOrdinals { Retries = 0, Currency = "", Tags = new() { 3, 2 }, Address = new Address { Street = null }, Point = new Point { X = 7 }, Side = Side.Buy, Limits = new(), Field = "x", Plain = "p" });
        Assert.Equal((0, "", "3,2", (string?)null, 7, Side.Buy, 0, "x", "p"),
            (ordinals.Retries, ordinals.Currency, string.Join(",", ordinals.Tags!), ordinals.Address!.Street, ordinals.Point!.Value.X, ordinals.Side, ordinals.Limits!.Count, ordinals.Field, ordinals.Plain));
    }

    [Fact]
    public void A_null_that_would_be_filled_is_an_indicator_and_an_ordinary_null_is_left_out()
    {
        var names = Fields(new Defaults { Retries = null, Currency = null, Tags = null, Address = null, Point = null, Side = null, Limits = null, Field = null });
        Assert.Equal(new[] { "Retries", "Currency", "Tags", "Address", "Point", "Side", "Limits", "Field" }, names.Select(f => f.Name));
        Assert.All(names, f => Assert.True(f.IsIndicator, f.ToString()));
        var ordinals = Fields(new DefaultsOrdinals { Retries = null, Currency = null, Tags = null, Address = null, Point = null, Side = null, Limits = null, Field = null });
        Assert.Equal(new short?[] { 1, 2, 3, 4, 5, 6, 7, 8, 10, 11 }, ordinals.Select(f => f.Ordinal));
        Assert.All(ordinals.Take(8), f => Assert.True(f.IsIndicator, f.ToString()));
    }

    [Fact]
    public void Ordinary_null_members_keep_todays_bytes_an_empty_message()
    {
        byte[] empty = new FudgeMsg().ToByteArray();
        Assert.Equal(empty, FudgeSerializer.Serialize(new Plain()));
        Assert.Equal(empty, FudgeSerializer.Serialize(new PlainOrdinals()));
        // Tags (the constructor fills it) is an indicator; Other (nothing fills it) is left out
        Assert.Equal(new FudgeMsg().Add("Tags", FudgeIndicator.Instance).Add("Note", "n").ToByteArray(),
            FudgeSerializer.Serialize(new Order { Tags = null, Note = "n", Other = null }));
        var back = RoundTrip(new Plain());
        Assert.Equal((null, null, null, null), (back.Name, back.Count, back.Items, back.Address));
    }

    [Fact]
    public void Members_filled_by_the_constructor_body_read_back_null()
    {
        var order = RoundTrip(new Order { Tags = null, Note = null });
        Assert.Equal(((List<string>?)null, (string?)null, (string?)null), (order.Tags, order.Note, order.Other));
        var filled = RoundTrip(new Order { Tags = new() { "a" }, Note = "x", Other = "o" });
        Assert.Equal(("a", "x", "o"), (string.Join(",", filled.Tags!), filled.Note, filled.Other));
        var ordinals = RoundTrip(new OrderOrdinals { Tags = null, Note = null });
        Assert.Equal(((List<string>?)null, (string?)null, (string?)null), (ordinals.Tags, ordinals.Note, ordinals.Other));
        // Other: nothing fills it, so its null is left out
        Assert.DoesNotContain(Fields(new Order { Tags = null, Note = null }), f => f.Name == "Other");
    }

    [Fact]
    public void Members_a_base_constructor_fills_read_back_null()
    {
        var back = RoundTrip(new DerivedOrder { Desk = null, Trader = null });
        Assert.Equal(((string?)null, (string?)null), (back.Desk, back.Trader));
    }

    [Fact]
    public void Constructor_parameter_defaults_init_only_constants_and_required_members_read_back_null()
    {
        var quote = new Quote(Venue: null, Size: null) { Unit = null, Book = null };
        Assert.Equal(quote, RoundTrip(quote));
        var ordinals = new QuoteOrdinals(Venue: null, Size: null) { Unit = null, Book = null };
        Assert.Equal(ordinals, RoundTrip(ordinals));
        // the parameter whose default is null needs nothing on the wire
        Assert.DoesNotContain(Fields(quote), f => f.Name == "Plain");
        var full = new Quote("BATS", 5, "p") { Unit = "s", Book = "b" };
        Assert.Equal(full, RoundTrip(full));
    }

    [Fact]
    public void Struct_members_with_initializers_read_back_null()
    {
        var settings = RoundTrip(new Settings { Label = null, Level = null });
        Assert.Equal(((string?)null, (int?)null), (settings.Label, settings.Level));
        var ordinals = RoundTrip(new SettingsOrdinals { Label = null, Level = null });
        Assert.Equal(((string?)null, (int?)null), (ordinals.Label, ordinals.Level));
    }

    [Fact]
    public void Nested_objects_keep_their_nulls()
    {
        var outer = RoundTrip(new Outer { Inner = new Defaults { Currency = null, Tags = null }, Items = new() { null, new Defaults { Retries = null } }, Settings = null });
        Assert.Equal(((string?)null, (List<int>?)null, 3), (outer.Inner!.Currency, outer.Inner.Tags, outer.Inner.Retries));
        Assert.Null(outer.Items![0]);
        Assert.Null(outer.Items[1]!.Retries);
        Assert.Null(outer.Settings);
        Assert.Null(RoundTrip(new Outer { Inner = null, Items = null }).Items);

        var ordinals = RoundTrip(new OuterOrdinals { Inner = new DefaultsOrdinals { Currency = null, Tags = null }, Items = new() { null, new DefaultsOrdinals { Retries = null } }, Settings = null });
        Assert.Equal(((string?)null, (List<int>?)null, 3), (ordinals.Inner!.Currency, ordinals.Inner.Tags, ordinals.Inner.Retries));
        Assert.Null(ordinals.Items![0]);
        Assert.Null(ordinals.Items[1]!.Retries);
        Assert.Null(ordinals.Settings);
        Assert.Null(RoundTrip(new OuterOrdinals { Inner = null }).Inner);
    }

    [Fact]
    public void An_indicator_for_a_get_only_collection_keeps_the_collection_the_object_holds()
    {
        // A get-only collection cannot be set to null: the reader clears and fills the one the constructor made, and
        // an indicator (another writer's null) leaves it as made.
        var back = FudgeSerializer.Deserialize<Basket>(new FudgeMsg().Add("Items", FudgeIndicator.Instance).ToByteArray());
        Assert.Equal(new[] { 1 }, back.Items);
    }

    [Fact]
    public void Absent_fields_still_take_the_defaults()
    {
        var back = FudgeSerializer.Deserialize<Defaults>(new FudgeMsg().ToByteArray());
        Assert.Equal((3, "USD", "1", "Main"), (back.Retries, back.Currency, string.Join(",", back.Tags!), back.Address!.Street));
        var quote = FudgeSerializer.Deserialize<Quote>(new FudgeMsg().Add("Book", "b").ToByteArray());
        Assert.Equal(new Quote() { Book = "b" }, quote);
    }
}
