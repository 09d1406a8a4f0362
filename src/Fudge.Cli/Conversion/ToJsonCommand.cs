using System.Buffers;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Json;
using Newtonsoft.Json;

namespace Fudge.Cli.Conversion;

/// <summary>
/// <c>fudge to-json</c>: writes each envelope of the input as one JSON object through the Fudge.Json adapter, one
/// object per line (JSON Lines), so any number of messages stream through and <c>from-json</c> reads them back.
/// Compact output goes straight from Fudge bytes to UTF-8 bytes; indented output goes through Newtonsoft's writer.
/// </summary>
internal sealed class ToJsonCommand
{
    private const int FlushThreshold = 64 * 1024;
    private readonly FudgeJsonSettings _settings;

    public ToJsonCommand(ConvertMode mode)
        => _settings = mode == ConvertMode.Lossless ? FudgeJsonSettings.Lossless : FudgeJsonSettings.Plain;

    /// <summary>Converts every envelope to compact JSON, one per line, on <paramref name="workers"/> threads; returns 0.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed (every envelope before it has been written).</exception>
    public int Run(EnvelopeInput input, Stream output, ProgressReporter progress, int workers)
    {
        _settings.ReaderOptions = input.Options; // limits, and the taxonomy that restores names
        if (workers > 1) new ParallelJsonLines(_settings, workers).Run(input, output, progress);
        else RunSequential(input, output, progress);
        return 0;
    }

    private void RunSequential(EnvelopeInput input, Stream output, ProgressReporter progress)
    {
        var text = new ArrayBufferWriter<byte>(2 * FlushThreshold);
        int count = 0;
        while (input.TryRead(out var envelope))
        {
            int before = text.WrittenCount;
            try
            {
                FudgeJson.WriteJson(envelope.Bytes.Span, text, _settings);
            }
            catch (FudgeFormatException e)
            {
                output.Write(text.WrittenSpan.Slice(0, before)); // whole lines only
                throw EnvelopeInput.Locate(envelope, e);
            }
            text.Write("\n"u8);
            if (text.WrittenCount >= FlushThreshold)
            {
                output.Write(text.WrittenSpan);
                text.ResetWrittenCount();
            }
            progress.Report(++count, input.Position);
        }
        output.Write(text.WrittenSpan);
    }

    /// <summary>Converts every envelope to indented JSON, an empty line after each; returns 0.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed (what came before it has been written).</exception>
    public int RunIndented(EnvelopeInput input, TextWriter output, ProgressReporter progress)
    {
        _settings.ReaderOptions = input.Options;
        int count = 0;
        while (input.TryRead(out var envelope))
        {
            using (var json = new JsonTextWriter(output) { CloseOutput = false, Formatting = Formatting.Indented })
            {
                try
                {
                    FudgeJson.WriteJson(envelope.Bytes.Span, json, _settings);
                }
                catch (FudgeFormatException e)
                {
                    throw EnvelopeInput.Locate(envelope, e);
                }
            }
            output.WriteLine();
            progress.Report(++count, input.Position);
        }
        return 0;
    }
}
