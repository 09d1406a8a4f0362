using System;
using System.Buffers;
using System.Collections.Generic;
using Fudge.MarketData.Benchmarks.Day;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>
/// One format in the shootout, through its fastest documented API. The unit of work is one batch of the feed (the
/// study's <c>MultiMessage</c>): serialize it into a pre-allocated buffer, or read it back and aggregate it.
/// </summary>
public abstract class ShootoutContender
{
    /// <summary>The name every table uses.</summary>
    public abstract string Name { get; }

    /// <summary>
    /// The contender whose bytes this one reads, when it writes none of its own (the schema-free Fudge reader reads
    /// what the generated ordinal types write); null when it reads its own.
    /// </summary>
    public virtual string? ReadsBytesOf => null;

    /// <summary>The contender whose bytes this one must write exactly, when it promises that; null otherwise.</summary>
    public virtual string? WritesBytesOf => null;

    /// <summary>
    /// False for a contender measured only as a writer (its bytes are another's, read as that one reads them): the
    /// round trip is still checked, but its reading is not timed again.
    /// </summary>
    public virtual bool MeasuresReading => true;

    /// <summary>Builds whatever the contender serializes from (its own objects, or nothing) for the whole day.</summary>
    public abstract void Load(MarketDay day);

    /// <summary>Writes batch <paramref name="batch"/> of the loaded day to <paramref name="output"/>.</summary>
    public abstract void Serialize(int batch, IBufferWriter<byte> output);

    /// <summary>Reads one batch and adds every message to <paramref name="aggregate"/>.</summary>
    public abstract void DeserializeAndAggregate(ReadOnlyMemory<byte> bytes, DayAggregate aggregate);

    /// <summary>
    /// Reads one batch back into plain form, for the round-trip check: appends its messages to
    /// <paramref name="messages"/> (symbols as indexes of <paramref name="day"/>'s) and returns its sequence number.
    /// </summary>
    public abstract ulong Decode(ReadOnlyMemory<byte> bytes, MarketDay day, List<FeedMessage> messages);
}
