using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Fudge.Json.Tests.Support;
using Fudge.Tests.Support;
using Newtonsoft.Json;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>
/// The UTF-8 path (<see cref="FudgeJson.WriteJson(ReadOnlySpan{byte}, IBufferWriter{byte}, FudgeJsonSettings?)"/>)
/// writes exactly the text of the Newtonsoft path with <see cref="Formatting.None"/>: same escapes, same numbers, same
/// collapsing of repeated keys, and the same exceptions on malformed bytes.
/// </summary>
public class Utf8JsonTests
{
    public static IEnumerable<object[]> SeedsAndSettings =>
        from seed in Enumerable.Range(1, 150)
        from settings in SettingsNames
        select new object[] { seed, settings };

    private static readonly string[] SettingsNames = { "plain", "base64", "ordinals", "repeat-keys", "no-header", "lossless" };

    private static FudgeJsonSettings Settings(string name) => name switch
    {
        "plain" => FudgeJsonSettings.Plain,
        "base64" => new FudgeJsonSettings { ByteArrays = FudgeJsonByteArrays.Base64 },
        "ordinals" => new FudgeJsonSettings { KeyPreference = FudgeJsonKeyPreference.OrdinalFirst },
        "repeat-keys" => new FudgeJsonSettings { RepeatedFields = FudgeJsonRepeatedFields.RepeatKeys },
        "no-header" => new FudgeJsonSettings { EnvelopeAttributes = false },
        _ => FudgeJsonSettings.Lossless,
    };

    [Theory]
    [MemberData(nameof(SeedsAndSettings))]
    public void Random_messages_give_the_same_text_as_newtonsoft(int seed, string settings)
    {
        byte[] envelope = RandomMessages.Envelope(seed, javaText: true);

        AssertSameText(envelope, Settings(settings));
    }

    [Fact]
    public void Every_character_of_the_basic_plane_is_escaped_as_newtonsoft_escapes_it()
    {
        var text = new StringBuilder();
        for (int c = 0; c < 0x10000; c++)
            if (c < 0xD800 || c > 0xDFFF) text.Append((char)c);
        text.Append("\U0001F600 end");
        var message = new FudgeMsg();
        message.Add("value", text.ToString());
        message.Add(text.ToString(0, 0x80) + "\u0085\u2028\u2029", 1); // a name with every ASCII character and the other escapes

        AssertSameText(message.ToByteArray(), FudgeJsonSettings.Plain);
        AssertSameText(message.ToByteArray(), FudgeJsonSettings.Lossless);
    }

    [Theory]
    [InlineData("0"), InlineData("-0"), InlineData("1"), InlineData("0.1"), InlineData("1E+20"), InlineData("1E+21"), InlineData("1E-07")]
    [InlineData("1.2345678901234568E+20"), InlineData("5E-324"), InlineData("1.7976931348623157E+308"), InlineData("-1.7976931348623157E+308")]
    [InlineData("NaN"), InlineData("Infinity"), InlineData("-Infinity")]
    public void Doubles_and_floats_are_written_as_newtonsoft_writes_them(string text)
    {
        double value = double.Parse(text, System.Globalization.CultureInfo.InvariantCulture);
        var message = new FudgeMsg();
        message.Add("d", value);
        message.Add("f", (float)value);
        message.Add("ds", new[] { value, -value });
        message.Add("fs", new[] { (float)value, (float)-value });

        AssertSameText(message.ToByteArray(), FudgeJsonSettings.Plain);
        AssertSameText(message.ToByteArray(), FudgeJsonSettings.Lossless);
    }

    [Fact]
    public void Dates_and_times_of_every_shape_are_written_as_the_text_forms_write_them()
    {
        var random = new Random(11);
        for (int batch = 0; batch < 20; batch++)
        {
            var message = new FudgeMsg();
            for (int i = 0; i < 500; i++)
            {
                var time = random.Next(2) == 0
                    ? new FudgeTime(random.Next(0, 86400), random.Next(0, 1_000_000_000), (FudgeDateTimeAccuracy)random.Next(0, 10), random.Next(3) == 0 ? null : random.Next(-127, 128))
                    : FudgeTime.FromRawValue(random.NextInt64());
                var date = random.Next(2) == 0 ? new FudgeDate(random.Next(-20000, 20000), random.Next(1, 13), random.Next(0, 29)) : FudgeDate.FromRawValue(random.Next(int.MinValue, int.MaxValue));
                message.Add("d", date);
                message.Add("t", time);
                message.Add("dt", new FudgeDateTime(date, time));
            }

            AssertSameText(message.ToByteArray(), FudgeJsonSettings.Plain);
        }
    }

    [Fact]
    public void Doubles_with_no_fraction_get_a_decimal_place()
    {
        var message = new FudgeMsg();
        message.Add("price", 100.0);

        Assert.Equal("{\"price\":100.0}", Encoding.UTF8.GetString(FudgeJson.ToJsonUtf8(message.ToByteArray())));
    }

