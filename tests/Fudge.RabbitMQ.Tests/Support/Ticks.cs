using Fudge.Serialization;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>The tick of the tests: ordinals on the wire, taxonomy id 7; field 1 (Kind) is what the routers select on.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 7)]
public sealed partial class Tick
{
    /// <summary>1 = trade, 2 = price-level update.</summary>
    [FudgeField(1)] public int Kind { get; set; }
    [FudgeField(2)] public string Symbol { get; set; } = "";
    [FudgeField(3)] public double Price { get; set; }
    [FudgeField(4)] public long Size { get; set; }
    [FudgeField(5)] public long Sequence { get; set; }

    /// <summary>A deterministic tick: every fifth one is a trade.</summary>
    public static Tick Number(long sequence) => new()
    {
        Kind = sequence % 5 == 0 ? 1 : 2,
        Symbol = "SYM" + (sequence % 17),
        Price = 100 + sequence % 100 / 100.0,
        Size = sequence % 1000 + 1,
        Sequence = sequence,
    };
}
