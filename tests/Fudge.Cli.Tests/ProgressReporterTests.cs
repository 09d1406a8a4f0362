using System;
using System.IO;
using Fudge.Cli.Console;
using Xunit;

namespace Fudge.Cli.Tests;

public class ProgressReporterTests
{
    [Fact]
    public void A_terminal_sees_a_redrawn_line_that_is_erased_at_the_end()
    {
        var error = new StringWriter();
        var progress = new ProgressReporter(error, enabled: true, delay: TimeSpan.Zero, interval: TimeSpan.Zero);

        progress.Report(5, 3 * 1048576);
        progress.Report(10, 0);
        progress.Finish();

        Assert.Equal("\r5 messages, 3.0 MiB\r10 messages        \r           \r", error.ToString());
    }

    [Fact]
    public void Nothing_is_written_when_disabled_or_before_the_delay()
    {
        var error = new StringWriter();
        new ProgressReporter(error, enabled: false, delay: TimeSpan.Zero).Report(1, 1);
        var slow = new ProgressReporter(error, enabled: true, delay: TimeSpan.FromHours(1));
        slow.Report(1, 1);
        slow.Finish();

        Assert.Equal("", error.ToString());
    }

    [Fact]
    public void Progress_asked_for_is_a_kept_line_each_time_with_the_rate()
    {
        var error = new StringWriter { NewLine = "\n" };
        var progress = new ProgressReporter(error, enabled: true, delay: TimeSpan.Zero, interval: TimeSpan.Zero, noun: "documents", showRate: true, lines: true);

        progress.Report(5, 3 * 1048576);
        progress.Report(10, 0);
        progress.Finish();

        var lines = error.ToString().Split('\n');
        Assert.Equal(3, lines.Length);
        Assert.Matches(@"^5 documents, 3\.0 MiB, [0-9,]+ documents/s$", lines[0]);
        Assert.Matches(@"^10 documents, [0-9,]+ documents/s$", lines[1]);
        Assert.Equal("", lines[2]);
    }

    [Theory]
    [InlineData(false, false, false)]
    [InlineData(true, false, true)]
    [InlineData(false, true, true)]
    [InlineData(true, true, true)]
    public void Import_progress_shows_on_a_terminal_or_when_asked(bool errorIsTerminal, bool asked, bool shown)
    {
        var console = new CliConsole(new MemoryStream(), new MemoryStream(), new StringWriter(), errorIsTerminal);

        Assert.Equal(shown, ProgressReporter.ForImport(console, asked).IsEnabled);
    }

    [Theory]
    [InlineData(false, false, false, false)]
    [InlineData(true, false, true, true)]
    [InlineData(true, true, false, true)]
    [InlineData(true, true, true, false)]
    public void Progress_is_drawn_only_on_a_terminal_that_the_output_does_not_share(bool errorIsTerminal, bool outputIsTerminal, bool writesAsItGoes, bool drawn)
    {
        var error = new StringWriter();
        var console = new CliConsole(new MemoryStream(), new MemoryStream(), error, errorIsTerminal, outputIsTerminal);

        var progress = ProgressReporter.For(console, writesAsItGoes);

        Assert.Equal(drawn, progress.IsEnabled);
    }
}
