using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;

namespace Fudge.Nats.Tests.Support;

/// <summary>Kills and restarts nodes of the JetStream cluster of .ci/nats.sh through its pid and configuration files.</summary>
public static class ClusterNodes
{
    /// <summary>The client port of the server named <paramref name="name"/> (n1: 4231, n2: 4232, n3: 4233).</summary>
    public static int ClientPort(string name) => 4230 + int.Parse(name.Substring(1), System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>kill -9 of the server named <paramref name="name"/> (n1, n2 or n3): no shutdown, no goodbye to its peers.</summary>
    public static void Kill(string name)
    {
        int pid = int.Parse(File.ReadAllText(Path.Combine(NatsServers.Folder, name + ".pid")).Trim());
        using var process = Process.GetProcessById(pid);
        process.Kill();   // SIGKILL on Unix
        process.WaitForExit(5000);
    }

    /// <summary>Starts the server again from its configuration, detached (so .ci/nats.sh stop finds it by its new pid file).</summary>
    public static async Task RestartAsync(string name)
    {
        string conf = Path.Combine(NatsServers.Folder, name + ".conf"), log = Path.Combine(NatsServers.Folder, name + ".log");
        var start = new ProcessStartInfo("bash", new[] { "-c", $"setsid nohup nats-server -c '{conf}' >> '{log}' 2>&1 < /dev/null &" });
        using var process = Process.Start(start)!;
        await process.WaitForExitAsync();
        if (process.ExitCode != 0) throw new InvalidOperationException($"could not restart {name} (exit {process.ExitCode})");
    }
}
