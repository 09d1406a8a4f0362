using System;
using System.Buffers;
using Xunit;

namespace Fudge.Tests;

/// <summary>The raw writer: size widths, sub-message shrinking, fixed destinations.</summary>
public class WriterTests
{
    [Theory]
    [InlineData(0, 0x20, 1)]
    [InlineData(255, 0x20, 1)]
    [InlineData(256, 0x40, 2)]
    [InlineData(32767, 0x40, 2)]
    [InlineData(32768, 0x60, 4)]
    public void Variable_sizes_use_the_reference_widths(int length, byte sizeBits, int sizeBytes)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);

        writer.WriteRawField(FudgeFieldKey.Anonymous, FudgeTypeId.ByteArray, new byte[length]);
        writer.Flush();

        Assert.Equal(sizeBits, output.WrittenSpan[0]);
        Assert.Equal(2 + sizeBytes + length, output.WrittenCount);
    }

    [Theory]
    [InlineData(10, 1)]
    [InlineData(300, 2)]
    [InlineData(40000, 4)]
    public void Sub_message_size_shrinks_to_the_minimal_width(int payload, int sizeBytes)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);

        var marker = writer.BeginMessage("m");
        writer.WriteRawField(FudgeFieldKey.Anonymous, FudgeTypeId.ByteArray, new byte[payload]);
        writer.EndMessage(marker);
        writer.Flush();

        var reader = FudgeReader.ForFields(output.WrittenSpan);
        Assert.True(reader.Read());
        Assert.Equal(FudgeTypeId.Message, reader.TypeId);
        Assert.Equal(output.WrittenCount, 2 + 2 + sizeBytes + reader.ValueSpan.Length);
        var sub = reader.ReadMessage();
        Assert.True(sub.Read());
        Assert.Equal(payload, sub.ValueSpan.Length);
    }

    [Fact]
    public void A_fixed_span_gets_the_same_bytes_and_refuses_to_overflow()
    {
        var msg = new FudgeMsg().Add("a", 1).Add("b", "text").Add("c", new FudgeMsg().Add("d", 2.0));
        var expected = msg.ToByteArray();
        var span = new byte[expected.Length];

        var writer = new FudgeWriter(span.AsSpan());
        new FudgeEnvelope(msg).WriteTo(ref writer);

        Assert.Equal(expected.Length, writer.BytesPending);
        Assert.Equal(expected, span);
        Assert.Throws<InvalidOperationException>(() =>
        {
            var tooSmall = new FudgeWriter(new byte[4].AsSpan());
            tooSmall.WriteInt64("x", 1);
        });
    }

    // Pre-encoded names of up to 15 bytes are copied as a 16-byte block whose padding the value then overwrites.
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(14)]
    [InlineData(15)]
    [InlineData(16)]
    [InlineData(17)]
    [InlineData(255)]
    public void Pre_encoded_names_of_any_length_are_written_exactly(int nameLength)
    {
        string name = new string('n', nameLength);
        var fixedKey = FudgeFieldKey.Create(name);
        var variableKey = FudgeFieldKey.Create(name, 3);
        var expected = new System.Collections.Generic.List<byte> { 0x88, FudgeTypeId.Int8, (byte)nameLength };
        expected.AddRange(System.Text.Encoding.ASCII.GetBytes(name));
        expected.Add(7);
        expected.AddRange(new byte[] { 0x38, FudgeTypeId.String, 0, 3, (byte)nameLength });
        expected.AddRange(System.Text.Encoding.ASCII.GetBytes(name));
        expected.AddRange(new byte[] { 2, (byte)'x', (byte)'y' });

        var output = new ArrayBufferWriter<byte>();
        var buffered = new FudgeWriter(output);
        buffered.WriteInt32(fixedKey, 7);
        buffered.WriteString(variableKey, "xy");
        buffered.Flush();
        Assert.Equal(expected.ToArray(), output.WrittenSpan.ToArray());

        // A fixed destination gets the same bytes, and nothing past what the writer reports is touched.
        var destination = new byte[expected.Count + 20];
        destination.AsSpan().Fill(0xCC);
        var exact = new FudgeWriter(destination.AsSpan(0, expected.Count));
        exact.WriteInt32(fixedKey, 7);
        exact.WriteString(variableKey, "xy");
        Assert.Equal(expected.Count, exact.BytesPending);
        Assert.Equal(expected.ToArray(), destination.AsSpan(0, expected.Count).ToArray());
        Assert.All(destination.AsSpan(expected.Count).ToArray(), b => Assert.Equal(0xCC, b));

        var roomy = new FudgeWriter(destination);
        roomy.WriteInt32(fixedKey, 7);
        Assert.Equal(expected.Count - 8 - nameLength, roomy.BytesPending);
        Assert.Equal(expected.ToArray(), destination.AsSpan(0, expected.Count).ToArray()); // the string after it is not padded over
    }

    [Fact]
    public void Messages_larger_than_the_first_buffer_grow_and_flush_intact()
    {
        var big = new FudgeMsg();
        for (int i = 0; i < 2000; i++) big.Add("field" + i, new FudgeMsg().Add("v", i).Add("s", new string('x', i % 50)));
        var output = new ArrayBufferWriter<byte>(16);

        new FudgeEnvelope(big).WriteTo(output);

        Assert.Equal(big, FudgeMsg.Parse(output.WrittenSpan));
    }

    [Fact]
    public void Strings_with_multibyte_characters_get_exact_sizes()
    {
        string text = new string('€', 100); // 300 UTF-8 bytes: needs the 2-byte size
        var msg = new FudgeMsg().Add("s", text);

        var bytes = msg.ToByteArray();

        Assert.Equal(0x48, bytes[8]);
        Assert.Equal(text, FudgeMsg.Parse(bytes).GetString("s"));
    }

    [Fact]
    public void Unpaired_surrogates_are_refused_when_writing()
    {
        var msg = new FudgeMsg().Add("s", "\ud800");

        Assert.Throws<ArgumentException>(() => msg.ToByteArray());
    }
}
