using System;
using System.Buffers.Binary;
using System.Globalization;
using System.IO;

namespace Fudge.Cli.Input;

/// <summary>
/// Tells Fudge data given to a command that reads text (<c>from-json</c>, <c>from-xml</c>): the parser's complaint about
/// an unexpected first character says nothing useful, while "this is Fudge data, and this is the command that reads
/// it" does. The mirror of <see cref="NotFudgeData"/>, which tells text given to the commands that read Fudge.
/// </summary>
internal static class FudgeGivenAsText
{
    private const int HeaderSize = 8;

    /// <summary>
    /// The error for input that failed to parse as <paramref name="format"/> and whose first bytes are a Fudge envelope
    /// header, or null when it may well be damaged text (then the parser's own error, with its line, says more).
    /// </summary>
    /// <param name="path">The input argument as given ("-" for standard input).</param>
    /// <param name="head">The input's first bytes (up to <see cref="NotFudgeData.Kept"/>).</param>
    /// <param name="format">What the command reads: "JSON" or "XML".</param>
    /// <param name="command">The command that failed: "from-json".</param>
    /// <param name="reader">The command that converts Fudge to <paramref name="format"/>: "to-json".</param>
    public static CliException? Explain(string path, ReadOnlySpan<byte> head, string format, string command, string reader)
    {
        bool file = path != CliPaths.Console;
        long? length = file ? new FileInfo(path).Length : null;
        if (Envelope(path, head, length) is not long size) return null;
        string name = file ? $"'{path}'" : "standard input";
        string what = file
            ? $"its first {size.ToString("N0", CultureInfo.InvariantCulture)} bytes are a Fudge message"
            : $"it starts with a Fudge envelope header declaring {size.ToString("N0", CultureInfo.InvariantCulture)} bytes";
        string argument = file ? " " + path : " -";
        return new CliException(
            $"{name} is Fudge data, not {format} ({what}): 'fudge {command}' reads {format}; read Fudge with 'fudge inspect{argument}', or convert it to {format} with 'fudge {reader}{argument}'");
    }

    /// <summary>
    /// The size of the first envelope when the input starts with one: a header whose first byte is no text (JSON and XML
    /// start with a printable character, white space or a byte order mark) and whose declared size fits the input;
    /// for a file, the whole first envelope must also read as a Fudge message.
    /// </summary>
    private static long? Envelope(string path, ReadOnlySpan<byte> head, long? length)
    {
        if (head.Length < HeaderSize) return null;
        if (head[0] >= 0x20 || head[0] is (byte)'\t' or (byte)'\n' or (byte)'\r') return null;
        long size = (uint)BinaryPrimitives.ReadInt32BigEndian(head.Slice(4, 4));
        var options = FudgeReaderOptions.Default;
        if (size < HeaderSize || size > options.MaxMessageSize || (length is long l && size > l)) return null;
        if (length is null) return size;
        try
        {
            var envelope = new byte[size];
            using (var stream = File.OpenRead(path))
                stream.ReadExactly(envelope);
            FudgeMsg.Parse(envelope, options);
            return size;
        }
        catch (Exception e) when (e is FudgeException or IOException or UnauthorizedAccessException)
        {
            return null;
        }
    }
}
