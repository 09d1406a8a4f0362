using System;
using System.Linq;
using System.Security.Cryptography;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests;

/// <summary>Each shared vector decodes to exactly the envelope and fields its README lists.</summary>
public class InteropDecodeTests
{
    [Theory]
    [InlineData("allNames.dat", 9658, 21)]
    [InlineData("allOrdinals.dat", 2426, 17)]
    [InlineData("fixedWidthByteArrays.dat", 1188, 10)]
    [InlineData("subMsg.dat", 74, 2)]
    [InlineData("unknown.dat", 29, 1)]
    [InlineData("variableWidthColumnSizes.dat", 101136, 3)]
    public void Envelope_header_is_all_zero_and_size_is_the_file_length(string vector, int size, int fieldCount)
    {
        var bytes = InteropVectors.Read(vector);

        var envelope = FudgeEnvelope.Parse(bytes);

        Assert.Equal(size, bytes.Length);
        Assert.Equal(new FudgeEnvelopeHeader(0, 0, 0, size), FudgeReader.ReadEnvelopeHeader(bytes));
        Assert.Equal((0, 0, (short)0), (envelope.ProcessingDirectives, envelope.SchemaVersion, envelope.TaxonomyId));
        Assert.Equal(fieldCount, envelope.Message.Count);
    }

    [Fact]
    public void AllNames_holds_every_basic_type_by_name()
    {
        var msg = FudgeMsg.Parse(InteropVectors.Read("allNames.dat"));

        AssertField(msg[0], "boolean", null, FudgeTypeId.Boolean, true);
        AssertField(msg[1], "Boolean", null, FudgeTypeId.Boolean, false);
        AssertField(msg[2], "byte", null, FudgeTypeId.Int8, (sbyte)5);
        AssertField(msg[3], "Byte", null, FudgeTypeId.Int8, (sbyte)5);
        AssertField(msg[4], "short", null, FudgeTypeId.Int16, (short)132);
        AssertField(msg[5], "Short", null, FudgeTypeId.Int16, (short)132);
        AssertField(msg[6], "int", null, FudgeTypeId.Int32, 32772);
        AssertField(msg[7], "Integer", null, FudgeTypeId.Int32, 32772);
        AssertField(msg[8], "long", null, FudgeTypeId.Int64, 2147483652L);
        AssertField(msg[9], "Long", null, FudgeTypeId.Int64, 2147483652L);
        AssertField(msg[10], "float", null, FudgeTypeId.Float, 0.5f);
        AssertField(msg[11], "Float", null, FudgeTypeId.Float, 0.5f);
        AssertField(msg[12], "double", null, FudgeTypeId.Double, 0.27362);
        AssertField(msg[13], "Double", null, FudgeTypeId.Double, 0.27362);
        AssertField(msg[14], "String", null, FudgeTypeId.String, "Kirk Wylie");
        AssertField(msg[15], "float array", null, FudgeTypeId.FloatArray, new float[24]);
        AssertField(msg[16], "double array", null, FudgeTypeId.DoubleArray, new double[273]);
        AssertField(msg[17], "short array", null, FudgeTypeId.Int16Array, new short[32]);
        AssertField(msg[18], "int array", null, FudgeTypeId.Int32Array, new int[83]);
        AssertField(msg[19], "long array", null, FudgeTypeId.Int64Array, new long[837]);
        AssertField(msg[20], "indicator", null, FudgeTypeId.Indicator, FudgeIndicator.Instance);
        Assert.Equal(0x3FD182FD75E2046CL, BitConverter.DoubleToInt64Bits((double)msg[12].Value));
    }

    [Fact]
    public void AllOrdinals_holds_the_same_values_by_ordinal_only()
    {
        var msg = FudgeMsg.Parse(InteropVectors.Read("allOrdinals.dat"));
        object[] expected =
        {
            true, false, (sbyte)5, (sbyte)5, (short)132, (short)132, 32772, 32772, 2147483652L, 2147483652L,
            0.5f, 0.5f, 0.27362, 0.27362, "Kirk Wylie", new float[24], new double[273],
        };
        byte[] types = { 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 10, 10, 11, 11, 14, 12, 13 };

        for (int i = 0; i < expected.Length; i++)
            AssertField(msg[i], null, (short)(i + 1), types[i], expected[i]);
    }