    [Fact]
    public void Many_fields_under_few_keys_collapse_in_first_occurrence_order()
    {
        var message = new FudgeMsg();
        for (int i = 0; i < 200; i++) message.Add("k" + (i % 7), i);
        for (int i = 0; i < 20; i++) message.Add((short)(i % 3), i);

        byte[] envelope = message.ToByteArray();
        AssertSameText(envelope, FudgeJsonSettings.Plain);
        string json = Encoding.UTF8.GetString(FudgeJson.ToJsonUtf8(envelope));
        Assert.StartsWith("{\"k0\":[0,7,14,", json);
        Assert.Contains("\"0\":[0,3,6,9,12,15,18]", json);
    }

    [Fact]
    public void A_name_and_an_ordinal_with_the_same_text_are_one_key()
    {
        var message = new FudgeMsg();
        message.Add("5", "by name");
        message.Add((short)5, "by ordinal");

        Assert.Equal("{\"5\":[\"by name\",\"by ordinal\"]}", Encoding.UTF8.GetString(FudgeJson.ToJsonUtf8(message.ToByteArray())));
    }

    [Fact]
    public void Taxonomy_names_and_java_cesu8_text_match_newtonsoft()
    {
        var taxonomy = new FudgeTaxonomy(new Dictionary<short, string> { [1] = "bid", [2] = "ask\u2028" });
        var options = new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(7, taxonomy) };
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        var marker = writer.BeginEnvelope(0, 0, 7);
        writer.WriteDouble(FudgeFieldKey.FromOrdinal(1), 1.5);
        writer.WriteDouble(FudgeFieldKey.FromOrdinal(2), 1.6);
        writer.WriteDouble(FudgeFieldKey.FromOrdinal(1), 1.7);
        writer.WriteString(FudgeFieldKey.Of("emoji \U0001F600"), "smile \U0001F600"); // CESU-8 in name and value
        writer.EndEnvelope(marker);
        writer.Flush();
        writer.Dispose();
        var settings = new FudgeJsonSettings { ReaderOptions = options };

        AssertSameText(output.WrittenSpan.ToArray(), settings);
        Assert.Equal("{\"fudgeTaxonomy\":7,\"bid\":[1.5,1.7],\"ask\\u2028\":1.6,\"emoji \U0001F600\":\"smile \U0001F600\"}",
            FudgeJson.ToJson(output.WrittenSpan, settings));
    }

    [Fact]
    public void Text_is_appended_to_what_the_output_already_holds()
    {
        var message = new FudgeMsg();
        message.Add("a", 1);
        var output = new ArrayBufferWriter<byte>();

        FudgeJson.WriteJson(message.ToByteArray(), output);
        output.Write("\n"u8);
        FudgeJson.WriteJson(message.ToByteArray(), output);

        Assert.Equal("{\"a\":1}\n{\"a\":1}", Encoding.UTF8.GetString(output.WrittenSpan));
    }

    [Fact]
    public void Text_longer_than_the_buffer_reaches_the_output_whole()
    {
        var message = new FudgeMsg();
        message.Add("big", new string('x', 100_000));
        message.Add("bytes", Enumerable.Range(0, 70_000).Select(i => (byte)i).ToArray());

        AssertSameText(message.ToByteArray(), new FudgeJsonSettings { ByteArrays = FudgeJsonByteArrays.Base64 });
        AssertSameText(message.ToByteArray(), FudgeJsonSettings.Plain);
    }

    /// <summary>Every prefix and every single-byte corruption of every interop vector: both paths agree, text or exception.</summary>
    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Damaged_vectors_fail_the_same_way_on_both_paths(string vector)
    {
        byte[] original = InteropVectors.Read(vector);
        int step = original.Length > 4096 ? 97 : 1;
        for (int length = 0; length < original.Length; length += step)
            AssertSameOutcome(original.AsSpan(0, length).ToArray(), $"{vector} cut to {length}");
        for (int offset = 0; offset < original.Length; offset += step)
        {
            byte[] corrupt = (byte[])original.Clone();
            corrupt[offset] ^= 0xFF;
            AssertSameOutcome(corrupt, $"{vector} with byte {offset} flipped");
        }
    }

    private static void AssertSameOutcome(byte[] bytes, string what)
    {
        foreach (var settings in new[] { FudgeJsonSettings.Plain, FudgeJsonSettings.Lossless })
        {
            string? expected = null, actual = null;
            FudgeFormatException? expectedError = null, actualError = null;
            try { expected = Newtonsoft(bytes, settings); } catch (FudgeFormatException e) { expectedError = e; }
            try { actual = Encoding.UTF8.GetString(FudgeJson.ToJsonUtf8(bytes, settings)); } catch (FudgeFormatException e) { actualError = e; }

            Assert.True(expected == actual, what);
            Assert.Equal(expectedError?.Offset, actualError?.Offset);
            Assert.Equal(expectedError?.Message, actualError?.Message);
        }
    }

    private static void AssertSameText(byte[] envelope, FudgeJsonSettings settings)
    {
        string expected = Newtonsoft(envelope, settings);

        byte[] utf8 = FudgeJson.ToJsonUtf8(envelope, settings);

        Assert.Equal(Encoding.UTF8.GetBytes(expected), utf8);
        Assert.Equal(expected, FudgeJson.ToJson(envelope, settings));
    }

    private static string Newtonsoft(byte[] envelope, FudgeJsonSettings settings)
    {
        var text = new StringWriter();
        using (var writer = new JsonTextWriter(text)) FudgeJson.WriteJson(envelope, writer, settings);
        return text.ToString();
    }
}
