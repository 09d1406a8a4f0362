using System;
using System.IO;
using Fudge.Cli.Console;

namespace Fudge.Cli.Input;

/// <summary>One envelope as it sits in the input: its position in the sequence, where it starts and its bytes.</summary>
/// <param name="Index">0-based position of the envelope in the input.</param>
/// <param name="Offset">Byte offset of the envelope's first header byte from the start of the input.</param>
/// <param name="Bytes">The whole envelope, header included; valid until the next envelope is read.</param>
internal readonly record struct InputEnvelope(int Index, long Offset, ReadOnlyMemory<byte> Bytes);

/// <summary>
/// The one place the tool gets envelopes from: a file or standard input holding any number of concatenated envelopes,
/// read one at a time through the core's <see cref="FudgeStreamReader"/> so big inputs are never loaded whole.
/// </summary>
internal sealed class EnvelopeInput : IDisposable
{
    private readonly FudgeStreamReader _reader;

    public EnvelopeInput(Stream stream, FudgeReaderOptions options)
    {
        Options = options;
        _reader = new FudgeStreamReader(stream, options, leaveOpen: false);
    }

    /// <summary>Opens a file, or standard input for "-" (left open).</summary>
    public static EnvelopeInput Open(string path, CliConsole console, FudgeReaderOptions options)
        => new(CliPaths.OpenInput(path, console), options);

    /// <summary>The limits and taxonomy resolver the envelopes are read with.</summary>
    public FudgeReaderOptions Options { get; }

    /// <summary>Bytes consumed so far (the end of the last envelope read).</summary>
    public long Position { get; private set; }

    /// <summary>Reads the next envelope; false at a clean end of input.</summary>
    /// <exception cref="FudgeFormatException">The input ends inside an envelope or a header is invalid (offset from the input start).</exception>
    public bool TryRead(out InputEnvelope envelope)
    {
        if (!_reader.TryReadEnvelope(out var bytes))
        {
            envelope = default;
            return false;
        }
        envelope = new InputEnvelope(_reader.MessageCount - 1, _reader.EnvelopeOffset, bytes);
        Position = _reader.EnvelopeOffset + bytes.Length;
        return true;
    }

    /// <summary>
    /// Re-raises an error found inside <paramref name="envelope"/> (offset relative to the envelope) with its offset
    /// from the input start and the message index, the same form the stream reader uses for framing errors.
    /// </summary>
    public static FudgeFormatException Locate(in InputEnvelope envelope, FudgeFormatException error)
        => new(envelope.Offset + error.Offset, $"message {envelope.Index}: {error.Reason}", error);

    public void Dispose() => _reader.Dispose();
}
