using System.Buffers;
using BenchmarkDotNet.Attributes;

namespace Fudge.Benchmarks.Benchmarks;

/// <summary>
/// The core's own promise (issue 2): writing a flat 10-field message into a reused buffer, and reading every scalar
/// back, allocate nothing. Keys carry both a pre-encoded name and an ordinal, the most expensive header form.
/// </summary>
[MemoryDiagnoser]
public class FlatMessageBenchmarks
{
    private static readonly FudgeFieldKey Flag = FudgeFieldKey.Create("flag", 1);
    private static readonly FudgeFieldKey Tiny = FudgeFieldKey.Create("tiny", 2);
    private static readonly FudgeFieldKey Small = FudgeFieldKey.Create("small", 3);
    private static readonly FudgeFieldKey Medium = FudgeFieldKey.Create("medium", 4);
    private static readonly FudgeFieldKey Large = FudgeFieldKey.Create("large", 5);
    private static readonly FudgeFieldKey Ratio = FudgeFieldKey.Create("ratio", 6);
    private static readonly FudgeFieldKey Price = FudgeFieldKey.Create("price", 7);
    private static readonly FudgeFieldKey TradeDate = FudgeFieldKey.Create("tradeDate", 8);
    private static readonly FudgeFieldKey TradeTime = FudgeFieldKey.Create("tradeTime", 9);
    private static readonly FudgeFieldKey Settles = FudgeFieldKey.Create("settles", 10);

    private static readonly FudgeDate Date = new(2026, 11, 21);
    private static readonly FudgeTime Time = new(13, 45, 7, 123_456_789);
    private static readonly FudgeDateTime DateTime = new(new FudgeDate(2026, 11, 23), new FudgeTime(17, 0, 0, 0, FudgeDateTimeAccuracy.Second, 0));

    private readonly ArrayBufferWriter<byte> _output = new(1024);
    private byte[] _encoded = System.Array.Empty<byte>();

    [GlobalSetup]
    public void Setup()
    {
        Write();
        _encoded = _output.WrittenSpan.ToArray();
    }

    [Benchmark]
    public int Write()
    {
        _output.ResetWrittenCount();
        var writer = new FudgeWriter(_output);
        var envelope = writer.BeginEnvelope();
        writer.WriteBoolean(Flag, true);
        writer.WriteSByte(Tiny, -7);
        writer.WriteExactInt16(Small, 1_234);
        writer.WriteExactInt32(Medium, 123_456_789);
        writer.WriteExactInt64(Large, 9_876_543_210_123L);
        writer.WriteSingle(Ratio, 0.25f);
        writer.WriteDouble(Price, 101.375);
        writer.WriteDate(TradeDate, Date);
        writer.WriteTime(TradeTime, Time);
        writer.WriteDateTime(Settles, DateTime);
        writer.EndEnvelope(envelope);
        writer.Flush();
        return _output.WrittenCount;
    }

    [Benchmark]
    public long ReadScalars()
    {
        var reader = new FudgeReader(_encoded);
        long checksum = 0;
        while (reader.Read())
        {
            checksum += reader.Ordinal switch
            {
                1 => reader.GetBoolean() ? 1 : 0,
                2 => reader.GetSByte(),
                3 => reader.GetInt16(),
                4 => reader.GetInt32(),
                5 => reader.GetInt64(),
                6 => (long)reader.GetSingle(),
                7 => (long)reader.GetDouble(),
                8 => reader.GetDate().RawValue,
                9 => reader.GetTime().RawValue,
                _ => reader.GetDateTime().Time.RawValue,
            };
        }
        return checksum;
    }
}
