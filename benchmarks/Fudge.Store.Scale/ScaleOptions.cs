using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;

namespace Fudge.Store.Scale;

/// <summary>The harness's command line (see <see cref="Usage"/>).</summary>
internal sealed class ScaleOptions
{
    public const string Usage = """
        dotnet run -c Release --project benchmarks/Fudge.Store.Scale -- [options]
          --documents N          documents of each kind (default 10000000; at least 1000)
          --checkpoint N         the first checkpoint (default a tenth of --documents); the second is --documents
          --batch N              documents per InsertManyAsync call, each its own transaction (default 100000)
          --stores LIST          sqlite,postgres (default both; PostgreSQL from FUDGE_POSTGRES)
          --kinds LIST           ticks,logs (default both)
          --repetitions N        timed runs of each query with its index (default 30, after one untimed)
          --scan-repetitions N   timed runs of each query without an index (default 3)
          --directory DIR        where the SQLite files go (default the temporary folder)
          --output FILE          the Markdown results (default benchmarks/results/store-scale.md)
          --keep                 keep the SQLite files and PostgreSQL schemas
          --import-only          at a checkpoint only settle and measure sizes: no queries, no index rebuilds
                                 (to study the import, e.g. a PostgreSQL server's counters, in less time)
          --index-mode MODE      none: as described above (the default); maintained: the kind's indexes exist
                                 before the import (SQLite's expression indexes too) and every batch updates them;
                                 after: the same indexes, and the import up to each checkpoint is one InsertManyAsync
                                 with BuildIndexesAfterLoad (its time includes the build). Both imply --import-only
          --index-build-memory MB  with --index-mode after: FudgeBulkInsertOptions.IndexBuildMemoryMegabytes
          --gin-storage PARAMS   PostgreSQL: storage parameters set on the GIN index before the import, e.g.
                                 "fastupdate=off" or "gin_pending_list_limit=65536" (kB)
          --no-gin               PostgreSQL: the GIN index dropped before the import, so that only the kind's
                                 declared B-tree indexes (with --index-mode maintained) are kept up; the ingest of
                                 issue 43 (two declared indexes, no GIN): --stores postgres --kinds ticks
                                 --index-mode maintained --no-gin
          --help                 this text
        """;

    public long Documents { get; private init; } = 10_000_000;
    public IReadOnlyList<long> Checkpoints { get; private init; } = Array.Empty<long>();
    public int Batch { get; private init; } = 100_000;
    public IReadOnlyList<string> Stores { get; private init; } = new[] { "sqlite", "postgres" };
    public IReadOnlyList<DocumentKind> Kinds { get; private init; } = DocumentKind.All;
    public int Repetitions { get; private init; } = 30;
    public int ScanRepetitions { get; private init; } = 3;
    public string Directory { get; private init; } = Path.GetTempPath();
    public string Output { get; private init; } = Path.Combine("benchmarks", "results", "store-scale.md");
    public bool Keep { get; private init; }
    public bool ImportOnly { get; private init; }
    public bool NoGin { get; private init; }
    public IndexMode IndexMode { get; private init; }
    public string? GinStorage { get; private init; }
    public int? IndexBuildMemoryMegabytes { get; private init; }

