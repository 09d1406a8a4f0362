using System;
using System.Buffers;
using System.IO;
using Xunit;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests;

/// <summary>
/// Characters outside the Basic Multilingual Plane: Fudge-Java 0.3 writes them as CESU-8 surrogate pairs (U+1F600 is
/// <c>ED A0 BD ED B8 80</c>), standard UTF-8 as <c>F0 9F 98 80</c>. Both are read everywhere; the Java form is written
/// only when <see cref="FudgeWriterOptions.JavaCompatible"/> asks for it.
/// </summary>
public class JavaStringTests
{
    private const string Grin = "\U0001F600";
    private static readonly byte[] GrinUtf8 = [0xF0, 0x9F, 0x98, 0x80];
    private static readonly byte[] GrinJava = [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80];

    /// <summary>One string field named "x" + U+1F600 holding U+1F600, as Fudge-Java 0.3 writes it.</summary>
    private static readonly byte[] JavaField = [0x28, FudgeTypeId.String, 7, (byte)'x', .. GrinJava, 6, .. GrinJava];

    /// <summary>The same field in standard UTF-8, as this library writes by default.</summary>
    private static readonly byte[] Utf8Field = [0x28, FudgeTypeId.String, 5, (byte)'x', .. GrinUtf8, 4, .. GrinUtf8];

    [Fact]
    public void The_reader_decodes_java_surrogate_pairs_in_names_and_strings()
    {
        var reader = new FudgeReader(Envelope(JavaField));

        Assert.True(reader.Read());
        Assert.Equal("x" + Grin, reader.GetName());
        Assert.Equal(Grin, reader.GetString());
    }

    [Fact]
    public void Name_equals_matches_the_java_form_of_a_utf8_name()
    {
        var reader = new FudgeReader(Envelope(JavaField));
        reader.Read();

        Assert.True(reader.NameEquals([(byte)'x', .. GrinUtf8]));
        Assert.False(reader.NameEquals([(byte)'y', .. GrinUtf8]));
        Assert.False(reader.NameEquals([(byte)'x']));
    }

    [Fact]
    public void Both_forms_decode_to_equal_messages()
    {
        var fromJava = FudgeMsg.Parse(Envelope(JavaField));
        var fromUtf8 = FudgeMsg.Parse(Envelope(Utf8Field));

        Assert.Equal(fromUtf8, fromJava);
        Assert.Equal(Grin, fromJava.GetString("x" + Grin));
    }

    [Fact]
    public void Supplementary_characters_anywhere_in_the_text_decode()
    {
        // "a", U+10000 (ED A0 80 ED B0 80), "é", U+10FFFF (ED AF BF ED BF BF), "z"
        byte[] value = [(byte)'a', 0xED, 0xA0, 0x80, 0xED, 0xB0, 0x80, 0xC3, 0xA9, 0xED, 0xAF, 0xBF, 0xED, 0xBF, 0xBF, (byte)'z'];

        var message = FudgeMsg.Parse(Envelope([0x20, FudgeTypeId.String, (byte)value.Length, .. value]));

        Assert.Equal("a\U00010000\u00E9\U0010FFFFz", message[0].Value);
    }

    [Fact]
    public void A_long_java_string_round_trips()
    {
        // Longer than the decoder's stack buffer, so the pooled one is used.
        string text = string.Concat(System.Linq.Enumerable.Repeat("ab" + Grin, 200));

        byte[] bytes = new FudgeMsg().Add("s", text).ToByteArray(FudgeWriterOptions.JavaCompatible);

        Assert.Equal(text, FudgeMsg.Parse(bytes).GetString("s"));
    }

    [Fact]
    public void The_default_writer_writes_standard_utf8()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        writer.WriteString("x" + Grin, Grin);
        writer.Flush();

