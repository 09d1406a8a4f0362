using System;
using NATS.Client.JetStream.Models;

namespace Fudge.Nats;

/// <summary>Where a JetStream consumer of Fudge messages starts reading the stream.</summary>
public readonly struct FudgeReplay : IEquatable<FudgeReplay>
{
    private FudgeReplay(ConsumerConfigDeliverPolicy policy, ulong sequence, DateTimeOffset time)
    {
        Policy = policy;
        Sequence = sequence;
        Time = time;
    }

    /// <summary>The server's deliver policy.</summary>
    public ConsumerConfigDeliverPolicy Policy { get; }

    /// <summary>The first stream sequence delivered, for <see cref="FromSequence"/>.</summary>
    public ulong Sequence { get; }

    /// <summary>The earliest time delivered, for <see cref="FromTime"/>.</summary>
    public DateTimeOffset Time { get; }

    /// <summary>Every message the stream holds, then new ones (the default).</summary>
    public static FudgeReplay All => new(ConsumerConfigDeliverPolicy.All, 0, default);

    /// <summary>Only messages stored after the consumer is created.</summary>
    public static FudgeReplay New => new(ConsumerConfigDeliverPolicy.New, 0, default);

    /// <summary>
    /// The last message of each subject, then new ones: the current value of every instrument (nats-server 2.9 asks
    /// for a filter subject with this start).
    /// </summary>
    public static FudgeReplay LastPerSubject => new(ConsumerConfigDeliverPolicy.LastPerSubject, 0, default);

    /// <summary>From stream sequence <paramref name="sequence"/> (1-based) on.</summary>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="sequence"/> is 0.</exception>
    public static FudgeReplay FromSequence(ulong sequence)
        => sequence == 0 ? throw new ArgumentOutOfRangeException(nameof(sequence), "stream sequences start at 1")
            : new(ConsumerConfigDeliverPolicy.ByStartSequence, sequence, default);

    /// <summary>From the first message stored at or after <paramref name="time"/> on.</summary>
    public static FudgeReplay FromTime(DateTimeOffset time) => new(ConsumerConfigDeliverPolicy.ByStartTime, 0, time);

    /// <summary>Applies this start to a consumer configuration.</summary>
    public ConsumerConfig ApplyTo(ConsumerConfig config)
    {
        if (config is null) throw new ArgumentNullException(nameof(config));
        config.DeliverPolicy = Policy;
        if (Policy == ConsumerConfigDeliverPolicy.ByStartSequence) config.OptStartSeq = Sequence;
        if (Policy == ConsumerConfigDeliverPolicy.ByStartTime) config.OptStartTime = Time;
        return config;
    }

    /// <inheritdoc/>
    public bool Equals(FudgeReplay other) => Policy == other.Policy && Sequence == other.Sequence && Time == other.Time;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is FudgeReplay other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => ((int)Policy * 397) ^ Sequence.GetHashCode() ^ Time.GetHashCode();

    /// <inheritdoc/>
    public override string ToString() => Policy switch
    {
        ConsumerConfigDeliverPolicy.ByStartSequence => $"from sequence {Sequence}",
        ConsumerConfigDeliverPolicy.ByStartTime => $"from {Time:O}",
        _ => Policy.ToString(),
    };
}
