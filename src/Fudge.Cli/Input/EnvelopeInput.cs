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
    private readonly HeadKeepingStream _stream;
    private readonly string _name;
    private readonly long? _length;

    /// <param name="stream">The envelopes.</param>
    /// <param name="options">The limits and taxonomy resolver to read them with.</param>
    /// <param name="name">The input as errors name it: "'file.fudge'" or "standard input".</param>
    public EnvelopeInput(Stream stream, FudgeReaderOptions options, string name = "the input")
    {
        Options = options;
        _name = name;
        _length = stream.CanSeek ? stream.Length : null;
        _stream = new HeadKeepingStream(stream);
        _reader = new FudgeStreamReader(_stream, options, leaveOpen: false);
    }

    /// <summary>Opens a file, or standard input for "-" (left open).</summary>
    /// <exception cref="CliException">There is no such file, or it is a folder.</exception>
    public static EnvelopeInput Open(string path, CliConsole console, FudgeReaderOptions options)
        => new(CliPaths.OpenInput(path, console), options, path == CliPaths.Console ? "standard input" : $"'{path}'");

    /// <summary>The limits and taxonomy resolver the envelopes are read with.</summary>
    public FudgeReaderOptions Options { get; }

    /// <summary>Bytes consumed so far (the end of the last envelope read).</summary>
    public long Position { get; private set; }

    /// <summary>Reads the next envelope; false at a clean end of input.</summary>
    /// <exception cref="FudgeFormatException">The input ends inside an envelope or a header is invalid (offset from the input start).</exception>
    /// <exception cref="CliException">The first envelope fails to read and the input does not look like Fudge data at all.</exception>
    public bool TryRead(out InputEnvelope envelope)
    {
        ReadOnlyMemory<byte> bytes;
        bool read;
        try
        {
            read = _reader.TryReadEnvelope(out bytes);
        }
        catch (FudgeFormatException e) when (_reader.MessageCount == 0 && NotFudgeData.Explain(_name, ReadMoreOfHead(), _length, Options, e) is { } notFudge)
        {
            throw notFudge;
        }
        if (!read)
        {
            envelope = default;
            return false;
        }
        envelope = new InputEnvelope(_reader.MessageCount - 1, _reader.EnvelopeOffset, bytes);
        Position = _reader.EnvelopeOffset + bytes.Length;
        return true;
    }

    private ReadOnlySpan<byte> ReadMoreOfHead()
    {
        _stream.ReadMoreOfHead();
        return _stream.Head;
    }

    /// <summary>
    /// Re-raises an error found inside <paramref name="envelope"/> (offset relative to the envelope) with its offset
    /// from the input start and the message index, the same form the stream reader uses for framing errors.
    /// </summary>
    public static FudgeFormatException Locate(in InputEnvelope envelope, FudgeFormatException error)
        => new(envelope.Offset + error.Offset, $"message {envelope.Index}: {error.Reason}", error);

    public void Dispose() => _reader.Dispose();
}
