using System;
using Fudge.Benchmarks.Contenders.Generated;
using Fudge.Benchmarks.Data;
using Fudge.Benchmarks.Harness;
using Fudge.Serialization;
using Xunit;
using Ordinals = Fudge.Benchmarks.Models.Generated.Ordinals;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// The benchmarks' writer floor (benchmarks/Fudge.Benchmarks, GraphBenchmarks.SerializeFloor) writes exactly the
/// generated writer's bytes: the check its setup makes, run here on the benchmark's graphs and on the shapes they lack.
/// </summary>
public class GraphWriterFloorTests
{
    [Theory]
    [InlineData("1KB")]
    [InlineData("64KB")]
    public void The_floor_writes_the_generated_bytes_of_the_benchmark_graph(string size)
    {
        var portfolio = ModelCopy.To<Ordinals.Portfolio>(PortfolioGenerator.Create(size));
        GraphWriterFloor.CheckSameBytes(portfolio, FudgeSerializer.Serialize(portfolio));
    }

    [Fact]
    public void The_floor_writes_the_generated_bytes_of_nulls_long_and_non_ASCII_text_and_large_lists()
    {
        var portfolio = ModelCopy.To<Ordinals.Portfolio>(PortfolioGenerator.Create(3));
        portfolio.Name = new string('n', 300) + "é";
        portfolio.Positions[0].Instrument = "Zürich-Bond-€";
        portfolio.Positions[0].Hash = new byte[300];
        portfolio.Positions[1].Lots.Add(null!);
        portfolio.Positions[1].Lots[0].Venue = null!;
        portfolio.Positions[2].Lots[0].Venue = new string('v', 70);
        for (int i = 0; i < 40; i++) portfolio.Positions[2].Lots.Add(new Ordinals.Lot { Sequence = -i, Quantity = i * 1000, Venue = "X" });
        portfolio.Positions.Add(null!);
        GraphWriterFloor.CheckSameBytes(portfolio, FudgeSerializer.Serialize(portfolio));
    }

    [Fact]
    public void The_check_refuses_other_bytes()
    {
        var portfolio = ModelCopy.To<Ordinals.Portfolio>(PortfolioGenerator.Create("1KB"));
        byte[] bytes = FudgeSerializer.Serialize(portfolio);
        bytes[^1] ^= 1;
        Assert.Throws<InvalidOperationException>(() => GraphWriterFloor.CheckSameBytes(portfolio, bytes));
    }
}
