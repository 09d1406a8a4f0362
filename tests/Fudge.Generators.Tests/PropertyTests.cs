using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Generators.Tests.Models;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>Random objects from a seeded <see cref="Random"/>: they round-trip, re-encode identically, and decode with the DOM reader.</summary>
public class PropertyTests
{
    private const int Iterations = 300;

    internal static string? RandomString(Random r, bool nullable = true)
    {
        if (nullable && r.Next(6) == 0) return null;
        int length = r.Next(4) == 0 ? r.Next(0, 400) : r.Next(0, 12);
        var chars = new char[length];
        for (int i = 0; i < length; i++)
        {
            chars[i] = r.Next(10) switch
            {
                0 => (char)r.Next(0x80, 0x7FF),
                1 => (char)r.Next(0x800, 0xD7FF),
                _ => (char)r.Next(0x20, 0x7F),
            };
        }
        return new string(chars);
    }

    private static long RandomLong(Random r) => r.Next(5) switch
    {
        0 => r.Next(-128, 128),
        1 => r.Next(short.MinValue, short.MaxValue),
        2 => r.Next(),
        3 => r.NextInt64(long.MinValue, long.MaxValue),
        _ => r.NextInt64(),
    };

    internal static AllScalars RandomScalars(Random r) => new()
    {
        Bool = r.Next(2) == 0, SByte = (sbyte)r.Next(), Byte = (byte)r.Next(), Int16 = (short)r.Next(), UInt16 = (ushort)r.Next(),
        Int32 = (int)RandomLong(r), UInt32 = (uint)RandomLong(r), Int64 = RandomLong(r), UInt64 = (ulong)RandomLong(r),
        Single = (float)(r.NextDouble() * 1e6 - 5e5), Double = BitConverter.Int64BitsToDouble(r.NextInt64()) is var d && double.IsNaN(d) ? 0 : d,
        Char = (char)r.Next(0x20, 0xD7FF), Decimal = new decimal(r.Next(), r.Next(), r.Next(), r.Next(2) == 0, (byte)r.Next(29)),
        String = RandomString(r), Guid = new Guid(Enumerable.Range(0, 16).Select(_ => (byte)r.Next()).ToArray()),
        DateTime = new DateTime(r.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks), r.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified),
        DateTimeOffset = new DateTimeOffset(r.NextInt64(TimeSpan.TicksPerDay, DateTime.MaxValue.Ticks - TimeSpan.TicksPerDay), TimeSpan.FromMinutes(15 * r.Next(-48, 49))),
        DateOnly = DateOnly.FromDayNumber(r.Next(DateOnly.MinValue.DayNumber, DateOnly.MaxValue.DayNumber)),
        TimeOnly = new TimeOnly(r.NextInt64(TimeOnly.MaxValue.Ticks)), TimeSpan = TimeSpan.FromTicks(RandomLong(r)),
        Side = r.Next(2) == 0 ? Side.Buy : Side.Sell, Status = (Status)r.Next(-10, 10), Flags = (BigFlags)(ulong)RandomLong(r),
    };

    private static List<T>? RandomList<T>(Random r, Func<T> item) => r.Next(5) == 0 ? null : Enumerable.Range(0, r.Next(0, 6)).Select(_ => item()).ToList();

    internal static Collections RandomCollections(Random r) => new()
    {
        Names = RandomList(r, () => RandomString(r))?.ToArray(),
        IntList = RandomList(r, () => (int)RandomLong(r)),
        Quotes = RandomList(r, () => new Quote(RandomString(r, false)!, r.NextDouble(), r.NextDouble())),
        Tags = RandomList(r, () => RandomString(r, false)!),
        Set = RandomList(r, () => RandomString(r, false)!)?.ToHashSet(),
        NullableInts = RandomList(r, () => r.Next(3) == 0 ? null : (int?)r.Next()),
        Nested = RandomList(r, () => RandomList(r, () => RandomString(r, false)!) ?? new List<string>()),
        Jagged = RandomList(r, () => Enumerable.Range(0, r.Next(4)).Select(_ => r.Next()).ToArray())?.ToArray(),
        Sides = RandomList(r, () => r.Next(2) == 0 ? Side.Buy : Side.Sell),
        Guids = RandomList(r, Guid.NewGuid),
        Decimals = RandomList(r, () => (decimal)r.NextDouble()),
        LongSet = RandomList(r, () => RandomLong(r))?.ToHashSet(),
        Points = RandomList(r, () => new Point { X = r.Next(), Y = -r.Next() }),
        Blobs = RandomList(r, () => Enumerable.Range(0, r.Next(0, 40)).Select(_ => (byte)r.Next()).ToArray()),
    };

    internal static Maps RandomMaps(Random r) => new()
    {
        Counts = RandomList(r, () => RandomString(r, false)!)?.Distinct().ToDictionary(s => s, s => s.Length),
        QuotesById = RandomList(r, () => r.Next())?.Distinct().ToDictionary(i => i, i => i % 3 == 0 ? null : new Quote("Q" + i, i, -i)),
        BySide = r.Next(2) == 0 ? null : new Dictionary<Side, string?> { [Side.Buy] = RandomString(r) },
    };

    internal static Portfolio RandomPortfolio(Random r) => new()
    {
        Name = RandomString(r),
        Items = RandomList(r, () => (Instrument)(r.Next(3) switch
        {
            0 => new EquityTrade { Id = RandomString(r), Ticker = RandomString(r) },
            1 => new FxTrade { Id = RandomString(r), Pair = RandomString(r) },
            _ => new FxOption { Id = RandomString(r), Pair = RandomString(r), Strike = r.NextDouble() },
        })),
    };

    private static void Check<T>(T value)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        var back = FudgeSerializer.Deserialize<T>(bytes);
        Assert.Equal(bytes, FudgeSerializer.Serialize(back));
        // Generated bytes are plain Fudge: the DOM decodes them and re-encodes them byte for byte.
        Assert.Equal(bytes, FudgeMsg.Parse(bytes).ToByteArray());
    }

    [Fact]
    public void Random_scalars_round_trip_exactly()
    {
        var r = new Random(1234);
        for (int i = 0; i < Iterations; i++)
        {
            var value = RandomScalars(r);
            Check(value);
            var back = FudgeSerializer.Deserialize<AllScalars>(FudgeSerializer.Serialize(value));
            Assert.Equal(value.Int64, back.Int64);
            Assert.Equal(value.UInt64, back.UInt64);
            Assert.Equal(value.Double, back.Double);
            Assert.Equal(value.Decimal, back.Decimal);
            Assert.Equal(value.String, back.String);
            Assert.Equal(value.DateTime, back.DateTime);
            Assert.Equal(value.DateTimeOffset, back.DateTimeOffset);
            Assert.Equal(value.TimeOnly, back.TimeOnly);
            Assert.Equal(value.Flags, back.Flags);
        }
    }

    [Fact]
    public void Random_collections_maps_and_polymorphic_lists_round_trip()
    {
        var r = new Random(5678);
        for (int i = 0; i < Iterations; i++)
        {
            var collections = RandomCollections(r);
            Check(collections);
            var back = FudgeSerializer.Deserialize<Collections>(FudgeSerializer.Serialize(collections));
            Assert.Equal(collections.Names, back.Names);
            Assert.Equal(collections.Nested, back.Nested);
            Assert.Equal(collections.Blobs, back.Blobs);
            Check(RandomMaps(r));
            Check(RandomPortfolio(r));
        }
    }
}
