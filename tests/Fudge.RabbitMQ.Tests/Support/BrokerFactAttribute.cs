using System;
using System.Net.Sockets;
using Xunit;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary>
/// A test that needs the real local broker. In CI (the <c>CI</c> variable set) it always runs, so a broker that did not
/// start fails the build. Elsewhere, when nothing listens at <see cref="Broker.Uri"/>, it is skipped with a reason
/// that says how to start one: the README's test command then works on a machine with only the .NET SDK, and the
/// skip shows in the test output rather than passing unseen.
/// </summary>
[AttributeUsage(AttributeTargets.Method)]
[Xunit.Sdk.XunitTestCaseDiscoverer("Fudge.Tests.Support.SkipNoticeFactDiscoverer", "Fudge.RabbitMQ.Tests")]
public sealed class BrokerFactAttribute : FactAttribute
{
    /// <summary>The skip reason, worked out once per test run (null when the broker tests must run).</summary>
    internal static readonly Lazy<string?> Unavailable = new(FindSkipReason);

    public BrokerFactAttribute()
    {
        if (Unavailable.Value is { } reason) Skip = reason;
    }

    private static string? FindSkipReason()
    {
        if (!string.IsNullOrEmpty(Environment.GetEnvironmentVariable("CI"))) return null;
        try
        {
            using var client = new TcpClient();
            if (client.ConnectAsync(Broker.Uri.Host, Broker.Uri.Port).Wait(TimeSpan.FromSeconds(2)) && client.Connected) return null;
        }
        catch (Exception e) when (e is SocketException or AggregateException)
        {
        }
        return $"SKIPPED: no RabbitMQ broker at {Broker.Uri.Host}:{Broker.Uri.Port}; start one with `bash .ci/rabbitmq.sh start` (CI never skips these tests)";
    }
}
