using System.Threading;
using Fudge.Query;

namespace Fudge.RabbitMQ;

/// <summary>
/// What a <see cref="FudgeAmqpRouter"/> has done so far: the counts of every router (<see cref="FudgeRouterCounters"/>)
/// and the connections it opened.
/// </summary>
public sealed class FudgeAmqpRouterCounters : FudgeRouterCounters
{
    private long _connections;

    /// <summary>Connections opened: 1 after the first, one more after each reconnection.</summary>
    public long Connections => Interlocked.Read(ref _connections);

    internal void AddConnection() => Interlocked.Increment(ref _connections);
}
