using System;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.ReviewFindings;

public enum Mode { Off, On, Auto }

[FudgeMessage]
public partial record Config
{
    public required string Name { get; init; }
    public int Retries { get; init; } = 3;
    public string Unit { get; init; } = "ms";
    public Mode Mode { get; init; } = Mode.Auto;
    public double? Ratio { get; init; } = 0.5;
    public const int DefaultPort = 8080;
    public int Port { get; init; } = DefaultPort;
    public DateTime Created { get; init; } = new DateTime(2000, 1, 1); // not a constant: an absent field gives default
}
