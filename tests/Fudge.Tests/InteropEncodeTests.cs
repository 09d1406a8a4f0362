using System.Linq;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests;

/// <summary>Building each vector's message in code, the way the reference implementations did, gives the same bytes.</summary>
public class InteropEncodeTests
{
    [Fact]
    public void AllNames_built_from_values_encodes_byte_for_byte()
    {
        var msg = new FudgeMsg()
            .Add("boolean", true).Add("Boolean", false)
            .Add("byte", (sbyte)5).Add("Byte", (sbyte)5)
            .Add("short", (short)132).Add("Short", (short)132)
            .Add("int", 32772).Add("Integer", 32772)
            .Add("long", 2147483652L).Add("Long", 2147483652L)
            .Add("float", 0.5f).Add("Float", 0.5f)
            .Add("double", 0.27362).Add("Double", 0.27362)
            .Add("String", "Kirk Wylie")
            .Add("float array", new float[24])
            .Add("double array", new double[273])
            .Add("short array", new short[32])
            .Add("int array", new int[83])
            .Add("long array", new long[837])
            .Add("indicator", FudgeIndicator.Instance);

        Assert.Equal(InteropVectors.Read("allNames.dat"), msg.ToByteArray());
    }

    [Fact]
    public void AllOrdinals_built_from_values_encodes_byte_for_byte()
    {
        object[] values =
        {
            true, false, (sbyte)5, (sbyte)5, (short)132, (short)132, 32772, 32772, 2147483652L, 2147483652L,
            0.5f, 0.5f, 0.27362, 0.27362, "Kirk Wylie", new float[24], new double[273],
        };
        var msg = new FudgeMsg();
        for (short i = 0; i < values.Length; i++) msg.Add((short)(i + 1), values[i]);

        Assert.Equal(InteropVectors.Read("allOrdinals.dat"), msg.ToByteArray());
    }

    [Fact]
    public void Byte_arrays_are_reduced_to_fixed_width_types()
    {
        var msg = new FudgeMsg();
        foreach (int n in new[] { 4, 8, 16, 20, 32, 64, 128, 256, 512, 28 })
            msg.Add($"byte[{n}]", Enumerable.Range(0, n).Select(i => (byte)i).ToArray());

        Assert.Equal(InteropVectors.Read("fixedWidthByteArrays.dat"), msg.ToByteArray());
    }

    [Fact]
    public void Sub_messages_are_sized_with_minimal_width()
    {
        var msg = new FudgeMsg()
            .Add("sub1", new FudgeMsg().Add("bibble", "fibble").Add(827, "Blibble"))
            .Add("sub2", new FudgeMsg().Add("bibble9", 9837438).Add(828, 82.77f));

        Assert.Equal(InteropVectors.Read("subMsg.dat"), msg.ToByteArray());
    }

    [Fact]
    public void Unknown_values_are_written_with_their_type_id()
    {
        var msg = new FudgeMsg().Add("unknown", new FudgeUnknownValue(200, new byte[10]));

        Assert.Equal(InteropVectors.Read("unknown.dat"), msg.ToByteArray());
    }

    [Fact]
    public void Size_prefix_width_follows_the_reference_thresholds()
    {
        var msg = new FudgeMsg().Add("100", new byte[100]).Add("1000", new byte[1000]).Add("10000", new byte[100000]);

        Assert.Equal(InteropVectors.Read("variableWidthColumnSizes.dat"), msg.ToByteArray());
    }

    [Fact]
    public void Generated_through_the_raw_writer_allNames_matches_too()
    {
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        var w = new FudgeWriter(buffer);
        var envelope = w.BeginEnvelope();
        w.WriteBoolean("boolean", true); w.WriteBoolean("Boolean", false);
        w.WriteInt64("byte", 5); w.WriteInt64("Byte", 5);
        w.WriteInt64("short", 132); w.WriteInt64("Short", 132);
        w.WriteInt64("int", 32772); w.WriteInt64("Integer", 32772);
        w.WriteInt64("long", 2147483652L); w.WriteInt64("Long", 2147483652L);
        w.WriteSingle("float", 0.5f); w.WriteSingle("Float", 0.5f);
        w.WriteDouble("double", 0.27362); w.WriteDouble("Double", 0.27362);
        w.WriteString("String", "Kirk Wylie");
        w.WriteSingleArray("float array", new float[24]);
        w.WriteDoubleArray("double array", new double[273]);
        w.WriteInt16Array("short array", new short[32]);
        w.WriteInt32Array("int array", new int[83]);
        w.WriteInt64Array("long array", new long[837]);
        w.WriteIndicator("indicator");
        w.EndEnvelope(envelope);
        w.Flush();

        Assert.Equal(InteropVectors.Read("allNames.dat"), buffer.WrittenSpan.ToArray());
    }
}
