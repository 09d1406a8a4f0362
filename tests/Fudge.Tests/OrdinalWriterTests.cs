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

    private static string Hex(Write write, FudgeWriterOptions? options = null)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output, options);
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

    [Theory]
    [InlineData("")]
    [InlineData("AAPL")]
    [InlineData("déjà vu €")]
    [InlineData("\U0001F600 outside the BMP")]
    [InlineData(85)]
    [InlineData(86)]
    [InlineData(300)]
    public void Strings_write_the_same_bytes(object text)
    {
        string value = text as string ?? new string('é', (int)text); // 85 two-byte chars still fit a 1-byte size
        var key = FudgeFieldKey.FromOrdinal(9);
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteString(key, value)), Hex((ref FudgeWriter w) => w.WriteString((short)9, value)));
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteString(key, (string?)null)), Hex((ref FudgeWriter w) => w.WriteString((short)9, (string?)null)));
        var java = FudgeWriterOptions.JavaCompatible;
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteString(key, value), java), Hex((ref FudgeWriter w) => w.WriteString((short)9, value), java));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(255)]
    [InlineData(256)]
    public void Encoded_text_writes_the_same_bytes(int length)
    {
        byte[] utf8 = new byte[length];
        Array.Fill(utf8, (byte)'L');
        var key = FudgeFieldKey.FromOrdinal(0);
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteStringUtf8(key, utf8)), Hex((ref FudgeWriter w) => w.WriteStringUtf8((short)0, utf8)));
    }

    [Fact]
    public void A_string_in_a_fixed_destination_sized_to_it_fits()
    {
        string expected = Hex((ref FudgeWriter w) => w.WriteString((short)9, "déjà"));
        var destination = new byte[4 + 1 + 6]; // header, size byte, six UTF-8 bytes: no room for three per char
        var writer = new FudgeWriter(destination.AsSpan());
        writer.WriteString((short)9, "déjà");
        Assert.Contains(Convert.ToHexString(destination), expected);
    }

    [Fact]
    public void Dates_and_date_times_write_the_same_bytes()
    {
        var key = FudgeFieldKey.FromOrdinal(-1);
        foreach (var date in new[] { new FudgeDate(2026, 11, 25), FudgeDate.MinValue, FudgeDate.MaxValue, new FudgeDate(-44, 3, 0) })
            Assert.Equal(Hex((ref FudgeWriter w) => w.WriteDate(key, date)), Hex((ref FudgeWriter w) => w.WriteDate((short)-1, date)));
        foreach (var instant in new[] { new DateTime(2026, 11, 25, 17, 53, 10, DateTimeKind.Utc).AddTicks(1234567), DateTime.MinValue, DateTime.MaxValue })
        {
            var value = FudgeDateTime.FromDateTime(instant);
            Assert.Equal(Hex((ref FudgeWriter w) => w.WriteDateTime(key, value)), Hex((ref FudgeWriter w) => w.WriteDateTime((short)-1, value)));
        }
        var zoned = new FudgeDateTime(new FudgeDate(2010, 3, 4), new FudgeTime(3600, 5, FudgeDateTimeAccuracy.Millisecond, -8));
        Assert.Equal(Hex((ref FudgeWriter w) => w.WriteDateTime(key, zoned)), Hex((ref FudgeWriter w) => w.WriteDateTime((short)-1, zoned)));
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
