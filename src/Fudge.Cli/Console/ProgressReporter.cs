using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;

namespace Fudge.Cli.Console;

/// <summary>
/// A one-line "N messages, M MiB" counter on standard error for long runs. It appears only when standard error is a
/// terminal and the run has lasted a moment, is redrawn a few times a second, and is erased at the end, so
/// redirected output and quick runs never see it. Asked for explicitly (<see cref="Lines"/>), it is instead a line
/// of its own each interval, kept, for logs.
/// </summary>
internal sealed class ProgressReporter
{
    /// <summary>A reporter that never writes.</summary>
    public static readonly ProgressReporter None = new(TextWriter.Null, enabled: false);

    private readonly TextWriter _error;
    private readonly bool _enabled;
    private readonly TimeSpan _delay;
    private readonly TimeSpan _interval;
    private readonly Stopwatch _clock = Stopwatch.StartNew();
    private readonly string _noun;
    private readonly bool _showRate;
    private readonly bool _lines;
    private TimeSpan _lastDrawn = TimeSpan.MinValue;
    private int _drawnLength;

    /// <param name="error">Where the counter goes.</param>
    /// <param name="enabled">False for a reporter that never writes.</param>
    /// <param name="delay">How long a run lasts before the counter first appears (default 1 s).</param>
    /// <param name="interval">The least time between two draws (default 250 ms).</param>
    /// <param name="noun">What is counted, plural ("messages" by default).</param>
    /// <param name="showRate">Also show how many were done per second on average since the start.</param>
    /// <param name="lines">A line of its own at each draw, never erased, instead of one line redrawn in place.</param>
    public ProgressReporter(TextWriter error, bool enabled, TimeSpan? delay = null, TimeSpan? interval = null,
        string noun = "messages", bool showRate = false, bool lines = false)
    {
        _error = error;
        _enabled = enabled;
        _delay = delay ?? TimeSpan.FromSeconds(1);
        _interval = interval ?? TimeSpan.FromMilliseconds(250);
        _noun = noun;
        _showRate = showRate;
        _lines = lines;
    }

    /// <summary>Progress asked for on the command line: "N documents, M MiB, R documents/s" once a second, one line each.</summary>
    public static ProgressReporter Lines(TextWriter error, string noun)
        => new(error, enabled: true, TimeSpan.FromSeconds(1), TimeSpan.FromSeconds(1), noun, showRate: true, lines: true);

    /// <summary>
    /// For a command run on <paramref name="console"/>: enabled only when standard error is a terminal, and, for a
    /// command that writes to standard output as it goes, only when standard output is not that terminal too.
    /// </summary>
    public static ProgressReporter For(CliConsole console, bool writesAsItGoes)
        => new(console.Error, console.ErrorIsTerminal && !(writesAsItGoes && console.OutputIsTerminal));

    /// <summary>
    /// For <c>fudge store import</c>: counting documents with their rate, drawn on a terminal, or a line each second
    /// wherever standard error goes when <paramref name="asked"/> (and standard error is not a terminal).
    /// </summary>
    public static ProgressReporter ForImport(CliConsole console, bool asked)
        => asked && !console.ErrorIsTerminal
            ? Lines(console.Error, "documents")
            : new(console.Error, console.ErrorIsTerminal, noun: "documents", showRate: true);

    /// <summary>True when this reporter may draw at all.</summary>
    public bool IsEnabled => _enabled;

    /// <summary>Notes progress (<paramref name="bytes"/> 0 when unknown); redraws the line when it is due.</summary>
    public void Report(int messages, long bytes)
    {
        if (!_enabled) return;
        var now = _clock.Elapsed;
        if (now < _delay || (_lastDrawn != TimeSpan.MinValue && now - _lastDrawn < _interval)) return;
        _lastDrawn = now;
        string text = messages.ToString(CultureInfo.InvariantCulture) + " " + _noun;
        if (bytes > 0) text += ", " + (bytes / 1048576.0).ToString("0.0", CultureInfo.InvariantCulture) + " MiB";
        if (_showRate && now > TimeSpan.Zero)
            text += ", " + (messages / now.TotalSeconds).ToString("#,0", CultureInfo.InvariantCulture) + " " + _noun + "/s";
        if (_lines)
        {
            _error.WriteLine(text);
        }
        else
        {
            _error.Write("\r" + text.PadRight(_drawnLength));
            _drawnLength = text.Length;
        }
        _error.Flush();
    }

    /// <summary>Erases the line if one was drawn.</summary>
    public void Finish()
    {
        if (_drawnLength == 0) return;
        _error.Write("\r" + new string(' ', _drawnLength) + "\r");
        _error.Flush();
        _drawnLength = 0;
    }
}
