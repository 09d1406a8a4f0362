using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Json;
using Newtonsoft.Json;

namespace Fudge.Cli.Conversion;

/// <summary>
/// <c>fudge to-json</c>: writes each envelope of the input as one JSON object through the Fudge.Json adapter, one
/// object per line (JSON Lines), so any number of messages stream through and <c>from-json</c> reads them back.
/// </summary>
internal sealed class ToJsonCommand
{
    private readonly TextWriter _out;
    private readonly FudgeJsonSettings _settings;
    private readonly bool _indent;

    public ToJsonCommand(TextWriter output, ConvertMode mode, bool indent)
    {
        _out = output;
        _settings = mode == ConvertMode.Lossless ? FudgeJsonSettings.Lossless : FudgeJsonSettings.Plain;
        _indent = indent;
    }

    /// <summary>Converts every envelope; returns 0.</summary>
    /// <exception cref="FudgeFormatException">The input is malformed (what came before it has been written).</exception>
    public int Run(EnvelopeInput input, ProgressReporter progress)
    {
        _settings.ReaderOptions = input.Options; // limits, and the taxonomy that restores names
        int count = 0;
        while (input.TryRead(out var envelope))
        {
            using (var json = new JsonTextWriter(_out) { CloseOutput = false, Formatting = _indent ? Formatting.Indented : Formatting.None })
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
            _out.WriteLine();
            progress.Report(++count, input.Position);
        }
        return 0;
    }
}
