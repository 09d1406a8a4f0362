using System.Globalization;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Query;

namespace Fudge.Cli.Query;

/// <summary>
/// <c>fudge filter</c>: passes the envelopes that match a filter (or, inverted, those that do not) to the output byte
/// for byte, or counts them. Only what the filter reads is checked; a malformed part it reads stops the run.
/// </summary>
internal sealed class FilterCommand
{
    private readonly FudgeFilter _filter;
    private readonly bool _invert;

    public FilterCommand(FudgeFilter filter, bool invert)
    {
        _filter = filter;
        _invert = invert;
    }

    /// <summary>Copies matching envelopes to <paramref name="output"/>; returns how many passed.</summary>
    /// <exception cref="FudgeFormatException">An envelope is malformed where the filter reads it (offset from the input start).</exception>
    public long Run(EnvelopeInput input, Stream? output, ProgressReporter progress)
    {
        long passed = 0;
        int seen = 0;
        while (input.TryRead(out var envelope))
        {
            bool matches;
            try
            {
                matches = _filter.Matches(envelope.Bytes.Span, input.Options);
            }
            catch (FudgeFormatException e)
            {
                throw EnvelopeInput.Locate(envelope, e);
            }
            if (matches != _invert)
            {
                passed++;
                output?.Write(envelope.Bytes.Span);
            }
            progress.Report(++seen, input.Position);
        }
        return passed;
    }

    public static string Count(long count) => count.ToString(CultureInfo.InvariantCulture);
}
