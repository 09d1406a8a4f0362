using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.AspNetCore.Tests.Support;

[FudgeMessage]
public sealed partial class Trade
{
    public string Symbol { get; set; } = "";
    public double Price { get; set; }
    public long Quantity { get; set; }
    public List<string> Venues { get; set; } = new();

    public static Trade Sample(int id) => new() { Symbol = "SYM" + id, Price = 100.25 + id, Quantity = 10 * id, Venues = { "XNAS", "BATS" } };
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class Tick
{
    [FudgeField(1)] public long Sequence { get; set; }
    [FudgeField(2)] public string Symbol { get; set; } = "";
    [FudgeField(3)] public double Price { get; set; }

    public static Tick Number(long sequence) => new() { Sequence = sequence, Symbol = "T" + (sequence % 50), Price = 10 + sequence * 0.01 };
}

[FudgeMessage]
public sealed partial class StreamSummary
{
    public long Count { get; set; }
    public long SequenceSum { get; set; }
}
