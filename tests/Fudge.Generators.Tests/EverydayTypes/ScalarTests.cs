using System;
using System.Collections.Generic;
using System.Linq;
using System.Numerics;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// Issue 41, scalars: Uri, Version, BigInteger, Int128, UInt128, Half, nint, nuint, ArraySegment&lt;byte&gt;,
/// rectangular arrays, DateTimeOffset with any offset and enums over every underlying type, round-tripped exactly in
/// both field modes, with their wire forms pinned byte for byte and malformed input refused.
/// </summary>
public class ScalarTests
{
    private static T RoundTrip<T>(T value)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        var back = FudgeSerializer.Deserialize<T>(bytes);
        Assert.Equal(bytes, FudgeSerializer.Serialize(back)); // what came back writes the same bytes
        return back;
    }

    private static Half HalfBits(ushort bits) => BitConverter.UInt16BitsToHalf(bits);

    private static byte[] Bytes(int count, int seed) => Enumerable.Range(seed, count).Select(i => (byte)i).ToArray();

    /// <summary>Three samples: the lowest values, the highest, and the ordinary middle.</summary>
    public static IEnumerable<object[]> Variants() => new[] { new object[] { 0 }, new object[] { 1 }, new object[] { 2 } };

    internal static T Sample<T>(int variant) where T : ScalarMembers, new()
    {
        var big = BigInteger.Pow(10, 60) + 7;
        var value = new T
        {
            Absolute = variant == 2 ? new Uri("http://example.com/") : new Uri("https://user@example.com:8443/a%20b/c?q=1&r=%C3%A9#frag"),
            Relative = new Uri(variant == 0 ? "/orders/1?x=y" : variant == 1 ? "../up/there" : "", UriKind.Relative),
            Version = variant == 0 ? new Version(1, 2) : variant == 1 ? new Version(int.MaxValue, 0, 3) : new Version(1, 2, 3, 4),
            Big = variant == 0 ? -big : variant == 1 ? big * big : BigInteger.Zero,
            Int128 = variant == 0 ? Int128.MinValue : variant == 1 ? Int128.MaxValue : 0,
            UInt128 = variant == 0 ? UInt128.MinValue : variant == 1 ? UInt128.MaxValue : 12345,
            Half = variant == 0 ? HalfBits(0x8000) : variant == 1 ? HalfBits(0x7C01) : HalfBits(0x0001), // -0, a signalling NaN, the least subnormal
            NInt = variant == 0 ? nint.MinValue : variant == 1 ? nint.MaxValue : 0,
            NUInt = variant == 0 ? nuint.MinValue : variant == 1 ? nuint.MaxValue : 42,
            Segment = variant == 2 ? default : new ArraySegment<byte>(Bytes(40, 0), 3, variant == 0 ? 16 : 0),
            When = variant == 0 ? new DateTimeOffset(2026, 3, 2, 14, 30, 0, TimeSpan.FromMinutes(317)).AddTicks(1234567)
                : variant == 1 ? new DateTimeOffset(9999, 12, 31, 23, 0, 0, TimeSpan.FromMinutes(839))
                : new DateTimeOffset(2026, 3, 2, 14, 30, 0, TimeSpan.FromMinutes(345)),
        };
        if (variant == 2) return value; // the nullables, collections and maps stay null
        value.MaybeBig = variant == 0 ? BigInteger.MinusOne : big;
        value.MaybeInt128 = variant == 0 ? Int128.MinValue : Int128.MaxValue;
        value.MaybeUInt128 = UInt128.MaxValue;
        value.MaybeHalf = variant == 0 ? Half.NegativeInfinity : HalfBits(0xFE3F); // a negative NaN with a payload
        value.MaybeNInt = -1;
        value.MaybeNUInt = nuint.MaxValue;
        value.MaybeSegment = new ArraySegment<byte>(Bytes(10, 100), 2, 5);
        value.MaybeWhen = new DateTimeOffset(2000, 1, 1, 0, 0, 0, TimeSpan.FromMinutes(variant == 0 ? 1 : -60));
        value.Uris = new List<Uri?> { new("urn:isbn:0451450523"), null, new("a/b", UriKind.Relative) };
        value.Versions = new List<Version?> { new(0, 0), null, new(1, 0, 0, 0) };
        value.Bigs = new List<BigInteger> { big, -big, BigInteger.One, long.MinValue };
        value.Int128s = new List<Int128> { Int128.MinValue, long.MinValue, -1, Int128.MaxValue };
        value.UInt128s = variant == 0 ? Array.Empty<UInt128>() : new[] { UInt128.MaxValue, ulong.MaxValue, UInt128.Zero };
        value.Halves = new List<Half> { Half.Epsilon, Half.MaxValue, Half.MinValue, HalfBits(0x8001), Half.NaN, HalfBits(0x0400) };
        value.NInts = new List<nint> { nint.MinValue, 0, nint.MaxValue };
        value.NUInts = new List<nuint> { nuint.MaxValue, 1 };
        value.Segments = new List<ArraySegment<byte>> { new(Bytes(20, 1), 4, 4), new(Bytes(3, 9)), new(Bytes(600, 0), 50, 512) };
        value.Whens = new List<DateTimeOffset> { new(2026, 3, 2, 14, 30, 0, TimeSpan.FromMinutes(1)), new(2026, 3, 2, 14, 30, 0, TimeSpan.FromHours(14)), DateTimeOffset.MinValue };
        value.MaybeBigs = new List<BigInteger?> { null, 5, null };
        value.ByUri = new Dictionary<Uri, int> { [new Uri("http://a/")] = 1, [new Uri("rel", UriKind.Relative)] = 2 };
        value.ByVersion = new Dictionary<Version, string> { [new Version(1, 0)] = "one", [new Version(1, 0, 0)] = "one three" };
        value.ByBig = new Dictionary<BigInteger, Version?> { [-big] = new Version(2, 0), [BigInteger.Zero] = null };
        value.ByInt128 = new Dictionary<Int128, int> { [Int128.MinValue] = 1, [Int128.MaxValue] = 2 };
        value.ByUInt128 = new Dictionary<UInt128, int> { [UInt128.MaxValue] = 1, [0] = 2 };
        value.ByHalf = new Dictionary<Half, int> { [HalfBits(0x8000)] = 1, [Half.MaxValue] = 2, [HalfBits(0x0001)] = 3 };
        value.ByNInt = new Dictionary<nint, nuint> { [nint.MinValue] = nuint.MaxValue, [nint.MaxValue] = 0 };
        value.ByWhen = new Dictionary<DateTimeOffset, Uri> { [new DateTimeOffset(2026, 1, 1, 0, 0, 0, TimeSpan.FromMinutes(17))] = new Uri("urn:y") };
        value.Grid = variant == 0 ? new int[0, 5] : new[,] { { 1, -2, 70000 }, { int.MinValue, int.MaxValue, 0 } };
        value.Cube = variant == 0 ? new int[2, 0, 3] : new int[2, 3, 4];
        if (variant == 1) for (int i = 0; i < 24; i++) value.Cube[i / 12, i / 4 % 3, i % 4] = i * 1000 - 7;
        value.Words = new[,] { { "a", null }, { "", "é𝄞" }, { "x", "y" } };
        value.Doubles = new[,] { { double.NaN, -0.0 }, { double.Epsilon, double.NegativeInfinity } };
        value.Bytes = variant == 0 ? new byte[3, 0] : new byte[,] { { 1, 2, 3, 4 }, { 255, 0, 7, 8 } };
        value.BigCube = new BigInteger[1, 2, 1] { { { big }, { -big } } };
        value.EmptyRows = new int[0, 0];
        value.Grids = new List<long[,]> { new long[,] { { long.MinValue } }, new long[0, 2], new long[2, 0] };
        return value;
    }

    internal static void AssertSame(ScalarMembers expected, ScalarMembers actual)
    {
        AssertUri(expected.Absolute, actual.Absolute);
        AssertUri(expected.Relative, actual.Relative);
        Assert.Equal(expected.Version, actual.Version);
        Assert.Equal(expected.Version?.Build, actual.Version?.Build); // the number of components
        Assert.Equal(expected.Version?.Revision, actual.Version?.Revision);
        Assert.Equal(expected.Big, actual.Big);
        Assert.Equal(expected.Int128, actual.Int128);
        Assert.Equal(expected.UInt128, actual.UInt128);
        AssertHalf(expected.Half, actual.Half);
        Assert.Equal(expected.NInt, actual.NInt);
        Assert.Equal(expected.NUInt, actual.NUInt);
        AssertSegment(expected.Segment, actual.Segment);
        AssertWhen(expected.When, actual.When);

        Assert.Equal(expected.MaybeBig, actual.MaybeBig);
        Assert.Equal(expected.MaybeInt128, actual.MaybeInt128);
        Assert.Equal(expected.MaybeUInt128, actual.MaybeUInt128);
        Assert.Equal(expected.MaybeHalf.HasValue, actual.MaybeHalf.HasValue);
        if (expected.MaybeHalf is { } h) AssertHalf(h, actual.MaybeHalf!.Value);
        Assert.Equal(expected.MaybeNInt, actual.MaybeNInt);
        Assert.Equal(expected.MaybeNUInt, actual.MaybeNUInt);
        Assert.Equal(expected.MaybeSegment.HasValue, actual.MaybeSegment.HasValue);
        if (expected.MaybeSegment is { } s) AssertSegment(s, actual.MaybeSegment!.Value);
        Assert.Equal(expected.MaybeWhen.HasValue, actual.MaybeWhen.HasValue);
        if (expected.MaybeWhen is { } w) AssertWhen(w, actual.MaybeWhen!.Value);

        AssertList(expected.Uris, actual.Uris, AssertUri);
        AssertList(expected.Versions, actual.Versions, (a, b) => Assert.Equal(a?.ToString(), b?.ToString()));
        AssertList(expected.Bigs, actual.Bigs, (a, b) => Assert.Equal(a, b));
        AssertList(expected.Int128s, actual.Int128s, (a, b) => Assert.Equal(a, b));
        AssertList(expected.UInt128s, actual.UInt128s, (a, b) => Assert.Equal(a, b));
        AssertList(expected.Halves, actual.Halves, AssertHalf);
        AssertList(expected.NInts, actual.NInts, (a, b) => Assert.Equal(a, b));
        AssertList(expected.NUInts, actual.NUInts, (a, b) => Assert.Equal(a, b));
        AssertList(expected.Segments, actual.Segments, AssertSegment);
        AssertList(expected.Whens, actual.Whens, AssertWhen);
        AssertList(expected.MaybeBigs, actual.MaybeBigs, (a, b) => Assert.Equal(a, b));

        AssertMap(expected.ByUri, actual.ByUri, (a, b) => Assert.Equal(a, b));
        if (actual.ByUri is not null)
            foreach (var key in actual.ByUri.Keys) Assert.Contains(expected.ByUri!.Keys, k => k.OriginalString == key.OriginalString && k.IsAbsoluteUri == key.IsAbsoluteUri);
        AssertMap(expected.ByVersion, actual.ByVersion, (a, b) => Assert.Equal(a, b));
        AssertMap(expected.ByBig, actual.ByBig, (a, b) => Assert.Equal(a, b));
        AssertMap(expected.ByInt128, actual.ByInt128, (a, b) => Assert.Equal(a, b));
        AssertMap(expected.ByUInt128, actual.ByUInt128, (a, b) => Assert.Equal(a, b));
        AssertMap(expected.ByHalf, actual.ByHalf, (a, b) => Assert.Equal(a, b));
        if (actual.ByHalf is not null) // -0 and +0 are equal keys: the one that came back must have the bits written
            Assert.Equal(expected.ByHalf!.Keys.Select(BitConverter.HalfToUInt16Bits).OrderBy(x => x), actual.ByHalf.Keys.Select(BitConverter.HalfToUInt16Bits).OrderBy(x => x));
        AssertMap(expected.ByNInt, actual.ByNInt, (a, b) => Assert.Equal(a, b));
        AssertMap(expected.ByWhen, actual.ByWhen, AssertUri);
        if (actual.ByWhen is not null)
            Assert.Equal(expected.ByWhen!.Keys.Select(k => k.Offset), actual.ByWhen.Keys.Select(k => k.Offset));

        AssertGrid<int>(expected.Grid, actual.Grid, (a, b) => Assert.Equal(a, b));
        AssertGrid<int>(expected.Cube, actual.Cube, (a, b) => Assert.Equal(a, b));
        AssertGrid<string?>(expected.Words, actual.Words, (a, b) => Assert.Equal(a, b));
        AssertGrid<double>(expected.Doubles, actual.Doubles, (a, b) => Assert.Equal(BitConverter.DoubleToInt64Bits(a), BitConverter.DoubleToInt64Bits(b)));
        AssertGrid<byte>(expected.Bytes, actual.Bytes, (a, b) => Assert.Equal(a, b));
        AssertGrid<BigInteger>(expected.BigCube, actual.BigCube, (a, b) => Assert.Equal(a, b));
        AssertGrid<int>(expected.EmptyRows, actual.EmptyRows, (a, b) => Assert.Equal(a, b));
        AssertList(expected.Grids, actual.Grids, (a, b) => AssertGrid<long>(a, b, (x, y) => Assert.Equal(x, y)));
    }

    private static void AssertUri(Uri? expected, Uri? actual)
    {
        Assert.Equal(expected is null, actual is null);
        if (expected is null) return;
        Assert.Equal(expected.OriginalString, actual!.OriginalString);
        Assert.Equal(expected.IsAbsoluteUri, actual.IsAbsoluteUri);
        Assert.Equal(expected, actual);
    }

    private static void AssertHalf(Half expected, Half actual)
        => Assert.Equal(BitConverter.HalfToUInt16Bits(expected).ToString("X4"), BitConverter.HalfToUInt16Bits(actual).ToString("X4"));

    private static void AssertSegment(ArraySegment<byte> expected, ArraySegment<byte> actual)
    {
        Assert.Equal(expected.AsSpan().ToArray(), actual.AsSpan().ToArray()); // a default segment has no array
        Assert.Equal(expected.Count, actual.Count);
    }

    private static void AssertWhen(DateTimeOffset expected, DateTimeOffset actual)
        => Assert.True(expected.EqualsExact(actual), $"expected {expected:o}, got {actual:o}"); // the instant and the offset

    private static void AssertList<T>(IList<T>? expected, IList<T>? actual, Action<T, T> same)
    {
        Assert.Equal(expected is null, actual is null);
        if (expected is null) return;
        Assert.Equal(expected.Count, actual!.Count);
        for (int i = 0; i < expected.Count; i++) same(expected[i], actual[i]);
    }

    private static void AssertMap<TKey, TValue>(Dictionary<TKey, TValue>? expected, Dictionary<TKey, TValue>? actual, Action<TValue, TValue> same) where TKey : notnull
    {
        Assert.Equal(expected is null, actual is null);
        if (expected is null) return;
        Assert.Equal(expected.Count, actual!.Count);
        foreach (var pair in expected)
        {
            Assert.True(actual.TryGetValue(pair.Key, out var value), $"key {pair.Key} is missing");
            same(pair.Value, value!);
        }
    }

    private static void AssertGrid<T>(Array? expected, Array? actual, Action<T, T> same)
    {
        Assert.Equal(expected is null, actual is null);
        if (expected is null) return;
        Assert.Equal(expected.Rank, actual!.Rank);
        for (int d = 0; d < expected.Rank; d++) Assert.Equal(expected.GetLength(d), actual.GetLength(d));
        var e = expected.Cast<T>().ToArray();
        var a = actual.Cast<T>().ToArray();
        for (int i = 0; i < e.Length; i++) same(e[i], a[i]);
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Every_scalar_round_trips_by_name(int variant)
    {
        var value = Sample<ScalarsByName>(variant);
        AssertSame(value, RoundTrip(value));
    }

    [Theory]
    [MemberData(nameof(Variants))]
    public void Every_scalar_round_trips_by_ordinal(int variant)
    {
        var value = Sample<ScalarsByOrdinal>(variant);
        AssertSame(value, RoundTrip(value));
    }

    [Fact]
    public void The_two_modes_read_each_other()
    {
        // Names mode accepts the ordinals the members declare, so a reader of either mode takes either's bytes.
        var value = Sample<ScalarsByName>(1);
        AssertSame(value, FudgeSerializer.Deserialize<ScalarsByOrdinal>(FudgeSerializer.Serialize(value)));
        var ordinal = Sample<ScalarsByOrdinal>(0);
        AssertSame(ordinal, FudgeSerializer.Deserialize<ScalarsByName>(FudgeSerializer.Serialize(ordinal)));
    }

    // ---------------------------------------------------------------- the wire forms, byte for byte

    private static void AssertWire<T>(T value, FudgeMsg expected) => Assert.Equal(expected.ToByteArray(), FudgeSerializer.Serialize(value));

    [Fact]
    public void A_BigInteger_Int128_and_UInt128_are_decimal_text()
    {
        var big = -BigInteger.Pow(2, 200);
        AssertWire(new BigIntegerPin { Value = big }, new FudgeMsg().Add("Value", "-1606938044258990275541962092341162602522202993782792835301376"));
        AssertWire(new BigIntegerPin(), new FudgeMsg().Add("Value", "0"));
        AssertWire(new Int128Pin { Value = Int128.MinValue }, new FudgeMsg().Add("Value", "-170141183460469231731687303715884105728"));
        AssertWire(new UInt128Pin { Value = UInt128.MaxValue }, new FudgeMsg().Add("Value", "340282366920938463463374607431768211455"));
    }

    [Fact]
    public void Wider_integers_also_read_integer_fields()
    {
        // A member widened from long to BigInteger/Int128 reads the data written before.
        var data = new FudgeMsg().Add("Value", long.MinValue).ToByteArray();
        Assert.Equal(new BigInteger(long.MinValue), FudgeSerializer.Deserialize<BigIntegerPin>(data).Value);
        Assert.Equal((Int128)long.MinValue, FudgeSerializer.Deserialize<Int128Pin>(data).Value);
        Assert.Equal((UInt128)70000, FudgeSerializer.Deserialize<UInt128Pin>(new FudgeMsg().Add("Value", 70000).ToByteArray()).Value);
        var negative = Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<UInt128Pin>(data));
        Assert.Contains("UInt128", negative.Message);
    }

    [Fact]
    public void A_Uri_is_its_original_text()
    {
        AssertWire(new UriPin { Value = new Uri("HTTP://Example.COM:80/a b") }, new FudgeMsg().Add("Value", "HTTP://Example.COM:80/a b"));
        AssertWire(new UriPin { Value = new Uri("/orders/1", UriKind.Relative) }, new FudgeMsg().Add("Value", "/orders/1"));
        AssertWire(new UriPin(), new FudgeMsg()); // null: no field
        // Read back relative on every platform (on Unix, new Uri("/orders/1") alone would be an absolute file path).
        var back = FudgeSerializer.Deserialize<UriPin>(new FudgeMsg().Add("Value", "/orders/1").ToByteArray()).Value!;
        Assert.False(back.IsAbsoluteUri);
        var original = FudgeSerializer.Deserialize<UriPin>(new FudgeMsg().Add("Value", "HTTP://Example.COM:80/a b").ToByteArray()).Value!;
        Assert.Equal("HTTP://Example.COM:80/a b", original.OriginalString);
        Assert.True(original.IsAbsoluteUri);
    }

    [Fact]
    public void An_absolute_file_path_without_a_scheme_is_written_in_its_file_form()
    {
        var path = new Uri(OperatingSystem.IsWindows() ? @"C:\data\x.txt" : "/tmp/x.txt");
        var back = RoundTrip(new UriPin { Value = path }).Value!;
        Assert.True(back.IsAbsoluteUri);
        Assert.Equal(path, back);
    }

    [Fact]
    public void A_Version_is_its_text_with_its_components()
    {
        AssertWire(new VersionPin { Value = new Version(1, 2) }, new FudgeMsg().Add("Value", "1.2"));
        AssertWire(new VersionPin { Value = new Version(1, 2, 3) }, new FudgeMsg().Add("Value", "1.2.3"));
        AssertWire(new VersionPin { Value = new Version(1, 2, 3, 4) }, new FudgeMsg().Add("Value", "1.2.3.4"));
        Assert.Equal(-1, RoundTrip(new VersionPin { Value = new Version(1, 2) }).Value!.Build);
    }

    [Fact]
    public void A_Half_is_a_float_holding_it_exactly()
    {
        AssertWire(new HalfPin { Value = (Half)1.5f }, new FudgeMsg().Add("Value", 1.5f));
        AssertWire(new HalfPin { Value = HalfBits(0x8000) }, new FudgeMsg().Add("Value", -0.0f));
        AssertWire(new HalfPin { Value = HalfBits(0x0001) }, new FudgeMsg().Add("Value", 5.9604645E-08f));
        // A NaN keeps its sign and payload: 0x7C01 (signalling, payload 1) is the float 0x7F802000.
        // (FudgeMsg would quiet a signalling NaN, so the bytes are checked directly: type float, 7F 80 20 00.)
        var nan = FudgeSerializer.Serialize(new HalfPin { Value = HalfBits(0x7C01) });
        Assert.Equal(new FudgeMsg().Add("Value", 1f).ToByteArray()[..^4], nan[..^4]);
        Assert.Equal(new byte[] { 0x7F, 0x80, 0x20, 0x00 }, nan[^4..]);
        // A float that is no half is rounded to the nearest one.
        Assert.Equal((Half)0.1f, FudgeSerializer.Deserialize<HalfPin>(new FudgeMsg().Add("Value", 0.1f).ToByteArray()).Value);
    }

    [Fact]
    public void Native_integers_are_int64_reduced()
    {
        AssertWire(new NIntPin { Value = -1, Unsigned = nuint.MaxValue }, new FudgeMsg().Add("Value", (sbyte)-1).Add("Unsigned", (sbyte)-1));
        AssertWire(new NIntPin { Value = nint.MaxValue, Unsigned = 300 }, new FudgeMsg().Add("Value", long.MaxValue).Add("Unsigned", (short)300));
    }

    [Fact]
    public void An_ArraySegment_is_exactly_its_bytes()
    {
        var array = Bytes(30, 0);
        AssertWire(new SegmentPin { Value = new ArraySegment<byte>(array, 5, 3) }, new FudgeMsg().Add("Value", new byte[] { 5, 6, 7 }));
        // 16 bytes take the fixed-width type, as a byte[16] does.
        AssertWire(new SegmentPin { Value = new ArraySegment<byte>(array, 1, 16) }, new FudgeMsg().Add("Value", array.AsSpan(1, 16).ToArray()));
        var back = RoundTrip(new SegmentPin { Value = new ArraySegment<byte>(array, 5, 3) }).Value;
        Assert.Equal(0, back.Offset);
        Assert.Equal(new byte[] { 5, 6, 7 }, back.Array);
        Assert.Equal(0, RoundTrip(new SegmentPin()).Value.Count); // default: empty
    }

    [Fact]
    public void A_DateTimeOffset_with_a_quarter_hour_offset_is_a_datetime_and_any_other_is_text()
    {
        var quarter = new DateTimeOffset(2026, 3, 2, 14, 30, 0, TimeSpan.FromMinutes(345));
        AssertWire(new WhenPin { Value = quarter }, new FudgeMsg().Add("Value", FudgeDateTime.FromDateTimeOffset(quarter)));
        var odd = new DateTimeOffset(2026, 3, 2, 14, 30, 0, TimeSpan.FromMinutes(317)).AddTicks(5);
        AssertWire(new WhenPin { Value = odd }, new FudgeMsg().Add("Value", "2026-03-02T14:30:00.0000005+05:17"));
        Assert.True(odd.EqualsExact(RoundTrip(new WhenPin { Value = odd }).Value));
        // Java's OffsetDateTime.toString() form (minutes only) reads too.
        var java = FudgeSerializer.Deserialize<WhenPin>(new FudgeMsg().Add("Value", "2026-03-02T14:30-00:01").ToByteArray()).Value;
        Assert.True(new DateTimeOffset(2026, 3, 2, 14, 30, 0, TimeSpan.FromMinutes(-1)).EqualsExact(java));
    }

    [Fact]
    public void A_rectangular_array_is_the_message_of_its_rows_as_Java_writes_an_int_array_of_arrays()
    {
        var grid = new[,] { { 1, 2, 3 }, { 4, 5, 6 } };
        var rows = new FudgeMsg().Add(null, new[] { 1, 2, 3 }).Add(null, new[] { 4, 5, 6 });
        AssertWire(new GridPin { Value = grid }, new FudgeMsg().Add("Value", rows));
        // the same bytes as the jagged array of its rows, which reads it back too
        Assert.Equal(FudgeSerializer.Serialize(new JaggedPin { Value = new[] { new[] { 1, 2, 3 }, new[] { 4, 5, 6 } } }), FudgeSerializer.Serialize(new GridPin { Value = grid }));
        var words = new FudgeMsg().Add(null, new FudgeMsg().Add(null, "a").Add(null, null, FudgeTypeId.Indicator, FudgeIndicator.Instance));
        AssertWire(new WordGridPin { Value = new[,] { { "a", null } } }, new FudgeMsg().Add("Value", words));
        var cube = new FudgeMsg().Add(null, new FudgeMsg().Add(null, new[] { 7 }));
        AssertWire(new CubePin { Value = new[,,] { { { 7 } } } }, new FudgeMsg().Add("Value", cube));
    }

    [Fact]
    public void A_rectangular_array_with_no_rows_to_show_its_lengths_writes_them_at_ordinal_minus_3()
    {
        AssertWire(new GridPin { Value = new int[0, 5] }, new FudgeMsg().Add("Value", new FudgeMsg().Add(-3, new[] { 0, 5 })));
        Assert.Equal(new[] { 0, 5 }, Lengths(RoundTrip(new GridPin { Value = new int[0, 5] }).Value!));
        // Rows show the lengths of [3, 0]: no lengths written.
        AssertWire(new GridPin { Value = new int[3, 0] }, new FudgeMsg().Add("Value", new FudgeMsg().Add(null, Array.Empty<int>()).Add(null, Array.Empty<int>()).Add(null, Array.Empty<int>())));
        AssertWire(new GridPin { Value = new int[0, 0] }, new FudgeMsg().Add("Value", new FudgeMsg()));
        Assert.Equal(new[] { 2, 0, 3 }, Lengths(RoundTrip(new CubePin { Value = new int[2, 0, 3] }).Value!));
    }

    private static int[] Lengths(Array array) => Enumerable.Range(0, array.Rank).Select(array.GetLength).ToArray();

    // ---------------------------------------------------------------- malformed input

    private static FudgeFormatException Refused<T>(FudgeMsg message) => Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<T>(message.ToByteArray()));

    [Theory]
    [InlineData("12x")]
    [InlineData("")]
    [InlineData("1e5")]
    [InlineData(" 12")]
    [InlineData("-")]
    public void A_malformed_wide_integer_is_a_format_error_at_its_value(string text)
    {
        var message = new FudgeMsg().Add("Value", text);
        int valueOffset = message.ToByteArray().Length - System.Text.Encoding.UTF8.GetByteCount(text);
        Assert.Equal(valueOffset, Refused<BigIntegerPin>(message).Offset);
        Assert.Equal(valueOffset, Refused<Int128Pin>(message).Offset);
        Assert.Equal(valueOffset, Refused<UInt128Pin>(message).Offset);
        Assert.Contains("BigInteger", Refused<BigIntegerPin>(message).Message);
    }

    [Fact]
    public void Out_of_range_wide_integers_and_wrong_types_are_format_errors()
    {
        Refused<Int128Pin>(new FudgeMsg().Add("Value", "170141183460469231731687303715884105728"));
        Refused<UInt128Pin>(new FudgeMsg().Add("Value", "-1"));
        Refused<BigIntegerPin>(new FudgeMsg().Add("Value", 1.5));
        Refused<UriPin>(new FudgeMsg().Add("Value", 5));
        Refused<VersionPin>(new FudgeMsg().Add("Value", 5));
        Refused<HalfPin>(new FudgeMsg().Add("Value", "1"));
        Refused<SegmentPin>(new FudgeMsg().Add("Value", "1"));
        Refused<GridPin>(new FudgeMsg().Add("Value", "1"));
    }

    [Theory]
    [InlineData("http://[::1")]
    [InlineData("http://exa mple.com:99999/")]
    public void A_malformed_uri_is_a_format_error_at_its_value(string text)
    {
        var message = new FudgeMsg().Add("Value", text);
        var error = Refused<UriPin>(message);
        Assert.Equal(message.ToByteArray().Length - text.Length, error.Offset);
    }

    [Theory]
    [InlineData("1")]
    [InlineData("1.2.3.4.5")]
    [InlineData("1.-2")]
    [InlineData("a.b")]
    [InlineData("1.2 ")]
    public void A_malformed_version_is_a_format_error_at_its_value(string text)
    {
        var message = new FudgeMsg().Add("Value", text);
        Assert.Equal(message.ToByteArray().Length - text.Length, Refused<VersionPin>(message).Offset);
    }

    [Theory]
    [InlineData("2026-03-02")]
    [InlineData("2026-03-02T14:30:00")] // no offset: which zone would it be?
    [InlineData("2026-03-02T14:30:00+15:00")]
    [InlineData("yesterday")]
    public void A_malformed_date_time_text_is_a_format_error(string text)
        => Refused<WhenPin>(new FudgeMsg().Add("Value", text));

    [Fact]
    public void Rows_that_are_not_rectangular_or_lengths_that_contradict_them_are_format_errors()
    {
        Assert.Contains("rectangular", Refused<GridPin>(new FudgeMsg().Add("Value", new FudgeMsg().Add(null, new[] { 1, 2 }).Add(null, new[] { 3 }))).Message);
        Refused<GridPin>(new FudgeMsg().Add("Value", new FudgeMsg().Add(null, new[] { 1, 2 }).Add(null, null, FudgeTypeId.Indicator, FudgeIndicator.Instance)));
        Refused<GridPin>(new FudgeMsg().Add("Value", new FudgeMsg().Add(null, new[] { 1, 2 }).Add(-3, new[] { 0, 5 })));
        Refused<GridPin>(new FudgeMsg().Add("Value", new FudgeMsg().Add(-3, new[] { 0, 5, 1 })));
        Refused<GridPin>(new FudgeMsg().Add("Value", new FudgeMsg().Add(-3, new[] { 0, -5 })));
        Refused<GridPin>(new FudgeMsg().Add("Value", new FudgeMsg().Add(-3, "0,5")));
        // A grid without elements but with huge lengths allocates nothing and is a valid empty array.
        Assert.Equal(new[] { 0, 1_000_000 }, Lengths(FudgeSerializer.Deserialize<GridPin>(new FudgeMsg().Add("Value", new FudgeMsg().Add(-3, new[] { 0, 1_000_000 })).ToByteArray()).Value!));
    }

    public static IEnumerable<object[]> HostileSamples()
    {
        yield return new object[] { "name0", FudgeSerializer.Serialize(Sample<ScalarsByName>(0)) };
        yield return new object[] { "ordinal1", FudgeSerializer.Serialize(Sample<ScalarsByOrdinal>(1)) };
        yield return new object[] { "enums", FudgeSerializer.Serialize(EnumSample<EnumsByOrdinal>(true)) };
    }

    private static void Decode(string type, byte[] data)
    {
        if (type.StartsWith("name", StringComparison.Ordinal)) FudgeSerializer.Deserialize<ScalarsByName>(data);
        else if (type == "enums") FudgeSerializer.Deserialize<EnumsByOrdinal>(data);
        else FudgeSerializer.Deserialize<ScalarsByOrdinal>(data);
    }

    [Theory]
    [MemberData(nameof(HostileSamples))]
    public void Every_truncation_and_corrupted_byte_raises_only_format_exceptions(string type, byte[] data)
    {
        Decode(type, data);
        // Also '-', ':' and '9' into the texts (BigInteger, Version, DateTimeOffset).
        HostileInput.AssertOnlyFormatErrors(data, d => Decode(type, d), new byte[] { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0x2D, 0x3A, 0x39 });
    }

    // ---------------------------------------------------------------- enums over every underlying type

    internal static T EnumSample<T>(bool extremes) where T : EnumMembers, new() => new()
    {
        Byte = extremes ? ByteEnum.Max : (ByteEnum)77,
        SByte = extremes ? SByteEnum.Min : (SByteEnum)(-77),
        Int16 = extremes ? Int16Enum.Min : (Int16Enum)(-300),
        UInt16 = extremes ? UInt16Enum.Max : (UInt16Enum)40000,
        Int32 = extremes ? Int32Enum.Min : (Int32Enum)70000,
        UInt32 = extremes ? UInt32Enum.Max : (UInt32Enum)3_000_000_000,
        Int64 = extremes ? Int64Enum.Min : (Int64Enum)(-5_000_000_000),
        UInt64 = extremes ? UInt64Enum.Max : UInt64Enum.High,
        ByteFlags = extremes ? ByteFlags.A | ByteFlags.B | ByteFlags.Top : (ByteFlags)0x44,
        UInt64Flags = extremes ? UInt64Flags.Low | UInt64Flags.Top : (UInt64Flags)0x8000_0000_0000_0002,
        SByteFlags = extremes ? SByteFlags.A | SByteFlags.Sign : (SByteFlags)(-2),
        MaybeUInt64 = extremes ? UInt64Enum.Max : null,
        MaybeSByte = extremes ? SByteEnum.Min : null,
        UInt64s = new List<UInt64Enum> { UInt64Enum.Max, UInt64Enum.Min, UInt64Enum.High, (UInt64Enum)12345 },
        SBytes = new List<SByteEnum?> { SByteEnum.Min, null, SByteEnum.Max, (SByteEnum)5 },
        Int64s = new[] { Int64Enum.Min, Int64Enum.Max, (Int64Enum)1 },
        UInt32s = new HashSet<UInt32Enum> { UInt32Enum.Max, UInt32Enum.Min, (UInt32Enum)65536 },
        ByByte = new Dictionary<ByteEnum, string> { [ByteEnum.Max] = "max", [ByteEnum.Min] = "min", [(ByteEnum)9] = "nine" },
        BySByte = new Dictionary<SByteEnum, int> { [SByteEnum.Min] = 1, [SByteEnum.Max] = 2 },
        ByInt16 = new Dictionary<Int16Enum, int> { [Int16Enum.Min] = 1, [Int16Enum.Max] = 2 },
        ByUInt16 = new Dictionary<UInt16Enum, int> { [UInt16Enum.Max] = 1, [UInt16Enum.Min] = 2 },
        ByInt32 = new Dictionary<Int32Enum, int> { [Int32Enum.Min] = 1, [Int32Enum.Max] = 2 },
        ByUInt32 = new Dictionary<UInt32Enum, int> { [UInt32Enum.Max] = 1, [(UInt32Enum)7] = 2 },
        ByInt64 = new Dictionary<Int64Enum, int> { [Int64Enum.Min] = 1, [Int64Enum.Max] = 2 },
        ByUInt64 = new Dictionary<UInt64Enum, UInt64Flags> { [UInt64Enum.Max] = UInt64Flags.Top | UInt64Flags.Low, [UInt64Enum.High] = (UInt64Flags)6 },
    };

    private static void AssertSame(EnumMembers expected, EnumMembers actual)
    {
        Assert.Equal(expected.Byte, actual.Byte);
        Assert.Equal(expected.SByte, actual.SByte);
        Assert.Equal(expected.Int16, actual.Int16);
        Assert.Equal(expected.UInt16, actual.UInt16);
        Assert.Equal(expected.Int32, actual.Int32);
        Assert.Equal(expected.UInt32, actual.UInt32);
        Assert.Equal(expected.Int64, actual.Int64);
        Assert.Equal(expected.UInt64, actual.UInt64);
        Assert.Equal(expected.ByteFlags, actual.ByteFlags);
        Assert.Equal(expected.UInt64Flags, actual.UInt64Flags);
        Assert.Equal(expected.SByteFlags, actual.SByteFlags);
        Assert.Equal(expected.MaybeUInt64, actual.MaybeUInt64);
        Assert.Equal(expected.MaybeSByte, actual.MaybeSByte);
        Assert.Equal(expected.UInt64s, actual.UInt64s);
        Assert.Equal(expected.SBytes, actual.SBytes);
        Assert.Equal(expected.Int64s, actual.Int64s);
        Assert.Equal(expected.UInt32s, actual.UInt32s);
        Assert.Equal(expected.ByByte, actual.ByByte);
        Assert.Equal(expected.BySByte, actual.BySByte);
        Assert.Equal(expected.ByInt16, actual.ByInt16);
        Assert.Equal(expected.ByUInt16, actual.ByUInt16);
        Assert.Equal(expected.ByInt32, actual.ByInt32);
        Assert.Equal(expected.ByUInt32, actual.ByUInt32);
        Assert.Equal(expected.ByInt64, actual.ByInt64);
        Assert.Equal(expected.ByUInt64, actual.ByUInt64);
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Enums_over_every_underlying_type_round_trip_by_name(bool extremes)
    {
        var value = EnumSample<EnumsByName>(extremes);
        AssertSame(value, RoundTrip(value));
    }

    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void Enums_over_every_underlying_type_round_trip_by_ordinal(bool extremes)
    {
        var value = EnumSample<EnumsByOrdinal>(extremes);
        AssertSame(value, RoundTrip(value));
        AssertSame(value, FudgeSerializer.Deserialize<EnumsByName>(FudgeSerializer.Serialize(value)));
    }

    [Fact]
    public void An_enum_is_its_underlying_integer_reduced_and_a_ulong_one_its_64_bits()
    {
        var bytes = FudgeSerializer.Serialize(EnumSample<EnumsByName>(true));
        var message = FudgeMsg.Parse(bytes);
        Assert.Equal(FudgeTypeId.Int16, message.GetField("Byte")!.Value.TypeId);       // 255
        Assert.Equal(-128L, message.GetInt64("SByte"));
        Assert.Equal(FudgeTypeId.Int8, message.GetField("SByte")!.Value.TypeId);
        Assert.Equal(uint.MaxValue, message.GetInt64("UInt32"));
        Assert.Equal(-1L, message.GetInt64("UInt64"));                            // ulong.MaxValue's bits
        Assert.Equal(FudgeTypeId.Int8, message.GetField("UInt64")!.Value.TypeId);
        Assert.Equal(long.MinValue + 1, message.GetInt64("UInt64Flags"));
        // A value beyond the underlying type's range is refused, not wrapped.
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<EnumsByName>(new FudgeMsg().Add("Byte", 256).ToByteArray()));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<EnumsByName>(new FudgeMsg().Add("SByte", 128).ToByteArray()));
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<EnumsByName>(new FudgeMsg().Add("UInt32", -1).ToByteArray()));
        // Names read too: the .NET name and the Java constant.
        var named = FudgeSerializer.Deserialize<EnumsByName>(new FudgeMsg().Add("Int64", "Min").Add("UInt64", "HIGH").ToByteArray());
        Assert.Equal(Int64Enum.Min, named.Int64);
        Assert.Equal(UInt64Enum.High, named.UInt64);
    }
}
