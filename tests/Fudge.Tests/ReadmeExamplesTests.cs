using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Threading.Tasks;
using Xunit;

namespace Fudge.Tests;

/// <summary>The README's quick-start code, kept compiling and working.</summary>
public class ReadmeExamplesTests
{
    private static readonly FudgeFieldKey Symbol = FudgeFieldKey.Create("symbol");
    private static readonly FudgeFieldKey Price = FudgeFieldKey.Create("price");

    [Fact]
    public void Building_encoding_and_reading_a_message()
    {
        var trade = new FudgeMsg()
            .Add("symbol", "AAPL")
            .Add("price", 189.25)
            .Add("qty", 42)
            .Add("legs", new FudgeMsg().Add(1, "XNAS").Add(2, "BATS"));

        byte[] bytes = trade.ToByteArray();
        FudgeMsg back = FudgeMsg.Parse(bytes);
        long qty = back.GetInt64("qty")!.Value;

        Assert.Equal(42, qty);
        Assert.Equal(FudgeTypeId.Int8, back[2].TypeId);
        Assert.Equal(trade, back);
        Assert.Contains("legs (message):", back.ToString());
    }

    [Fact]
    public void The_zero_allocation_writer_and_reader()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(buffer);
        var envelope = writer.BeginEnvelope();
        writer.WriteString(Symbol, "AAPL");
        writer.WriteDouble(Price, 189.25);
        var leg = writer.BeginMessage("leg");
        writer.WriteInt64(FudgeFieldKey.FromOrdinal(1), 100);
        writer.EndMessage(leg);
        writer.EndEnvelope(envelope);
        writer.Flush();

        var reader = new FudgeReader(buffer.WrittenSpan);
        double price = 0;
        long legQty = 0;
        while (reader.Read())
        {
            if (reader.NameEquals("price"u8)) price = reader.GetDouble();
            else if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                while (sub.Read()) legQty = sub.GetInt64();
            }
        }

        Assert.Equal(189.25, price);
        Assert.Equal(100, legQty);
    }

    [Fact]
    public async Task Streams_with_a_taxonomy_and_limits()
    {
        var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [1] = "symbol", [2] = "price" });
        var trade = new FudgeMsg().Add("symbol", "AAPL").Add("price", 189.25);
        var file = new MemoryStream();
        using (var writer = new FudgeStreamWriter(file, leaveOpen: true))
            writer.Write(new FudgeEnvelope(trade, taxonomyId: 7), taxonomy);
        file.Position = 0;

        var options = new FudgeReaderOptions
        {
            MaxDepth = 32, MaxMessageSize = 1 << 20,
            TaxonomyResolver = new FudgeTaxonomyResolver(7, taxonomy),
        };
        using var reader = new FudgeStreamReader(file, options);
        var read = new List<FudgeEnvelope>();
        await foreach (var envelope in reader.ReadAllAsync()) read.Add(envelope);

        // The ordinals stay on the fields; the taxonomy puts the names back beside them.
        var single = Assert.Single(read);
        Assert.Equal("AAPL", single.Message.GetString("symbol"));
        Assert.Equal((short)2, single.Message.GetField("price")!.Value.Ordinal);
        Assert.Equal(7, single.TaxonomyId);
    }
}
