using System.Collections.Generic;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Cli.Inspect;
using Fudge.Json;
using Fudge.Query;

namespace Fudge.Cli.Query;

/// <summary>
/// <c>fudge get</c>: prints the values a path selects, one line per message (values separated by tabs, an empty line
/// when the path selects nothing, so line N is message N). Scalars print as in <c>inspect</c> (strings quoted, in
/// full); a selected sub-message prints as one line of JSON.
/// </summary>
internal sealed class GetCommand
{
    private readonly TextWriter _out;
    private readonly FudgePath _path;

    public GetCommand(TextWriter output, FudgePath path)
    {
        _out = output;
        _path = path;
    }

    /// <summary>Prints every message's values; returns 0.</summary>
    /// <exception cref="FudgeFormatException">An envelope is malformed where the path reads it.</exception>
    public int Run(EnvelopeInput input, ProgressReporter progress)
    {
        var values = new List<string>();
        int seen = 0;
        while (input.TryRead(out var envelope))
        {
            values.Clear();
            var collector = new ValueCollector(values);
            try
            {
                _path.Visit(envelope.Bytes.Span, ref collector, input.Options);
            }
            catch (FudgeFormatException e)
            {
                throw EnvelopeInput.Locate(envelope, e);
            }
            _out.WriteLine(string.Join("\t", values));
            progress.Report(++seen, input.Position);
        }
        return 0;
    }

    private readonly struct ValueCollector : IFudgeFieldVisitor
    {
        private readonly List<string> _values;

        public ValueCollector(List<string> values) => _values = values;

        public bool Visit(in FudgeReader field)
        {
            var reader = field;
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                _values.Add(FudgeJson.ToJson(FudgeMsg.ReadFields(ref sub), FudgeJsonSettings.Plain));
            }
            else
            {
                _values.Add(ValueText.Format(ref reader, full: true));
            }
            return true;
        }
    }
}
