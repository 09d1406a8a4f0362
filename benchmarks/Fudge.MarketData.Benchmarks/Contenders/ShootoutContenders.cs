using System;

namespace Fudge.MarketData.Benchmarks.Contenders;

/// <summary>Every contender, by the name the tables use, in table order.</summary>
public static class ShootoutContenders
{
    /// <summary>Names of all contenders.</summary>
    public static readonly string[] All =
    {
        "SBE layout (hand-written)", "FlatBuffers", "Fudge ordinals", FudgeWholeGraphContender.ContenderName, "Fudge names", "Fudge schema-free reader", "Fudge writer (hand-written)", "MemoryPack", "MessagePack",
    };

    /// <summary>
    /// Contenders that are no row of the tables, only for <c>--turns</c>: the reader floor under <c>Fudge ordinals</c>
    /// (<see cref="FudgeReaderFloorContender"/>).
    /// </summary>
    public static readonly string[] TurnsOnly = { FudgeReaderFloorContender.ContenderName, FudgeReaderApiFloorContender.ContenderName };

    /// <summary>A new contender by name (one of <see cref="All"/> or <see cref="TurnsOnly"/>).</summary>
    public static ShootoutContender Create(string name) => name switch
    {
        "SBE layout (hand-written)" => new SbeLayoutContender(),
        "FlatBuffers" => new FlatBuffersContender(),
        "Fudge ordinals" => new FudgeOrdinalsContender(),
        FudgeWholeGraphContender.ContenderName => new FudgeWholeGraphContender(),
        "Fudge names" => new FudgeNamesContender(),
        "Fudge schema-free reader" => new FudgeSchemaFreeContender(),
        "Fudge writer (hand-written)" => new FudgeWriterContender(),
        "MemoryPack" => new MemoryPackContender(),
        "MessagePack" => new MessagePackContender(),
        FudgeReaderFloorContender.ContenderName => new FudgeReaderFloorContender(),
        FudgeReaderApiFloorContender.ContenderName => new FudgeReaderApiFloorContender(),
        _ => throw new ArgumentException($"No contender named '{name}'. Known: {string.Join(", ", All)}, {string.Join(", ", TurnsOnly)}.", nameof(name)),
    };
}
