using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Serialization;

namespace Fudge.AotSample;

/// <summary>A polymorphic base: the concrete type travels as its union name at ordinal 0.</summary>
[FudgeMessage]
[FudgeUnion("Equity", typeof(EquityOrder))]
[FudgeUnion("Fx", typeof(FxOrder))]
public abstract partial class Order
{
    public string Id { get; set; } = "";
    public Dictionary<string, decimal> Fees { get; set; } = new();
}

[FudgeMessage]
public partial class EquityOrder : Order
{
    public string Ticker { get; set; } = "";
    public Price? Limit { get; set; }
}

[FudgeMessage]
public partial class FxOrder : Order
{
    public string Pair { get; set; } = "";
    public double Rate { get; set; }
}

/// <summary>A positional record: read back through its constructor.</summary>
[FudgeMessage]
public partial record Price(decimal Amount, string Currency);

/// <summary>The top-level message: a list of orders of either kind.</summary>
[FudgeMessage]
public partial class Book
{
    public string Name { get; set; } = "";
    public List<Order> Orders { get; set; } = new();
}

/// <summary>A generic message: one formatter per closed type, registered by the generator (no reflection under AOT).</summary>
[FudgeMessage]
public partial class Page<T>
{
    public int Number { get; set; }
    public List<T> Items { get; set; } = new();
    public T? First { get; set; }
}

public static class Program
{
    public static int Main()
    {
        var book = new Book
        {
            Name = "desk 7 \U0001F600",
            Orders =
            {
                new EquityOrder { Id = "e1", Ticker = "VOD.L", Limit = new Price(72.34m, "GBp"), Fees = { ["clearing"] = 0.25m, ["exchange"] = 1.10m } },
                new FxOrder { Id = "f1", Pair = "EURUSD", Rate = 1.0834, Fees = { ["spread"] = 0.0002m } },
            },
        };

        byte[] bytes = FudgeSerializer.Serialize(book);
        var back = FudgeSerializer.Deserialize<Book>(bytes);
        byte[] again = FudgeSerializer.Serialize(back);

        // The DOM reads the same bytes without the classes: proof the output is ordinary Fudge.
        var dom = FudgeMsg.Parse(bytes);

        bool same = bytes.AsSpan().SequenceEqual(again) && Describe(book) == Describe(back) && dom.GetString("Name") == book.Name
            && GenericsAndTopLevelValues();
        Console.WriteLine($"{bytes.Length} bytes; read back: {Describe(back)}");
        Console.WriteLine(same ? "check: OK" : "check: MISMATCH");
        return same ? 0 : 1;
    }

    /// <summary>Generic messages over a record, an int and a list, and top-level lists, maps and scalars.</summary>
    private static bool GenericsAndTopLevelValues()
    {
        var prices = new Page<Price> { Number = 2, Items = { new Price(1.50m, "EUR"), new Price(2m, "USD") }, First = new Price(0.10m, "GBP") };
        var pricesBack = FudgeSerializer.Deserialize<Page<Price>>(FudgeSerializer.Serialize(prices));
        var ints = FudgeSerializer.Deserialize<Page<int>>(FudgeSerializer.Serialize(new Page<int> { Items = { 1, -2, 300000 }, First = 7 }));
        var lists = FudgeSerializer.Deserialize<Page<List<Price>>>(FudgeSerializer.Serialize(new Page<List<Price>> { First = new() { new Price(3m, "JPY") } }));
        var list = FudgeSerializer.Deserialize<List<Price>>(FudgeSerializer.Serialize(new List<Price> { new(4.25m, "CHF") }));
        var map = FudgeSerializer.Deserialize<Dictionary<string, int>>(FudgeSerializer.Serialize(new Dictionary<string, int> { ["a"] = 1 }));
        int scalar = FudgeSerializer.Deserialize<int>(FudgeSerializer.Serialize(42));
        bool ok = pricesBack.Number == 2 && pricesBack.Items.SequenceEqual(prices.Items) && pricesBack.First == prices.First
            && ints.Items.SequenceEqual(new[] { 1, -2, 300000 }) && ints.First == 7
            && lists.First!.Single() == new Price(3m, "JPY") && list.Single() == new Price(4.25m, "CHF") && map["a"] == 1 && scalar == 42;
        Console.WriteLine($"generics and top-level values: {(ok ? "OK" : "MISMATCH")}");
        return ok;
    }

    private static string Describe(Book book) => book.Name + " | " + string.Join(" | ", book.Orders.Select(Describe));

    private static string Describe(Order order)
    {
        string fees = string.Join(",", order.Fees.OrderBy(f => f.Key, StringComparer.Ordinal).Select(f => f.Key + "=" + f.Value));
        return order switch
        {
            EquityOrder e => $"Equity {e.Id} {e.Ticker} limit {e.Limit} fees {fees}",
            FxOrder f => $"Fx {f.Id} {f.Pair} {f.Rate} fees {fees}",
            _ => $"unknown {order.GetType().Name}",
        };
    }
}
