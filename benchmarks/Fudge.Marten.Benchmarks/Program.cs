using BenchmarkDotNet.Running;

// Marten against Fudge.Store.PostgreSql on the local server (bash .ci/postgres.sh start; FUDGE_POSTGRES to point
// elsewhere). Run: dotnet run -c Release --project benchmarks/Fudge.Marten.Benchmarks -- --filter '*'
BenchmarkSwitcher.FromAssembly(typeof(Fudge.Marten.Benchmarks.MartenBenchmarks).Assembly).Run(args);
