using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Query;

namespace Fudge.Cli.Query;

/// <summary>
/// <c>fudge route</c>: splits the input by a rules file into one output per destination: the file
/// <c>DESTINATION.fudge</c> in the output folder, or standard output for the one destination named by
/// <c>--stdout</c>. Envelopes are copied byte for byte; each destination gets them in input order.
/// </summary>
internal sealed class RouteCommand
{
    private readonly FudgeRouter _router;

    public RouteCommand(FudgeRouter router) => _router = router;

    /// <summary>Routes every envelope; returns how many each destination received, by position in <see cref="FudgeRouter.Destinations"/>.</summary>
    /// <exception cref="FudgeFormatException">An envelope is malformed where a rule reads it.</exception>
    public long[] Run(EnvelopeInput input, IReadOnlyList<Stream> outputs, ProgressReporter progress)
    {
        var counts = new long[_router.Destinations.Count];
        var hits = new int[_router.Destinations.Count];
        int seen = 0;
        while (input.TryRead(out var envelope))
        {
            int n;
            try
            {
                n = _router.Route(envelope.Bytes.Span, hits, input.Options);
            }
            catch (FudgeFormatException e)
            {
                throw EnvelopeInput.Locate(envelope, e);
            }
            for (int i = 0; i < n; i++)
            {
                outputs[hits[i]].Write(envelope.Bytes.Span);
                counts[hits[i]]++;
            }
            progress.Report(++seen, input.Position);
        }
        return counts;
    }

    /// <summary>
    /// The file a destination is written to. Destinations become file names, so only letters, digits, '.', '-' and '_'
    /// are accepted, and no leading '.': a rules file cannot make the tool write outside the output folder.
    /// </summary>
    /// <exception cref="IOException">The destination is not a plain file name.</exception>
    public static string FileFor(string folder, string destination)
    {
        bool plain = destination.Length > 0 && destination[0] != '.';
        foreach (char c in destination)
            plain &= c is >= 'a' and <= 'z' or >= 'A' and <= 'Z' or >= '0' and <= '9' or '.' or '-' or '_';
        if (!plain) throw new IOException($"the destination '{destination}' cannot be a file name (use letters, digits, '.', '-' and '_', not first '.')");
        return Path.Combine(folder, destination + ".fudge");
    }

    public static string Summary(string destination, long count, string where)
        => $"{destination}: {count.ToString(CultureInfo.InvariantCulture)} message{(count == 1 ? "" : "s")} -> {where}";

    /// <summary>Closes what was opened, keeping the first failure.</summary>
    public static void CloseAll(IEnumerable<Stream> streams)
    {
        Exception? first = null;
        foreach (var stream in streams)
        {
            try
            {
                stream.Dispose();
            }
            catch (IOException e)
            {
                first ??= e;
            }
        }
        if (first is not null) throw first;
    }
}
