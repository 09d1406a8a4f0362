using Fudge.Serialization;

namespace Fudge.RabbitMQ.Router;

/// <summary>A market-data tick, sent with ordinals only: field 1 (Kind) is what the example routes on.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public sealed partial class Tick
{
    /// <summary>1 = trade, 2 = price-level update.</summary>
    [FudgeField(1)] public int Kind { get; set; }
    [FudgeField(2)] public string Symbol { get; set; } = "";
    [FudgeField(3)] public double Price { get; set; }
    [FudgeField(4)] public long Size { get; set; }
    [FudgeField(5)] public long Sequence { get; set; }
}
