// Hidden setup (docs/doc-check.md): one log message of samples/logs.fudge as envelope bytes, the same message as a
// FudgeMsg, and the user callbacks and output buffer the routing examples leave to the reader.
byte[] envelopeBytes;
using (var logFile = new FudgeStreamReader(File.OpenRead("samples/logs.fudge")))
{
    logFile.TryReadEnvelope(out var first);
    envelopeBytes = first.ToArray();
}
FudgeMsg message = FudgeMsg.Parse(envelopeBytes);
var bufferWriter = new ArrayBufferWriter<byte>();
void Audit(byte[] envelope) { }
void Send(string destination, byte[] envelope) { }
