using System;
using System.IO;

namespace Fudge.Generators.Tests;

/// <summary>Finds <c>tests/interop</c> of this checkout from the test binaries, whichever folder they run in.</summary>
internal static class InteropFolder
{
    /// <summary>The path of <paramref name="parts"/> below <c>tests/interop</c>.</summary>
    public static string PathOf(params string[] parts)
    {
        for (var dir = new DirectoryInfo(AppContext.BaseDirectory); dir is not null; dir = dir.Parent)
            if (File.Exists(Path.Combine(dir.FullName, "Fudge.sln")))
                return Path.Combine(Path.Combine(dir.FullName, "tests", "interop"), Path.Combine(parts));
        throw new DirectoryNotFoundException("Fudge.sln was not found above the test binaries, so tests/interop cannot be located");
    }
}
