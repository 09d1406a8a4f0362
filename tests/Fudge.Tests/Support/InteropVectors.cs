using System;
using System.Collections.Generic;
using System.IO;

namespace Fudge.Tests.Support;

/// <summary>
/// Finds the shared interop vectors: the <c>shared</c> folder that sits beside the repository (as in CI), found by
/// walking up from the test binaries; FUDGE_SHARED_DIR overrides it.
/// </summary>
public static class InteropVectors
{
    private static readonly Lazy<string> Directory = new(Locate);

    /// <summary>The six vector file names.</summary>
    public static IReadOnlyList<string> Names { get; } = new[]
    {
        "allNames.dat", "allOrdinals.dat", "fixedWidthByteArrays.dat", "subMsg.dat", "unknown.dat", "variableWidthColumnSizes.dat",
    };

    /// <summary>xUnit member data: one row per vector name.</summary>
    public static IEnumerable<object[]> All
    {
        get { foreach (var name in Names) yield return new object[] { name }; }
    }

    /// <summary>The folder holding the vectors.</summary>
    public static string Folder => Directory.Value;

    /// <summary>The bytes of one vector.</summary>
    public static byte[] Read(string name) => File.ReadAllBytes(Path.Combine(Folder, name));

    private static string Locate()
    {
        var overridden = Environment.GetEnvironmentVariable("FUDGE_SHARED_DIR");
        if (!string.IsNullOrEmpty(overridden)) return Path.Combine(overridden, "interop");
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            var candidate = Path.Combine(dir.FullName, "shared", "interop");
            if (File.Exists(Path.Combine(candidate, "README.md"))) return candidate;
        }
        throw new InvalidOperationException("The shared interop vectors were not found: put the 'shared' folder beside the repository or set FUDGE_SHARED_DIR.");
    }
}
