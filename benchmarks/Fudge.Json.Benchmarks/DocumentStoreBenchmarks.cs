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
    private byte[] _plainJsonUtf8 = null!;
    private readonly System.Buffers.ArrayBufferWriter<byte> _utf8 = new(1 << 20);

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
        _plainJsonUtf8 = System.Text.Encoding.UTF8.GetBytes(_plainJson);
    }

    // ---------------------------------------------------------------- creation (the Fudge authors' measure)

    /// <summary>Creating the document as a dictionary tree.</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("Create")]
    public Dictionary<string, object?> Native_Create() => Documents.BuildNative(_doc);

    /// <summary>Creating it as a message and wrapping it as a dictionary (the wrapper costs nothing until used).</summary>
    [Benchmark, BenchmarkCategory("Create")]
    public IDictionary<string, object?> FudgeWrapped_Create() => Documents.BuildFudge(_doc).AsDictionary();

    /// <summary>Creating it as a message and converting it to a dictionary tree.</summary>
    [Benchmark, BenchmarkCategory("Create")]
    public Dictionary<string, object?> FudgeConverted_Create() => Documents.BuildFudge(_doc).ToDictionary();

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

    /// <summary>System.Text.Json's reflection serializer on the same tree, to UTF-8 bytes: a reference point.</summary>
    [Benchmark, BenchmarkCategory("ToJsonText")]
    public byte[] SystemTextJson_SerializeDictionaryToUtf8() => System.Text.Json.JsonSerializer.SerializeToUtf8Bytes(_native);

    /// <summary>
    /// The baseline's text (byte arrays as base64) as a string; date-times differ only in form (Fudge writes nine
    /// decimals of seconds and an offset, Newtonsoft "Z").
    /// </summary>
    [Benchmark, BenchmarkCategory("ToJsonText")]
    public string FudgeBytes_ToJsonString() => FudgeJson.ToJson(_fudgeBytes, Base64);

    /// <summary>The same text as UTF-8 into a reused buffer: what a service writing to a socket or file does.</summary>
    [Benchmark, BenchmarkCategory("ToJsonText")]
    public int FudgeBytes_ToUtf8Json()
    {
        _utf8.ResetWrittenCount();
        FudgeJson.WriteJson(_fudgeBytes, _utf8, Base64);
        return _utf8.WrittenCount;
    }

    /// <summary>The spec's plain form (byte arrays as signed numbers: far longer text for the large document), UTF-8.</summary>
    [Benchmark, BenchmarkCategory("ToJsonText")]
    public int FudgeBytes_ToUtf8PlainJson()
    {
        _utf8.ResetWrittenCount();
        FudgeJson.WriteJson(_fudgeBytes, _utf8);
        return _utf8.WrittenCount;
    }

    [Benchmark, BenchmarkCategory("ToJsonText")]
    public int FudgeBytes_ToUtf8LosslessJson()
    {
        _utf8.ResetWrittenCount();
        FudgeJson.WriteJson(_fudgeBytes, _utf8, FudgeJsonSettings.Lossless);
        return _utf8.WrittenCount;
    }

    /// <summary>Through Newtonsoft's JsonTextWriter (the path for indented text and custom writers), base64 byte arrays.</summary>
    [Benchmark, BenchmarkCategory("ToJsonText")]
    public string FudgeBytes_ThroughJsonTextWriter()
    {
        var text = new StringWriter();
        using (var writer = new JsonTextWriter(text)) FudgeJson.WriteJson(_fudgeBytes, writer, Base64);
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

    /// <summary>JSON text given as a string (the UTF-8 reader; before issue 34, Newtonsoft's JsonTextReader).</summary>
    [Benchmark, BenchmarkCategory("FromJsonText")]
    public byte[] PlainJsonString_ToFudgeBytes() => FudgeJson.ToFudge(_plainJson);

    [Benchmark, BenchmarkCategory("FromJsonText")]
    public byte[] LosslessJsonString_ToFudgeBytes() => FudgeJson.ToFudge(_losslessJson, FudgeJsonSettings.Lossless);

    [Benchmark, BenchmarkCategory("FromJsonText")]
    public FudgeMsg PlainJsonString_ToMessage() => FudgeJson.ToMessage(_plainJson);

    /// <summary>JSON text given as UTF-8 bytes (issue 34): no string is made of the text.</summary>
    [Benchmark, BenchmarkCategory("FromJsonText")]
    public byte[] PlainJsonUtf8_ToFudgeBytes() => FudgeJson.ToFudge(_plainJsonUtf8);

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
