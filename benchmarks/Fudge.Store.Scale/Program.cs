using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Benchmarks.Reporting;

namespace Fudge.Store.Scale;

/// <summary>
/// The scale run of issue 34 section 3 (docs/store.md, "At scale"): <see cref="ScaleOptions.Usage"/>. Progress goes
/// to standard error, the results to <c>--output</c> and standard output. Exit code 1 when a store gives different
/// answers with and without its index, 2 on a wrong argument.
/// </summary>
public static class Program
{
    public static async Task<int> Main(string[] args)
    {
        if (args.Contains("--help"))
        {
            Console.WriteLine(ScaleOptions.Usage);
            return 0;
        }
        ScaleOptions options;
        try
        {
            options = ScaleOptions.Parse(args);
        }
        catch (ArgumentException e)
        {
            Console.Error.WriteLine($"fudge scale: {e.Message}\n{ScaleOptions.Usage}");
            return 2;
        }
        RunInfo.Command = "dotnet run -c Release --project benchmarks/Fudge.Store.Scale -- " + string.Join(' ', args);
        string loadBefore = Load();
        var clock = Stopwatch.StartNew();
        var run = new ScaleRun(options, Console.Error);
        var results = new List<StoreKindResult>();
        foreach (string store in options.Stores)
        {
            foreach (var kind in options.Kinds)
            {
                Console.Error.WriteLine($"{store}, {kind.Name}: {options.Documents:N0} documents");
                await using ScaleTarget target = store == "sqlite"
                    ? await SqliteTarget.CreateAsync(options.Directory, kind.Name, options.Keep)
                    : await PostgresTarget.CreateAsync(kind.Name, options.Keep);
                results.Add(await run.RunAsync(target, kind));
            }
        }
        string markdown = ScaleReport.Markdown(options, results, loadBefore, Load(), clock.Elapsed);
        string? folder = Path.GetDirectoryName(Path.GetFullPath(options.Output));
        if (folder is not null) Directory.CreateDirectory(folder);
        await File.WriteAllTextAsync(options.Output, markdown);
        Console.Write(markdown);
        Console.Error.WriteLine($"written: {options.Output}");
        return 0;
    }

    private static string Load() => File.Exists("/proc/loadavg")
        ? string.Join(", ", File.ReadAllText("/proc/loadavg").Split(' ').Take(3))
        : "unknown";
}
