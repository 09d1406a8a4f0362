// Hidden setup (docs/doc-check.md): the Trade and Quote types of docs/generator.md's first example, and one trade.
var trade = new Trade { Symbol = "ACME", Price = 182.55m, Quantity = 100, Quote = new Quote(182.50, 182.60) };

[FudgeMessage]
public partial class Trade
{
    public required string Symbol { get; init; }
    public decimal Price { get; set; }
    public long Quantity { get; set; }
    public Quote? Quote { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial record Quote([property: FudgeField(1)] double Bid, [property: FudgeField(2)] double Ask);
