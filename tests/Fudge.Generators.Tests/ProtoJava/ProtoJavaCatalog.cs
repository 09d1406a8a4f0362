using System;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Generators.Tests.ProtoJava;

/// <summary>
/// The instances of tests/interop/proto-java/generator/src/org/example/wide/vectors/Catalog.java, built from the C# that
/// this repository's generator writes for wide.proto (FudgeProtoMapping="Java"). The values are Java's; where .NET
/// cannot hold one, the nearest .NET value is used and the place says so:
/// <list type="bullet">
/// <item>time of day is kept to 100 ns: Java's ...456789 ns is ...4567 ticks (truncated, as the reader does);</item>
/// <item>DateOnly and DateTimeOffset cover years 1..9999 only: ThreeTen's -999999999 / 999999999 (date-min, date-max),
/// Fudge's -4194304 / 4194303 (date-fudge-range) and year -1 (arrays.days[2]) become DateOnly.MinValue / MaxValue
/// (DateTimeOffset.MinValue, or 9999-12-31T23:59:59.9999999);</item>
/// <item>a Java LocalDateTime (no zone) is a DateTimeOffset at offset zero, the generated property's type.</item>
/// </list>
/// Where a generated constructor gives another value than Fudge-Proto's Java constructor (Gilt.level), the catalog
/// sets Java's value explicitly; ProtoJavaVectorTests.Generated_constructors_differ_from_Java_only_where_listed pins
/// the difference itself.
/// </summary>
public static class ProtoJavaCatalog
{
    public sealed record Case(string Name, object Value);

    public const string Smile = "\U0001F600";

    private static DateTimeOffset Utc(int y, int mo, int d, int h = 0, int mi = 0, int s = 0, long ticks = 0)
        => new DateTimeOffset(y, mo, d, h, mi, s, TimeSpan.Zero).AddTicks(ticks);

    /// <summary>Catalog.blob: Java adds Integer 1, which Fudge-Java writes reduced to a byte; the read-back holds a byte.</summary>
    public static FudgeMsg Blob() => new FudgeMsg().Add("a", (sbyte)1).Add((short)2, "two").Add("n", 5000000000L);

    /// <summary>The largest DateTimeOffset, 9999-12-31T23:59:59.9999999 at offset zero.</summary>
    private static readonly DateTimeOffset Last = new DateTimeOffset(DateTime.MaxValue, TimeSpan.Zero);

    public static IReadOnlyList<Case> Cases { get; } = Build();

