using System;
using System.Collections.Generic;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// Arrays of numbers taken in a <see cref="FudgeTakeRun"/> (a portfolio's risk factors: issue 42), and the runs over a
/// sub-message's fields that generated code hands to the code taking a nested object. A take gives what the general
/// read and the array's getter give; anything they would widen or refuse is left to them, nothing consumed.
/// </summary>
public class TakeRunArrayTests
{
    // An ordinal-only variable-width field whose size takes sizeBytes (0, 1, 2 or 4) bytes.
    private static byte[] VariableField(short ordinal, byte typeId, byte[] payload, int sizeBytes)
    {
        var field = new List<byte> { (byte)(0x10 | (sizeBytes == 4 ? 3 : sizeBytes) << 5), typeId, (byte)(ordinal >> 8), (byte)ordinal };
        for (int i = sizeBytes - 1; i >= 0; i--) field.Add((byte)(payload.Length >> (8 * i)));
        field.AddRange(payload);
        return field.ToArray();
    }

    // Elements of `width` bytes, big-endian, each a different pattern (every byte position differs, so a swap shows).
    private static byte[] Payload(int count, int width)
    {
        var bytes = new byte[count * width];
        for (int i = 0; i < bytes.Length; i++) bytes[i] = (byte)(i * 37 + 11);
        return bytes;
    }

