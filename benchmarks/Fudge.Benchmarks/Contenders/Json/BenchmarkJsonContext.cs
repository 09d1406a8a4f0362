using System.Text.Json.Serialization;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Contenders.Json;

/// <summary>System.Text.Json's source-generated metadata and serializers for both workloads' models.</summary>
[JsonSerializable(typeof(Portfolio))]
[JsonSerializable(typeof(MarketTick))]
internal sealed partial class BenchmarkJsonContext : JsonSerializerContext
{
}
