namespace Fudge.Benchmarks.Models;

/// <summary>What workload 2's aggregation reads from a decoded tick, whichever model class decoded it.</summary>
public interface ITickFields
{
    TickKind Kind { get; }
    double Price { get; }
    long Size { get; }
}
