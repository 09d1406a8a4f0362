using System.IO;
using System.Text;
using Fudge.Cli;
using Fudge.Cli.Console;

namespace Fudge.Cli.Tests.Support;

/// <summary>What one in-process run of the tool produced.</summary>
public sealed record CliResult(int ExitCode, byte[] StdoutBytes, string Stderr)
{
    public string Stdout => Encoding.UTF8.GetString(StdoutBytes);
}

/// <summary>Runs the <c>fudge</c> command line in-process over memory streams.</summary>
public static class FudgeTool
{
    public static CliResult Run(params string[] args) => RunWithInput(System.Array.Empty<byte>(), args);

    public static CliResult RunWithInput(byte[] stdin, params string[] args) => RunWithInput(new MemoryStream(stdin), args);

    public static CliResult RunWithInput(Stream stdin, params string[] args)
    {
        var output = new MemoryStream();
        var error = new StringWriter { NewLine = "\n" };
        var console = new CliConsole(stdin, output, error);
        int exit = FudgeCommandLine.Run(args, console);
        return new CliResult(exit, output.ToArray(), error.ToString());
    }
}
