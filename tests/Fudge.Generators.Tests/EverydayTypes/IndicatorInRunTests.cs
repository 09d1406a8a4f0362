using System.Buffers;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes.WrongValues;

/// <summary>A tick-like type whose string has an initializer: its null is an indicator, written inside the field run.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class TickWithDefaultSymbol
{
    [FudgeField(1)] public int Kind { get; set; }
    [FudgeField(2)] public string? Symbol { get; set; } = "";
    [FudgeField(3)] public long Size { get; set; }
    [FudgeField(4)] public double Price { get; set; }
}

/// <summary>
/// A member whose null must be written as an indicator (its initializer would otherwise fill it) stays in the ordinals
/// field run with its fixed-width neighbours: the run's string write gives null the writer's own indicator bytes.
/// </summary>
public class IndicatorInRunTests
{
    private static byte[] ByWriter(int kind, string? symbol, long size, double price)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt32(1, kind);
        if (symbol is null) writer.WriteIndicator(2);
        else writer.WriteString(2, symbol);
        writer.WriteInt64(3, size);
        writer.WriteDouble(4, price);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("AAPL")]
    public void The_string_writes_the_same_bytes_as_the_writer_null_included(string? symbol)
    {
        var tick = new TickWithDefaultSymbol { Kind = 300, Symbol = symbol, Size = 1L << 40, Price = 101.25 };

        byte[] bytes = FudgeSerializer.Serialize(tick);

        Assert.Equal(ByWriter(300, symbol, 1L << 40, 101.25), bytes);
        var back = FudgeSerializer.Deserialize<TickWithDefaultSymbol>(bytes);
        Assert.Equal((300, symbol, 1L << 40, 101.25), (back.Kind, back.Symbol, back.Size, back.Price));
    }
}
