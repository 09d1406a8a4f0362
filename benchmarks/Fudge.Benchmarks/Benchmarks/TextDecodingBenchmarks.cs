using System;
using System.Buffers;
using System.Text;
using BenchmarkDotNet.Attributes;
using BenchmarkDotNet.Configs;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// Issue 9: reading Fudge-Java's CESU-8 must not slow down ASCII and standard UTF-8. Each case reads one string field
/// and its name; the <c>*Before</c> methods are the reader's routines as they were before CESU-8 support (strict
/// UTF-8 decode that rejects by exception, byte-only name comparison), kept here as the baseline contenders.
/// </summary>
[MemoryDiagnoser]
[GroupBenchmarksBy(BenchmarkLogicalGroupRule.ByCategory, BenchmarkLogicalGroupRule.ByParams)]
[CategoriesColumn]
public class TextDecodingBenchmarks
{
    private static readonly UTF8Encoding StrictUtf8 = new(encoderShouldEmitUTF8Identifier: false, throwOnInvalidBytes: true);

    private byte[] _envelope = Array.Empty<byte>();
    private byte[] _name = Array.Empty<byte>();
    private byte[] _shorterName = Array.Empty<byte>();

    /// <summary>
    /// The text of the field (its name is the first 16 characters): ASCII, UTF-8 with 2 and 3-byte characters, UTF-8
    /// with supplementary characters, and the same written by Fudge-Java (CESU-8; the "before" routine rejected it).
    /// </summary>
    [Params("ascii-8", "ascii-64", "utf8-64", "utf8-astral-64", "java-astral-64")]
    public string Text { get; set; } = "ascii-8";

    [GlobalSetup]
    public void Setup()
    {
        string text = Text switch
        {
            "ascii-8" => "VOD.L ok",
            "ascii-64" => Repeat("Vodafone Group plc, LSE ", 64),
            "utf8-64" => Repeat("Zürich 日本語 café ", 64),
            _ => Repeat("deal \U0001F600 \U0001F44D ", 64),
        };
        int nameLength = Math.Min(16, text.Length);
        if (char.IsHighSurrogate(text[nameLength - 1])) nameLength--; // never half a pair
        string name = text.Substring(0, nameLength);
        var options = Text.StartsWith("java", StringComparison.Ordinal) ? FudgeWriterOptions.JavaCompatible : FudgeWriterOptions.Default;
        _envelope = new FudgeMsg().Add(name, text).ToByteArray(options);
        _name = Encoding.UTF8.GetBytes(name);
        _shorterName = Encoding.UTF8.GetBytes(name.Substring(0, char.IsLowSurrogate(name[name.Length - 1]) ? name.Length - 2 : name.Length - 1));
    }

    private static string Repeat(string unit, int length)
    {
        var sb = new StringBuilder();
        while (sb.Length < length) sb.Append(unit);
        if (char.IsHighSurrogate(sb[length - 1])) length++; // never half a pair
        return sb.ToString(0, length);
    }

    [Benchmark(Baseline = true), BenchmarkCategory("GetString")]
    public int GetStringBefore()
    {
        var reader = new FudgeReader(_envelope);
        reader.Read();
        return DecodeBefore(reader.ValueSpan)?.Length ?? -1;
    }

    [Benchmark, BenchmarkCategory("GetString")]
    public int GetString()
    {
        var reader = new FudgeReader(_envelope);
        reader.Read();
        return reader.GetString().Length;
    }

    /// <summary>A matching name and a mismatching shorter one (the case the CESU-8 fallback looks at).</summary>
    [Benchmark(Baseline = true), BenchmarkCategory("NameEquals")]
    public int NameEqualsBefore()
    {
        var reader = new FudgeReader(_envelope);
        reader.Read();
        var wire = reader.NameUtf8;
        return (wire.Length == _name.Length && wire.SequenceEqual(_name) ? 1 : 0)
               + (wire.Length == _shorterName.Length && wire.SequenceEqual(_shorterName) ? 2 : 0);
    }

    [Benchmark, BenchmarkCategory("NameEquals")]
    public int NameEquals()
    {
        var reader = new FudgeReader(_envelope);
        reader.Read();
        return (reader.NameEquals(_name) ? 1 : 0) + (reader.NameEquals(_shorterName) ? 2 : 0);
    }

    /// <summary>The decoding the reader did before issue 9: strict UTF-8, a rejection by exception (null here).</summary>
    private static unsafe string? DecodeBefore(ReadOnlySpan<byte> bytes)
    {
        if (bytes.Length == 0) return string.Empty;
        try
        {
            fixed (byte* b = bytes) return StrictUtf8.GetString(b, bytes.Length);
        }
        catch (DecoderFallbackException)
        {
            return null;
        }
    }
}
