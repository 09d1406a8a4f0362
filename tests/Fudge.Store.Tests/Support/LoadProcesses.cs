using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading.Tasks;

namespace Fudge.Store.Tests.Support;

/// <summary>
/// Writer and reader processes (tests/Fudge.Store.LoadWorker) running at once against one store, one writer killed
/// with SIGKILL inside a transaction, and what each process reported on standard output.
/// </summary>
public sealed class LoadProcesses
{
    /// <summary>Batch name to size, for every batch a writer reported committed.</summary>
    public Dictionary<string, int> Committed { get; } = new(StringComparer.Ordinal);

    /// <summary>Batch name to the last version a writer reported committed (0 when never updated).</summary>
    public Dictionary<string, int> Versions { get; } = new(StringComparer.Ordinal);

    /// <summary>The batch the killed writer had half inserted, in a transaction it never committed.</summary>
    public string KilledInFlight { get; private set; } = "";

    /// <summary>Full scans each reader completed.</summary>
    public List<int> ReaderScans { get; } = new();

    /// <summary>Every "error" line and every line on standard error: what would have reached a user.</summary>
    public List<string> Errors { get; } = new();

    /// <summary>
    /// Runs <paramref name="writers"/> writers and <paramref name="readers"/> readers for about
    /// <paramref name="seconds"/>, plus one writer that stops inside a transaction after a few batches and is killed.
    /// </summary>
    public static async Task<LoadProcesses> RunAsync(string kind, string db, string collection, int writers, int readers, double seconds)
    {
        var outcome = new LoadProcesses();
        string time = seconds.ToString(CultureInfo.InvariantCulture);
        var workers = new List<Worker>();
        for (int w = 0; w < writers; w++) workers.Add(Worker.Start("write", kind, db, collection, $"w{w}", time));
        var victim = Worker.Start("write", kind, db, collection, "killed", time, "12");
        for (int r = 0; r < readers; r++) workers.Add(Worker.Start("read", kind, db, collection, (seconds + 0.5).ToString(CultureInfo.InvariantCulture)));
        try
        {
            string inFlight = await victim.WaitForLineAsync("inflight ", TimeSpan.FromSeconds(60));
            victim.Kill();
            outcome.KilledInFlight = inFlight.Substring("inflight ".Length);
            foreach (var worker in workers) await worker.WaitForExitAsync(TimeSpan.FromSeconds(90));
            foreach (var worker in workers.Append(victim))
            {
                foreach (string line in worker.Output)
                {
                    string[] words = line.Split(' ');
                    switch (words[0])
                    {
                        case "committed":
                            outcome.Committed.Add(words[1], int.Parse(words[2], CultureInfo.InvariantCulture));
                            outcome.Versions[words[1]] = 0;
                            break;
                        case "updated":
                            outcome.Versions[words[1]] = int.Parse(words[2], CultureInfo.InvariantCulture);
                            break;
                        case "read":
                            outcome.ReaderScans.Add(int.Parse(words[1], CultureInfo.InvariantCulture));
                            break;
                        case "inflight":
                            break;
                        default:
                            outcome.Errors.Add($"{worker.Name}: {line}");
                            break;
                    }
                }
                outcome.Errors.AddRange(worker.StandardError.Select(line => $"{worker.Name} (standard error): {line}"));
                if (worker != victim && worker.ExitCode != 0) outcome.Errors.Add($"{worker.Name} exited with {worker.ExitCode}");
            }
            return outcome;
        }
        finally
        {
            foreach (var worker in workers.Append(victim)) worker.Dispose();
        }
    }

    private sealed class Worker : IDisposable
    {
        private readonly Process _process;
        private readonly ConcurrentQueue<string> _output = new();
        private readonly ConcurrentQueue<string> _error = new();
        private readonly TaskCompletionSource<string> _awaited = new(TaskCreationOptions.RunContinuationsAsynchronously);
        private string? _awaitedPrefix;

        private Worker(Process process, string name)
        {
            _process = process;
            Name = name;
        }

        public string Name { get; }

        public IEnumerable<string> Output => _output;

        public IEnumerable<string> StandardError => _error;

        public int ExitCode => _process.ExitCode;

        public static Worker Start(params string[] arguments)
        {
            var start = new ProcessStartInfo("dotnet") { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
            start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Fudge.Store.LoadWorker.dll"));
            foreach (string argument in arguments) start.ArgumentList.Add(argument);
            var process = Process.Start(start) ?? throw new InvalidOperationException("could not start a load worker");
            var worker = new Worker(process, $"{(arguments[0] == "write" ? "writer" : "reader")} {process.Id}");
            process.OutputDataReceived += (_, e) => worker.Received(e.Data);
            process.ErrorDataReceived += (_, e) => { if (!string.IsNullOrEmpty(e.Data)) worker._error.Enqueue(e.Data); };
            process.BeginOutputReadLine();
            process.BeginErrorReadLine();
            return worker;
        }

        private void Received(string? line)
        {
            if (line is null) return;
            _output.Enqueue(line);
            if (_awaitedPrefix is string prefix && line.StartsWith(prefix, StringComparison.Ordinal)) _awaited.TrySetResult(line);
            if (line.StartsWith("error ", StringComparison.Ordinal)) _awaited.TrySetException(new InvalidOperationException($"{Name}: {line}"));
        }

        public async Task<string> WaitForLineAsync(string prefix, TimeSpan timeout)
        {
            _awaitedPrefix = prefix;
            // A line that arrived before the prefix was set.
            if (_output.FirstOrDefault(line => line.StartsWith(prefix, StringComparison.Ordinal)) is string early) return early;
            return await _awaited.Task.WaitAsync(timeout);
        }

        /// <summary>SIGKILL: no rollback, no goodbye; whatever the process had not committed is the store's to discard.</summary>
        public void Kill()
        {
            _process.Kill();
            _process.WaitForExit();
        }

        public async Task WaitForExitAsync(TimeSpan timeout)
        {
            await _process.WaitForExitAsync().WaitAsync(timeout);
            _process.WaitForExit(); // drains the redirected output to its end
        }

        public void Dispose()
        {
            if (!_process.HasExited) _process.Kill(entireProcessTree: true);
            _process.Dispose();
        }
    }
}