    [Fact]
    public void FixedWidthByteArrays_reduce_to_types_17_to_25_except_length_28()
    {
        var msg = FudgeMsg.Parse(InteropVectors.Read("fixedWidthByteArrays.dat"));
        int[] lengths = { 4, 8, 16, 20, 32, 64, 128, 256, 512, 28 };
        byte[] types = { 17, 18, 19, 20, 21, 22, 23, 24, 25, 6 };

        for (int i = 0; i < lengths.Length; i++)
            AssertField(msg[i], $"byte[{lengths[i]}]", null, types[i], Enumerable.Range(0, lengths[i]).Select(b => (byte)b).ToArray());
        Assert.Equal("110009dcee21620b166f3abfecb5eff7a873be729d1c2d53822e7acc5f34eb9b", Sha256((byte[])msg[8].Value));
    }

    [Fact]
    public void SubMsg_nests_two_messages_with_named_and_ordinal_fields()
    {
        var msg = FudgeMsg.Parse(InteropVectors.Read("subMsg.dat"));

        var sub1 = msg.GetMessage("sub1")!;
        var sub2 = msg.GetMessage("sub2")!;

        Assert.Equal(new[] { "sub1", "sub2" }, msg.Select(f => f.Name));
        AssertField(sub1[0], "bibble", null, FudgeTypeId.String, "fibble");
        AssertField(sub1[1], null, 827, FudgeTypeId.String, "Blibble");
        AssertField(sub2[0], "bibble9", null, FudgeTypeId.Int32, 9837438);
        AssertField(sub2[1], null, 828, FudgeTypeId.Float, 82.77f);
        Assert.Equal(0x42A58A3D, BitConverter.SingleToInt32Bits((float)sub2[1].Value));
    }

    [Fact]
    public void Unknown_type_200_is_kept_as_raw_bytes()
    {
        var msg = FudgeMsg.Parse(InteropVectors.Read("unknown.dat"));

        var field = Assert.Single(msg);
        Assert.Equal("unknown", field.Name);
        Assert.Equal(200, field.TypeId);
        var unknown = Assert.IsType<FudgeUnknownValue>(field.Value);
        Assert.Equal(new byte[10], unknown.Bytes.ToArray());
    }

    [Fact]
    public void VariableWidthColumnSizes_use_1_2_and_4_byte_sizes()
    {
        var bytes = InteropVectors.Read("variableWidthColumnSizes.dat");
        var reader = new FudgeReader(bytes);
        var seen = new System.Collections.Generic.List<(string?, byte, int, int)>();

        while (reader.Read()) seen.Add((reader.GetName(), reader.Prefix, reader.FieldOffset, reader.ValueSpan.Length));

        // The third field is named "10000" but holds 100000 bytes (FRN-67, kept for compatibility).
        Assert.Equal(new (string?, byte, int, int)[] { ("100", (byte)0x28, 8, 100), ("1000", (byte)0x48, 115, 1000), ("10000", (byte)0x68, 1124, 100000) }, seen);
        Assert.All(FudgeMsg.Parse(bytes), f => Assert.All((byte[])f.Value, b => Assert.Equal(0, b)));
    }

    [Fact]
    public void Raw_reader_reports_offsets_prefixes_and_types_of_allNames()
    {
        var reader = new FudgeReader(InteropVectors.Read("allNames.dat"));
        int[] offsets = { 8, 19, 30, 38, 46, 56, 66, 76, 90, 105, 120, 132, 144, 161, 178, 198, 309, 2510, 2589, 2935, 9646 };
        int i = 0;

        while (reader.Read())
        {
            Assert.Equal(offsets[i], reader.FieldOffset);
            Assert.True(reader.HasName);
            Assert.False(reader.HasOrdinal);
            i++;
        }

        Assert.Equal(offsets.Length, i);
    }

    private static void AssertField(FudgeField field, string? name, short? ordinal, byte typeId, object value)
    {
        Assert.Equal(name, field.Name);
        Assert.Equal(ordinal, field.Ordinal);
        Assert.Equal(typeId, field.TypeId);
        Assert.Equal(value, field.Value);
    }

    private static string Sha256(byte[] data) => Convert.ToHexString(SHA256.HashData(data)).ToLowerInvariant();
}
