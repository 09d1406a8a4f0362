using System;
using System.Collections.Generic;
using System.Linq.Expressions;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// The key a projection's selector is found again by (<see cref="ExpressionKey"/>): equal for two trees the C# compiler
/// built from the same source, different as soon as anything a compiled selector does differs, and absent when the
/// tree reads something that could change between two queries that look the same.
/// </summary>
public class ExpressionKeyTests
{
    private sealed class Row
    {
        public string? Name { get; set; }
        public double Price { get; set; }
        public DateTime When { get; set; }
        public List<string>? Tags { get; set; }
    }

    private static ExpressionKey? Key<T>(Expression<Func<Row, T>> lambda) => ExpressionKey.Of(lambda);

    private static ExpressionKey? Selector() => Key(r => new { r.Name, Total = r.Price * 2 });

    // r => r.Price + value, with value as a literal of the tree.
    private static ExpressionKey? PricePlus(double value)
    {
        var r = Expression.Parameter(typeof(Row), "r");
        return ExpressionKey.Of(Expression.Lambda<Func<Row, double>>(Expression.Add(Expression.Property(r, nameof(Row.Price)), Expression.Constant(value)), r));
    }

    // r => r.When < value, with value as a literal of the tree.
    private static ExpressionKey? Before(DateTime value)
    {
        var r = Expression.Parameter(typeof(Row), "r");
        return ExpressionKey.Of(Expression.Lambda<Func<Row, bool>>(Expression.LessThan(Expression.Property(r, nameof(Row.When)), Expression.Constant(value)), r));
    }

    [Fact]
    public void Two_trees_of_one_source_have_one_key()
    {
        var a = Selector();
        var b = Selector();
        Assert.NotNull(a);
        Assert.NotSame(a, b);
        Assert.Equal(a, b);
        Assert.Equal(a!.GetHashCode(), b!.GetHashCode());
        Assert.Equal(Key(r => r.Tags!.Exists(t => t == "x")), Key(r => r.Tags!.Exists(t => t == "x")));
    }

    [Fact]
    public void A_different_literal_member_order_or_parameter_is_a_different_key()
    {
        Assert.NotEqual(Key(r => r.Price * 2), Key(r => r.Price * 3));
        Assert.NotEqual(Key(r => r.Price * 2), Key(r => r.Price / 2));
        Assert.NotEqual(Key(r => new { r.Name, r.Price }), Key(r => new { r.Price, r.Name }));
        Assert.NotEqual(Key(r => r.Name ?? "a"), Key(r => r.Name ?? null));
        // The parameter's name is part of it: what is said about the selector (an exception's text) names it.
        Assert.NotEqual(Key(r => r.Price), Key(x => x.Price));
        // Parameters of lambdas inside count by their places.
        Assert.NotEqual(Key(r => r.Tags!.Exists(t => t == r.Name)), Key(r => r.Tags!.Exists(t => r.Name == t)));
    }

    [Fact]
    public void Literals_equal_in_CSharp_but_not_the_same_are_different_keys()
    {
        Assert.NotEqual(PricePlus(0.0), PricePlus(-0.0));
        Assert.Equal(PricePlus(double.NaN), PricePlus(double.NaN));
        var ticks = new DateTime(2026, 11, 29, 12, 0, 0).Ticks;
        Assert.NotEqual(Before(new DateTime(ticks, DateTimeKind.Utc)), Before(new DateTime(ticks, DateTimeKind.Local)));
        Assert.Equal(Before(new DateTime(ticks, DateTimeKind.Utc)), Before(new DateTime(ticks, DateTimeKind.Utc)));
    }

    [Fact]
    public void A_tree_that_reads_what_could_change_has_no_key()
    {
        double factor = 2;
        var tags = new List<string> { "a" };
        // A compiled selector would go on reading the first query's variable.
        Assert.Null(Key(r => r.Price * factor));
        Assert.Null(Key(r => tags.Contains(r.Name!)));
        Assert.Null(Key(r => r.When < DateTime.Now));
        // A method or constructor over values alone could give another value each time.
        Assert.Null(Key(r => r.Price + Environment.ProcessorCount));
        Assert.Null(Key(r => r.Price + Math.Abs(-1)));
        Assert.Null(Key(r => new { r.Price, Id = Guid.NewGuid() }));
        Assert.NotNull(Key(r => new { r.Price, Upper = r.Name!.ToUpperInvariant() }));
    }
}