    /// <summary>A new instance of every case (the tests that change one to state a known difference take their own).</summary>
    public static List<Case> Build()
    {
        var list = new List<Case>();

        list.Add(new("scalars", new Scalars
        {
            Flag = true, Tiny = -7, Small = 300, Count = 70000, Big = 5000000000L, Ratio = 1.5f, Price = 189.25,
            Text = "Kirk", Marker = true, Day = new DateOnly(2026, 3, 2),
            Stamp = Utc(2026, 3, 2, 14, 30, 0, 1234567), // Java: .123456789
            Clock = new TimeOnly(14, 30, 0, 500), Extra = Blob(),
            Colour = Colour.GREEN, Shape = Shape.TRIANGLE, Grade = Grade.GOLD, Symbol = "VOD.L",
        }));
        list.Add(new("scalars-max", new Scalars
        {
            Flag = false, Tiny = sbyte.MaxValue, Small = short.MaxValue, Count = int.MaxValue, Big = long.MaxValue,
            Ratio = float.PositiveInfinity, Price = double.MaxValue, Text = "", Marker = false,
            Colour = Colour.INDIGO, Shape = Shape.CIRCLE, Grade = Grade.BRONZE,
        }));
        list.Add(new("scalars-min", new Scalars
        {
            Flag = false, Tiny = sbyte.MinValue, Small = short.MinValue, Count = int.MinValue, Big = long.MinValue,
            Ratio = float.NaN, Price = double.NaN,
        }));
        list.Add(new("scalars-reduced", new Scalars
        {
            Flag = true, Tiny = 0, Small = -1, Count = -32768, Big = 2147483647L, Ratio = -0.0f, Price = double.NegativeInfinity,
        }));
        list.Add(new("scalars-reduced-edges", new Scalars
        {
            Flag = true, Big = -129L, Count = 128, Small = 255, Price = -0.0, Ratio = float.NegativeInfinity,
        }));
        list.Add(new("scalars-unset", new Scalars { Flag = true }));
        list.Add(new("date-min", new Scalars
        {
            Flag = true,
            Day = DateOnly.MinValue,           // Java: -999999999-01-01
            Stamp = DateTimeOffset.MinValue,   // Java: -999999999-01-01T00:00
        }));
        list.Add(new("date-max", new Scalars
        {
            Flag = true,
            Day = DateOnly.MaxValue,           // Java: 999999999-12-31
            Stamp = Last,                      // Java: 999999999-12-31T23:59:59.999999999
            Clock = TimeOnly.MaxValue,         // Java: 23:59:59.999999999
        }));
        list.Add(new("date-fudge-range", new Scalars
        {
            Flag = true,
            Day = DateOnly.MinValue,           // Java: -4194304-01-01
            Stamp = Last,                      // Java: 4194303-12-31T23:59:59.999999999
            Clock = TimeOnly.MinValue,
        }));
        list.Add(new("datetime-offset", new Scalars
        {
            Flag = true,
            Stamp = Utc(2026, 3, 2, 14, 30, 0, 2500000), // Java keeps the local 14:30:00.25 of +05:30 and no offset
            Day = new DateOnly(2026, 3, 2),              // from 2026-03-02T23:00-08:00
            Clock = new TimeOnly(9, 15),                 // from 09:15+01:00
        }));

        list.Add(new("named", new Named
        {
            Flag = true, Tiny = 1, Small = 2, Count = 3, Big = 4L, Ratio = 0.1f, Price = 0.1,
            Text = "a\u00e9\u20ac" + Smile + "z", Marker = true, Default = -1, Message = "msg", Required = -4294967296L,
            Colour = Colour.RED, Shape = Shape.SQUARE,
        }));
        list.Add(new("named-nonbmp", new Named { Text = Smile, Message = "" }));

        list.Add(new("arrays", new Arrays
        {
            Bools = new[] { true, false, true },
            Bytes = new byte[] { unchecked((byte)sbyte.MinValue), 0xFF, 0, 1, 127 }, // Java byte[] {-128, -1, 0, 1, 127}
            Shorts = new short[] { short.MinValue, 1, short.MaxValue },
            Ints = new[] { int.MinValue, 1, int.MaxValue },
            Longs = new[] { long.MinValue, 1, long.MaxValue },
            Floats = new[] { float.NaN, -0.0f, float.NegativeInfinity, 1.5f },
            Doubles = new[] { double.NaN, -0.0, double.PositiveInfinity, 0.1 },
            Strings = new[] { "x", "", null!, Smile },
            Days = new[] { new DateOnly(2026, 3, 2), new DateOnly(1, 1, 1), DateOnly.MinValue }, // Java: -1-12-31
            Stamps = new[] { Utc(2026, 3, 2), Utc(1970, 1, 1) }, // Java: 1970-01-01T00:00:00.000000001
            Clocks = new[] { TimeOnly.MinValue, TimeOnly.MaxValue }, // Java: 23:59:59.999999999
            Blobs = new[] { Blob(), new FudgeMsg() },
            Colours = new[] { Colour.RED, Colour.INDIGO, Colour.BLUE },
            Shapes = new[] { Shape.TRIANGLE, Shape.CIRCLE },
            Points = new[] { new Point { X = 1, Y = 2 }, null!, new Point { X = -3, Y = 40000 } },
            Grid = new[] { new[] { 1, 2 }, Array.Empty<int>(), new[] { 300 } },
            Words = new[] { new[] { "a", "b" }, new[] { "c" } },
            Quad = new byte[] { 1, 2, 3, 4 },
            Triple = new[] { 1.0, 2.0, 3.0 },
            Pair = new[] { "left", "right" },
            FixedGrid = new[] { new[] { 1, 2 }, new[] { 3, 4 }, new[] { 5, 6 } }, // int[2][3]: three int[2] in Java
            Grades = new[] { Grade.SILVER, Grade.GOLD },
        }));
        list.Add(new("indicator-array", new Arrays { Marks = new[] { true, false, true } }));
        list.Add(new("indicator-array-false", new Arrays { Marks = new[] { false, false } }));
        list.Add(new("arrays-empty", new Arrays
        {
            Bools = Array.Empty<bool>(), Bytes = Array.Empty<byte>(), Shorts = Array.Empty<short>(), Ints = Array.Empty<int>(),
            Longs = Array.Empty<long>(), Floats = Array.Empty<float>(), Doubles = Array.Empty<double>(),
            Strings = Array.Empty<string>(), Days = Array.Empty<DateOnly>(), Stamps = Array.Empty<DateTimeOffset>(),
            Clocks = Array.Empty<TimeOnly>(), Blobs = Array.Empty<FudgeMsg>(), Colours = Array.Empty<Colour>(),
            Shapes = Array.Empty<Shape>(), Points = Array.Empty<Point>(), Grid = Array.Empty<int[]>(),
            Words = Array.Empty<string[]>(), Marks = Array.Empty<bool>(), Grades = Array.Empty<Grade>(),
        }));

        list.Add(new("repeated", new Repeated
        {
            Needed = new() { 1, 70000 },
            Flags = new() { true, false },
            Tinies = new() { -128, 127 },
            Smalls = new() { 1, -300 },
            Counts = new() { 1, -70000, int.MaxValue },
            Bigs = new() { 1L, -1L, long.MinValue },
            Ratios = new() { float.NaN, 2.5f },
            Prices = new() { -0.0, double.NaN },
            Texts = new() { "a", "", Smile },
            Marks = new() { true, false, true },
            Days = new() { new DateOnly(2026, 3, 2) },
            Stamps = new() { Utc(2026, 3, 2, 14, 30) },
            Clocks = new() { new TimeOnly(14, 30) },
            Blobs = new() { Blob(), new FudgeMsg() },
            Colours = new() { Colour.BLUE, Colour.GREEN },
            Shapes = new() { Shape.SQUARE },
            Points = new() { new Point { X = 1, Y = 2 }, new Point { X = 3, Y = 4 } },
        }));
        list.Add(new("repeated-empty", new Repeated { Needed = new() { 0 } }));

        list.Add(new("defaults-unset", new Defaults()));
        list.Add(new("defaults-cleared", new Defaults
        {
            Answer = null, Negative = null, Smallest = null, Wide = null, Ratio = null, Price = null, Scientific = null,
            Text = null, UnknownEscape = null, Empty = null, Yes = null, No = null, Colour = null, Shape = null,
            Origin = null, Grade = null,
        }));
        list.Add(new("defaults-changed", new Defaults
        {
            Answer = -42, Negative = 7, Huge = -5000000000L, Text = "other", Yes = false, Colour = Colour.RED,
            Shape = Shape.CIRCLE, Origin = new Point { X = 0, Y = 0 }, Needed = -5, Plain = 1,
        }));

        // Java's Frozen.Builder; the generated C# has a constructor with the same defaults (level 9, label "none").
        list.Add(new("frozen-builder", new Frozen("F1")));
        list.Add(new("frozen-full", new Frozen("F2", level: -1, note: "n", label: "L")));

        var equity = new Equity { Id = "E1", Owner = "kirk", Ticker = "ACME" };
        list.Add(new("equity", equity));
        list.Add(new("bond", new Bond { Id = "B1", Coupon = 4.25 }));
        list.Add(new("convertible", new Convertible { Id = "C1", Underlying = "E1", Owner = "spock" }));
        // Fudge-Proto drops Gilt's redeclared 'level [default = 2]': Java's Gilt has Asset's default 1. The generated
        // C# constructor sets 2, so the catalog sets Java's value.
        list.Add(new("gilt", new Gilt { Id = "G1", Yield = 0.5, Level = 1 }));
        list.Add(new("strip", new Strip { Id = "S1", Coupons = 3 }));

        Convertible Cv2() => new Convertible { Id = "C2", Coupon = 1.0 };
        Bond B2() => new Bond { Id = "B2" };
        Leaf Leaf() => new Leaf { Depth = 1, Mid = 2, LeafValue = 3 };
        list.Add(new("holder", new Holder
        {
            Bond = Cv2(),
            Bonds = new() { B2(), Cv2() },
            BondArray = new Bond[] { Cv2(), null!, B2() },
            Exact = new Equity { Id = "E1", Owner = "kirk", Ticker = "ACME" },
            Deep = Leaf(),
            Deeps = new() { new Base2 { Depth = 9 }, Leaf() },
            DeepArray = new Base2[] { Leaf(), new Base2 { Depth = 8 } },
            Wheel = new Wheel { Name = "w", Spokes = 36 },
        }));
        list.Add(new("outer", new Outer
        {
            InnerValue = new Outer.Inner { X = 1, ModeValue = Outer.Inner.Mode.OFF },
            Inners = new() { new Outer.Inner { X = 2, ModeValue = Outer.Inner.Mode.ON }, new Outer.Inner() },
            Mode = Outer.Inner.Mode.ON,
            PartValue = new Wheel { Name = "front", Spokes = 32 },
        }));
        list.Add(new("bound", new Bound { Name = "b" }));
        return list;
    }