        Assert.Equal(Utf8Field, output.WrittenSpan.ToArray());
        Assert.Equal(FudgeStringEncoding.Utf8, writer.StringEncoding);
    }

    [Fact]
    public void The_java_compatible_writer_writes_cesu8_in_names_and_strings()
    {
        foreach (var key in new[] { FudgeFieldKey.Create("x" + Grin), FudgeFieldKey.Of("x" + Grin), (FudgeFieldKey)("x" + Grin) })
        {
            var output = new ArrayBufferWriter<byte>();
            var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
            writer.WriteString(key, Grin);
            writer.Flush();

            Assert.Equal(JavaField, output.WrittenSpan.ToArray());
        }
    }

    [Fact]
    public void A_pre_encoded_key_is_written_in_the_encoding_of_each_writer()
    {
        var key = FudgeFieldKey.Create("x" + Grin);

        var utf8 = new ArrayBufferWriter<byte>();
        var java = new ArrayBufferWriter<byte>();
        var toUtf8 = new FudgeWriter(utf8);
        var toJava = new FudgeWriter(java, FudgeWriterOptions.JavaCompatible);
        toUtf8.WriteString(key, Grin);
        toJava.WriteString(key, Grin);
        toUtf8.Flush();
        toJava.Flush();

        Assert.Equal(Utf8Field, utf8.WrittenSpan.ToArray());
        Assert.Equal(JavaField, java.WrittenSpan.ToArray());
    }

    [Fact]
    public void A_key_and_a_string_can_choose_their_encoding_whatever_the_writer_options()
    {
        // What a converter needs to reproduce a message where Java's text and standard UTF-8 meet.
        var javaKey = FudgeFieldKey.Create("x" + Grin, null, FudgeStringEncoding.JavaCesu8);
        var utf8Key = FudgeFieldKey.Create("x" + Grin, null, FudgeStringEncoding.Utf8);

        var standard = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(standard);
        writer.WriteString(javaKey, Grin.AsSpan(), FudgeStringEncoding.JavaCesu8);
        writer.WriteString(utf8Key, Grin.AsSpan(), FudgeStringEncoding.Utf8);
        writer.Flush();
        var java = new ArrayBufferWriter<byte>();
        var javaWriter = new FudgeWriter(java, FudgeWriterOptions.JavaCompatible);
        javaWriter.WriteString(utf8Key, Grin.AsSpan(), FudgeStringEncoding.Utf8);
        javaWriter.WriteString(javaKey, Grin.AsSpan(), FudgeStringEncoding.JavaCesu8);
        javaWriter.Flush();

        Assert.Equal([.. JavaField, .. Utf8Field], standard.WrittenSpan.ToArray());
        Assert.Equal([.. Utf8Field, .. JavaField], java.WrittenSpan.ToArray());
    }

    [Fact]
    public void A_key_encoded_as_cesu8_names_fixed_width_fields_and_sub_messages_of_a_standard_writer()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var marker = writer.BeginMessage(FudgeFieldKey.Create(Grin, null, FudgeStringEncoding.JavaCesu8));
        writer.WriteInt32(FudgeFieldKey.Create(Grin, null, FudgeStringEncoding.JavaCesu8), 1);
        writer.EndMessage(marker);
        writer.Flush();

        byte[] inner = [0x88, FudgeTypeId.Int8, 6, .. GrinJava, 1];
        Assert.Equal([0x28, FudgeTypeId.Message, 6, .. GrinJava, (byte)inner.Length, .. inner], output.WrittenSpan.ToArray());
    }

    [Fact]
    public void A_key_in_an_explicit_encoding_is_checked_when_created()
    {
        string name = string.Concat(System.Linq.Enumerable.Repeat(Grin, 60)); // 240 bytes in UTF-8, 360 in CESU-8

        Assert.Equal(name, FudgeFieldKey.Create(name, null, FudgeStringEncoding.Utf8).Name);
        Assert.Contains("255", Assert.Throws<ArgumentException>(() => FudgeFieldKey.Create(name, null, FudgeStringEncoding.JavaCesu8)).Message);
        Assert.Throws<ArgumentException>(() => FudgeFieldKey.Create("a" + Grin[0], null, FudgeStringEncoding.Utf8));
        Assert.Throws<ArgumentException>(() => FudgeFieldKey.Create("a" + Grin[0], null, FudgeStringEncoding.JavaCesu8));
        Assert.Throws<ArgumentOutOfRangeException>(() => FudgeFieldKey.Create("a", null, (FudgeStringEncoding)7));
        Assert.Null(FudgeFieldKey.Create(null, 3, FudgeStringEncoding.JavaCesu8).Name);
    }

    [Fact]
    public void A_string_in_an_undefined_encoding_is_refused()
    {
        var writer = new FudgeWriter(new ArrayBufferWriter<byte>());
        try
        {
            writer.WriteString("s", "x".AsSpan(), (FudgeStringEncoding)7);
            Assert.Fail("an undefined encoding was accepted");
        }
        catch (ArgumentOutOfRangeException)
        {
        }
        finally
        {
            writer.Dispose();
        }
    }

    [Fact]
    public void The_java_compatible_writer_names_fixed_width_fields_and_sub_messages_in_cesu8()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        var marker = writer.BeginMessage(Grin);
        writer.WriteInt32(Grin, 1);
        writer.EndMessage(marker);
        writer.Flush();

        byte[] inner = [0x88, FudgeTypeId.Int8, 6, .. GrinJava, 1];
        Assert.Equal([0x28, FudgeTypeId.Message, 6, .. GrinJava, (byte)inner.Length, .. inner], output.WrittenSpan.ToArray());
    }

    [Fact]
    public void A_fixed_destination_of_the_exact_java_size_is_enough()
    {
        var destination = new byte[JavaField.Length];
        var writer = new FudgeWriter(destination, FudgeWriterOptions.JavaCompatible);

        writer.WriteString("x" + Grin, Grin);

        Assert.Equal(JavaField, destination);
    }

    [Fact]
    public void Java_compatible_text_without_supplementary_characters_is_plain_utf8()
    {
        var message = new FudgeMsg().Add("Zürich", "日本語 café").Add("n", 1);

        Assert.Equal(message.ToByteArray(), message.ToByteArray(FudgeWriterOptions.JavaCompatible));
    }

    [Fact]
    public void A_long_java_string_takes_the_wide_size()
    {
        // 100 pairs: 200 UTF-16 units, 600 CESU-8 bytes (400 in UTF-8), so a 2-byte size.
        string text = string.Concat(System.Linq.Enumerable.Repeat(Grin, 100));
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, FudgeWriterOptions.JavaCompatible);
        writer.WriteString(FudgeFieldKey.Anonymous, text);
        writer.Flush();

        var bytes = output.WrittenSpan;
        Assert.Equal(0x40, bytes[0]);
        Assert.Equal(600, (bytes[2] << 8) | bytes[3]);
        Assert.Equal(GrinJava, bytes.Slice(4, 6).ToArray());
    }

    [Fact]
    public void The_dom_encoder_and_the_stream_writer_take_the_option()
    {
        var message = new FudgeMsg().Add("x" + Grin, Grin);
        byte[] expected = Envelope(JavaField);

        Assert.Equal(expected, message.ToByteArray(FudgeWriterOptions.JavaCompatible));
        Assert.Equal(expected, new FudgeEnvelope(message).ToByteArray(options: FudgeWriterOptions.JavaCompatible));
        Assert.Equal(Envelope(Utf8Field), message.ToByteArray());

        var stream = new MemoryStream();
        using (var writer = new FudgeStreamWriter(stream, leaveOpen: true, FudgeWriterOptions.JavaCompatible))
            writer.Write(message);
        Assert.Equal(expected, stream.ToArray());
    }

    [Fact]
    public void An_unpaired_surrogate_is_refused_in_java_mode_too()
    {
        // Built in code: test-case serialization would turn a lone surrogate into U+FFFD.
        (string Name, string Value)[] cases = [("s", "a" + Grin[0]), (Grin[1] + "b", "ok"), ("s", Grin[1].ToString() + Grin[0])];
        foreach (var (name, value) in cases)
        {
            var writer = new FudgeWriter(new ArrayBufferWriter<byte>(), FudgeWriterOptions.JavaCompatible);
            try
            {
                writer.WriteString(name, value);
                Assert.Fail($"an unpaired surrogate was written ({name}: {value})");
            }
            catch (ArgumentException e)
            {
                Assert.Contains("unpaired surrogate", e.Message, StringComparison.Ordinal);
            }
            finally
            {
                writer.Dispose();
            }
        }
    }

    [Fact]
    public void A_name_that_exceeds_255_bytes_only_in_cesu8_is_refused_when_written_for_java()
    {
        // 60 pairs: 240 UTF-8 bytes (a valid name) but 360 CESU-8 bytes.
        string name = string.Concat(System.Linq.Enumerable.Repeat(Grin, 60));
        var message = new FudgeMsg().Add(name, 1);

        Assert.NotEmpty(message.ToByteArray());
        Assert.Throws<ArgumentException>(() => message.ToByteArray(FudgeWriterOptions.JavaCompatible));
    }

    [Fact]
    public void The_shared_options_cannot_be_changed()
    {
        Assert.Throws<InvalidOperationException>(() => FudgeWriterOptions.Default.StringEncoding = FudgeStringEncoding.JavaCesu8);
        Assert.Throws<InvalidOperationException>(() => FudgeWriterOptions.JavaCompatible.StringEncoding = FudgeStringEncoding.Utf8);
        Assert.Equal(FudgeStringEncoding.JavaCesu8, new FudgeWriterOptions { StringEncoding = FudgeStringEncoding.JavaCesu8 }.StringEncoding);
    }

    [Fact]
    public void A_taxonomy_written_by_java_maps_its_supplementary_names()
    {
        // An ordinal-only string field per mapping (spec §13.3), the name in CESU-8.
        byte[] entry = [0x30, FudgeTypeId.String, 0, 7, 7, (byte)'x', .. GrinJava];

        var taxonomy = FudgeTaxonomy.FromMessage(FudgeMsg.Parse(Envelope(entry)));

        Assert.Equal((short)7, taxonomy.GetOrdinal("x" + Grin));
        Assert.Equal("x" + Grin, taxonomy.GetName(7));
    }
}
