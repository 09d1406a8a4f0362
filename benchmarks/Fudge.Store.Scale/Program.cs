using System;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Benchmarks.Reporting;

namespace Fudge.Store.Scale;

/// <summary>
/// The scale run of issue 34 section 3 (docs/store.md, "At scale"): <see cref="ScaleOptions.Usage"/>. Progress goes
/// to standard error, the results to <c>--output</c> and standard output. The servers the stores need are checked
/// first; a store that fails later is one line on standard error, and the results of what finished are still
/// written. Exit code 1 when a server is missing, a store gives different answers with and
/// without its index, or some other part did not finish; 2 on a wrong argument.
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
        if (await ScaleSession.ServerProblemAsync(options.Stores, PostgresTarget.ConnectionString) is string problem)
        {
            Console.Error.WriteLine($"fudge scale: {problem}");
            return 1;
        }
        RunInfo.Command = "dotnet run -c Release --project benchmarks/Fudge.Store.Scale -- " + string.Join(' ', args);
        return await ScaleSession.RunAsync(options, Console.Error, Console.Out, async (store, kind) => store == "sqlite"
            ? await SqliteTarget.CreateAsync(options.Directory, kind.Name, options.Keep)
            : await PostgresTarget.CreateAsync(kind.Name, options.Keep));
    }
}
