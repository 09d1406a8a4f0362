using System;
using System.Buffers;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// <see cref="FudgeFieldRun.WriteBytes"/> writes exactly the bytes of the writer's <see cref="FudgeWriter.WriteBytes(in FudgeFieldKey, ReadOnlySpan{byte})"/>
/// under an ordinal (a fixed-width type for the lengths that have one, else type 6 with the narrowest size; null as
/// the indicator), within the room <see cref="FudgeFieldRun.MaxBytesFieldBytes"/> gives.
/// </summary>
public class FieldRunBytesTests
{
    private static byte[] Written(bool run, byte[]? value)
    {
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt32((short)7, 1);
        if (run)
        {
            var fields = writer.BeginFieldRun(FudgeFieldRun.MaxBytesFieldBytes(value) + FudgeFieldRun.MaxInt32FieldBytes);
            fields.WriteBytes(8, value);
            fields.WriteInt32(9, 300);
            writer.EndFieldRun(in fields);
        }
        else
        {
            if (value is null) writer.WriteIndicator(FudgeFieldKey.FromOrdinal(8));
            else writer.WriteBytes(FudgeFieldKey.FromOrdinal(8), value);
            writer.WriteInt32((short)9, 300);
        }
        writer.EndEnvelope(envelope);
        writer.Flush();
        return output.WrittenSpan.ToArray();
    }

    [Theory]
    [InlineData(-1)]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(4)]
    [InlineData(16)]
    [InlineData(20)]
    [InlineData(100)]
    [InlineData(255)]
    [InlineData(256)]
    [InlineData(257)]
    [InlineData(512)]
    [InlineData(513)]
    [InlineData(32767)]
    [InlineData(32768)]
    [InlineData(70000)]
    public void A_byte_array_in_a_run_has_the_writers_bytes(int length)
    {
        byte[]? value = length < 0 ? null : new byte[length];
        if (value is not null) new Random(length).NextBytes(value);
        Assert.Equal(Written(run: false, value), Written(run: true, value));
    }

    [Fact]
    public void Every_length_up_to_a_hundred_has_the_writers_bytes()
    {
        // Every fixed-width length (4, 8, 16, 20, 32, 64) and those around them, as the writer writes them.
        for (int length = 0; length <= 100; length++)
        {
            var value = new byte[length];
            new Random(length).NextBytes(value);
            Assert.Equal(Written(run: false, value), Written(run: true, value));
        }
    }

    [Fact]
    public void The_fixed_width_byte_array_types_are_those_of_their_nine_lengths()
    {
        for (int length = 0; length <= 1100; length++)
        {
            byte expected = length switch
            {
                4 => FudgeTypeId.ByteArray4,
                8 => FudgeTypeId.ByteArray8,
                16 => FudgeTypeId.ByteArray16,
                20 => FudgeTypeId.ByteArray20,
                32 => FudgeTypeId.ByteArray32,
                64 => FudgeTypeId.ByteArray64,
                128 => FudgeTypeId.ByteArray128,
                256 => FudgeTypeId.ByteArray256,
                512 => FudgeTypeId.ByteArray512,
                _ => FudgeTypeId.ByteArray,
            };
            Assert.Equal(expected, FudgeTypeId.ForByteArrayLength(length));
        }
        Assert.Equal(FudgeTypeId.ByteArray, FudgeTypeId.ForByteArrayLength(-1));
        Assert.Equal(FudgeTypeId.ByteArray, FudgeTypeId.ForByteArrayLength(int.MaxValue));
    }
}
