using System;
using System.IO;
using Fudge.Cli.Console;

namespace Fudge.Cli.Input;

/// <summary>File arguments: "-" stands for standard input or output; files are opened for sequential streaming.</summary>
internal static class CliPaths
{
    /// <summary>The argument that means standard input (for inputs) or standard output (for -o).</summary>
    public const string Console = "-";

    private const int BufferSize = 64 * 1024;

    /// <summary>Opens a file for sequential reading.</summary>
    /// <exception cref="CliException">There is no such file, or it is a folder.</exception>
    public static Stream OpenRead(string path)
    {
        RequireFile(path);
        return new FileStream(path, FileMode.Open, FileAccess.Read, FileShare.Read, BufferSize, FileOptions.SequentialScan);
    }

    /// <summary>
    /// The check every file argument passes before it is opened, so that each command says the same thing for the
    /// same mistake: "no file 'x'", "'x' is a folder, not a file" (rather than the operating system's "access denied").
    /// </summary>
    /// <param name="path">The argument as given.</param>
    /// <param name="what">What the file should be, for the message: "file", "rules file", "taxonomy file"...</param>
    /// <exception cref="CliException">There is no such file, or it is a folder.</exception>
    public static void RequireFile(string path, string what = "file")
    {
        if (Directory.Exists(path)) throw new CliException($"'{path}' is a folder, not a {what}");
        if (!File.Exists(path)) throw new CliException($"no {what} '{path}'");
    }

    /// <summary>Opens the input for reading; standard input is wrapped so that disposing it leaves it open.</summary>
    public static Stream OpenInput(string path, CliConsole console)
        => path == Console ? new LeaveOpenStream(console.Input) : OpenRead(path);

    /// <summary>
    /// Creates (or truncates) an output file, or returns standard output (left open) for null or "-". Refuses the file
    /// the input is read from, which creating it would empty before it is read.
    /// </summary>
    /// <exception cref="IOException">The output is the input file.</exception>
    /// <exception cref="CliException">The output is a folder, its folder is missing, or it cannot be created.</exception>
    public static Stream OpenOutput(string? path, string inputPath, CliConsole console)
    {
        if (path is null or Console) return new LeaveOpenStream(console.Output);
        if (inputPath != Console && string.Equals(Path.GetFullPath(path), Path.GetFullPath(inputPath), System.StringComparison.Ordinal))
            throw new IOException($"the output file '{path}' is the input file; write to another file");
        if (Directory.Exists(path)) throw new CliException($"the output '{path}' is a folder, not a file");
        RequireFolderFor(path, "output file");
        try
        {
            return new FileStream(path, FileMode.Create, FileAccess.Write, FileShare.None, BufferSize);
        }
        catch (Exception e) when (e is IOException or UnauthorizedAccessException)
        {
            throw new CliException($"cannot write the output file '{path}': {WhyNotCreated(path, e)} (write it elsewhere with -o)", e);
        }
    }

    /// <summary>
    /// Why the system refused to create a file whose folder exists, in the tool's words rather than .NET's ("Could not
    /// find file '/proc/x'" for a file it was asked to create).
    /// </summary>
    private static string WhyNotCreated(string path, Exception error)
    {
        string folder = Path.GetDirectoryName(Path.GetFullPath(path)) ?? path;
        return error switch
        {
            UnauthorizedAccessException => "permission denied",
            FileNotFoundException or DirectoryNotFoundException => $"the folder '{folder}' does not take new files",
            // On Unix, .NET gives the errno as the HResult of the IOExceptions it does not map to a type of its own.
            IOException { HResult: ReadOnlyFileSystem } => $"the folder '{folder}' is on a read-only file system",
            IOException { HResult: NoSpaceLeft } => "no space left on the device",
            IOException { HResult: FileTooLarge } => "the file system refuses a file this large",
            // Anything else is rare enough that the system's own words, on the same one line, say more than a guess.
            _ => "the system refused to create it: " + error.Message,
        };
    }

    private const int NoSpaceLeft = 28;        // ENOSPC
    private const int ReadOnlyFileSystem = 30; // EROFS
    private const int FileTooLarge = 27;       // EFBIG

    /// <summary>
    /// Refuses a file whose folder does not exist (the operating system would say "could not find a part of the path"
    /// with the full path): names the folder to create.
    /// </summary>
    /// <param name="path">The file argument as given.</param>
    /// <param name="what">What the file is, for the message: "output file", "store file"...</param>
    /// <exception cref="CliException">The folder is missing, or is a file.</exception>
    public static void RequireFolderFor(string path, string what)
    {
        string? folder = Path.GetDirectoryName(path);
        if (string.IsNullOrEmpty(folder) || Directory.Exists(folder)) return;
        if (File.Exists(folder)) throw new CliException($"'{folder}' is a file, not a folder, so the {what} '{path}' cannot be created in it");
        throw new CliException($"no folder '{folder}' for the {what} '{path}': create the folder first");
    }
}
