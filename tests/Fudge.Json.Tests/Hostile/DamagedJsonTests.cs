using System;
using System.IO;
using System.Linq;
using System.Text;
using Fudge.Tests.Support;
using Newtonsoft.Json;
using Xunit;

namespace Fudge.Json.Tests.Hostile;

/// <summary>
/// JSON text from outside, damaged every way one edit allows: the UTF-8 reader only ever raises
/// <see cref="FudgeJsonException"/> with a line and position, and wherever Newtonsoft's reader (the caller's-reader
/// path) accepts the same text, both give the same envelope.
/// </summary>
public class DamagedJsonTests
{
    /// <summary>Bytes a single corruption puts in: structure, quotes, escapes, digits, and bytes that are no UTF-8.</summary>
    private static readonly byte[] Replacements = "}]\":\\0".Select(c => (byte)c).Concat(new byte[] { 0xFF, 0xC3 }).ToArray();

    /// <summary>Damage at this many offsets per text at most (every offset of the small vectors), so the run stays short.</summary>
    private const int Offsets = 400;

    /// <summary>The vectors whose JSON is at most 64 KiB (all but the 100 KB column-sizes vector).</summary>
    public static TheoryData<string, string> VectorsInBothModes()
    {
        var data = new TheoryData<string, string>();
        foreach (var row in InteropVectors.All)
        {
            if (InteropVectors.Read((string)row[0]).Length > 16 * 1024) continue;
            data.Add((string)row[0], "plain");
            data.Add((string)row[0], "lossless");
        }
        return data;
    }

    private static FudgeJsonSettings Settings(string mode) => mode == "lossless" ? FudgeJsonSettings.Lossless : FudgeJsonSettings.Plain;

    [Theory]
    [MemberData(nameof(VectorsInBothModes))]
    public void Truncations_and_corruptions_of_a_vectors_json_is_refused_with_a_position_or_read_as_newtonsoft_reads_it(string vector, string mode)
    {
        var settings = Settings(mode);
        byte[] json = Encoding.UTF8.GetBytes(FudgeJson.ToJson(InteropVectors.Read(vector), settings, Formatting.Indented));
        int step = Math.Max(1, json.Length / Offsets);
        for (int length = 0; length < json.Length; length += step)
            AssertRefusedWithPositionOrAsNewtonsoft(json.AsSpan(0, length).ToArray(), settings, $"{vector} cut to {length}");
        for (int offset = 0; offset < json.Length; offset += step)
        {
            foreach (byte replacement in Replacements)
            {
                byte[] damaged = (byte[])json.Clone();
                damaged[offset] = replacement;
                AssertRefusedWithPositionOrAsNewtonsoft(damaged, settings, $"{vector} with byte {offset} set to 0x{replacement:x2}");
            }
        }
    }

    [Theory]
    [InlineData("{\"a\":1e999999}")]
    [InlineData("{\"a\":-1e999999}")]
    [InlineData("{\"a\":[1e400,2]}")]
    public void Numbers_beyond_the_double_range_read_as_infinities_as_newtonsoft_reads_them(string json)
    {
        var utf8Path = FudgeJson.ToMessage(json);
        var newtonsoftPath = FudgeEnvelope.Parse(FudgeJson.ToFudge(NewtonsoftReader(json))).Message;

        Assert.Equal(newtonsoftPath, utf8Path);
        var value = utf8Path.GetValue("a");
        Assert.True(double.IsInfinity(value is double[] array ? array[0] : (double)value!));
    }

    [Fact]
    public void Integers_beyond_int64_read_as_doubles_as_newtonsoft_reads_them()
    {
        string digits = "123456789012345678901234567890" + new string('7', 300);
        foreach (string json in new[] { $"{{\"a\":{digits}}}", $"{{\"a\":-{digits}}}", $"{{\"a\":[{digits},1]}}", "{\"a\":9223372036854775808}", "{\"a\":-9223372036854775809}" })
            Assert.Equal(FudgeEnvelope.Parse(FudgeJson.ToFudge(NewtonsoftReader(json))).Message, FudgeJson.ToMessage(json));
    }

    [Fact]
    public void A_huge_number_in_a_lossless_field_is_refused_with_its_position()
    {
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"fields\":[\n{\"type\":\"long\",\"value\":" + new string('9', 5000) + "}]}", FudgeJsonSettings.Lossless));

        Assert.Equal(2, e.LineNumber);
        Assert.True(e.LinePosition > 5000);
        Assert.Equal("fields[0].value", e.Path);
    }

    [Theory]
    [InlineData(1_000)]
    [InlineData(100_000)]
    public void Deep_nesting_is_refused_with_a_position(int depth)
    {
        foreach (string json in new[]
        {
            "{\"a\":" + string.Concat(Enumerable.Repeat("{\"a\":", depth)) + "1" + new string('}', depth + 1),
            "{\"a\":" + new string('[', depth) + new string(']', depth) + "}",
            "{\"a\":" + new string('[', depth),
        })
        {
            var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge(Encoding.UTF8.GetBytes(json)));
            Assert.Equal(1, e.LineNumber);
            Assert.True(e.LinePosition > 0);
        }
    }

    [Fact]
    public void Malformed_json_names_where_it_is_in_characters_not_bytes()
    {
        // Line 2 is ["é€😀", tru]}: the reader finds ']' where 'e' should be, after 17 bytes of the line but 12
        // characters (é is 2 bytes, € 3, and the emoji 4 bytes but two UTF-16 units): position 13.
        var e = Assert.Throws<FudgeJsonException>(() => FudgeJson.ToFudge("{\"a\":\n[\"é€😀\", tru]}"));

        Assert.Equal(2, e.LineNumber);
        Assert.Equal(13, e.LinePosition);
        Assert.Contains("line 2", e.Message);
    }

    private static JsonTextReader NewtonsoftReader(string json) => new(new StringReader(json)) { MaxDepth = null };

    private static void AssertRefusedWithPositionOrAsNewtonsoft(byte[] damaged, FudgeJsonSettings settings, string what)
    {
        byte[]? read = null;
        try
        {
            read = FudgeJson.ToFudge(damaged, settings);
        }
        catch (FudgeJsonException e)
        {
            Assert.True(e.LineNumber >= 1 && e.LinePosition >= 1, $"{what}: {e.Message} has no position");
            return;
        }
        catch (Exception e)
        {
            Assert.Fail($"{what}: {e.GetType().Name} escaped: {e.Message}");
        }
        // Accepted: Newtonsoft must read the same text (decoded as a StreamReader would) to the same envelope.
        using var newtonsoft = new JsonTextReader(new StreamReader(new MemoryStream(damaged))) { MaxDepth = FudgeJson.JsonDepthFor(settings) };
        byte[] expected = FudgeJson.ToFudge(newtonsoft, settings);
        Assert.True(expected.AsSpan().SequenceEqual(read), $"{what}: the UTF-8 and Newtonsoft readers disagree");
    }
}
