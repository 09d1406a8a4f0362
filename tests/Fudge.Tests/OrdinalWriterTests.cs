using System;
using System.Buffers;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// <see cref="FudgeWriter"/>'s overloads keyed by a bare ordinal write exactly the bytes of the
/// <see cref="FudgeFieldKey"/> overloads with an ordinal-only key, integers reduced to the same width.
/// </summary>
public class OrdinalWriterTests
{
    private delegate void Write(ref FudgeWriter writer);

    private static string Hex(Write write)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        write(ref writer);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return Convert.ToHexString(output.WrittenSpan);
    }

    [Theory]
    [InlineData(0L)]
    [InlineData(-128L)]
    [InlineData(127L)]
    [InlineData(128L)]
    [InlineData(-32769L)]
    [InlineData(int.MaxValue)]
    [InlineData(int.MaxValue + 1L)]
    [InlineData(long.MinValue)]
    public void Integers_take_the_same_smallest_width(long value)
    {
        var key = FudgeFieldKey.FromOrdinal(-3);
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteInt64(key, value)), Hex((ref FudgeWriter w) => w.WriteInt64((short)-3, value)));
        if (value >= int.MinValue && value <= int.MaxValue)
            Assert.Equal(Hex((ref FudgeWriter w) => w.WriteInt32(key, (int)value)), Hex((ref FudgeWriter w) => w.WriteInt32((short)-3, (int)value)));
    }

    [Fact]
    public void Booleans_floats_and_doubles_write_the_same_bytes()
    {
        var key = FudgeFieldKey.FromOrdinal(short.MaxValue);
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteBoolean(key, true)), Hex((ref FudgeWriter w) => w.WriteBoolean(short.MaxValue, true)));
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteSingle(key, 1.5f)), Hex((ref FudgeWriter w) => w.WriteSingle(short.MaxValue, 1.5f)));
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteDouble(key, -0.25)), Hex((ref FudgeWriter w) => w.WriteDouble(short.MaxValue, -0.25)));
    }

    [Fact]
    public void A_fixed_destination_too_small_is_refused_as_with_a_key()
    {
        var ok = new byte[5];
        var writer = new FudgeWriter(ok.AsSpan());
        writer.WriteInt32(1, 7);
        Assert.Equal("90020001", Convert.ToHexString(ok, 0, 4));
        Assert.Equal(7, ok[4]);

        Assert.Throws<InvalidOperationException>(() =>
        {
            var tooSmall = new FudgeWriter(new byte[4].AsSpan());
            tooSmall.WriteDouble(1, 1.0);
        });
    }
}
