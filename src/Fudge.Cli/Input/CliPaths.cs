using System.IO;
using Fudge.Cli.Console;

namespace Fudge.Cli.Input;

/// <summary>File arguments: "-" stands for standard input or output; files are opened for sequential streaming.</summary>
internal static class CliPaths
{
    /// <summary>The argument that means standard input (for inputs) or standard output (for -o).</summary>
    public const string Console = "-";

    private const int BufferSize = 64 * 1024;

    public static Stream OpenRead(string path)
        => new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, BufferSize, FileOptions.SequentialScan);

    /// <summary>Opens the input for reading; standard input is wrapped so that disposing it leaves it open.</summary>
    public static Stream OpenInput(string path, CliConsole console)
        => path == Console ? new LeaveOpenStream(console.Input) : OpenRead(path);

    /// <summary>
    /// Creates (or truncates) an output file, or returns standard output (left open) for null or "-". Refuses the file
    /// the input is read from, which creating it would empty before it is read.
    /// </summary>
    /// <exception cref="IOException">The output is the input file, or cannot be created.</exception>
    public static Stream OpenOutput(string? path, string inputPath, CliConsole console)
    {
        if (path is null or Console) return new LeaveOpenStream(console.Output);
        if (inputPath != Console && string.Equals(Path.GetFullPath(path), Path.GetFullPath(inputPath), System.StringComparison.Ordinal))
            throw new IOException($"the output file '{path}' is the input file; write to another file");
        return new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, BufferSize);
    }
}
