namespace Fudge.RabbitMQ;

/// <summary>The kind of queue <see cref="FudgeAmqpTopology"/> declares.</summary>
public enum AmqpQueueType
{
    /// <summary>A classic queue: its messages live on one node, and the queue is unavailable while that node is down.</summary>
    Classic,

    /// <summary>
    /// A quorum queue (RabbitMQ 3.8+): replicated with Raft to the cluster's nodes, so it keeps its confirmed messages
    /// and stays available while a majority of its replicas run. The choice for durable routes on a cluster.
    /// </summary>
    Quorum,
}
