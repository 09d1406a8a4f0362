using BenchmarkDotNet.Attributes;

namespace Fudge.Json.Benchmarks.Amplification;

/// <summary>
/// Bytes allocated per read of a 256 KiB envelope of tiny fields (or its JSON or XML text), on each read path (see the Allocated column; divide by
/// the input size for bytes per input byte, which <c>--amplification</c> prints directly).
/// </summary>
[MemoryDiagnoser]
public class AmplificationBenchmarks
{
    // Null for a kind the path's text has no equivalent of (JSON has no field with an ordinal): that pair reads
    // nothing and reports 0 B, as --amplification leaves its cell empty, rather than failing the run.
    private byte[]? _input;

    [ParamsSource(nameof(Kinds))]
    public string Kind { get; set; } = "";

    [ParamsSource(nameof(Paths))]
    public string Path { get; set; } = "";

    public static System.Collections.Generic.IEnumerable<string> Kinds => TinyFieldInputs.Kinds;

    public static System.Collections.Generic.IEnumerable<string> Paths => ReadPaths.Names;

    [GlobalSetup]
    public void Setup() => _input = ReadPaths.Input(Path, Kind);

    [Benchmark]
    public object Read() => _input is null ? Kind : ReadPaths.Run(Path, _input, TinyFieldInputs.Unlimited);
}
