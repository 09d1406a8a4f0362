using System.Collections;
using System.Collections.Generic;
using System.IO;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;
using Fudge.Views;
using Newtonsoft.Json;

namespace Fudge.Json.Benchmarks;

/// <summary>
/// The classic document-store comparison: build a document natively as a Dictionary tree, or as a FudgeMsg that is
/// then converted to a Dictionary tree, or as a FudgeMsg that is wrapped as a dictionary view; then read every key
/// with one look-up per key (the pattern document-store drivers use) or by enumerating the tree. Each benchmark
/// includes building the document. The last groups turn the Fudge bytes into JSON text and back, compared with
/// Newtonsoft serializing the equivalent Dictionary tree and deserializing it into a Dictionary.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory)]
[CategoriesColumn]
public class DocumentStoreBenchmarks
{
    private static readonly FudgeJsonSettings Base64 = new() { ByteArrays = FudgeJsonByteArrays.Base64 };
    private Doc _doc = null!;
    private List<string[]> _paths = null!;
    private byte[] _fudgeBytes = null!;
    private Dictionary<string, object?> _native = null!;
    private string _newtonsoftJson = null!;
    private string _plainJson = null!;
    private string _losslessJson = null!;

    [Params("Small", "Large")]
    public string Document { get; set; } = "Small";

    [GlobalSetup]
    public void Setup()
    {
        _doc = Document == "Small" ? Documents.Small() : Documents.Large();
        _paths = Documents.KeyPaths(_doc);
        _fudgeBytes = Documents.BuildFudge(_doc).ToByteArray();
        _native = Documents.BuildNative(_doc);
        _newtonsoftJson = JsonConvert.SerializeObject(_native);
        _plainJson = FudgeJson.ToJson(_fudgeBytes, Base64);
        _losslessJson = FudgeJson.ToJson(_fudgeBytes, FudgeJsonSettings.Lossless);
    }

    // ---------------------------------------------------------------- one look-up per key

    [Benchmark(Baseline = true), BenchmarkCategory("LookupEveryKey")]
    public int Native_Lookup() => LookupAll(Documents.BuildNative(_doc));

    [Benchmark, BenchmarkCategory("LookupEveryKey")]
    public int FudgeConverted_Lookup() => LookupAll(Documents.BuildFudge(_doc).ToDictionary());

    [Benchmark, BenchmarkCategory("LookupEveryKey")]
    public int FudgeWrapped_Lookup() => LookupAll(Documents.BuildFudge(_doc).AsDictionary());

    // ---------------------------------------------------------------- enumeration

    [Benchmark(Baseline = true), BenchmarkCategory("Enumerate")]
    public int Native_Enumerate() => EnumerateAll(Documents.BuildNative(_doc));

    [Benchmark, BenchmarkCategory("Enumerate")]
    public int FudgeConverted_Enumerate() => EnumerateAll(Documents.BuildFudge(_doc).ToDictionary());

    [Benchmark, BenchmarkCategory("Enumerate")]
    public int FudgeWrapped_Enumerate() => EnumerateAll(Documents.BuildFudge(_doc).AsDictionary());

    // ---------------------------------------------------------------- JSON text

    [Benchmark(Baseline = true), BenchmarkCategory("ToJsonText")]
    public string Newtonsoft_SerializeDictionary() => JsonConvert.SerializeObject(_native);

    [Benchmark, BenchmarkCategory("ToJsonText")]
    public string FudgeBytes_ToPlainJson()
    {
        var text = new StringWriter();
        using (var writer = new JsonTextWriter(text)) FudgeJson.WriteJson(_fudgeBytes, writer);
        return text.ToString();
    }

    /// <summary>Byte arrays as base64, as Newtonsoft writes them: the same JSON text as the baseline.</summary>
    [Benchmark, BenchmarkCategory("ToJsonText")]
    public string FudgeBytes_ToPlainJsonBase64()
    {
        var text = new StringWriter();
        using (var writer = new JsonTextWriter(text)) FudgeJson.WriteJson(_fudgeBytes, writer, Base64);
        return text.ToString();
    }

    [Benchmark, BenchmarkCategory("ToJsonText")]
    public string FudgeBytes_ToLosslessJson()
    {
        var text = new StringWriter();
        using (var writer = new JsonTextWriter(text)) FudgeJson.WriteJson(_fudgeBytes, writer, FudgeJsonSettings.Lossless);
        return text.ToString();
    }

    // ---------------------------------------------------------------- JSON text back

    [Benchmark(Baseline = true), BenchmarkCategory("FromJsonText")]
    public Dictionary<string, object>? Newtonsoft_DeserializeDictionary()
        => JsonConvert.DeserializeObject<Dictionary<string, object>>(_newtonsoftJson);

    [Benchmark, BenchmarkCategory("FromJsonText")]
    public byte[] PlainJson_ToFudgeBytes()
    {
        using var reader = new JsonTextReader(new StringReader(_plainJson));
        return FudgeJson.ToFudge(reader);
    }

    [Benchmark, BenchmarkCategory("FromJsonText")]
    public byte[] LosslessJson_ToFudgeBytes()
    {
        using var reader = new JsonTextReader(new StringReader(_losslessJson));
        return FudgeJson.ToFudge(reader, FudgeJsonSettings.Lossless);
    }

    // ---------------------------------------------------------------- helpers

    private int LookupAll(IDictionary<string, object?> document)
    {
        int found = 0;
        foreach (var path in _paths)
        {
            object? value = document[path[0]];
            if (path.Length == 2) value = ((IDictionary<string, object?>)value!)[path[1]];
            if (value is not null) found++;
        }
        return found;
    }

    private static int EnumerateAll(IEnumerable<KeyValuePair<string, object?>> document)
    {
        int count = 0;
        foreach (var pair in document)
        {
            count++;
            if (pair.Value is IEnumerable<KeyValuePair<string, object?>> nested) count += EnumerateAll(nested);
            else if (pair.Value is IList list and not System.Array) count += list.Count;
        }
        return count;
    }
}
