using System.Collections.Generic;
using BenchmarkDotNet.Attributes;
using Fudge.Serialization;

namespace Fudge.RabbitMQ.Benchmarks;

/// <summary>
/// What choosing a destination costs per message, without the broker: the content selector (reads the envelope up to
/// field 1) and a rules file with the same decision against plain forwarding (reads nothing). Compare with the per-message broker time of the harness.
/// </summary>
[MemoryDiagnoser]
public class SelectorBenchmarks
{
    private byte[][] _envelopes = null!;
    private readonly IFudgeRouteSelector _content = new FieldValueRouteSelector(ordinal: 1)
        .Route(1, AmqpDestination.Queue("trades"))
        .Route(2, AmqpDestination.Queue("levels"));
    private readonly IFudgeRouteSelector _rules = new RulesRouteSelector(Fudge.Query.FudgeRouter.Parse("""
        { "rules": [ { "name": "trades", "where": "$.#1 == 1", "destinations": "trades" },
                     { "name": "levels", "where": "$.#1 == 2", "destinations": "levels" } ] }
        """));
    private readonly IFudgeRouteSelector _forward = new FixedRouteSelector(AmqpDestination.Queue("all"));

    [GlobalSetup]
    public void Setup()
    {
        var ticks = Tick.Create(1024);
        _envelopes = new byte[ticks.Length][];
        for (int i = 0; i < ticks.Length; i++) _envelopes[i] = FudgeSerializer.Serialize(ticks[i]);
    }

    [Benchmark(Baseline = true, OperationsPerInvoke = 1024)]
    public int PlainForwarding() => Run(_forward);

    [Benchmark(OperationsPerInvoke = 1024)]
    public int ContentSelector() => Run(_content);

    [Benchmark(OperationsPerInvoke = 1024)]
    public int RulesFile() => Run(_rules);

    private int Run(IFudgeRouteSelector selector)
    {
        int destinations = 0;
        foreach (byte[] envelope in _envelopes)
        {
            IReadOnlyList<AmqpDestination> selected = selector.Select(envelope);
            destinations += selected.Count;
        }
        return destinations;
    }
}
