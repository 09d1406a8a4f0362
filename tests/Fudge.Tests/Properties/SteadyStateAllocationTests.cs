using System;
using System.Buffers;
using Xunit;

namespace Fudge.Tests.Properties;

/// <summary>
/// Writing a flat message of scalars with pre-created keys into a reused buffer, and reading every scalar back, allocates
/// nothing once warm. Measured with <see cref="GC.GetAllocatedBytesForCurrentThread"/> (an allocation count, not a timing).
/// </summary>
public class SteadyStateAllocationTests
{
    // Keys created once: their names are encoded to UTF-8 here, not per write.
    private static readonly FudgeFieldKey Active = FudgeFieldKey.Create("active");
    private static readonly FudgeFieldKey Level = FudgeFieldKey.Create("level");
    private static readonly FudgeFieldKey Lot = FudgeFieldKey.Create("lot", 3);
    private static readonly FudgeFieldKey Quantity = FudgeFieldKey.Create("qty");
    private static readonly FudgeFieldKey Sequence = FudgeFieldKey.Create("seq");
    private static readonly FudgeFieldKey Ratio = FudgeFieldKey.Create("ratio");
    private static readonly FudgeFieldKey Price = FudgeFieldKey.Create("price");
    private static readonly FudgeFieldKey TradeDate = FudgeFieldKey.Create("date");
    private static readonly FudgeFieldKey TradeTime = FudgeFieldKey.FromOrdinal(9);
    private static readonly FudgeFieldKey Stamp = FudgeFieldKey.Create("stamp");

    private static readonly Scalars Sample = new(
        true, -5, 1_000, 70_000, 5_000_000_000L, 0.25f, 101.125,
        new FudgeDate(2024, 2, 29), new FudgeTime(13, 14, 15, 123_456_789, FudgeDateTimeAccuracy.Nanosecond, 4),
        new FudgeDateTime(new FudgeDate(2010, 3, 4), new FudgeTime(11, 12, 13, 987_654_321, FudgeDateTimeAccuracy.Nanosecond, 0)));

    [Fact]
    public void Writing_and_reading_a_flat_10_field_scalar_message_allocates_nothing_once_warm()
    {
        var buffer = new ArrayBufferWriter<byte>(256);
        Scalars readBack = default;
        long allocated = Fudge.Tests.Support.Allocations.SteadyState(() =>
        {
            buffer.Clear();
            Write(buffer, Sample);
            readBack = Read(buffer.WrittenSpan);
        }, iterations: 1000);

        Assert.Equal(0, allocated);
        Assert.Equal(Sample, readBack);
    }

    private static void Write(IBufferWriter<byte> output, in Scalars values)
    {
        var writer = new FudgeWriter(output);
        var envelope = writer.BeginEnvelope();
        writer.WriteBoolean(Active, values.Active);
        writer.WriteSByte(Level, values.Level);
        writer.WriteInt16(Lot, values.Lot);
        writer.WriteInt32(Quantity, values.Quantity);
        writer.WriteInt64(Sequence, values.Sequence);
        writer.WriteSingle(Ratio, values.Ratio);
        writer.WriteDouble(Price, values.Price);
        writer.WriteDate(TradeDate, values.Date);
        writer.WriteTime(TradeTime, values.Time);
        writer.WriteDateTime(Stamp, values.Stamp);
        writer.EndEnvelope(envelope);
        writer.Flush();
    }

    private static Scalars Read(ReadOnlySpan<byte> envelope)
    {
        var reader = new FudgeReader(envelope);
        var values = new Scalars();
        while (reader.Read())
        {
            if (reader.NameEquals("active"u8)) values.Active = reader.GetBoolean();
            else if (reader.NameEquals("level"u8)) values.Level = reader.GetSByte();
            else if (reader.NameEquals("lot"u8)) values.Lot = reader.GetInt16();
            else if (reader.NameEquals("qty"u8)) values.Quantity = reader.GetInt32();
            else if (reader.NameEquals("seq"u8)) values.Sequence = reader.GetInt64();
            else if (reader.NameEquals("ratio"u8)) values.Ratio = reader.GetSingle();
            else if (reader.NameEquals("price"u8)) values.Price = reader.GetDouble();
            else if (reader.NameEquals("date"u8)) values.Date = reader.GetDate();
            else if (reader.HasOrdinal && reader.Ordinal == 9) values.Time = reader.GetTime();
            else if (reader.NameEquals("stamp"u8)) values.Stamp = reader.GetDateTime();
        }
        return values;
    }

    private record struct Scalars(bool Active, sbyte Level, short Lot, int Quantity, long Sequence, float Ratio, double Price,
        FudgeDate Date, FudgeTime Time, FudgeDateTime Stamp);
}
