using System;
using System.Buffers;
using Fudge.Benchmarks.Contenders.Fudge;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Contenders.Baseline;

/// <summary>
/// The floor no serializer can beat: "serializing" copies the bytes Fudge (ordinals) would write with
/// <see cref="Span{T}.CopyTo"/>, and "deserializing" copies them out again.
/// </summary>
public sealed class CopyGraphContender : GraphContender
{
    private byte[] _encoded = Array.Empty<byte>();
    private byte[] _scratch = Array.Empty<byte>();

    public override string Name => "Copy";

    public override void Load(Portfolio portfolio)
    {
        var buffer = new ArrayBufferWriter<byte>();
        new HandWrittenPortfolioCodec().Write(portfolio, buffer);
        _encoded = buffer.WrittenSpan.ToArray();
        _scratch = new byte[_encoded.Length];
    }

    public override void Serialize(IBufferWriter<byte> output)
    {
        _encoded.AsSpan().CopyTo(output.GetSpan(_encoded.Length));
        output.Advance(_encoded.Length);
    }

    public override object Deserialize(ReadOnlyMemory<byte> data)
    {
        data.Span.CopyTo(_scratch);
        return _scratch;
    }
}

/// <summary>The copy floor on workload 2: each tick's Fudge bytes copied in, then copied out.</summary>
public sealed class CopyTickContender : TickContender
{
    private byte[][] _encoded = Array.Empty<byte[]>();
    private readonly byte[] _scratch = new byte[1024];

    public override string Name => "Copy";

    public override void Load(MarketTick[] ticks)
    {
        var codec = new HandWrittenTickCodec();
        var buffer = new ArrayBufferWriter<byte>();
        _encoded = new byte[ticks.Length][];
        for (int i = 0; i < ticks.Length; i++)
        {
            buffer.ResetWrittenCount();
            codec.Write(ticks[i], buffer);
            _encoded[i] = buffer.WrittenSpan.ToArray();
        }
    }

    public override void Serialize(int index, IBufferWriter<byte> output)
    {
        var encoded = _encoded[index];
        encoded.AsSpan().CopyTo(output.GetSpan(encoded.Length));
        output.Advance(encoded.Length);
    }

    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> data, ref TickTotals totals)
    {
        data.Span.CopyTo(_scratch);
        totals.Count++;
    }
}