    /// <summary>Generic calls for values whose type is known only at run time.</summary>
    public static byte[] Serialize(object value) => value switch
    {
        Scalars v => FudgeSerializer.Serialize(v),
        Named v => FudgeSerializer.Serialize(v),
        Arrays v => FudgeSerializer.Serialize(v),
        Repeated v => FudgeSerializer.Serialize(v),
        Defaults v => FudgeSerializer.Serialize(v),
        Frozen v => FudgeSerializer.Serialize(v),
        Equity v => FudgeSerializer.Serialize(v),
        Convertible v => FudgeSerializer.Serialize(v),
        Bond v => FudgeSerializer.Serialize(v),
        Gilt v => FudgeSerializer.Serialize(v),
        Strip v => FudgeSerializer.Serialize(v),
        Holder v => FudgeSerializer.Serialize(v),
        Outer v => FudgeSerializer.Serialize(v),
        Bound v => FudgeSerializer.Serialize(v),
        _ => throw new ArgumentException(value.GetType().Name),
    };

    public static object Deserialize(Type type, byte[] bytes)
    {
        if (type == typeof(Scalars)) return FudgeSerializer.Deserialize<Scalars>(bytes);
        if (type == typeof(Named)) return FudgeSerializer.Deserialize<Named>(bytes);
        if (type == typeof(Arrays)) return FudgeSerializer.Deserialize<Arrays>(bytes);
        if (type == typeof(Repeated)) return FudgeSerializer.Deserialize<Repeated>(bytes);
        if (type == typeof(Defaults)) return FudgeSerializer.Deserialize<Defaults>(bytes);
        if (type == typeof(Frozen)) return FudgeSerializer.Deserialize<Frozen>(bytes);
        if (type == typeof(Equity)) return FudgeSerializer.Deserialize<Equity>(bytes);
        if (type == typeof(Convertible)) return FudgeSerializer.Deserialize<Convertible>(bytes);
        if (type == typeof(Bond)) return FudgeSerializer.Deserialize<Bond>(bytes);
        if (type == typeof(Gilt)) return FudgeSerializer.Deserialize<Gilt>(bytes);
        if (type == typeof(Strip)) return FudgeSerializer.Deserialize<Strip>(bytes);
        if (type == typeof(Holder)) return FudgeSerializer.Deserialize<Holder>(bytes);
        if (type == typeof(Outer)) return FudgeSerializer.Deserialize<Outer>(bytes);
        if (type == typeof(Bound)) return FudgeSerializer.Deserialize<Bound>(bytes);
        throw new ArgumentException(type.Name);
    }
}
