using System;
using System.Collections.Generic;
using System.IO;

namespace Fudge.Tests.Support;

/// <summary>
/// Finds the interop vectors kept in the repository (<c>tests/interop</c>, written by Fudge-Java and Fudge-CSharp),
/// by walking up from the test binaries to the folder that holds <c>Fudge.sln</c>. Nothing outside the repository
/// is read.
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
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
        {
            if (File.Exists(Path.Combine(dir.FullName, "Fudge.sln"))) return Path.Combine(dir.FullName, "tests", "interop");
        }
        throw new InvalidOperationException("Fudge.sln was not found above the test binaries, so tests/interop cannot be located.");
    }
}
