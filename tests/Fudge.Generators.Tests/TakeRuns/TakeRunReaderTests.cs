using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Generators.Tests.TakeRuns;

/// <summary>
/// A generated reader takes the fields it expects from a <see cref="FudgeTakeRun"/> (its position in a register) and
/// leaves every field it does not take to the general loop. Whatever the encoding of a field, the two must read the
/// same value: the same message is read with its fields in the writer's order (the run takes them) and reversed (the
/// general loop reads them all), each field in an encoding picked at random from those the general reads accept
/// (wider integers, a boolean as an integer, a float as a double, a 2-byte size, CESU-8 text, a date as a date-time...).
/// </summary>
public class TakeRunReaderTests
{
    [Fact]
    public void Every_encoding_reads_the_same_in_the_run_and_in_the_general_loop()
    {
        for (int seed = 0; seed < 2000; seed++)
        {
            var random = new Random(seed);
            var expected = RandomScalars(random);
            var fields = Fields(expected, random);
            var inOrder = FudgeSerializer.Deserialize<TScalars>(Envelope(fields));
            fields.Reverse();
            var reversed = FudgeSerializer.Deserialize<TScalars>(Envelope(fields));
            byte[] canonical = FudgeSerializer.Serialize(expected);
            Assert.Equal(canonical, FudgeSerializer.Serialize(inOrder));
            Assert.Equal(canonical, FudgeSerializer.Serialize(reversed));
        }
    }

