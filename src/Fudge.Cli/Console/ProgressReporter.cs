using System;
using System.Diagnostics;
using System.Globalization;
using System.IO;

namespace Fudge.Cli.Console;

/// <summary>
/// A one-line "N messages, M MiB" counter on standard error for long runs. It appears only when standard error is a
/// terminal and the run has lasted a moment, is redrawn a few times a second, and is erased at the end, so
/// redirected output and quick runs never see it.
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
    private TimeSpan _lastDrawn = TimeSpan.MinValue;
    private int _drawnLength;

    public ProgressReporter(TextWriter error, bool enabled, TimeSpan? delay = null, TimeSpan? interval = null)
    {
        _error = error;
        _enabled = enabled;
        _delay = delay ?? TimeSpan.FromSeconds(1);
        _interval = interval ?? TimeSpan.FromMilliseconds(250);
    }

    /// <summary>
    /// For a command run on <paramref name="console"/>: enabled only when standard error is a terminal, and, for a
    /// command that writes to standard output as it goes, only when standard output is not that terminal too.
    /// </summary>
    public static ProgressReporter For(CliConsole console, bool writesAsItGoes)
        => new(console.Error, console.ErrorIsTerminal && !(writesAsItGoes && console.OutputIsTerminal));

    /// <summary>True when this reporter may draw at all.</summary>
    public bool IsEnabled => _enabled;

    /// <summary>Notes progress (<paramref name="bytes"/> 0 when unknown); redraws the line when it is due.</summary>
    public void Report(int messages, long bytes)
    {
        if (!_enabled) return;
        var now = _clock.Elapsed;
        if (now < _delay || (_lastDrawn != TimeSpan.MinValue && now - _lastDrawn < _interval)) return;
        _lastDrawn = now;
        string text = messages.ToString(CultureInfo.InvariantCulture) + " messages";
        if (bytes > 0) text += ", " + (bytes / 1048576.0).ToString("0.0", CultureInfo.InvariantCulture) + " MiB";
        _error.Write("\r" + text.PadRight(_drawnLength));
        _drawnLength = text.Length;
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
