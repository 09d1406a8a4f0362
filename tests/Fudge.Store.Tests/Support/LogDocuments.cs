using System;
using Fudge.Serialization;

namespace Fudge.Store.Tests.Support;

/// <summary>The log documents of the Fudge authors' query example: /System/Hostname and /Log/Type.</summary>
public static class LogDocuments
{
    public static readonly string[] Hosts = { "node-1", "node-2", "node-3", "node-4", "node-5" };
    public static readonly string[] Types = { "INFO", "WARN", "ERROR", "AUDIT", "SECURITY" };

    /// <summary>Log number <paramref name="n"/>: host n mod 5, type (n / 5) mod 5, so every pair occurs equally.</summary>
    public static byte[] Number(int n)
    {
        var system = new FudgeMsg();
        system.Add("Hostname", Hosts[n % Hosts.Length]);
        system.Add("Pid", (short)(1000 + n % 300));
        var log = new FudgeMsg();
        log.Add("Type", Types[n / Hosts.Length % Types.Length]);
        log.Add("Seq", n);
        log.Add("Text", $"event {n}");
        var message = new FudgeMsg();
        message.Add("System", system);
        message.Add("Log", log);
        return new FudgeEnvelope(message).ToByteArray();
    }

    public static int SequenceOf(byte[] envelope)
    {
        var seq = Query.FudgePath.Compile("$.Log.Seq").Select(envelope);
        return Convert.ToInt32(seq[0].Value, System.Globalization.CultureInfo.InvariantCulture);
    }
}

/// <summary>A typed document for the generated-serializer paths.</summary>
[FudgeMessage]
public sealed partial class Reading
{
    [FudgeField(1)] public string Sensor { get; set; } = "";
    [FudgeField(2)] public double Value { get; set; }
}
