using System.Text.Json;

namespace Fudge.Benchmarks.Contenders.Generated;

/// <summary>
/// Copies a value between the shared models and their annotated twins (same member names) through System.Text.Json.
/// Only used to load data and to check round trips, never inside a measurement.
/// </summary>
public static class ModelCopy
{
    public static T To<T>(object value) => JsonSerializer.Deserialize<T>(JsonSerializer.SerializeToUtf8Bytes(value, value.GetType()))!;
}
