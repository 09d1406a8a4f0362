using System;
using System.Buffers;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// A <see cref="FudgeFieldRun"/> writes exactly the bytes of the writer's ordinal overloads, never past the room it was
/// given, and over a fixed destination runs out exactly where the writer would, with the writer's exception.
/// </summary>
public class FieldRunTests
{
    private delegate void Write(ref FudgeWriter writer);

    private delegate void WriteRun(ref FudgeFieldRun run);

    private static string Hex(Write write, FudgeWriterOptions? options = null, int sizeHint = 512)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, options, sizeHint);
        var envelope = writer.BeginEnvelope();
        write(ref writer);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return Convert.ToHexString(output.WrittenSpan);
    }

    // The same fields through one run begun with the given room, between two fields written through the writer.
    private static string HexOfRun(int room, WriteRun write, FudgeWriterOptions? options = null, int sizeHint = 512)
        => Hex((ref FudgeWriter w) =>
        {
            w.WriteInt32((short)7, 1);
            var run = w.BeginFieldRun(room);
            write(ref run);
            w.EndFieldRun(in run);
            w.WriteInt32((short)7, 2);
        }, options, sizeHint);

    private static string HexOfWriter(Write write, FudgeWriterOptions? options = null)
        => Hex((ref FudgeWriter w) =>
        {
            w.WriteInt32((short)7, 1);
            write(ref w);
            w.WriteInt32((short)7, 2);
        }, options);

    [Theory]
    [InlineData(0L)]
    [InlineData(-128L)]
    [InlineData(127L)]
    [InlineData(128L)]
    [InlineData(-129L)]
    [InlineData(32767L)]
    [InlineData(32768L)]
    [InlineData(-32768L)]
    [InlineData(-32769L)]
    [InlineData(int.MaxValue)]
    [InlineData(int.MinValue)]
    [InlineData(int.MaxValue + 1L)]
    [InlineData(int.MinValue - 1L)]
    [InlineData(long.MinValue)]
    [InlineData(long.MaxValue)]
    public void Integers_take_the_writers_smallest_width(long value)
    {
        Assert.Equal(HexOfWriter((ref FudgeWriter w) => w.WriteInt64((short)-3, value)),
            HexOfRun(FudgeFieldRun.MaxInt64FieldBytes, (ref FudgeFieldRun r) => r.WriteInt64((short)-3, value)));
        if (value >= int.MinValue && value <= int.MaxValue)
            Assert.Equal(HexOfWriter((ref FudgeWriter w) => w.WriteInt32((short)-3, (int)value)),
                HexOfRun(FudgeFieldRun.MaxInt32FieldBytes, (ref FudgeFieldRun r) => r.WriteInt32((short)-3, (int)value)));
    }

    [Fact]
    public void Booleans_floats_doubles_and_encoded_bytes_write_the_writers_bytes()
    {
        Assert.Equal(
            HexOfWriter((ref FudgeWriter w) =>
            {
                w.WriteBoolean(short.MaxValue, true);
                w.WriteBoolean(short.MinValue, false);
                w.WriteSingle((short)1, 1.5f);
                w.WriteDouble((short)2, -0.25);
                w.WriteStringUtf8((short)0, "Trade"u8);
                w.WriteEncoded(new byte[] { 0x30, 14, 0, 0, 1, (byte)'B' });
            }),
            HexOfRun(2 * FudgeFieldRun.BooleanFieldBytes + FudgeFieldRun.SingleFieldBytes + FudgeFieldRun.DoubleFieldBytes + 10 + 6, (ref FudgeFieldRun r) =>
            {
                r.WriteBoolean(short.MaxValue, true);
                r.WriteBoolean(short.MinValue, false);
                r.WriteSingle((short)1, 1.5f);
                r.WriteDouble((short)2, -0.25);
                r.WriteStringUtf8((short)0, "Trade"u8);
                r.WriteEncoded(new byte[] { 0x30, 14, 0, 0, 1, (byte)'B' });
            }));
    }

    [Theory]
    [InlineData("")]
    [InlineData("AAPL")]
    [InlineData("déjà vu €")]
    [InlineData("\U0001F600 outside the BMP")]
    [InlineData(85)]
    [InlineData(86)]
    [InlineData(300)]
    [InlineData(10922)]
    [InlineData(10923)]
    [InlineData(40000)]
    public void Strings_write_the_writers_bytes_in_either_encoding_within_their_bound(object text)
    {
        // 85 two-byte chars still fit a 1-byte size; 10,922 three-byte chars a 2-byte one.
        string value = text as string ?? new string((int)text > 10000 ? '€' : 'é', (int)text);
        foreach (var options in new[] { null, FudgeWriterOptions.JavaCompatible })
        {
            int room = FudgeFieldRun.MaxStringFieldBytes(value);
            string expected = HexOfWriter((ref FudgeWriter w) => w.WriteString((short)9, value), options);
            Assert.Equal(expected, HexOfRun(room, (ref FudgeFieldRun r) => r.WriteString((short)9, value), options));
            Assert.True(room >= expected.Length / 2 - 8 - 10, $"{room} bytes reserved for a {expected.Length / 2 - 18}-byte field");
        }
        Assert.Equal(HexOfWriter((ref FudgeWriter w) => w.WriteString((short)9, (string?)null)),
            HexOfRun(FudgeFieldRun.MaxStringFieldBytes(null), (ref FudgeFieldRun r) => r.WriteString((short)9, null)));
    }

    [Fact]
    public void The_bound_of_a_string_holds_for_text_outside_the_BMP_in_CESU_8()
    {
        string value = string.Concat(System.Linq.Enumerable.Repeat("\U0001F600", 6000)); // 12,000 units, 6 bytes per pair in CESU-8
        int written = HexOfRun(FudgeFieldRun.MaxStringFieldBytes(value), (ref FudgeFieldRun r) => r.WriteString((short)1, value), FudgeWriterOptions.JavaCompatible).Length / 2 - 18;
        Assert.Equal(4 + 4 + 36000, written); // past 32,767 bytes the size takes 4
        Assert.True(FudgeFieldRun.MaxStringFieldBytes(value) >= written);
    }

    [Theory]
    [InlineData(0)]
    [InlineData(255)]
    [InlineData(256)]
    [InlineData(32767)]
    [InlineData(32768)]
    [InlineData(70000)]
    public void Sub_messages_of_every_size_class_take_the_writers_minimal_size(int contentBytes)
    {
        // Content of exactly contentBytes: one byte-array field of header 4 + size bytes + payload, filled to measure.
        byte[] payload = new byte[PayloadFor(contentBytes)];
        string expected = HexOfWriter((ref FudgeWriter w) =>
        {
            var outer = w.BeginMessage(FudgeFieldKey.FromOrdinal(3));
            var inner = w.BeginMessage(FudgeFieldKey.Anonymous);
            if (contentBytes > 0) w.WriteVariableBytes(FudgeFieldKey.FromOrdinal(1), payload);
            w.EndMessage(inner);
            w.EndMessage(outer);
        });
        // Room for the headers, the payload and the wider sizes (1 + 3 bytes at most for each sub-message).
        string run = HexOfRun(5 + 3 + contentBytes + 8, (ref FudgeFieldRun r) =>
        {
            var outer = r.BeginMessage((short)3);
            var inner = r.BeginMessage();
            if (contentBytes > 0) r.WriteEncoded(FieldOf(payload));
            r.EndMessage(inner);
            r.EndMessage(outer);
        });
        Assert.Equal(expected, run);
    }

    [Theory]
    [InlineData(0, 0)]
    [InlineData(255, 300)]
    [InlineData(256, 0)]
    [InlineData(256, 300)]
    [InlineData(300, 40000)]
    [InlineData(32768, 300)]
    [InlineData(32768, 40000)]
    [InlineData(70000, 0)]
    public void A_size_hint_of_any_width_gives_the_writers_minimal_size_and_comes_back_only_when_wrong(int contentBytes, int hint)
    {
        byte[] payload = new byte[PayloadFor(contentBytes)];
        string expected = HexOfWriter((ref FudgeWriter w) =>
        {
            var list = w.BeginMessage(FudgeFieldKey.FromOrdinal(10));
            if (contentBytes > 0) w.WriteVariableBytes(FudgeFieldKey.FromOrdinal(1), payload);
            w.WriteIndicator(FudgeFieldKey.Anonymous);
            w.EndMessage(list);
            w.WriteIndicator(FudgeFieldKey.FromOrdinal(11));
        });
        int returned = -1;
        string run = HexOfRun(8 + contentBytes + 2 + 4 + 8, (ref FudgeFieldRun r) =>
        {
            var list = r.BeginMessage((short)10, hint);
            if (contentBytes > 0) r.WriteEncoded(FieldOf(payload));
            r.WriteIndicator();
            r.EndMessage(list, ref returned);
            r.WriteIndicator((short)11);
        });
        Assert.Equal(expected, run);
        int size = contentBytes + 2;
        static int Width(int n) => n <= 255 ? 1 : n <= short.MaxValue ? 2 : 4;
        // The writer's rule: the size is given back when the reserved width (the hint's) was not the one it needs.
        Assert.Equal(Width(hint) == Width(size) ? -1 : size, returned);
    }

    [Fact]
    public void Over_a_fixed_destination_a_size_hint_reserves_one_byte_as_the_writer_does()
    {
        // Exactly the encoding's room: a run that reserved four size bytes for a 12-byte message would need three more.
        var expected = new byte[8 + 5 + 12];
        var writer = new FudgeWriter(expected);
        var envelope = writer.BeginEnvelope();
        var body = writer.BeginMessage(FudgeFieldKey.FromOrdinal(3), 40000);
        writer.WriteInt64((short)1, 1L << 40);
        writer.EndMessage(body);
        writer.EndEnvelope(envelope);

        var actual = new byte[expected.Length];
        writer = new FudgeWriter(actual);
        envelope = writer.BeginEnvelope();
        var run = writer.BeginFieldRun(0);
        var message = run.BeginMessage((short)3, 40000);
        run.WriteInt64((short)1, 1L << 40);
        int hint = 40000;
        run.EndMessage(message, ref hint);
        writer.EndFieldRun(in run);
        writer.EndEnvelope(envelope);
        Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(actual));
    }

    [Fact]
    public void A_sub_message_begun_in_a_run_can_be_ended_by_the_writer_after_the_run()
    {
        byte[] payload = new byte[PayloadFor(300)];
        string expected = HexOfWriter((ref FudgeWriter w) =>
        {
            w.WriteInt64((short)1, 42);
            var body = w.BeginMessage(FudgeFieldKey.FromOrdinal(3));
            w.WriteVariableBytes(FudgeFieldKey.FromOrdinal(1), payload);
            w.EndMessage(body);
        });
        string mixed = HexOfWriter((ref FudgeWriter w) =>
        {
            var run = w.BeginFieldRun(FudgeFieldRun.MaxInt64FieldBytes + 5);
            run.WriteInt64((short)1, 42);
            var body = run.BeginMessage((short)3);
            w.EndFieldRun(in run);
            w.WriteVariableBytes(FudgeFieldKey.FromOrdinal(1), payload); // its content through the writer
            w.EndMessage(body);
        });
        Assert.Equal(expected, mixed);
    }

    [Fact]
    public void A_run_refuses_to_end_a_sub_message_it_did_not_begin_or_to_widen_one_past_its_room()
    {
        var error = Record(() =>
        {
            var writer = new FudgeWriter(new ArrayBufferWriter<byte>());
            var before = writer.BeginMessage(FudgeFieldKey.FromOrdinal(1));
            var run = writer.BeginFieldRun(12);
            run.WriteInt64((short)2, 1);
            run.EndMessage(before);
        });
        Assert.IsType<InvalidOperationException>(error);

        var buffer = new byte[3 + 300 + 8];
        Array.Fill(buffer, (byte)0xEE);
        error = Record(() =>
        {
            var writer = new FudgeWriter(buffer.AsSpan(0, 3 + 300)); // no room for the second size byte
            var run = writer.BeginFieldRun(3 + 300);
            var message = run.BeginMessage();
            run.WriteEncoded(new byte[300]);
            run.EndMessage(message);
        });
        Assert.IsType<InvalidOperationException>(error);
        for (int i = 3 + 300; i < buffer.Length; i++) Assert.Equal(0xEE, buffer[i]);
    }

    // The payload length whose type-6 field (4-byte header, 1/2/4 size bytes) takes exactly contentBytes.
    private static int PayloadFor(int contentBytes)
        => contentBytes == 0 ? 0 : contentBytes - 4 - (contentBytes - 5 <= 255 ? 1 : contentBytes - 6 <= short.MaxValue ? 2 : 4);

    private static byte[] FieldOf(byte[] payload)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        writer.WriteVariableBytes(FudgeFieldKey.FromOrdinal(1), payload);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    [Fact]
    public void Text_of_more_than_255_encoded_bytes_is_refused_by_WriteStringUtf8()
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var run = writer.BeginFieldRun(300);
        try
        {
            run.WriteStringUtf8((short)1, new byte[256]);
            Assert.Fail("256 bytes of text were written into a run.");
        }
        catch (ArgumentException)
        {
        }
        Assert.Equal(0, run.BytesWritten);
    }

    [Fact]
    public void Runs_that_make_the_writer_grow_its_scratch_keep_every_byte()
    {
        // A 16-byte hint: the first run's room comes from the output, later ones from pooled scratch copies.
        string expected = Hex((ref FudgeWriter w) =>
        {
            for (int i = 0; i < 200; i++)
            {
                w.WriteInt64((short)i, i * 1_000_003L);
                w.WriteString((short)1, "XNAS");
            }
        });
        string runs = Hex((ref FudgeWriter w) =>
        {
            for (int i = 0; i < 200; i++)
            {
                var run = w.BeginFieldRun(FudgeFieldRun.MaxInt64FieldBytes + FudgeFieldRun.MaxStringFieldBytes("XNAS"));
                run.WriteInt64((short)i, i * 1_000_003L);
                run.WriteString((short)1, "XNAS");
                w.EndFieldRun(in run);
            }
        }, sizeHint: 16);
        Assert.Equal(expected, runs);
    }

    [Fact]
    public void A_fixed_destination_of_exactly_the_encodings_size_is_enough_whatever_room_is_asked()
    {
        int size = FixedLength();
        var destination = new byte[size];
        var writer = new FudgeWriter(destination.AsSpan());
        WriteFixed(ref writer);
        Assert.Equal(size, writer.BytesPending);
        Assert.Equal(Hex((ref FudgeWriter w) => { w.WriteInt64((short)1, 1_700_000_000_000_000_000L); w.WriteString((short)2, "AAPL"); w.WriteInt32((short)3, 200); }).Substring(16),
            Convert.ToHexString(destination));
    }

    [Fact]
    public void A_fixed_destination_one_byte_short_throws_the_writers_exception_and_nothing_is_written_past_it()
    {
        int size = FixedLength();
        var buffer = new byte[size + 8];
        Array.Fill(buffer, (byte)0xEE);
        string? runMessage = null;
        try
        {
            var writer = new FudgeWriter(buffer.AsSpan(0, size - 1));
            WriteFixed(ref writer);
        }
        catch (InvalidOperationException e)
        {
            runMessage = e.Message;
        }
        string? writerMessage = null;
        try
        {
            var writer = new FudgeWriter(new byte[size - 1].AsSpan());
            writer.WriteInt64((short)1, 1_700_000_000_000_000_000L);
            writer.WriteString((short)2, "AAPL");
            writer.WriteInt32((short)3, 200);
        }
        catch (InvalidOperationException e)
        {
            writerMessage = e.Message;
        }
        Assert.NotNull(runMessage);
        Assert.Equal(writerMessage, runMessage);
        for (int i = size - 1; i < buffer.Length; i++) Assert.Equal(0xEE, buffer[i]);
    }

    // Three fields whose worst case (12 + 17 + 8 bytes) is more than their encoding (12 + 9 + 6).
    private static void WriteFixed(ref FudgeWriter writer)
    {
        var run = writer.BeginFieldRun(FudgeFieldRun.MaxInt64FieldBytes + FudgeFieldRun.MaxStringFieldBytes("AAPL") + FudgeFieldRun.MaxInt32FieldBytes);
        run.WriteInt64((short)1, 1_700_000_000_000_000_000L);
        run.WriteString((short)2, "AAPL");
        run.WriteInt32((short)3, 200);
        writer.EndFieldRun(in run);
    }

    private static int FixedLength() => 12 + 9 + 6;

    [Fact]
    public void A_run_begun_with_too_little_room_over_a_buffer_writer_throws_when_its_buffer_ends()
    {
        var output = new ExactBufferWriter(16);
        var writer = new FudgeWriter(output, 16);
        var run = writer.BeginFieldRun(8);
        run.WriteInt32((short)1, 100_000); // 8 bytes
        run.WriteInt32((short)2, 100_000); // 16
        var error = Record(() =>
        {
            var again = new FudgeWriter(new ExactBufferWriter(16), 16);
            var r = again.BeginFieldRun(8);
            r.WriteInt32((short)1, 100_000);
            r.WriteInt32((short)2, 100_000);
            r.WriteInt32((short)3, 100_000); // past the 16 bytes the buffer has
        });
        Assert.IsType<InvalidOperationException>(error);
        Assert.Contains("begin it with the most its fields can take", error!.Message);
        Assert.Equal(16, run.BytesWritten);
    }

    [Fact]
    public void A_run_is_ended_only_on_its_writer_at_the_position_it_began()
    {
        var error = Record(() =>
        {
            var first = new FudgeWriter(new ArrayBufferWriter<byte>());
            var second = new FudgeWriter(new ArrayBufferWriter<byte>());
            var run = first.BeginFieldRun(12);
            run.WriteInt64((short)1, 5);
            second.EndFieldRun(in run);
        });
        Assert.IsType<InvalidOperationException>(error);

        error = Record(() =>
        {
            var writer = new FudgeWriter(new ArrayBufferWriter<byte>());
            var run = writer.BeginFieldRun(12);
            run.WriteInt64((short)1, 5);
            writer.WriteInt64((short)2, 6); // through the writer while the run is open
            writer.EndFieldRun(in run);
        });
        Assert.IsType<InvalidOperationException>(error);

        error = Record(() =>
        {
            var writer = new FudgeWriter(new ArrayBufferWriter<byte>());
            writer.BeginFieldRun(-1);
        });
        Assert.IsType<ArgumentOutOfRangeException>(error);
    }

    private static Exception? Record(Action action)
    {
        try
        {
            action();
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }

    // An output that hands out exactly the span it was built with, once.
    private sealed class ExactBufferWriter : IBufferWriter<byte>
    {
        private readonly byte[] _buffer;

        public ExactBufferWriter(int size) => _buffer = new byte[size];

        public void Advance(int count)
        {
        }

        public Memory<byte> GetMemory(int sizeHint = 0) => _buffer;

        public Span<byte> GetSpan(int sizeHint = 0) => _buffer;
    }
}
