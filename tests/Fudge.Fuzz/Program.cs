using System;
using System.IO;
using System.Linq;
using SharpFuzz;

namespace Fudge.Fuzz;

/// <summary>
/// <c>Fudge.Fuzz TARGET</c> runs under afl-fuzz (SharpFuzz persistent mode, input on stdin).
/// <c>Fudge.Fuzz TARGET PATH...</c> runs the target once per file (a file or every file of a folder) outside afl,
/// to reproduce a crash or replay a corpus; it exits 1 when any input escapes with a foreign exception.
/// <c>Fudge.Fuzz seeds TARGET REPO OUTDIR</c> writes the target's seed corpus (see <see cref="SeedCorpus"/>).
/// </summary>
public static class Program
{
    public static int Main(string[] args)
    {
        if (args.Length == 4 && args[0] == "seeds") return SeedCorpus.Write(args[1], args[2], args[3]);
        if (args.Length == 0 || !FuzzTargets.All.TryGetValue(args[0], out var target))
        {
            Console.Error.WriteLine("usage: Fudge.Fuzz TARGET [FILE|FOLDER...]; targets: " + string.Join(", ", FuzzTargets.All.Keys));
            return 2;
        }
        if (args.Length == 1)
        {
            Fuzzer.Run(stream =>
            {
                using var copy = new MemoryStream();
                stream.CopyTo(copy);
                FuzzTargets.Run(target, copy.ToArray());
            });
            return 0;
        }
        int failures = 0, count = 0;
        foreach (string file in args.Skip(1).SelectMany(p => Directory.Exists(p) ? Directory.GetFiles(p) : new[] { p }))
        {
            count++;
            try
            {
                FuzzTargets.Run(target, File.ReadAllBytes(file));
            }
            catch (Exception e)
            {
                failures++;
                Console.Error.WriteLine($"{file}: {e.GetType().FullName}: {e.Message}");
            }
        }
        Console.WriteLine($"{args[0]}: {count} inputs, {failures} escaped with a foreign exception");
        return failures == 0 ? 0 : 1;
    }
}
