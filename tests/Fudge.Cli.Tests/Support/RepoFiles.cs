using System;
using System.IO;

namespace Fudge.Cli.Tests.Support;

/// <summary>Files of this repository (found by walking up from the test binaries to Fudge.sln).</summary>
public static class RepoFiles
{
    private static readonly Lazy<string> Root = new(() =>
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            if (File.Exists(Path.Combine(dir.FullName, "Fudge.sln"))) return dir.FullName;
        throw new InvalidOperationException("Fudge.sln not found above the test binaries.");
    });

    public static string SamplesFolder => Path.Combine(Root.Value, "samples");

    public static string Sample(string name) => Path.Combine(SamplesFolder, name);

    public static string Vector(string name) => Path.Combine(Fudge.Tests.Support.InteropVectors.Folder, name);

    /// <summary>The sample Fudge files (not the generator).</summary>
    public static readonly string[] SampleNames = { "ticks.fudge", "ticks-ordinals.fudge", "taxonomy.fudge", "logs.fudge", "document.fudge" };

    /// <summary>A temporary file path that is deleted on dispose.</summary>
    public sealed class TempFile : IDisposable
    {
        public string Path { get; } = System.IO.Path.Combine(System.IO.Path.GetTempPath(), "fudge-cli-" + Guid.NewGuid().ToString("N"));

        public TempFile() { }

        public TempFile(byte[] contents) => File.WriteAllBytes(Path, contents);

        public void Dispose() => File.Delete(Path);
    }
}
