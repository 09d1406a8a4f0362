using System.Collections.Generic;
using System.Text.Json.Serialization;
using Fudge.Serialization;

namespace Fudge.Web.Benchmarks;

/// <summary>
/// The object both endpoints return: an order as a typical REST API answers it (scalars, text, a list of 8 lines).
/// The same class carries both source generators, so both encodings see exactly the same data.
/// </summary>
[FudgeMessage]
public sealed partial class Order
{
    public long Id { get; set; }
    public string Customer { get; set; } = "";
    public string Status { get; set; } = "";
    public string Currency { get; set; } = "";
    public double Total { get; set; }
    public long CreatedUnixMs { get; set; }
    public bool Express { get; set; }
    public List<OrderLine> Lines { get; set; } = new();

    public static Order Sample()
    {
        var order = new Order { Id = 7_340_001, Customer = "ACME Trading Ltd", Status = "SHIPPED", Currency = "EUR", CreatedUnixMs = 1_795_000_000_000, Express = true };
        for (int i = 1; i <= 8; i++)
            order.Lines.Add(new OrderLine { Sku = "SKU-" + (4000 + i * 17), Description = "Widget, size " + i, Quantity = i * 3, UnitPrice = 9.99 + i });
        foreach (var line in order.Lines) order.Total += line.Quantity * line.UnitPrice;
        return order;
    }
}

[FudgeMessage]
public sealed partial class OrderLine
{
    public string Sku { get; set; } = "";
    public string Description { get; set; } = "";
    public int Quantity { get; set; }
    public double UnitPrice { get; set; }
}

/// <summary>System.Text.Json's source-generated serializer for <see cref="Order"/>.</summary>
[JsonSerializable(typeof(Order))]
public sealed partial class OrderJsonContext : JsonSerializerContext;
