using System;
using System.Collections.Generic;
using System.Numerics;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.EverydayTypes;

// The scalars of issue 41 as members, nullable members, list elements and dictionary keys. The members are declared
// once, with ordinals, in a plain base class; the two [FudgeMessage] types below write them by name and by ordinal.
public abstract class ScalarMembers
{
    [FudgeField(1)] public Uri? Absolute { get; set; }
    [FudgeField(2)] public Uri? Relative { get; set; }
    [FudgeField(3)] public Version? Version { get; set; }
    [FudgeField(4)] public BigInteger Big { get; set; }
    [FudgeField(5)] public Int128 Int128 { get; set; }
    [FudgeField(6)] public UInt128 UInt128 { get; set; }
    [FudgeField(7)] public Half Half { get; set; }
    [FudgeField(8)] public nint NInt { get; set; }
    [FudgeField(9)] public nuint NUInt { get; set; }
    [FudgeField(10)] public ArraySegment<byte> Segment { get; set; }
    [FudgeField(11)] public DateTimeOffset When { get; set; }

    [FudgeField(20)] public BigInteger? MaybeBig { get; set; }
    [FudgeField(21)] public Int128? MaybeInt128 { get; set; }
    [FudgeField(22)] public UInt128? MaybeUInt128 { get; set; }
    [FudgeField(23)] public Half? MaybeHalf { get; set; }
    [FudgeField(24)] public nint? MaybeNInt { get; set; }
    [FudgeField(25)] public nuint? MaybeNUInt { get; set; }
    [FudgeField(26)] public ArraySegment<byte>? MaybeSegment { get; set; }
    [FudgeField(27)] public DateTimeOffset? MaybeWhen { get; set; }

    [FudgeField(40)] public List<Uri?>? Uris { get; set; }
    [FudgeField(41)] public List<Version?>? Versions { get; set; }
    [FudgeField(42)] public List<BigInteger>? Bigs { get; set; }
    [FudgeField(43)] public List<Int128>? Int128s { get; set; }
    [FudgeField(44)] public UInt128[]? UInt128s { get; set; }
    [FudgeField(45)] public List<Half>? Halves { get; set; }
    [FudgeField(46)] public List<nint>? NInts { get; set; }
    [FudgeField(47)] public List<nuint>? NUInts { get; set; }
    [FudgeField(48)] public List<ArraySegment<byte>>? Segments { get; set; }
    [FudgeField(49)] public List<DateTimeOffset>? Whens { get; set; }
    [FudgeField(50)] public List<BigInteger?>? MaybeBigs { get; set; }

    [FudgeField(60)] public Dictionary<Uri, int>? ByUri { get; set; }
    [FudgeField(61)] public Dictionary<Version, string>? ByVersion { get; set; }
    [FudgeField(62)] public Dictionary<BigInteger, Version?>? ByBig { get; set; }
    [FudgeField(63)] public Dictionary<Int128, int>? ByInt128 { get; set; }
    [FudgeField(64)] public Dictionary<UInt128, int>? ByUInt128 { get; set; }
    [FudgeField(65)] public Dictionary<Half, int>? ByHalf { get; set; }
    [FudgeField(66)] public Dictionary<nint, nuint>? ByNInt { get; set; }
    [FudgeField(67)] public Dictionary<DateTimeOffset, Uri>? ByWhen { get; set; }

    [FudgeField(80)] public int[,]? Grid { get; set; }
    [FudgeField(81)] public int[,,]? Cube { get; set; }
    [FudgeField(82)] public string?[,]? Words { get; set; }
    [FudgeField(83)] public double[,]? Doubles { get; set; }
    [FudgeField(84)] public byte[,]? Bytes { get; set; }
    [FudgeField(85)] public BigInteger[,,]? BigCube { get; set; }
    [FudgeField(86)] public int[,]? EmptyRows { get; set; }
    [FudgeField(87)] public List<long[,]>? Grids { get; set; }
}

[FudgeMessage] public partial class ScalarsByName : ScalarMembers { }

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class ScalarsByOrdinal : ScalarMembers { }

