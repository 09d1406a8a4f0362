using System;
using System.Buffers;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// <see cref="FudgeWriter.BeginMessage(in FudgeFieldKey, int)"/> reserves the size bytes a hinted size needs, so that
/// a long sub-message is not moved once written. The hint changes only where the content sits while it is written:
/// the bytes are always those with the minimal size width, as Fudge-Java writes them.
/// </summary>
public class SubMessageSizeHintTests
{
    // Content sizes at and around each width boundary (1 byte up to 255, 2 up to 32,767, 4 beyond), and hints of each width.
    public static TheoryData<int, int> SizesAndHints()
    {
        var data = new TheoryData<int, int>();
        foreach (int size in new[] { 0, 2, 254, 255, 256, 32_767, 32_768, 70_000 })
            foreach (int hint in new[] { 0, 255, 256, 32_767, 32_768, 1 << 20 })
                data.Add(size, hint);
        return data;
    }

    [Theory]
    [MemberData(nameof(SizesAndHints))]
    public void Any_hint_gives_the_bytes_of_no_hint(int contentSize, int hint)
    {
        byte[] expected = Write(contentSize, hint: null, out int unhintedSize);
        byte[] actual = Write(contentSize, hint, out int hintedSize);

        Assert.Equal(expected, actual);
        Assert.Equal(contentSize, unhintedSize);
        Assert.Equal(contentSize, hintedSize);
        var parsed = FudgeMsg.Parse(actual);
        Assert.Equal(contentSize, FieldBytes((FudgeMsg)parsed[0].Value));
    }

    // Keys without a name take the writer's one-check header path, and EndMessage with a hint its single-store paths.
    public static TheoryData<int, int, bool> NamelessSizesAndHints()
    {
        var data = new TheoryData<int, int, bool>();
        foreach (int size in new[] { 0, 2, 255, 256, 32_767, 32_768 })
            foreach (int hint in new[] { 0, 256, 32_768 })
                foreach (bool ordinal in new[] { false, true })
                    data.Add(size, hint, ordinal);
        return data;
    }

    [Theory]
    [MemberData(nameof(NamelessSizesAndHints))]
    public void A_nameless_sub_message_has_the_minimal_size_width_whatever_the_hint(int contentSize, int hint, bool ordinal)
    {
        byte[] content = Content(contentSize);
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var key = ordinal ? FudgeFieldKey.FromOrdinal(-2) : FudgeFieldKey.Anonymous;
        int before = hint;
        var message = writer.BeginMessage(key, hint);
        WriteContent(ref writer, contentSize);
        writer.EndMessage(message, ref hint);
        writer.Flush();

        // The header by hand: size width flags, the ordinal flag, type 15, the ordinal, the minimal size, the content.
        int width = contentSize <= 255 ? 1 : contentSize <= short.MaxValue ? 2 : 4;
        var expected = new System.Collections.Generic.List<byte> { (byte)((width == 1 ? 0x20 : width == 2 ? 0x40 : 0x60) | (ordinal ? 0x10 : 0)), 15 };
        if (ordinal) expected.AddRange(new byte[] { 0xFF, 0xFE });
        for (int i = width - 1; i >= 0; i--) expected.Add((byte)(contentSize >> (8 * i)));
        expected.AddRange(content);
        Assert.Equal(expected.ToArray(), output.WrittenSpan.ToArray());
        int reservedWidth = before <= 255 ? 1 : before <= short.MaxValue ? 2 : 4;
        Assert.Equal(width == reservedWidth ? before : contentSize, hint);
    }

    [Fact]
    public void The_hint_follows_the_size_class_and_is_written_only_when_it_changes()
    {
        int hint = 0;
        Write(300, ref hint);
        Assert.Equal(300, hint);        // one byte was reserved, two were needed: remember the size
        Write(400, ref hint);
        Assert.Equal(300, hint);        // the same width: left alone
        Write(10, ref hint);
        Assert.Equal(10, hint);         // narrower again
        Write(40_000, ref hint);
        Assert.Equal(40_000, hint);
    }

    [Fact]
    public void A_fixed_destination_sized_to_the_message_takes_it_whatever_the_hint()
    {
        byte[] expected = Write(3, hint: null, out _);
        var destination = new byte[expected.Length]; // exactly the bytes of the minimal encoding
        var writer = new FudgeWriter(destination.AsSpan());
        var envelope = writer.BeginEnvelope();
        var message = writer.BeginMessage(FudgeFieldKey.Create("sub", 7), 1 << 20);
        WriteContent(ref writer, 3);
        writer.EndMessage(message);
        writer.WriteString(FudgeFieldKey.FromOrdinal(2), "after");
        writer.EndEnvelope(envelope);
        Assert.Equal(expected, destination);
    }

    private static void Write(int contentSize, ref int hint)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        var message = writer.BeginMessage(FudgeFieldKey.FromOrdinal(1), hint);
        WriteContent(ref writer, contentSize);
        writer.EndMessage(message, ref hint);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    private static byte[] Write(int contentSize, int? hint, out int reportedSize)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        var key = FudgeFieldKey.Create("sub", 7);
        var message = hint is int h ? writer.BeginMessage(key, h) : writer.BeginMessage(key);
        WriteContent(ref writer, contentSize);
        reportedSize = writer.EndMessage(message);
        writer.WriteString(FudgeFieldKey.FromOrdinal(2), "after");
        writer.EndEnvelope(envelope);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    // Content of exactly `size` bytes (not 1): anonymous byte arrays of up to 255 bytes with a 3-byte header, and an
    // indicator (2 bytes) where 2 remain. A chunk never leaves 1 byte, nor has a length the writer would make fixed-width.
    private static void WriteContent(ref FudgeWriter writer, int size)
    {
        var random = new Random(size);
        while (size > 0)
        {
            if (size == 2)
            {
                writer.WriteIndicator(FudgeFieldKey.Anonymous);
                return;
            }
            int payload = Math.Min(size - 3, 255);
            if (size - 3 - payload == 1) payload--;
            if (payload is 4 or 8 or 16 or 20 or 32 or 64 or 128) payload -= 2;
            var bytes = new byte[payload];
            random.NextBytes(bytes);
            writer.WriteBytes(FudgeFieldKey.Anonymous, bytes);
            size -= 3 + payload;
        }
    }

    private static byte[] Content(int size)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        WriteContent(ref writer, size);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    private static int FieldBytes(FudgeMsg message)
    {
        int total = 0;
        foreach (var field in message)
            total += field.TypeId == FudgeTypeId.Indicator ? 2 : 3 + ((byte[])field.Value).Length;
        return total;
    }
}
