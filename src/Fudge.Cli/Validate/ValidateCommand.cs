using System.Globalization;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;

namespace Fudge.Cli.Validate;

/// <summary>
/// <c>fudge validate</c>: scans every envelope completely (structure, sizes, nesting, UTF-8 of names and strings) with the
/// raw reader, building no message model, and
/// reports each invalid one with its index, byte offset and reason. An error inside an envelope does not stop the
/// check, since the envelope's size still says where the next one starts; an error in the framing (a bad header
/// or an input that ends inside an envelope) does.
/// </summary>
internal sealed class ValidateCommand
{
    private readonly TextWriter _out;

    public ValidateCommand(TextWriter output) => _out = output;

    /// <summary>Checks the input; returns 0 when every envelope is valid, 1 otherwise.</summary>
    public int Run(EnvelopeInput input, ProgressReporter progress)
    {
        int messages = 0, invalid = 0;
        try
        {
            while (input.TryRead(out var envelope))
            {
                messages++;
                if (!Check(envelope, input.Options, progress)) invalid++;
                progress.Report(messages, input.Position);
            }
        }
        catch (FudgeFormatException e)
        {
            progress.Finish();
            _out.WriteLine(e.Message);
            _out.WriteLine($"invalid: the input cannot be read past byte offset {e.Offset.ToString(CultureInfo.InvariantCulture)} ({Count(messages)} before it, {invalid.ToString(CultureInfo.InvariantCulture)} of them invalid)");
            return 1;
        }
        progress.Finish();
        long bytes = input.Position;
        if (invalid > 0)
        {
            _out.WriteLine($"invalid: {invalid.ToString(CultureInfo.InvariantCulture)} of {Count(messages)}");
            return 1;
        }
        _out.WriteLine($"valid: {Count(messages)}, {bytes.ToString(CultureInfo.InvariantCulture)} bytes");
        return 0;
    }

    private bool Check(in InputEnvelope envelope, FudgeReaderOptions options, ProgressReporter progress)
    {
        try
        {
            EnvelopeScan.Check(envelope.Bytes.Span, options);
            return true;
        }
        catch (FudgeFormatException e)
        {
            progress.Finish(); // erased first, in case standard output is the same terminal; the next report redraws it
            _out.WriteLine(EnvelopeInput.Locate(envelope, e).Message);
            _out.Flush();
            return false;
        }
    }

    private static string Count(int messages) => messages == 1 ? "1 message" : messages.ToString(CultureInfo.InvariantCulture) + " messages";
}
