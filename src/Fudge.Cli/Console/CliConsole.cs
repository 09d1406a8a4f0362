using System;
using System.IO;
using System.Text;

namespace Fudge.Cli.Console;

/// <summary>
/// Everything a command may touch besides named files: standard input and output as byte streams (Fudge data is
/// binary), a text writer over standard output, standard error, and whether standard error is a terminal (progress
/// is shown only then). Tests build one over memory streams and run commands in-process.
/// </summary>
internal sealed class CliConsole
{
    private static readonly UTF8Encoding Utf8NoBom = new(encoderShouldEmitUTF8Identifier: false);
    private StreamWriter? _out;

    public CliConsole(Stream input, Stream output, TextWriter error, bool errorIsTerminal = false, bool outputIsTerminal = false)
    {
        Input = input;
        Output = outputIsTerminal ? new TerminalEscapingStream(output) : output; // nothing a message holds can change what a person reads
        Error = error;
        ErrorIsTerminal = errorIsTerminal;
        OutputIsTerminal = outputIsTerminal;
    }

    /// <summary>The process's own console.</summary>
    public static CliConsole ForProcess()
        => new(System.Console.OpenStandardInput(), System.Console.OpenStandardOutput(), System.Console.Error,
            errorIsTerminal: !System.Console.IsErrorRedirected, outputIsTerminal: !System.Console.IsOutputRedirected);

    /// <summary>Standard input as bytes.</summary>
    public Stream Input { get; }

    /// <summary>
    /// Standard output as bytes; flush <see cref="Out"/> before writing here directly. On a terminal, hidden characters
    /// are written as escapes (<see cref="TerminalEscapingStream"/>); redirected, the bytes are exactly those written.
    /// </summary>
    public Stream Output { get; }

    /// <summary>Standard output as UTF-8 text with "\n" line ends on every platform, so output compares exactly.</summary>
    public TextWriter Out => _out ??= new StreamWriter(Output, Utf8NoBom, bufferSize: 64 * 1024, leaveOpen: true) { NewLine = "\n" };

    /// <summary>Standard error.</summary>
    public TextWriter Error { get; }

    /// <summary>True when standard error is an interactive terminal.</summary>
    public bool ErrorIsTerminal { get; }

    /// <summary>True when standard output is an interactive terminal.</summary>
    public bool OutputIsTerminal { get; }

    /// <summary>What is written to standard output is XML: on a terminal, hidden characters become character references.</summary>
    public void OutputIsXml()
    {
        if (Output is TerminalEscapingStream terminal) terminal.XmlReferences = true;
    }

    /// <summary>Flushes buffered standard output.</summary>
    public void Flush()
    {
        _out?.Flush();
        Output.Flush();
    }
}
