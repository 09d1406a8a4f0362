using System;
using System.Buffers;
using Fudge.Benchmarks.Models;

namespace Fudge.Benchmarks.Contenders;

/// <summary>
/// Turns objects of one model into bytes and back: the shape of every serializer that works on the shared
/// model classes (Fudge in all its forms, System.Text.Json, Newtonsoft.Json).
/// </summary>
public abstract class ObjectCodec<T>
{
    /// <summary>Appends one encoded value to <paramref name="output"/>.</summary>
    public abstract void Write(T value, IBufferWriter<byte> output);

    /// <summary>Decodes one value from exactly the bytes <see cref="Write"/> produced.</summary>
    public abstract T Read(ReadOnlyMemory<byte> data);
}

/// <summary>A serializer under test on workload 1 (the object graph). It may convert the graph to its own model first.</summary>
public abstract class GraphContender
{
    /// <summary>Stable name used in filters, tables and charts.</summary>
    public abstract string Name { get; }

    /// <summary>Takes the graph to serialize, converting it to the contender's own model if it has one (not timed).</summary>
    public abstract void Load(Portfolio portfolio);

    /// <summary>Encodes the loaded graph into <paramref name="output"/>.</summary>
    public abstract void Serialize(IBufferWriter<byte> output);

    /// <summary>Decodes a graph; the result is returned so that the work cannot be optimised away.</summary>
    public abstract object Deserialize(ReadOnlyMemory<byte> data);
}

/// <summary>A serializer under test on workload 2 (market-data ticks).</summary>
public abstract class TickContender
{
    /// <summary>Stable name used in filters, tables and charts.</summary>
    public abstract string Name { get; }

    /// <summary>Takes the ticks to serialize, converting them to the contender's own model if it has one (not timed).</summary>
    public abstract void Load(MarketTick[] ticks);

    /// <summary>Encodes tick <paramref name="index"/> of the loaded ticks into <paramref name="output"/>.</summary>
    public abstract void Serialize(int index, IBufferWriter<byte> output);

    /// <summary>Decodes one tick and adds it to <paramref name="totals"/>.</summary>
    public abstract void DeserializeAndAggregate(ReadOnlyMemory<byte> data, ref TickTotals totals);
}

/// <summary>Workload 1 for any contender working on the shared model: a codec of <see cref="Portfolio"/>.</summary>
public sealed class CodecGraphContender : GraphContender
{
    private readonly ObjectCodec<Portfolio> _codec;
    private Portfolio? _portfolio;

    public CodecGraphContender(string name, ObjectCodec<Portfolio> codec)
    {
        Name = name;
        _codec = codec;
    }

    public override string Name { get; }

    public override void Load(Portfolio portfolio) => _portfolio = portfolio;

    public override void Serialize(IBufferWriter<byte> output) => _codec.Write(_portfolio!, output);

    public override object Deserialize(ReadOnlyMemory<byte> data) => _codec.Read(data);
}

/// <summary>Workload 2 for any contender working on the shared model: a codec of <see cref="MarketTick"/>.</summary>
public sealed class CodecTickContender : TickContender
{
    private readonly ObjectCodec<MarketTick> _codec;
    private MarketTick[] _ticks = Array.Empty<MarketTick>();

    public CodecTickContender(string name, ObjectCodec<MarketTick> codec)
    {
        Name = name;
        _codec = codec;
    }

    public override string Name { get; }

    public override void Load(MarketTick[] ticks) => _ticks = ticks;

    public override void Serialize(int index, IBufferWriter<byte> output) => _codec.Write(_ticks[index], output);

    public override void DeserializeAndAggregate(ReadOnlyMemory<byte> data, ref TickTotals totals)
    {
        var tick = _codec.Read(data);
        totals.Add(tick.Kind, tick.Price, tick.Size);
    }
}
