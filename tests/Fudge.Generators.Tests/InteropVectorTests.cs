using System;
using System.IO;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.Interop
{
    /// <summary>The repository's reference vectors (tests/interop) (written by Fudge-Java and Fudge-CSharp) read into, and written from, generated types.</summary>
    public class InteropVectorTests
    {
        private static byte[] Vector(string name) => File.ReadAllBytes(InteropFolder.PathOf(name));

        [Fact]
        public void AllOrdinals_is_reproduced_byte_for_byte_and_read_back()
        {
            byte[] expected = Vector("allOrdinals.dat");
            var value = new AllOrdinals
            {
                Boolean1 = true, Boolean2 = false, Byte1 = 5, Byte2 = 5, Short1 = 132, Short2 = 132, Int1 = 32772, Int2 = 32772,
                Long1 = 2147483652, Long2 = 2147483652, Float1 = 0.5f, Float2 = 0.5f, Double1 = 0.27362, Double2 = 0.27362,
                Text = "Kirk Wylie", Floats = new float[24], Doubles = new double[273],
            };
            Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(FudgeSerializer.Serialize(value)));

            var back = FudgeSerializer.Deserialize<AllOrdinals>(expected);
            Assert.True(back.Boolean1);
            Assert.Equal(2147483652, back.Long2);
            Assert.Equal(0.27362, back.Double1);
            Assert.Equal("Kirk Wylie", back.Text);
            Assert.Equal(273, back.Doubles!.Length);
        }

        [Fact]
        public void FixedWidthByteArrays_is_reproduced_byte_for_byte()
        {
            static byte[] Filled(int n) => Enumerable.Range(0, n).Select(i => (byte)i).ToArray();
            var value = new ByteArrays
            {
                B4 = Filled(4), B8 = Filled(8), B16 = Filled(16), B20 = Filled(20), B32 = Filled(32), B64 = Filled(64),
                B128 = Filled(128), B256 = Filled(256), B512 = Filled(512), B28 = Filled(28),
            };
            byte[] expected = Vector("fixedWidthByteArrays.dat");
            Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(FudgeSerializer.Serialize(value)));
            Assert.Equal(value.B512, FudgeSerializer.Deserialize<ByteArrays>(expected).B512);
        }

        [Fact]
        public void AllNames_reads_into_a_generated_type_and_rewrites_all_but_the_indicator()
        {
            byte[] file = Vector("allNames.dat");
            var value = FudgeSerializer.Deserialize<AllNames>(file);
            Assert.True(value.Boolean);
            Assert.False(value.BooleanBoxed);
            Assert.Equal(5, value.Byte);
            Assert.Equal(132, value.Short);
            Assert.Equal(32772, value.Integer);
            Assert.Equal(2147483652, value.Long);
            Assert.Equal(0.5f, value.Float);
            Assert.Equal(0.27362, value.Double);
            Assert.Equal("Kirk Wylie", value.String);
            Assert.Equal(837, value.LongArray!.Length);

            // Everything but the trailing 12-byte indicator field (which has no member) is rewritten identically.
            byte[] expected = file.AsSpan(0, file.Length - 12).ToArray();
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(expected.AsSpan(4), expected.Length);
            Assert.Equal(Convert.ToHexString(expected), Convert.ToHexString(FudgeSerializer.Serialize(value)));
        }

        [Fact]
        public void SubMsg_reads_named_and_ordinal_fields_of_nested_messages()
        {
            var value = FudgeSerializer.Deserialize<WithSubMessages>(Vector("subMsg.dat"));
            Assert.Equal("fibble", value.Sub1!.Bibble);
            Assert.Equal("Blibble", value.Sub1.Blibble);
            Assert.Equal(9837438, value.Sub2!.Bibble9);
            Assert.Equal(BitConverter.Int32BitsToSingle(0x42A58A3D), value.Sub2.Value);
        }

        [Fact]
        public void Unknown_types_are_kept_by_extensible_types()
        {
            byte[] file = Vector("unknown.dat");
            var value = FudgeSerializer.Deserialize<Extensible>(file);
            Assert.Equal(200, value.ExtensionData!.Single().TypeId);
            Assert.Equal(Convert.ToHexString(file), Convert.ToHexString(FudgeSerializer.Serialize(value)));
        }
    }

    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
    public partial class AllOrdinals
    {
        [FudgeField(1)] public bool Boolean1 { get; set; }
        [FudgeField(2)] public bool Boolean2 { get; set; }
        [FudgeField(3)] public sbyte Byte1 { get; set; }
        [FudgeField(4)] public byte Byte2 { get; set; }
        [FudgeField(5)] public short Short1 { get; set; }
        [FudgeField(6)] public short Short2 { get; set; }
        [FudgeField(7)] public int Int1 { get; set; }
        [FudgeField(8)] public int Int2 { get; set; }
        [FudgeField(9)] public long Long1 { get; set; }
        [FudgeField(10)] public long Long2 { get; set; }
        [FudgeField(11)] public float Float1 { get; set; }
        [FudgeField(12)] public float Float2 { get; set; }
        [FudgeField(13)] public double Double1 { get; set; }
        [FudgeField(14)] public double Double2 { get; set; }
        [FudgeField(15)] public string? Text { get; set; }
        [FudgeField(16)] public float[]? Floats { get; set; }
        [FudgeField(17)] public double[]? Doubles { get; set; }
    }

    [FudgeMessage]
    public partial class ByteArrays
    {
        [FudgeField(Name = "byte[4]")] public byte[]? B4 { get; set; }
        [FudgeField(Name = "byte[8]")] public byte[]? B8 { get; set; }
        [FudgeField(Name = "byte[16]")] public byte[]? B16 { get; set; }
        [FudgeField(Name = "byte[20]")] public byte[]? B20 { get; set; }
        [FudgeField(Name = "byte[32]")] public byte[]? B32 { get; set; }
        [FudgeField(Name = "byte[64]")] public byte[]? B64 { get; set; }
        [FudgeField(Name = "byte[128]")] public byte[]? B128 { get; set; }
        [FudgeField(Name = "byte[256]")] public byte[]? B256 { get; set; }
        [FudgeField(Name = "byte[512]")] public ReadOnlyMemory<byte> B512 { get; set; }
        [FudgeField(Name = "byte[28]")] public byte[]? B28 { get; set; }
    }

    [FudgeMessage]
    public partial class AllNames
    {
        [FudgeField(Name = "boolean")] public bool Boolean { get; set; }
        [FudgeField(Name = "Boolean")] public bool? BooleanBoxed { get; set; }
        [FudgeField(Name = "byte")] public byte Byte { get; set; }
        [FudgeField(Name = "Byte")] public sbyte? ByteBoxed { get; set; }
        [FudgeField(Name = "short")] public short Short { get; set; }
        [FudgeField(Name = "Short")] public int ShortBoxed { get; set; }
        [FudgeField(Name = "int")] public long Int { get; set; }
        [FudgeField(Name = "Integer")] public int Integer { get; set; }
        [FudgeField(Name = "long")] public long? LongValue { get; set; }
        [FudgeField(Name = "Long")] public long Long { get; set; }
        [FudgeField(Name = "float")] public float Float { get; set; }
        [FudgeField(Name = "Float")] public float FloatBoxed { get; set; }
        [FudgeField(Name = "double")] public double Double { get; set; }
        [FudgeField(Name = "Double")] public double DoubleBoxed { get; set; }
        public string? String { get; set; }
        [FudgeField(Name = "float array")] public float[]? FloatArray { get; set; }
        [FudgeField(Name = "double array")] public double[]? DoubleArray { get; set; }
        [FudgeField(Name = "short array")] public short[]? ShortArray { get; set; }
        [FudgeField(Name = "int array")] public int[]? IntArray { get; set; }
        [FudgeField(Name = "long array")] public long[]? LongArray { get; set; }
    }

    [FudgeMessage]
    public partial class WithSubMessages
    {
        [FudgeField(Name = "sub1")] public First? Sub1 { get; set; }
        [FudgeField(Name = "sub2")] public Second? Sub2 { get; set; }

        [FudgeMessage]
        public partial class First
        {
            [FudgeField(Name = "bibble")] public string? Bibble { get; set; }
            [FudgeField(827)] public string? Blibble { get; set; }
        }

        [FudgeMessage]
        public partial class Second
        {
            [FudgeField(Name = "bibble9")] public int Bibble9 { get; set; }
            [FudgeField(828)] public float Value { get; set; }
        }
    }

    [FudgeMessage]
    public partial class Extensible : IFudgeExtensible
    {
        public FudgeMsg? ExtensionData { get; set; }
    }
}
