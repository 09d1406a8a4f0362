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

        bool same = bytes.AsSpan().SequenceEqual(again) && Describe(book) == Describe(back) && dom.GetString("Name") == book.Name;
        Console.WriteLine($"{bytes.Length} bytes; read back: {Describe(back)}");
        Console.WriteLine(same ? "check: OK" : "check: MISMATCH");
        return same ? 0 : 1;
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
