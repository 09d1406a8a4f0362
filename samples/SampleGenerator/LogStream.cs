using System;
using System.Collections.Generic;

namespace Fudge.Samples;

/// <summary>
/// A small stream of log messages from a cluster, for the routing and query examples of docs/routing.md: each names
/// the host that wrote it (<c>System.Hostname</c>), the log type (<c>Log.Type</c>) and the company it concerns
/// (<c>Company.Ticker</c>).
/// </summary>
internal static class LogStream
{
    public const int MessageCount = 24;

    private static readonly string[] Hosts = { "node-1", "node-5", "node-7" };
    private static readonly string[] Types = { "INFO", "AUDIT", "SECURITY", "ERROR" };
    private static readonly string[] Tickers = { "AAPL", "MSFT", "ACME" };

    public static IReadOnlyList<FudgeMsg> CreateMessages()
    {
        var random = new SampleRandom(20100305);
        var clock = new DateTimeOffset(2026, 3, 2, 9, 0, 0, TimeSpan.Zero);
        var messages = new List<FudgeMsg>(MessageCount);
        for (int i = 1; i <= MessageCount; i++)
        {
            clock = clock.AddSeconds(1 + random.Next(90));
            string host = Hosts[random.Next(Hosts.Length)];
            string type = Types[random.Next(Types.Length)];
            string ticker = Tickers[random.Next(Tickers.Length)];
            messages.Add(new FudgeMsg()
                .Add("System", new FudgeMsg().Add("Hostname", host).Add("Pid", 4000 + random.Next(100)))
                .Add("Log", new FudgeMsg()
                    .Add("Type", type)
                    .Add("Seq", i)
                    .Add("Time", FudgeDateTime.FromDateTimeOffset(clock, FudgeDateTimeAccuracy.Second))
                    .Add("Text", $"{type.ToLowerInvariant()} event {i} on {host}"))
                .Add("Company", new FudgeMsg().Add("Ticker", ticker)));
        }
        return messages;
    }
}
