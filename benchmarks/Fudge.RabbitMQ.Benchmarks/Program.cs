using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using BenchmarkDotNet.Running;
using Fudge.RabbitMQ;
using Fudge.RabbitMQ.Benchmarks;

// Usage:
//   dotnet run -c Release --project benchmarks/Fudge.RabbitMQ.Benchmarks -- broker [--messages N] [--repeat R] [--results DIR]
//   dotnet run -c Release --project benchmarks/Fudge.RabbitMQ.Benchmarks -- selector [BenchmarkDotNet arguments]
//   dotnet run -c Release --project benchmarks/Fudge.RabbitMQ.Benchmarks -- scale [--messages N] [--repeat R] [--routers 1,2,4] [--results DIR]
//       (routers competing on one queue; single node and cluster, classic and quorum: needs .ci/rabbitmq-cluster.sh too)
//   dotnet run -c Release --project benchmarks/Fudge.RabbitMQ.Benchmarks -- versus [--messages N] [--repeat R] [--results DIR]
//       (NATS JetStream beside RabbitMQ, same ticks and acknowledgement rules, single node and clusters: needs .ci/nats.sh too)
//   dotnet run -c Release --project benchmarks/Fudge.RabbitMQ.Benchmarks -- --quick      (CI: a tiny broker run)
// The broker harness needs the local broker (bash .ci/rabbitmq.sh start); FUDGE_AMQP_URI overrides its address.
if (args.Length > 0 && args[0] == "selector")
{
    BenchmarkSwitcher.FromTypes(new[] { typeof(SelectorBenchmarks) }).Run(args.Skip(1).ToArray());
    return 0;
}

if (args.Length > 0 && args[0] == "scale") return await ScaleHarness.RunAsync(args);
if (args.Length > 0 && args[0] == "versus") return await VersusHarness.RunAsync(args);

bool quick = args.Contains("--quick");
int messages = quick ? 2_000 : int.Parse(Harness.Option(args, "--messages", "50000"), CultureInfo.InvariantCulture);
int repeat = quick ? 1 : int.Parse(Harness.Option(args, "--repeat", "3"), CultureInfo.InvariantCulture);
string? resultsFolder = args.Contains("--results") ? Harness.Option(args, "--results", "") : null;
var uri = new Uri(Environment.GetEnvironmentVariable("FUDGE_AMQP_URI") ?? "amqp://guest:guest@127.0.0.1:5672/");

await using var harness = await BrokerHarness.CreateAsync(uri, messages);
var rows = new List<(string Measure, string Contender, double[] Seconds)>();

async Task Measure(string measure, string contender, Func<Task<double>> once)
{
    var seconds = new double[repeat];
    for (int i = 0; i < repeat; i++)
    {
        seconds[i] = await once();
        await harness.DeleteQueuesAsync();
    }
    rows.Add((measure, contender, seconds));
    Console.WriteLine($"{measure,-10} {contender,-34} {Rate(seconds),10:N0} msg/s");
}

await Measure("publish", "Fudge ordinals (FudgePublisher)", async () => await harness.PublishFudgeAsync(await harness.CreateQueueAsync("publish")));
await Measure("publish", "JSON (System.Text.Json)", async () => await harness.PublishJsonAsync(await harness.CreateQueueAsync("publish")));
await Measure("consume", "Fudge ordinals (client consumer)", async () =>
{
    string queue = await harness.CreateQueueAsync("consume");
    await harness.PublishFudgeAsync(queue);
    return await harness.ConsumeRawAsync(queue, BrokerHarness.FromFudge);
});
await Measure("consume", "JSON (client consumer)", async () =>
{
    string queue = await harness.CreateQueueAsync("consume");
    await harness.PublishJsonAsync(queue);
    return await harness.ConsumeRawAsync(queue, BrokerHarness.FromJson);
});
await Measure("consume", "Fudge ordinals (FudgeConsumer)", async () =>
{
    string queue = await harness.CreateQueueAsync("consume");
    await harness.PublishFudgeAsync(queue);
    return await harness.ConsumeWithFudgeConsumerAsync(queue);
});
await Measure("route", "plain forwarding (FixedRouteSelector)", async () =>
{
    string input = await harness.CreateQueueAsync("in");
    string all = await harness.CreateQueueAsync("all");
    await harness.PublishFudgeAsync(input);
    return await harness.RouteAsync(input, new FixedRouteSelector(AmqpDestination.Queue(all)));
});
await Measure("route", "content (FieldValueRouteSelector)", async () =>
{
    string input = await harness.CreateQueueAsync("in");
    string trades = await harness.CreateQueueAsync("trades");
    string levels = await harness.CreateQueueAsync("levels");
    await harness.PublishFudgeAsync(input);
    var selector = new FieldValueRouteSelector(ordinal: 1).Route(1, AmqpDestination.Queue(trades)).Route(2, AmqpDestination.Queue(levels));
    return await harness.RouteAsync(input, selector);
});
await Measure("route", "rules file (RulesRouteSelector)", async () =>
{
    string input = await harness.CreateQueueAsync("in");
    string trades = await harness.CreateQueueAsync("trades");
    string levels = await harness.CreateQueueAsync("levels");
    await harness.PublishFudgeAsync(input);
    var rules = Fudge.Query.FudgeRouter.Parse($$"""
        { "rules": [ { "name": "trades", "where": "$.#1 == 1", "destinations": "{{trades}}" },
                     { "name": "levels", "where": "$.#1 == 2", "destinations": "{{levels}}" } ] }
        """);
    return await harness.RouteAsync(input, new RulesRouteSelector(rules));
});

if (resultsFolder is not null) WriteResults(resultsFolder);
return 0;

double Rate(double[] seconds) => messages / Harness.Median(seconds);

void WriteResults(string folder)
{
    Directory.CreateDirectory(folder);
    var lines = Harness.Header("## RabbitMQ throughput (harness, not BenchmarkDotNet)", "broker: Debian rabbitmq-server on loopback, same machine", args,
        "; the machine is shared with other builds");
    lines.AddRange(new[]
    {
        $"- Method: {messages:N0} tick messages per measurement, transient, publisher confirms with {1000} in flight, prefetch 1000, one ack per message; median of {repeat} runs; rate = messages / wall-clock seconds. See docs/rabbitmq.md.",
        "",
        "| Measure | Contender | Median msg/s | Runs (s) | Ratio to first row of the measure |",
        "|---|---|---:|---|---:|",
    });
    foreach (var group in rows.GroupBy(r => r.Measure))
    {
        double first = Rate(group.First().Seconds);
        foreach (var row in group)
            lines.Add($"| {row.Measure} | {row.Contender} | {Rate(row.Seconds):N0} | {string.Join(", ", row.Seconds.Select(s => s.ToString("0.00", CultureInfo.InvariantCulture)))} | {Rate(row.Seconds) / first:0.00} |");
    }
    File.WriteAllLines(Path.Combine(folder, "rabbitmq.md"), lines);
}
