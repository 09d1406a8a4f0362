using System;
using System.Linq;
using Fudge.Benchmarks.Contenders;
using Fudge.Benchmarks.Contenders.Generated;
using Fudge.Benchmarks.Contenders.Protobuf;
using Fudge.Benchmarks.Models;
using Fudge.Benchmarks.Proto;

namespace Fudge.Benchmarks.Harness;

/// <summary>Proves a contender decodes what it encoded, so no row of a table measures a broken serializer.</summary>
internal static class RoundTripCheck
{
    public static void Graph(GraphContender contender, Portfolio original, ReadOnlyMemory<byte> encoded)
    {
        bool ok = contender.Deserialize(encoded) switch
        {
            Portfolio decoded => Equal(original, decoded),
            PbPortfolio decoded => decoded.Equals(ProtobufMapping.ToProto(original)),
            byte[] copy => copy.AsSpan().SequenceEqual(encoded.Span),
            var generated => Equal(original, ModelCopy.To<Portfolio>(generated)), // an annotated twin of the model
        };
        if (!ok) throw new InvalidOperationException($"{contender.Name} does not round-trip the portfolio graph.");
    }

    public static void Ticks(TickContender contender, MarketTick[] ticks, ReadOnlyMemory<byte>[] encoded)
    {
        var expected = TickTotals.Empty;
        foreach (var tick in ticks) expected.Add(tick.Kind, tick.Price, tick.Size);
        var actual = TickTotals.Empty;
        foreach (var message in encoded) contender.DeserializeAndAggregate(message, ref actual);
        bool ok = contender.Name == "Copy" ? actual.Count == expected.Count : actual.ToString() == expected.ToString();
        if (!ok) throw new InvalidOperationException($"{contender.Name} aggregates {actual}; expected {expected}.");
    }

    private static bool Equal(Portfolio a, Portfolio b)
        => a.Id == b.Id && a.Name == b.Name && a.AsOf == b.AsOf && a.Created == b.Created && a.Active == b.Active
           && a.RiskFactors.SequenceEqual(b.RiskFactors) && a.Positions.Count == b.Positions.Count
           && a.Positions.Zip(b.Positions).All(p => Equal(p.First, p.Second));

    private static bool Equal(Position a, Position b)
        => a.Id == b.Id && a.Instrument == b.Instrument && a.Book == b.Book && a.Strategy == b.Strategy
           && a.Quantity == b.Quantity && a.Price == b.Price && a.Weight == b.Weight && a.Hash.SequenceEqual(b.Hash)
           && a.Maturity == b.Maturity && a.Lots.Count == b.Lots.Count && a.Lots.Zip(b.Lots).All(l => Equal(l.First, l.Second));

    private static bool Equal(Lot a, Lot b)
        => a.Sequence == b.Sequence && a.Quantity == b.Quantity && a.Price == b.Price && a.Executed == b.Executed
           && a.Venue == b.Venue && a.Settled == b.Settled;
}
