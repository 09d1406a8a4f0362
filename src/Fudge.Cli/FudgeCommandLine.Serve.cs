using System.CommandLine;
using System.IO;
using System.Net;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Serve;
using Fudge.Cli.Serve.Sources;

namespace Fudge.Cli;

/// <summary><c>fudge serve</c>: the message explorer, a local web page over a file, a folder or a store (docs/serve.md).</summary>
internal static partial class FudgeCommandLine
{
    private static Command ServeCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var source = new Argument<string>("SOURCE") { Description = "A file of envelopes, a folder of *.fudge files, a store (an SQLite file made by 'fudge store import', or a postgres:// URL), a RabbitMQ queue or exchange (amqp://HOST/VHOST?queue=NAME or ?exchange=NAME, see docs/serve.md), or a NATS subject or JetStream stream (nats://HOST:PORT/?subject=PATTERN or ?stream=NAME, see docs/nats.md)." };
        var follow = new Option<bool>("--follow", "-f") { Description = "Keep watching the file: messages appended to it are listed as they arrive (as tail -f)." };
        var port = new Option<int>("--port", "-p") { Description = "The port to listen on; 0 picks a free one. Default: 0.", DefaultValueFactory = _ => 0 };
        var bind = new Option<string>("--bind") { Description = "The loopback address to listen on (127.0.0.0/8, ::1 or localhost); others are refused. Default: 127.0.0.1.", DefaultValueFactory = _ => "127.0.0.1", HelpName = "ADDRESS" };
        var collection = CollectionOption();
        var command = new Command("serve", "Explore messages in a web browser: a paged list, each message as a tree of fields beside its bytes, the filter language, and downloads as Fudge, JSON or XML. Listens on 127.0.0.1 only; stops on Ctrl+C.")
        {
            source, port, bind, collection, follow,
        };
        command.Validators.Add(result =>
        {
            string? path = result.GetValue(source);
            if (result.GetValue(follow) && path is not null && (Directory.Exists(path) || path.Contains("://", System.StringComparison.Ordinal)))
                result.AddError($"--follow watches a single file of envelopes, not '{path}' (a broker source is live already).");
        });
        AtLeast(port, 0, "--port is from 0 to 65535.");
        port.Validators.Add(result =>
        {
            if (result.Tokens.Count == 1 && long.TryParse(result.Tokens[0].Value, System.Globalization.NumberStyles.Integer, System.Globalization.CultureInfo.InvariantCulture, out long value) && value > 65535)
                result.AddError("--port is from 0 to 65535.");
        });
        bind.Validators.Add(result =>
        {
            if (LoopbackAddress(result.GetValueOrDefault<string>()) is null)
                result.AddError($"--bind takes a loopback address only (127.0.0.0/8, ::1 or localhost), not '{result.GetValueOrDefault<string>()}': the explorer is never reachable from another machine.");
        });
        command.SetAction(parsed => Guarded(console, writesAsItGoes: true, progress =>
        {
            var options = new FudgeReaderOptions { TaxonomyResolver = TaxonomyFiles.Load(parsed.GetValue(taxonomy)) };
            int taxonomies = parsed.GetValue(taxonomy)?.Length ?? 0;
            var opened = RunAsync(() => SourceOpener.OpenAsync(parsed.GetValue(source)!, parsed.GetValue(collection)!, options, parsed.GetValue(follow)));
            var state = new ExplorerState(opened, options, taxonomies);
            ExplorerServer server;
            try
            {
                server = RunAsync(() => ExplorerServer.StartAsync(state, LoopbackAddress(parsed.GetValue(bind))!, parsed.GetValue(port)));
            }
            catch
            {
                RunAsync(async () => { await opened.DisposeAsync(); return 0; });
                throw;
            }
            console.Out.WriteLine($"fudge serve: {opened.Description} at {server.Address} (Ctrl+C to stop)");
            TryFlush(console);
            RunAsync(async () =>
            {
                await using (server) await server.WaitForShutdownAsync();
                return 0;
            });
            return Success;
        }));
        return command;
    }

    // "localhost" means 127.0.0.1: one address, so the printed URL is the one listened on.
    private static IPAddress? LoopbackAddress(string? text)
    {
        if (string.Equals(text, "localhost", System.StringComparison.OrdinalIgnoreCase)) return IPAddress.Loopback;
        return IPAddress.TryParse(text?.Trim('[', ']'), out var address) && IPAddress.IsLoopback(address) ? address : null;
    }
}
