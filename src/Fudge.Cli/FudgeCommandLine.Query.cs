using System;
using System.Collections.Generic;
using System.CommandLine;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Query;
using Fudge.Query;
using Fudge.RabbitMQ;
using Fudge.Transforms;

namespace Fudge.Cli;

/// <summary>The commands that select and route messages by content: filter, get, route (docs/routing.md).</summary>
internal static partial class FudgeCommandLine
{
    private static Command FilterCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var file = InputArgument();
        var where = new Option<string>("--where", "-w") { Description = "The filter, e.g. \"$.Company.Ticker == 'AAPL' && $.Log.Type in ['AUDIT', 'SECURITY']\" (docs/routing.md).", Required = true };
        var invert = new Option<bool>("--invert", "-v") { Description = "Pass the envelopes that do NOT match." };
        var count = new Option<bool>("--count", "-c") { Description = "Print how many envelopes pass instead of the envelopes." };
        var output = new Option<string?>("--output", "-o") { Description = "Write the passing envelopes to this file instead of standard output." };
        var command = new Command("filter", "Pass the envelopes that match a filter through byte for byte (or count them).")
        {
            file, where, invert, count, output,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: !parsed.GetValue(count) && parsed.GetValue(output) is null, progress =>
        {
            var filter = FudgeFilter.Compile(parsed.GetValue(where)!);
            string inputPath = parsed.GetValue(file)!;
            using var input = OpenInput(inputPath, console, parsed.GetValue(taxonomy));
            var run = new FilterCommand(filter, parsed.GetValue(invert));
            if (parsed.GetValue(count))
            {
                long passed = run.Run(input, null, progress);
                progress.Finish();
                console.Out.WriteLine(FilterCommand.Count(passed));
                return Success;
            }
            using var sink = CliPaths.OpenOutput(parsed.GetValue(output), inputPath, console);
            using var buffered = new BufferedStream(sink, 64 * 1024);
            run.Run(input, buffered, progress);
            return Success;
        }));
        return command;
    }

    private static Command GetCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var path = new Argument<string>("PATH") { Description = "The path, e.g. $.Company.Ticker, $..price, $.legs[0].venue, $.#5 (docs/routing.md)." };
        var file = InputArgument();
        var command = new Command("get", "Print the values a path selects: one line per message, values separated by tabs.")
        {
            path, file,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: true, progress =>
        {
            var compiled = FudgePath.Compile(parsed.GetValue(path)!);
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            return new GetCommand(console.Out, compiled).Run(input, progress);
        }));
        return command;
    }

    private static Command RouteCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var rules = new Option<string>("--rules", "-r") { Description = "The rules file (JSON, docs/routing.md).", Required = true };
        var file = new Argument<string?>("INPUT") { Description = "The envelopes to split: a file, or '-' for standard input. Not with --amqp.", Arity = ArgumentArity.ZeroOrOne };
        var folder = new Option<string>("--output-dir", "-d") { Description = "Folder for the DESTINATION.fudge files (created if missing). Default: the current folder.", DefaultValueFactory = _ => "." };
        var toStdout = new Option<string?>("--stdout") { Description = "Write this one destination to standard output instead of a file.", HelpName = "DESTINATION" };
        var amqp = new Option<string?>("--amqp") { Description = "Route on a RabbitMQ broker instead of a stream: consume --from, publish to each destination (EXCHANGE/ROUTINGKEY or QUEUE) with confirms; runs until SIGINT/SIGTERM (docs/rabbitmq.md).", HelpName = "URI" };
        var nats = new Option<string?>("--nats") { Description = "Route on NATS instead of a stream: subscribe to --from, publish to each destination, a subject template such as ticks.{$.Ticker}; runs until SIGINT/SIGTERM (docs/nats.md).", HelpName = "URL" };
        var queueGroup = new Option<string?>("--queue-group") { Description = "With --nats: share the input with the other routers of this queue group.", HelpName = "GROUP" };
        var deadLetter = new Option<string?>("--dead-letter") { Description = "With --nats: where messages with no subject (or not envelopes) go, with the reason in a header.", HelpName = "SUBJECT" };
        var stream = new Option<string?>("--stream") { Description = "With --nats: read --from from this JetStream stream (durable consumer fudge-route, at least once) and publish into streams, each publish acknowledged.", HelpName = "STREAM" };
        var from = new Option<string?>("--from") { Description = "With --amqp: the queue to consume; with --nats: the subject to subscribe to.", HelpName = "QUEUE|SUBJECT" };
        var transform = new Option<string?>("--transform") { Description = "With --amqp: a transform file applied before publishing (rules still see the input bytes).", HelpName = "FILE" };
        var prefetch = new Option<ushort>("--prefetch") { Description = "With --amqp: messages in flight at once (bounds the duplicates a crash can cause).", DefaultValueFactory = _ => 200 };
        var attempts = new Option<int>("--connect-attempts") { Description = "With --amqp: connection attempts before giving up (the delay doubles from 1 s).", DefaultValueFactory = _ => 5 };
        var command = new Command("route", "Split the input by a rules file: one output per destination, envelopes copied byte for byte, and print how many each received. With --amqp, route a RabbitMQ queue instead.")
        {
            rules, file, folder, toStdout, amqp, nats, queueGroup, deadLetter, stream, from, transform, prefetch, attempts,
        };
        AtLeast(attempts, 1);
        AtLeast(prefetch, 1);
        command.Validators.Add(result =>
        {
            bool onNats = result.GetValue(nats) is not null;
            if (onNats && result.GetValue(amqp) is not null) result.AddError("--amqp and --nats cannot be combined.");
            if (onNats && result.GetValue(from) is null) result.AddError("--nats needs --from SUBJECT.");
            if (onNats && result.GetValue(file) is not null) result.AddError("--nats reads from the server: give no INPUT.");
            if (onNats && result.GetValue(transform) is not null) result.AddError("--transform goes with --amqp.");
            if (!onNats && (result.GetValue(queueGroup) is not null || result.GetValue(deadLetter) is not null || result.GetValue(stream) is not null))
                result.AddError("--queue-group, --dead-letter and --stream go with --nats.");
            if (result.GetValue(stream) is not null && result.GetValue(queueGroup) is not null)
                result.AddError("--queue-group goes with a subject: routers of one --stream share its durable consumer.");
            if (onNats) return;
            bool onBroker = result.GetValue(amqp) is not null;
            if (onBroker && result.GetValue(from) is null) result.AddError("--amqp needs --from QUEUE.");
            if (onBroker && result.GetValue(file) is not null) result.AddError("--amqp reads from the broker: give no INPUT.");
            if (!onBroker && result.GetValue(file) is null) result.AddError("Required argument missing for command: 'route' (INPUT, or --amqp).");
            if (!onBroker && (result.GetValue(from) is not null || result.GetValue(transform) is not null)) result.AddError("--from and --transform go with --amqp.");
        });
        command.SetAction(parsed => Guarded(console, writesAsItGoes: parsed.GetValue(toStdout) is not null || parsed.GetValue(amqp) is not null || parsed.GetValue(nats) is not null, progress =>
        {
            var router = LoadRules(parsed.GetValue(rules)!);
            if (parsed.GetValue(nats) is string url)
            {
                var readerOptions = new FudgeReaderOptions { TaxonomyResolver = TaxonomyFiles.Load(parsed.GetValue(taxonomy)) };
                return new NatsRouteCommand(console.Error).Run(url, router, parsed.GetValue(rules)!, parsed.GetValue(from)!,
                    parsed.GetValue(queueGroup), parsed.GetValue(deadLetter), parsed.GetValue(stream), readerOptions);
            }
            if (parsed.GetValue(amqp) is string uri)
            {
                var factory = AmqpRouteCommand.FactoryFor(uri);
                var options = new FudgeReaderOptions { TaxonomyResolver = TaxonomyFiles.Load(parsed.GetValue(taxonomy)) };
                RulesRouteSelector selector;
                try
                {
                    selector = new RulesRouteSelector(router, options);
                }
                catch (FormatException e)
                {
                    throw new IOException($"{parsed.GetValue(rules)}: {e.Message}");
                }
                var transformFile = parsed.GetValue(transform);
                var stage = transformFile is null ? null : LoadTransform(transformFile);
                return new AmqpRouteCommand(selector, stage, console.Error)
                    .Run(factory, parsed.GetValue(from)!, parsed.GetValue(prefetch), parsed.GetValue(attempts));
            }
            string? stdoutDestination = parsed.GetValue(toStdout);
            if (stdoutDestination is not null && !((IList<string>)router.Destinations).Contains(stdoutDestination))
                throw new IOException($"--stdout names '{stdoutDestination}', which is not a destination of the rules file");
            string inputPath = parsed.GetValue(file)!;
            using var input = OpenInput(inputPath, console, parsed.GetValue(taxonomy));
            string outputFolder = parsed.GetValue(folder)!;
            var outputs = new List<Stream>();
            var places = new List<string>();
            try
            {
                foreach (var destination in router.Destinations)
                {
                    if (destination == stdoutDestination)
                    {
                        outputs.Add(new BufferedStream(CliPaths.OpenOutput(null, inputPath, console), 64 * 1024));
                        places.Add("standard output");
                        continue;
                    }
                    string target = RouteCommand.FileFor(outputFolder, destination);
                    Directory.CreateDirectory(outputFolder);
                    outputs.Add(new BufferedStream(CliPaths.OpenOutput(target, inputPath, console), 64 * 1024));
                    places.Add(target);
                }
                var counts = new RouteCommand(router).Run(input, outputs, progress);
                progress.Finish();
                // The summary goes to standard error when standard output carries envelopes.
                var report = stdoutDestination is null ? console.Out : console.Error;
                for (int i = 0; i < counts.Length; i++) report.WriteLine(RouteCommand.Summary(router.Destinations[i], counts[i], places[i]));
                return Success;
            }
            finally
            {
                RouteCommand.CloseAll(outputs);
            }
        }));
        return command;
    }

    /// <summary>Reads a rules file; an invalid one is reported with its path, line and column, before anything starts.</summary>
    private static FudgeRouter LoadRules(string path) => LoadQueryFile(path, "rules file", FudgeRouter.Load);

    /// <summary>Reads a transform file; an invalid one is reported with its path, line and column.</summary>
    private static FudgeTransform LoadTransform(string path) => LoadQueryFile(path, "transform file", FudgeTransform.Load);
}
