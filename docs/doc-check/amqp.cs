// Hidden setup (docs/doc-check.md): on the local broker of .ci/rabbitmq.sh, the queues and exchange the RabbitMQ
// examples publish to (declared and emptied, so a run starts clean); a [FudgeMessage] tick, an envelope, their bytes
// and a handler; and tokens that stop service loops after a few seconds, as a host's shutdown would.
var setupFactory = new ConnectionFactory { Uri = new Uri("amqp://guest:guest@127.0.0.1:5672/") };
await using (var setupConnection = await setupFactory.CreateConnectionAsync())
await using (var setupChannel = await setupConnection.CreateChannelAsync())
{
    foreach (var queue in new[] { "ticks", "ticks.in", "trades", "audit", "levels", "node-5", "node-7", "archive" })
    {
        await setupChannel.QueueDeclareAsync(queue, durable: true, exclusive: false, autoDelete: false);
        await setupChannel.QueuePurgeAsync(queue);
    }
    await setupChannel.ExchangeDeclareAsync("md", ExchangeType.Topic, durable: true);
    await setupChannel.QueueBindAsync("levels", "md", "#");
}
var tick = new Tick { Kind = 1, Symbol = "ACME", Price = 182.55, Size = 100 };
var envelope = new FudgeEnvelope(new FudgeMsg().Add("symbol", "ACME").Add("bid", 182.55));
byte[] bytes = envelope.ToByteArray();
void Handle(Tick received) { }
var stoppingToken = new CancellationTokenSource(TimeSpan.FromSeconds(1.5)).Token;
var cancellationToken = stoppingToken;

[FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 7)]
public sealed partial class Tick
{
    [FudgeField(1)] public int Kind { get; set; }
    [FudgeField(2)] public string Symbol { get; set; } = "";
    [FudgeField(3)] public double Price { get; set; }
    [FudgeField(4)] public long Size { get; set; }
}
