using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge;
using Fudge.Serialization;

namespace Fudge.Sample;

public enum Side { Buy = 1, Sell = 2 }

/// <summary>A market-data trade: names on the wire (the default), so any Fudge reader understands it.</summary>
[FudgeMessage]
public partial class Trade
{
    public required string Symbol { get; init; }
    public decimal Price { get; set; }
    public long Quantity { get; set; }
    public Side Side { get; set; }
    public DateTimeOffset Time { get; set; }
    public string? Venue { get; set; }
    public List<string> Flags { get; set; } = new();
    public Quote? Quote { get; set; }
}

/// <summary>A quote with ordinals only: smaller on the wire.</summary>
[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial record Quote([property: FudgeField(1)] double Bid, [property: FudgeField(2)] double Ask);

public static class Program
{
    public static void Main()
    {
        var trade = new Trade
        {
            Symbol = "VOD.L", Price = 72.34m, Quantity = 15_000, Side = Side.Buy,
            Time = new DateTimeOffset(2026, 11, 21, 9, 30, 0, TimeSpan.Zero), Venue = "XLON",
            Flags = { "block", "auction" }, Quote = new Quote(72.30, 72.38),
        };

        // 1. Serialize: plain self-describing Fudge bytes.
        byte[] bytes = FudgeSerializer.Serialize(trade);
        Console.WriteLine($"Serialized a Trade into {bytes.Length} bytes:");
        Console.WriteLine(Convert.ToHexString(bytes));
        Console.WriteLine();

        // 2. Inspect without the class: the DOM reader (or Fudge-Java) decodes it as any other message.
        Console.WriteLine("Decoded with FudgeMsg, no Trade class needed:");
        Console.WriteLine(FudgeMsg.Parse(bytes));
        Console.WriteLine();

        // 3. Deserialize back into the class.
        var back = FudgeSerializer.Deserialize<Trade>(bytes);
        Console.WriteLine($"Deserialized: {back.Side} {back.Quantity} {back.Symbol} @ {back.Price} on {back.Venue} at {back.Time:O}, " +
                          $"flags [{string.Join(", ", back.Flags)}], quote {back.Quote}");

        // 4. The hot path: a reused buffer, nothing allocated per message.
        var buffer = new ArrayBufferWriter<byte>(1024);
        long before = GC.GetAllocatedBytesForCurrentThread();
        for (int i = 0; i < 100_000; i++)
        {
            buffer.ResetWrittenCount();
            FudgeSerializer.Serialize(buffer, trade);
        }
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;
        Console.WriteLine($"Serialized 100000 trades into a reused buffer, allocating {allocated} bytes in total.");

        // 5. Version tolerance: a reader skips fields it does not know and keeps defaults for absent ones.
        var fromOtherVersion = new FudgeMsg().Add("Symbol", "BARC.L").Add("Price", "1.5").Add("Exchange", "future field");
        var old = FudgeSerializer.FromFudgeMsg<Trade>(fromOtherVersion);
        Console.WriteLine($"From a message with an unknown field: {old.Symbol} @ {old.Price}, {old.Flags.Count} flags");

        // 6. A missing required member is reported by name.
        try
        {
            FudgeSerializer.FromFudgeMsg<Trade>(new FudgeMsg().Add("Price", "2"));
        }
        catch (FudgeFormatException e)
        {
            Console.WriteLine("Rejected: " + e.Message);
        }
    }
}
