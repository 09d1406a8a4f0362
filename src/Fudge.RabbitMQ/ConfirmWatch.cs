using System;
using System.Diagnostics;
using System.Threading;

namespace Fudge.RabbitMQ;

/// <summary>
/// Watches one channel's publisher confirms: how many publishes await one, and how long since the broker last answered
/// any (a confirm, a nack or a return). A channel is given up only when the broker has answered nothing for the whole
/// timeout while publishes wait, and not while it has blocked the connection (a resource alarm: a new connection would
/// be blocked as well). A slow broker that still confirms is waited for: reconnecting would only repeat the window.
/// </summary>
internal sealed class ConfirmWatch
{
    private static readonly long FirstReport = Stopwatch.Frequency;   // 1 s
    private readonly TimeSpan _timeout;
    private readonly Action<string> _log;
    private int _awaiting;
    private long _lastAnswer = Stopwatch.GetTimestamp();
    private long _nextReport = FirstReport;
    private int _reported;
    private int _blocked;

    public ConfirmWatch(TimeSpan timeout, Action<string> log)
    {
        _timeout = timeout;
        _log = log;
    }

    /// <summary>Publishes that await the broker's answer.</summary>
    public int Awaiting => Volatile.Read(ref _awaiting);

    /// <summary>A publish is made: when nothing was awaited, the silence is counted from now.</summary>
    public void Started()
    {
        if (Interlocked.Increment(ref _awaiting) == 1 && Volatile.Read(ref _reported) == 0) Volatile.Write(ref _lastAnswer, Stopwatch.GetTimestamp());
    }

    /// <summary>The broker answered a publish (confirmed, refused or returned it).</summary>
    public void Answered()
    {
        Interlocked.Decrement(ref _awaiting);
        long now = Stopwatch.GetTimestamp();
        long before = Interlocked.Exchange(ref _lastAnswer, now);
        if (Interlocked.Exchange(ref _reported, 0) != 0)
        {
            Volatile.Write(ref _nextReport, FirstReport);
            _log($"publisher confirms resumed after {Seconds(now - before):0.0} s without one ({Awaiting} publishes still awaiting)");
        }
    }

    /// <summary>A publish ended without an answer (its channel or session went).</summary>
    public void Abandoned() => Interlocked.Decrement(ref _awaiting);

    /// <summary>The broker blocked the connection (connection.blocked: a memory or disk alarm somewhere in the cluster).</summary>
    public void Blocked(string reason)
    {
        Volatile.Write(ref _blocked, 1);
        _log($"the broker blocked the connection ({reason}); {Awaiting} publishes await confirms; the confirm timeout waits until it unblocks it");
    }

    /// <summary>The broker unblocked the connection: the silence is counted from now.</summary>
    public void Unblocked()
    {
        Volatile.Write(ref _lastAnswer, Stopwatch.GetTimestamp());
        Volatile.Write(ref _blocked, 0);
        _log("the broker unblocked the connection");
    }

    /// <summary>
    /// Logs a silence at 1, 2, 4, 8... seconds; returns why the channel should be given up (the broker answered
    /// nothing for the whole timeout while publishes waited and the connection was not blocked), or null.
    /// </summary>
    public string? Check()
    {
        if (Awaiting == 0 || Volatile.Read(ref _blocked) != 0) return null;
        long silent = Stopwatch.GetTimestamp() - Volatile.Read(ref _lastAnswer);
        if (silent >= Volatile.Read(ref _nextReport))
        {
            Volatile.Write(ref _reported, 1);
            Volatile.Write(ref _nextReport, silent * 2);
            _log($"no publisher confirm for {Seconds(silent):0.0} s; {Awaiting} publishes await one");
        }
        if (_timeout == Timeout.InfiniteTimeSpan || Seconds(silent) < _timeout.TotalSeconds) return null;
        return $"no publisher confirm for {Seconds(silent):0.0} s while {Awaiting} publishes awaited one";
    }

    private static double Seconds(long stopwatchTicks) => stopwatchTicks / (double)Stopwatch.Frequency;
}