    public static IEnumerable<object[]> Shapes()
    {
        foreach (byte typeId in new[] { FudgeTypeId.Int16Array, FudgeTypeId.Int32Array, FudgeTypeId.Int64Array, FudgeTypeId.FloatArray, FudgeTypeId.DoubleArray })
            foreach (int count in new[] { 0, 1, 3, 16, 17, 40 })
                foreach (int sizeBytes in new[] { 1, 2, 4 })
                    yield return new object[] { typeId, count, sizeBytes };
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public void An_array_is_taken_as_its_getter_reads_it(byte typeId, int count, int sizeBytes)
    {
        int width = FudgeTypeId.GetArrayElementWidth(typeId);
        if (count * width > 255 && sizeBytes == 1) return;
        byte[] fields = Concat(VariableField(7, typeId, Payload(count, width), sizeBytes), new byte[] { 0x90, FudgeTypeId.Int8, 0, 8, 42 });
        var general = FudgeReader.ForFields(fields);
        Assert.True(general.Read());

        var run = FudgeReader.ForFields(fields).BeginTakeRun();
        switch (typeId)
        {
            case FudgeTypeId.Int16Array:
                Assert.True(run.TryTakeInt16Array(7, out short[] shorts));
                Assert.Equal(general.GetInt16Array(), shorts);
                break;
            case FudgeTypeId.Int32Array:
                Assert.True(run.TryTakeInt32Array(7, out int[] ints));
                Assert.Equal(general.GetInt32Array(), ints);
                break;
            case FudgeTypeId.Int64Array:
                Assert.True(run.TryTakeInt64Array(7, out long[] longs));
                Assert.Equal(general.GetInt64Array(), longs);
                break;
            case FudgeTypeId.FloatArray:
                Assert.True(run.TryTakeSingleArray(7, out float[] floats));
                // Compared by bits: the payload's patterns include NaNs, whose payloads must survive too.
                Assert.Equal(Array.ConvertAll(general.GetSingleArray(), BitConverter.SingleToInt32Bits), Array.ConvertAll(floats, BitConverter.SingleToInt32Bits));
                break;
            default:
                Assert.True(run.TryTakeDoubleArray(7, out double[] doubles));
                Assert.Equal(Array.ConvertAll(general.GetDoubleArray(), BitConverter.DoubleToInt64Bits), Array.ConvertAll(doubles, BitConverter.DoubleToInt64Bits));
                break;
        }
        Assert.True(run.TryTakeInt32(8, out int next)); // the run moved to the field after the array
        Assert.Equal(42, next);
        Assert.True(run.IsAtEnd);
    }

    [Fact]
    public void Known_values_come_out_as_written()
    {
        var values = new[] { 1.5, -0.0, double.MaxValue, double.Epsilon, Math.PI };
        var message = new FudgeMsg().Add(1, values).Add(2, new[] { 1, -1, int.MinValue }).Add(3, new[] { long.MaxValue, -7L });
        var reader = new FudgeReader(message.ToByteArray());
        var run = reader.BeginTakeRun();
        Assert.True(run.TryTakeDoubleArray(1, out double[] doubles));
        Assert.True(run.TryTakeInt32Array(2, out int[] ints));
        Assert.True(run.TryTakeInt64Array(3, out long[] longs));
        reader.EndTakeRun(in run);
        Assert.Equal(values, doubles);
        Assert.Equal(new[] { 1, -1, int.MinValue }, ints);
        Assert.Equal(new[] { long.MaxValue, -7L }, longs);
        Assert.False(reader.Read());
    }

    [Fact]
    public void What_the_getters_widen_or_refuse_is_left_to_them()
    {
        // A float array where doubles are expected (GetDoubleArray widens it), an int16 array where ints are expected
        // (GetInt32Array widens it), another ordinal, a name, an indicator (a null array): nothing is consumed.
        var reader = new FudgeReader(new FudgeMsg().Add(1, new[] { 1.5f }).Add(2, new short[] { 3 }).Add(3, new[] { 2.5 })
            .Add("named", new[] { 4.5 }).Add(4, FudgeIndicator.Instance).ToByteArray());
        var run = reader.BeginTakeRun();
        Assert.False(run.TryTakeDoubleArray(1, out _));
        Assert.True(run.TryTakeSingleArray(1, out float[] floats));
        Assert.False(run.TryTakeInt32Array(2, out _));
        Assert.False(run.TryTakeInt64Array(2, out _));
        Assert.True(run.TryTakeInt16Array(2, out short[] shorts));
        Assert.False(run.TryTakeDoubleArray(4, out _));
        Assert.True(run.TryTakeDoubleArray(3, out double[] doubles));
        Assert.False(run.TryTakeDoubleArray(0, out _));
        reader.EndTakeRun(in run);
        Assert.Equal((1.5f, (short)3, 2.5), (floats[0], shorts[0], doubles[0]));
        Assert.True(reader.Read());
        Assert.Equal("named", reader.GetName());
        run = reader.BeginTakeRun();
        Assert.False(run.TryTakeDoubleArray(4, out _)); // an indicator: the general read gives the member null
        reader.EndTakeRun(in run);
        Assert.True(reader.Read());
        Assert.True(reader.IsIndicator);
        Assert.Equal(4, reader.Ordinal);
    }

    [Fact]
    public void A_partial_element_or_a_size_past_the_message_is_left_to_the_general_read_which_reports_it()
    {
        // Nine bytes declared for doubles; then a size of 16 with 8 bytes left (the message cut inside the value).
        foreach (byte[] fields in new[]
        {
            VariableField(1, FudgeTypeId.DoubleArray, new byte[9], 1),
            VariableField(1, FudgeTypeId.DoubleArray, new byte[16], 1).AsSpan(0, 13).ToArray(),
            VariableField(1, FudgeTypeId.Int32Array, new byte[6], 2),
        })
        {
            var reader = FudgeReader.ForFields(fields);
            var run = reader.BeginTakeRun();
            Assert.False(run.TryTakeDoubleArray(1, out _));
            Assert.False(run.TryTakeInt32Array(1, out _));
            reader.EndTakeRun(in run);
            try
            {
                reader.Read();
                Assert.Fail("the general read accepted a malformed array");
            }
            catch (FudgeFormatException e)
            {
                Assert.InRange(e.Offset, 0, fields.Length);
            }
        }
    }

    [Fact]
    public void An_array_cut_at_every_byte_is_not_taken()
    {
        byte[] field = VariableField(1, FudgeTypeId.DoubleArray, Payload(4, 8), 1);
        for (int cut = 0; cut < field.Length; cut++)
        {
            var run = FudgeReader.ForFields(field.AsSpan(0, cut)).BeginTakeRun();
            Assert.False(run.TryTakeDoubleArray(1, out _));
        }
        Assert.True(FudgeReader.ForFields(field).BeginTakeRun().TryTakeDoubleArray(1, out double[] all));
        Assert.Equal(4, all.Length);
    }

    [Fact]
    public void A_run_over_a_peeked_sub_message_takes_its_fields_from_their_first()
    {
        // What generated code does with a nested object: peek at it, hand its fields on as a span, take them there.
        var lot = new FudgeMsg().Add(1, 5_000_000_001L).Add(2, "XLON");
        var reader = new FudgeReader(new FudgeMsg().Add(9, 1).Add(null, null, lot).Add(3, true).ToByteArray());
        var run = reader.BeginTakeRun();
        Assert.True(run.TryTakeInt32(9, out _));
        Assert.True(run.TryPeekAnonymousMessage(out var element));
        Assert.Equal(lot.ToByteArray().AsSpan(8).ToArray(), element.RemainingFields.ToArray());

        var fields = new FudgeTakeRun(element.RemainingFields);
        Assert.True(fields.TryTakeInt64(1, out long sequence));
        Assert.True(fields.TryTakeString(2, out string venue));
        Assert.True(fields.IsAtEnd);
        Assert.Equal((5_000_000_001L, "XLON"), (sequence, venue));

        run.Skip(in element);
        Assert.True(run.TryTakeBoolean(3, out bool settled));
        Assert.True(settled && run.IsAtEnd);
    }

    private static byte[] Concat(params byte[][] parts)
    {
        var all = new List<byte>();
        foreach (var part in parts) all.AddRange(part);
        return all.ToArray();
    }
}
