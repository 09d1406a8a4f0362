using Fudge.Serialization;

namespace Fudge.Nats.Tests.Support;

/// <summary>The tick of the tests: names and ordinals on the wire (so paths such as <c>$.Symbol</c> address them).</summary>
[FudgeMessage(Fields = FudgeFieldIds.NamesAndOrdinals)]
public sealed partial class Tick
{
    [FudgeField(1)] public string Symbol { get; set; } = "";
    [FudgeField(2)] public double Price { get; set; }
    [FudgeField(3)] public long Size { get; set; }
    [FudgeField(4)] public long Sequence { get; set; }

    /// <summary>A deterministic tick over five symbols.</summary>
    public static Tick Number(long sequence) => new()
    {
        Symbol = Symbols[sequence % Symbols.Length],
        Price = 100 + sequence % 100 / 100.0,
        Size = sequence % 1000 + 1,
        Sequence = sequence,
    };

    public static readonly string[] Symbols = { "AAPL", "MSFT", "IBM", "ORCL", "SAP" };
}
