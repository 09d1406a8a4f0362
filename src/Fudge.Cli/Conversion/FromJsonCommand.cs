using System.Buffers;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Json;
using Newtonsoft.Json;

namespace Fudge.Cli.Conversion;

/// <summary>
/// <c>fudge from-json</c>: reads JSON objects (one per line as <c>to-json</c> writes them, any whitespace-separated
/// sequence of objects, or one array of objects) and writes each as a Fudge envelope, back to back.
/// </summary>
internal sealed class FromJsonCommand
{
    private readonly Stream _output;
    private readonly FudgeJsonSettings _settings;

    /// <param name="output">Where the envelopes go.</param>
    /// <param name="mode">The JSON mapping the input follows.</param>
    /// <param name="writerOptions">How names and strings are encoded (Java-compatible CESU-8 or standard UTF-8 when null).</param>
    public FromJsonCommand(Stream output, ConvertMode mode, FudgeWriterOptions? writerOptions = null)
    {
        _output = output;
        _settings = mode == ConvertMode.Lossless ? FudgeJsonSettings.Lossless : FudgeJsonSettings.Plain;
        _settings.WriterOptions = writerOptions;
    }

    /// <summary>Converts every object; returns 0.</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed or does not follow the mapping (line and position given).</exception>
    public int Run(TextReader input, ProgressReporter progress)
    {
        var buffer = new ArrayBufferWriter<byte>(4096);
        // Newtonsoft's default depth of 64 would refuse lossless JSON of messages nested 31 deep, which the binary
        // reader accepts: allow two JSON levels per Fudge level, plus the envelope and an enclosing array.
        long depth = 2L * (_settings.ReaderOptions ?? FudgeReaderOptions.Default).MaxDepth + 5;
        using var json = new JsonTextReader(input)
        {
            SupportMultipleContent = true, CloseInput = false, DateParseHandling = DateParseHandling.None,
            MaxDepth = depth > int.MaxValue ? null : (int)depth,
        };
        int count = 0;
        bool inArray = false;
        while (Next(json))
        {
            if (json.TokenType == JsonToken.StartArray && !inArray && count == 0)
            {
                inArray = true;
                continue;
            }
            if (json.TokenType == JsonToken.EndArray && inArray)
            {
                inArray = false;
                continue;
            }
            if (json.TokenType != JsonToken.StartObject)
                throw new FudgeJsonException($"expected a JSON object (one per message) but found {json.TokenType}", json.LineNumber, json.LinePosition, json.Path);
            buffer.Clear();
            FudgeJson.ReadJson(json, buffer, _settings);
            _output.Write(buffer.WrittenSpan);
            progress.Report(++count, 0);
        }
        _output.Flush();
        return 0;
    }

    private static bool Next(JsonTextReader json)
    {
        try
        {
            while (json.Read())
                if (json.TokenType != JsonToken.Comment) return true;
            return false;
        }
        catch (JsonReaderException e)
        {
            // Newtonsoft puts its own "Path '', line 0, position 0." in the message, and says line 0 for the very first
            // character: the position is given once, counted from line 1.
            string reason = System.Text.RegularExpressions.Regex.Replace(e.Message, @"\s*Path '[^']*', line \d+, position \d+\.$", "");
            bool first = e.LineNumber == 0;
            throw new FudgeJsonException("malformed JSON: " + reason, first ? 1 : e.LineNumber, first ? 1 : e.LinePosition, e.Path, e);
        }
    }
}
