using System;
using System.Diagnostics;
using System.IO;
using System.Threading.Tasks;

namespace Fudge.RabbitMQ.Tests.Support;

/// <summary><c>fudge route --amqp</c> (the command-line tool, src/Fudge.Cli) as a separate process the tests can kill outright.</summary>
public sealed class RouterProcess : IDisposable
{
    private readonly Process _process;

    private RouterProcess(Process process) => _process = process;

    /// <summary>Starts <c>fudge route --amqp BROKER</c> with the given arguments after the broker address.</summary>
    public static RouterProcess Start(params string[] routeArguments)
    {
        string dll = Path.Combine(AppContext.BaseDirectory, "Fudge.Cli.dll");
        var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(dll);
        start.ArgumentList.Add("route");
        start.ArgumentList.Add("--amqp");
        start.ArgumentList.Add(Broker.Uri.ToString());
        foreach (string argument in routeArguments) start.ArgumentList.Add(argument);
        var process = Process.Start(start) ?? throw new InvalidOperationException("could not start the router process");
        // Drain its output so it never blocks on a full pipe.
        process.OutputDataReceived += (_, _) => { };
        process.ErrorDataReceived += (_, _) => { };
        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return new RouterProcess(process);
    }

    public bool HasExited => _process.HasExited;

    /// <summary>SIGKILL: no draining, no goodbye to the broker; what was in flight stays unacknowledged.</summary>
    public async Task KillAsync()
    {
        if (!_process.HasExited) _process.Kill(entireProcessTree: true);
        await _process.WaitForExitAsync();
    }

    /// <summary>SIGTERM: the router stops consuming and finishes what is in flight; false if it had to be killed after a minute.</summary>
    public async Task<bool> StopAsync()
    {
        if (_process.HasExited) return true;
        using (var signal = Process.Start("kill", new[] { "-TERM", _process.Id.ToString() })!) await signal.WaitForExitAsync();
        using var timeout = new System.Threading.CancellationTokenSource(TimeSpan.FromMinutes(1));
        try
        {
            await _process.WaitForExitAsync(timeout.Token);
            return true;
        }
        catch (OperationCanceledException)
        {
            await KillAsync();
            return false;
        }
    }

    public void Dispose()
    {
        if (!_process.HasExited) _process.Kill(entireProcessTree: true);
        _process.Dispose();
    }
}
