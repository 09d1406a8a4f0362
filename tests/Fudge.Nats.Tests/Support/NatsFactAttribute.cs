using System;
using Xunit;

namespace Fudge.Nats.Tests.Support;

/// <summary>
/// A test that needs the local single-node NATS server. In CI (the <c>CI</c> variable set) it always runs, so a server
/// that did not start fails the build; elsewhere it is skipped, with how to start one, when nothing listens.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class NatsFactAttribute : FactAttribute
{
    private static readonly Lazy<string?> Unavailable = new(() => NatsServers.Unavailable(NatsServers.Url, "NATS server"));

    public NatsFactAttribute()
    {
        if (Unavailable.Value is { } reason) Skip = reason;
    }
}

/// <summary>A test that needs the local three-node JetStream cluster (same rules as <see cref="NatsFactAttribute"/>).</summary>
[AttributeUsage(AttributeTargets.Method)]
public sealed class NatsClusterFactAttribute : FactAttribute
{
    private static readonly Lazy<string?> Unavailable = new(() => NatsServers.Unavailable(NatsServers.ClusterUrls, "JetStream cluster node"));

    public NatsClusterFactAttribute()
    {
        if (Unavailable.Value is { } reason) Skip = reason;
    }
}
