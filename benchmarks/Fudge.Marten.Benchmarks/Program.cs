using System.Linq;
using BenchmarkDotNet.Running;

// Marten against Fudge.Store.PostgreSql on the local server (bash .ci/postgres.sh start; FUDGE_POSTGRES to point
// elsewhere). The side-by-side table in one timed run (ingest, bytes, the typed queries; Markdown with the machine,
// its load and the command):
//     dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --table [--documents N] [--output FILE]
// Ingest alone, both stores warmed up, alternately, with the client's and the server's CPU per document:
//     dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --ingest [--documents N] [--rounds N]
// The same under BenchmarkDotNet: dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --filter '*'
if (args.FirstOrDefault() == "--ingest") return await Fudge.Marten.Benchmarks.MartenIngest.RunAsync(args.Skip(1).ToArray());
if (args.FirstOrDefault() == "--table") return await Fudge.Marten.Benchmarks.MartenTable.RunAsync(args.Skip(1).ToArray());
BenchmarkSwitcher.FromAssembly(typeof(Fudge.Marten.Benchmarks.MartenBenchmarks).Assembly).Run(args);
return 0;
