using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.Benchmarks.Models.Generated.Ordinals;
using Fudge.Serialization;

namespace Fudge.Benchmarks.Harness;

/// <summary>
/// The reader floor of workload 1 (issue 42): the objects any deserializer of a portfolio must hand back, built by
/// straight-line code from an existing portfolio: every object, list, array and string allocated afresh (lists at
/// their final capacity) and every member stored, with no bytes read at all. What a reader costs beyond this is
/// decoding; what this costs is allocation and the collector's share, which every contender pays for the same objects
/// (GraphBenchmarks.DeserializeFloor). Not a copier for general use: these three types only.
/// </summary>
public static class GraphBuildFloor
{
    /// <summary>A deep copy of <paramref name="source"/> sharing nothing with it.</summary>
    public static Portfolio Build(Portfolio source)
    {
        var positions = new List<Position>(source.Positions.Count);
        foreach (var position in source.Positions) positions.Add(Build(position));
        return new Portfolio
        {
            Id = source.Id,
            Name = new string(source.Name.AsSpan()),
            AsOf = source.AsOf,
            Created = source.Created,
            Active = source.Active,
            RiskFactors = source.RiskFactors.AsSpan().ToArray(),
            Positions = positions,
        };
    }

    private static Position Build(Position source)
    {
        var lots = new List<Lot>(source.Lots.Count);
        foreach (var lot in source.Lots)
        {
            lots.Add(new Lot
            {
                Sequence = lot.Sequence,
                Quantity = lot.Quantity,
                Price = lot.Price,
                Executed = lot.Executed,
                Venue = new string(lot.Venue.AsSpan()),
                Settled = lot.Settled,
            });
        }
        return new Position
        {
            Id = source.Id,
            Instrument = new string(source.Instrument.AsSpan()),
            Book = source.Book,
            Strategy = source.Strategy,
            Quantity = source.Quantity,
            Price = source.Price,
            Weight = source.Weight,
            Hash = source.Hash.AsSpan().ToArray(),
            Maturity = source.Maturity,
            Lots = lots,
        };
    }

    /// <summary>
    /// Throws unless the built copy serializes to exactly <paramref name="expected"/> (the bytes the deserialize rows
    /// read) and shares no list, array or object with <paramref name="source"/>: the benchmark's setup calls this
    /// before anything is measured.
    /// </summary>
    public static void CheckSameGraph(Portfolio source, ReadOnlySpan<byte> expected)
    {
        var built = Build(source);
        var output = new ArrayBufferWriter<byte>();
        FudgeSerializer.Serialize(output, built);
        if (!output.WrittenSpan.SequenceEqual(expected))
            throw new InvalidOperationException("The build floor's portfolio does not serialize to the bytes the deserialize rows read.");
        if (ReferenceEquals(built.Positions, source.Positions) || ReferenceEquals(built.RiskFactors, source.RiskFactors)
            || (source.Positions.Count > 0 && ReferenceEquals(built.Positions[0], source.Positions[0])))
            throw new InvalidOperationException("The build floor shares objects with its source.");
    }
}
