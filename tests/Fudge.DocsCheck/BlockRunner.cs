using System;
using System.IO;
using System.Net.Sockets;
using System.Reflection;
using System.Runtime.Loader;
using System.Threading;

namespace Fudge.DocsCheck;

/// <summary>What running one block gave: its console output and the exception it ended with, if any.</summary>
internal sealed record BlockRun(string Output, string? Failure);

/// <summary>
/// Runs a compiled block's entry point in a collectible load context, in a fresh working folder that holds the
/// repository's samples/ (the paths the docs use are relative to the repository root), capturing the console.
/// </summary>
internal sealed class BlockRunner(string repositoryRoot, TimeSpan timeout)
{
    public BlockRun Run(MarkdownBlock block, byte[] assembly)
    {
        var folder = Directory.CreateTempSubdirectory("fudge-doc-");
        Directory.CreateSymbolicLink(Path.Combine(folder.FullName, "samples"), Path.Combine(repositoryRoot, "samples"));
        var context = new AssemblyLoadContext(block.Location, isCollectible: true);
        var output = new StringWriter();
        var (consoleOut, consoleError, previousFolder) = (Console.Out, Console.Error, Directory.GetCurrentDirectory());
        string? failure = null;
        try
        {
            Directory.SetCurrentDirectory(folder.FullName);
            Console.SetOut(output);
            Console.SetError(output);
            var entry = context.LoadFromStream(new MemoryStream(assembly)).EntryPoint!;
            var thread = new Thread(() =>
            {
                try { entry.Invoke(null, entry.GetParameters().Length == 0 ? null : [Array.Empty<string>()]); }
                catch (TargetInvocationException e) when (block.Directive.EndsCanceled && e.InnerException is OperationCanceledException)
                {
                    // The service loop stopped as its setup asked: the way such a block ends.
                }
                catch (TargetInvocationException e) { failure = (e.InnerException ?? e).ToString(); }
            }, maxStackSize: 16 * 1024 * 1024) { IsBackground = true };
            thread.Start();
            // A block that never returns fails the check instead of hanging CI (its thread dies with the process).
            if (!thread.Join(timeout)) failure = $"still running after {timeout.TotalSeconds:0} s";
        }
        finally
        {
            Console.SetOut(consoleOut);
            Console.SetError(consoleError);
            Directory.SetCurrentDirectory(previousFolder);
            context.Unload();
            // SQLite pools connections by connection string: "logs.db" in the next block's folder is another file.
            Microsoft.Data.Sqlite.SqliteConnection.ClearAllPools();
            try { folder.Delete(recursive: true); } catch (IOException) { /* a file a block left open (SQLite) goes with the temp folder */ }
        }
        return new BlockRun(output.ToString(), failure);
    }

    /// <summary>True when something listens on the loopback port (the local server of .ci/rabbitmq.sh or .ci/postgres.sh).</summary>
    public static bool IsListening(int port)
    {
        using var client = new TcpClient();
        try { return client.ConnectAsync("127.0.0.1", port).Wait(TimeSpan.FromSeconds(2)) && client.Connected; }
        catch (AggregateException) { return false; }
        catch (SocketException) { return false; }
    }
}