    [Theory]
    [InlineData(1, 300L, "byte")]
    [InlineData(2, -129L, "sbyte")]
    [InlineData(3, 40000L, "short")]
    [InlineData(4, -1L, "ushort")]
    [InlineData(5, 1L << 40, "int")]
    [InlineData(6, -5L, "uint")]
    public void An_integer_out_of_the_members_range_is_refused_at_its_field(short ordinal, long value, string type)
    {
        // The run leaves it to the general read, which refuses it as the member's getter does, at the field.
        var fields = Fields(new TScalars(), new Random(1), canonical: true);
        int index = fields.FindIndex(f => f.Ordinal == ordinal);
        fields[index] = Integer(ordinal, value, 8);
        byte[] bytes = Envelope(fields);
        var e = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<TScalars>(bytes));
        Assert.Contains($"which does not fit in {type}", e.Message, StringComparison.Ordinal);
        Assert.Equal(8 + fields.Take(index).Sum(f => f.Bytes.Length), e.Offset);
    }

    [Fact]
    public void Text_that_is_not_UTF_8_is_refused_where_it_is()
    {
        var fields = Fields(new TScalars { Text = "x" }, new Random(1), canonical: true);
        int index = fields.FindIndex(f => f.Ordinal == 14);
        fields[index] = Sized(14, FudgeTypeId.String, new byte[] { 0x61, 0xC3 }, 1); // a cut two-byte sequence
        byte[] bytes = Envelope(fields);
        var e = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<TScalars>(bytes));
        Assert.Contains("not valid UTF-8", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Hostile_bytes_raise_only_format_errors()
    {
        var random = new Random(3);
        var value = RandomScalars(random);
        value.Text = "venue";
        value.Data = new byte[16];
        value.Children = new List<TScalars> { RandomScalars(random), RandomScalars(random) };
        value.Children[0].Children = new List<TScalars> { RandomScalars(random) };
        byte[] bytes = FudgeSerializer.Serialize(value);
        HostileInput.AssertOnlyFormatErrors(bytes, b => FudgeSerializer.Deserialize<TScalars>(b));
    }

    [Fact]
    public void Reading_allocates_what_a_copy_of_the_result_allocates()
    {
        // The objects, their strings and arrays, and each list at its exact count (no growth, nothing else).
        var random = new Random(5);
        var value = RandomScalars(random);
        value.Text = "XNAS";
        value.Data = new byte[16];
        value.Children = Enumerable.Range(0, 37).Select(_ => { var c = RandomScalars(random); c.Text = "lot"; c.Data = new byte[3]; return c; }).ToList();
        byte[] bytes = FudgeSerializer.Serialize(value);
        long read = Allocations.SteadyState(() => FudgeSerializer.Deserialize<TScalars>(bytes));
        long copy = Allocations.SteadyState(() => Copy(value));
        Assert.Equal(copy, read);
    }

    private static TScalars Copy(TScalars v) => new()
    {
        B = v.B, SB = v.SB, S = v.S, US = v.US, I = v.I, UI = v.UI, L = v.L, UL = v.UL, Small = v.Small, Wide = v.Wide, Flag = v.Flag,
        F = v.F, D = v.D, Day = v.Day, At = v.At,
        Text = v.Text is null ? null : v.Text.Length == 0 ? "" : new string(v.Text.AsSpan()),
        Data = v.Data is null ? null : (byte[])v.Data.Clone(),
        Doubles = v.Doubles is null ? null : (double[])v.Doubles.Clone(),
        Ints = v.Ints is null ? null : (int[])v.Ints.Clone(),
        Children = v.Children is null ? null : CopyList(v.Children),
    };

    private static List<TScalars> CopyList(List<TScalars> list)
    {
        var copy = new List<TScalars>(list.Count);
        foreach (var item in list) copy.Add(Copy(item));
        return copy;
    }

    private static TScalars RandomScalars(Random random)
    {
        long Pick(long min, long max) => random.Next(4) switch { 0 => min, 1 => max, 2 => 0, _ => random.NextInt64(min, max) };
        return new TScalars
        {
            B = (byte)Pick(0, 255), SB = (sbyte)Pick(-128, 127), S = (short)Pick(short.MinValue, short.MaxValue), US = (ushort)Pick(0, ushort.MaxValue),
            I = (int)Pick(int.MinValue, int.MaxValue), UI = (uint)Pick(0, uint.MaxValue), L = Pick(long.MinValue, long.MaxValue),
            UL = unchecked((ulong)Pick(long.MinValue, long.MaxValue)), Small = (TSmall)Pick(0, 255), Wide = (TWide)Pick(long.MinValue, long.MaxValue),
            Flag = random.Next(2) == 0, F = random.Next(3) == 0 ? 0.5f : (float)random.NextDouble(), D = random.Next(3) == 0 ? 0.25 : random.NextDouble() * 1e6,
            Text = random.Next(5) switch { 0 => null, 1 => "", 2 => "ASCII text", 3 => "d\u00E9j\u00E0 \U0001F600", _ => new string('w', random.Next(30, 200)) },
            Data = random.Next(4) switch { 0 => null, 1 => Array.Empty<byte>(), 2 => new byte[16], _ => new byte[random.Next(1, 300)] },
            Day = DateOnly.FromDayNumber(random.Next(DateOnly.MinValue.DayNumber, DateOnly.MaxValue.DayNumber + 1)),
            At = new DateTime(random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks + 1), random.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified),
            // Arrays: empty, of values a float or an int16 holds (which the getters also read from those narrower
            // arrays), or of any values, up to a 2-byte size.
            Doubles = random.Next(4) switch
            {
                0 => null,
                1 => Array.Empty<double>(),
                2 => Enumerable.Range(0, random.Next(1, 20)).Select(i => i * 0.25 - 1).ToArray(),
                _ => Enumerable.Range(0, random.Next(1, 60)).Select(_ => (random.NextDouble() - 0.5) * Math.Pow(10, random.Next(-300, 300))).ToArray(),
            },
            Ints = random.Next(4) switch
            {
                0 => null,
                1 => Array.Empty<int>(),
                2 => Enumerable.Range(0, random.Next(1, 20)).Select(_ => random.Next(short.MinValue, short.MaxValue + 1)).ToArray(),
                _ => Enumerable.Range(0, random.Next(1, 90)).Select(_ => (int)Pick(int.MinValue, int.MaxValue)).ToArray(),
            },
        };
    }

    private sealed record Field(short Ordinal, byte[] Bytes);

    // The fields of value's message in ordinal order, each in an encoding picked by random (or the writer's own).
    private static List<Field> Fields(TScalars v, Random random, bool canonical = false)
    {
        bool Odd() => !canonical && random.Next(2) == 0;
        var fields = new List<Field>
        {
            Int(1, v.B, plain: true), Int(2, v.SB, plain: true), Int(3, v.S, plain: true), Int(4, v.US, plain: true), Int(5, v.I, plain: true),
            Int(6, v.UI, plain: true), Int(7, v.L, plain: true), Int(8, unchecked((long)v.UL), plain: true),
            Int(9, (long)v.Small, plain: false), Int(10, (long)v.Wide, plain: false),
        };
        // A boolean as an integer, a float as a double, a double as a float or an integer where the value allows.
        fields.Add(Odd() ? Integer(11, v.Flag ? 1 : 0, 1 << random.Next(4)) : Fixed(11, FudgeTypeId.Boolean, new[] { (byte)(v.Flag ? 1 : 0) }));
        fields.Add(Odd() ? Fixed(12, FudgeTypeId.Double, BigEndianDouble(v.F)) : Fixed(12, FudgeTypeId.Float, BigEndianSingle(v.F)));
        fields.Add(Odd() && (float)v.D == v.D ? Fixed(13, FudgeTypeId.Float, BigEndianSingle((float)v.D))
            : Odd() && v.D == Math.Floor(v.D) && Math.Abs(v.D) < 1e15 ? Integer(13, (long)v.D, 8) : Fixed(13, FudgeTypeId.Double, BigEndianDouble(v.D)));
        if (v.Text is null) { if (Odd()) fields.Add(Fixed(14, FudgeTypeId.Indicator, Array.Empty<byte>())); }
        else
        {
            // Fudge-Java writes a character outside the BMP as a CESU-8 surrogate pair; the general read accepts both.
            byte[] text = Odd() && v.Text.Any(char.IsSurrogate) ? Cesu8(v.Text) : Encoding.UTF8.GetBytes(v.Text);
            fields.Add(Sized(14, FudgeTypeId.String, text, text.Length > 255 || Odd() ? 2 : 1));
        }
        if (v.Data is not null)
        {
            byte type = FudgeTypeId.ForByteArrayLength(v.Data.Length);
            fields.Add(type != FudgeTypeId.ByteArray && !Odd() ? Fixed(15, type, v.Data) : Sized(15, FudgeTypeId.ByteArray, v.Data, v.Data.Length > 255 || Odd() ? 2 : 1));
        }
        var day = new byte[4];
        BinaryPrimitives.WriteInt32BigEndian(day, FudgeDate.FromDateOnly(v.Day).RawValue);
        // A date as the date part of a date-time (midnight, no zone): the general DateOnly read accepts it.
        fields.Add(Odd() ? Fixed(16, FudgeTypeId.DateTime, day.Concat(new byte[8]).ToArray()) : Fixed(16, FudgeTypeId.Date, day));
        var at = FudgeDateTime.FromDateTime(v.At);
        var atBytes = new byte[12];
        BinaryPrimitives.WriteInt32BigEndian(atBytes, at.Date.RawValue);
        BinaryPrimitives.WriteInt64BigEndian(atBytes.AsSpan(4), at.Time.RawValue);
        fields.Add(Fixed(17, FudgeTypeId.DateTime, atBytes));
        // Doubles as a float array and ints as an int16 array where every value fits (the getters widen them), any
        // with a 2-byte size; a null array as an indicator or left out.
        if (v.Doubles is null) { if (Odd()) fields.Add(Fixed(19, FudgeTypeId.Indicator, Array.Empty<byte>())); }
        else if (Odd() && v.Doubles.All(d => (float)d == d))
            fields.Add(SizedArray(19, FudgeTypeId.FloatArray, v.Doubles.SelectMany(d => BigEndianSingle((float)d)).ToArray()));
        else fields.Add(SizedArray(19, FudgeTypeId.DoubleArray, v.Doubles.SelectMany(BigEndianDouble).ToArray()));
        if (v.Ints is null) { if (Odd()) fields.Add(Fixed(20, FudgeTypeId.Indicator, Array.Empty<byte>())); }
        else if (Odd() && v.Ints.All(i => i == (short)i))
            fields.Add(SizedArray(20, FudgeTypeId.Int16Array, v.Ints.SelectMany(i => Integer(0, i, 2).Bytes.Skip(4)).ToArray()));
        else fields.Add(SizedArray(20, FudgeTypeId.Int32Array, v.Ints.SelectMany(i => Integer(0, i, 4).Bytes.Skip(4)).ToArray()));
        return fields;

        Field SizedArray(short ordinal, byte type, byte[] value) => Sized(ordinal, type, value, value.Length > 255 || Odd() ? 2 : 1);

        // The smallest width that holds the value, or (an odd encoding) any wider one; 0 and 1 of a plain integer
        // member as a boolean, which its getter reads as an integer.
        Field Int(short ordinal, long value, bool plain)
        {
            int smallest = value == (sbyte)value ? 1 : value == (short)value ? 2 : value == (int)value ? 4 : 8;
            if (plain && value is 0 or 1 && Odd()) return Fixed(ordinal, FudgeTypeId.Boolean, new[] { (byte)value });
            int width = Odd() ? Math.Max(smallest, 1 << random.Next(4)) : smallest;
            return Integer(ordinal, value, width);
        }
    }

    private static Field Integer(short ordinal, long value, int width)
    {
        var bytes = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(bytes, value);
        byte type = width switch { 1 => FudgeTypeId.Int8, 2 => FudgeTypeId.Int16, 4 => FudgeTypeId.Int32, _ => FudgeTypeId.Int64 };
        return Fixed(ordinal, type, bytes.AsSpan(8 - width).ToArray());
    }

    private static Field Fixed(short ordinal, byte type, byte[] value)
    {
        var field = new byte[4 + value.Length];
        field[0] = 0x90;
        field[1] = type;
        BinaryPrimitives.WriteInt16BigEndian(field.AsSpan(2), ordinal);
        value.CopyTo(field, 4);
        return new Field(ordinal, field);
    }

    private static Field Sized(short ordinal, byte type, byte[] value, int sizeBytes)
    {
        var field = new byte[4 + sizeBytes + value.Length];
        field[0] = (byte)(0x10 | (sizeBytes == 1 ? 0x20 : 0x40));
        field[1] = type;
        BinaryPrimitives.WriteInt16BigEndian(field.AsSpan(2), ordinal);
        if (sizeBytes == 1) field[4] = (byte)value.Length;
        else BinaryPrimitives.WriteInt16BigEndian(field.AsSpan(4), (short)value.Length);
        value.CopyTo(field, 4 + sizeBytes);
        return new Field(ordinal, field);
    }

    private static byte[] Envelope(List<Field> fields)
    {
        var bytes = new byte[8 + fields.Sum(f => f.Bytes.Length)];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), bytes.Length);
        int at = 8;
        foreach (var f in fields)
        {
            f.Bytes.CopyTo(bytes, at);
            at += f.Bytes.Length;
        }
        return bytes;
    }

    private static byte[] BigEndianSingle(float value)
    {
        var bytes = new byte[4];
        BinaryPrimitives.WriteInt32BigEndian(bytes, BitConverter.SingleToInt32Bits(value));
        return bytes;
    }

    private static byte[] BigEndianDouble(double value)
    {
        var bytes = new byte[8];
        BinaryPrimitives.WriteInt64BigEndian(bytes, BitConverter.DoubleToInt64Bits(value));
        return bytes;
    }

    // Each UTF-16 unit as its own UTF-8 sequence: a surrogate pair as two three-byte sequences (CESU-8).
    private static byte[] Cesu8(string text)
    {
        var bytes = new List<byte>();
        foreach (char c in text)
        {
            if (c < 0x80) bytes.Add((byte)c);
            else if (c < 0x800) { bytes.Add((byte)(0xC0 | (c >> 6))); bytes.Add((byte)(0x80 | (c & 0x3F))); }
            else { bytes.Add((byte)(0xE0 | (c >> 12))); bytes.Add((byte)(0x80 | ((c >> 6) & 0x3F))); bytes.Add((byte)(0x80 | (c & 0x3F))); }
        }
        return bytes.ToArray();
    }
}