// One member each, for the byte-for-byte pins of the wire forms (names mode).
[FudgeMessage] public partial class BigIntegerPin { public BigInteger Value { get; set; } }
[FudgeMessage] public partial class Int128Pin { public Int128 Value { get; set; } }
[FudgeMessage] public partial class UInt128Pin { public UInt128 Value { get; set; } }
[FudgeMessage] public partial class UriPin { public Uri? Value { get; set; } }
[FudgeMessage] public partial class VersionPin { public Version? Value { get; set; } }
[FudgeMessage] public partial class HalfPin { public Half Value { get; set; } }
[FudgeMessage] public partial class NIntPin { public nint Value { get; set; } public nuint Unsigned { get; set; } }
[FudgeMessage] public partial class SegmentPin { public ArraySegment<byte> Value { get; set; } }
[FudgeMessage] public partial class WhenPin { public DateTimeOffset Value { get; set; } }
[FudgeMessage] public partial class GridPin { public int[,]? Value { get; set; } }
[FudgeMessage] public partial class WordGridPin { public string?[,]? Value { get; set; } }
[FudgeMessage] public partial class CubePin { public int[,,]? Value { get; set; } }
[FudgeMessage] public partial class JaggedPin { public int[][]? Value { get; set; } }

// Enums over every underlying type, with their extremes, flags and values no member has.
public enum ByteEnum : byte { Min = byte.MinValue, One = 1, Max = byte.MaxValue }
public enum SByteEnum : sbyte { Min = sbyte.MinValue, MinusOne = -1, Max = sbyte.MaxValue }
public enum Int16Enum : short { Min = short.MinValue, Zero = 0, Max = short.MaxValue }
public enum UInt16Enum : ushort { Min = ushort.MinValue, Max = ushort.MaxValue }
public enum Int32Enum { Min = int.MinValue, Zero = 0, Max = int.MaxValue }
public enum UInt32Enum : uint { Min = uint.MinValue, Max = uint.MaxValue }
public enum Int64Enum : long { Min = long.MinValue, Zero = 0, Max = long.MaxValue }
public enum UInt64Enum : ulong { Min = ulong.MinValue, High = 1UL << 63, Max = ulong.MaxValue }
[Flags] public enum ByteFlags : byte { None = 0, A = 1, B = 2, Top = 128 }
[Flags] public enum UInt64Flags : ulong { None = 0, Low = 1, Top = 1UL << 63 }
[Flags] public enum SByteFlags : sbyte { None = 0, A = 1, Sign = sbyte.MinValue }

public abstract class EnumMembers
{
    [FudgeField(1)] public ByteEnum Byte { get; set; }
    [FudgeField(2)] public SByteEnum SByte { get; set; }
    [FudgeField(3)] public Int16Enum Int16 { get; set; }
    [FudgeField(4)] public UInt16Enum UInt16 { get; set; }
    [FudgeField(5)] public Int32Enum Int32 { get; set; }
    [FudgeField(6)] public UInt32Enum UInt32 { get; set; }
    [FudgeField(7)] public Int64Enum Int64 { get; set; }
    [FudgeField(8)] public UInt64Enum UInt64 { get; set; }
    [FudgeField(9)] public ByteFlags ByteFlags { get; set; }
    [FudgeField(10)] public UInt64Flags UInt64Flags { get; set; }
    [FudgeField(11)] public SByteFlags SByteFlags { get; set; }
    [FudgeField(12)] public UInt64Enum? MaybeUInt64 { get; set; }
    [FudgeField(13)] public SByteEnum? MaybeSByte { get; set; }
    [FudgeField(20)] public List<UInt64Enum>? UInt64s { get; set; }
    [FudgeField(21)] public List<SByteEnum?>? SBytes { get; set; }
    [FudgeField(22)] public Int64Enum[]? Int64s { get; set; }
    [FudgeField(23)] public HashSet<UInt32Enum>? UInt32s { get; set; }
    [FudgeField(30)] public Dictionary<ByteEnum, string>? ByByte { get; set; }
    [FudgeField(31)] public Dictionary<SByteEnum, int>? BySByte { get; set; }
    [FudgeField(32)] public Dictionary<Int16Enum, int>? ByInt16 { get; set; }
    [FudgeField(33)] public Dictionary<UInt16Enum, int>? ByUInt16 { get; set; }
    [FudgeField(34)] public Dictionary<Int32Enum, int>? ByInt32 { get; set; }
    [FudgeField(35)] public Dictionary<UInt32Enum, int>? ByUInt32 { get; set; }
    [FudgeField(36)] public Dictionary<Int64Enum, int>? ByInt64 { get; set; }
    [FudgeField(37)] public Dictionary<UInt64Enum, UInt64Flags>? ByUInt64 { get; set; }
}

[FudgeMessage] public partial class EnumsByName : EnumMembers { }

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class EnumsByOrdinal : EnumMembers { }
