#nullable enable
using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.Repeated;

// The message Fudge-Java 0.3 builds field by field in tests/interop/java-objects/generator (RepeatedNames.java), adding
// one name several times, as [FudgeField(Repeated = true)] members. Compiled into the test assembly (whole-graph code)
// and again in memory by JavaRepeatedNameTests with the per-object formatters.

/// <summary>"symbol", three "venue" strings, three "size" integers, two "price" doubles, two "leg" sub-messages, "after".</summary>
[FudgeMessage]
public partial class JavaRepeatedNames
{
    [FudgeField(Name = "symbol")] public string? Symbol { get; set; }

    [FudgeField(Name = "venue", Repeated = true)] public List<string> Venues { get; set; } = new();

    [FudgeField(Name = "size", Repeated = true)] public int[] Sizes { get; set; } = Array.Empty<int>();

    [FudgeField(Name = "price", Repeated = true)] public IReadOnlyList<double> Prices { get; set; } = Array.Empty<double>();

    [FudgeField(Name = "leg", Repeated = true)] public List<JavaRepeatedLeg> Legs { get; set; } = new();

    [FudgeField(Name = "after")] public int After { get; set; }
}

/// <summary>A "leg" of <see cref="JavaRepeatedNames"/>: the sub-message Java adds under that name each time.</summary>
[FudgeMessage]
public partial class JavaRepeatedLeg
{
    [FudgeField(Name = "venue")] public string? Venue { get; set; }

    [FudgeField(Name = "qty")] public int Quantity { get; set; }
}