    /// <summary>Parses the arguments; throws <see cref="ArgumentException"/> with the reason on anything wrong.</summary>
    public static ScaleOptions Parse(IReadOnlyList<string> args)
    {
        var values = new Dictionary<string, string>(StringComparer.Ordinal);
        bool keep = false, importOnly = false, noGin = false;
        for (int i = 0; i < args.Count; i++)
        {
            if (args[i] == "--keep") { keep = true; continue; }
            if (args[i] == "--import-only") { importOnly = true; continue; }
            if (args[i] == "--no-gin") { noGin = true; continue; }
            if (!args[i].StartsWith("--", StringComparison.Ordinal) || i + 1 == args.Count) throw new ArgumentException($"unexpected argument '{args[i]}'");
            values[args[i]] = args[++i];
        }
        var known = new[] { "--documents", "--checkpoint", "--batch", "--stores", "--kinds", "--repetitions", "--scan-repetitions", "--directory", "--output", "--index-mode", "--gin-storage", "--index-build-memory" };
        if (values.Keys.FirstOrDefault(k => !known.Contains(k)) is string unknown) throw new ArgumentException($"unknown option '{unknown}'");

        long documents = Number(values, "--documents", 10_000_000, 1_000);
        long first = Number(values, "--checkpoint", documents / 10, 100);
        if (first > documents) throw new ArgumentException("--checkpoint cannot exceed --documents");
        var defaults = new ScaleOptions();
        if (noGin && values.GetValueOrDefault("--index-mode") != "maintained")
            throw new ArgumentException("--no-gin goes with --index-mode maintained (the declared indexes kept up by every batch, no GIN)");
        return new ScaleOptions
        {
            Documents = documents,
            Checkpoints = first == documents ? new[] { documents } : new[] { first, documents },
            Batch = (int)Number(values, "--batch", defaults.Batch, 1, int.MaxValue),
            Stores = List(values, "--stores", defaults.Stores, new[] { "sqlite", "postgres" }),
            Kinds = List(values, "--kinds", DocumentKind.All.Select(k => k.Name).ToArray(), DocumentKind.All.Select(k => k.Name).ToArray())
                .Select(name => DocumentKind.All.Single(k => k.Name == name)).ToArray(),
            Repetitions = (int)Number(values, "--repetitions", defaults.Repetitions, 1, 100_000),
            ScanRepetitions = (int)Number(values, "--scan-repetitions", defaults.ScanRepetitions, 1, 100_000),
            Directory = values.GetValueOrDefault("--directory", defaults.Directory),
            Output = values.GetValueOrDefault("--output", defaults.Output),
            Keep = keep,
            ImportOnly = importOnly,
            NoGin = noGin,
            IndexMode = values.GetValueOrDefault("--index-mode", "none") switch
            {
                "none" => IndexMode.None,
                "maintained" => IndexMode.Maintained,
                "after" => IndexMode.After,
                string other => throw new ArgumentException($"--index-mode takes none, maintained or after, not '{other}'"),
            },
            IndexBuildMemoryMegabytes = values.ContainsKey("--index-build-memory") ? (int)Number(values, "--index-build-memory", 0, 1, 2047) : null,
            GinStorage = values.GetValueOrDefault("--gin-storage") is string storage
                ? (storage.All(c => char.IsAsciiLetterLower(c) || char.IsAsciiDigit(c) || c is '_' or '=' or ',' or ' ') ? storage
                    : throw new ArgumentException("--gin-storage takes parameters like fastupdate=off,gin_pending_list_limit=65536"))
                : null,
        };
    }

    private static long Number(Dictionary<string, string> values, string name, long fallback, long minimum, long maximum = long.MaxValue)
    {
        if (!values.TryGetValue(name, out string? text)) return fallback;
        if (!long.TryParse(text.Replace("_", "", StringComparison.Ordinal), NumberStyles.None, CultureInfo.InvariantCulture, out long value) || value < minimum || value > maximum)
            throw new ArgumentException($"{name} takes a whole number from {minimum:N0}{(maximum == long.MaxValue ? "" : $" to {maximum:N0}")}, not '{text}'");
        return value;
    }

    private static string[] List(Dictionary<string, string> values, string name, IReadOnlyList<string> fallback, string[] allowed)
    {
        if (!values.TryGetValue(name, out string? text)) return fallback.ToArray();
        var items = text.Split(',', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries);
        if (items.Length == 0 || items.Any(i => !allowed.Contains(i)))
            throw new ArgumentException($"{name} takes a comma-separated list of {string.Join(", ", allowed)}");
        return items.Distinct().ToArray();
    }
}

/// <summary>How the run treats the kind's indexes while importing (<c>--index-mode</c>).</summary>
internal enum IndexMode
{
    /// <summary>SQLite imports unindexed and builds at checkpoints; PostgreSQL maintains its GIN index.</summary>
    None,

    /// <summary>The indexes exist before the import and every batch updates them.</summary>
    Maintained,

    /// <summary>The indexes exist before the import; each stretch is one InsertManyAsync with BuildIndexesAfterLoad.</summary>
    After,
}
