// Hidden setup (docs/doc-check.md): the [FudgeMessage] tick of docs/nats.md (field names on the wire, so that
// subject templates address them by name) and a token that stops service loops after a moment, as a host's shutdown would.
var stoppingToken = new CancellationTokenSource(TimeSpan.FromSeconds(1.5)).Token;

[FudgeMessage]
public sealed partial class Tick
{
    [FudgeField(1)] public string Ticker { get; set; } = "";
    [FudgeField(2)] public double Price { get; set; }
    [FudgeField(3)] public long Size { get; set; }
}
