using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.Globalization;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Store;
using Fudge.Store.LoadWorker;
using Fudge.Store.PostgreSql;
using Fudge.Store.Sqlite;

// One process of the concurrency test. Every line it writes on standard output is a fact the test checks:
//   writer: "committed BATCH SIZE" once the batch's transaction has committed, "updated BATCH VERSION" once a
//           batch's new version has, "inflight BATCH" when it stops inside an open transaction to be killed;
//   reader: "read SCANS BATCHES" at the end;
//   both:   "error MESSAGE" (and exit code 1) for anything that went wrong, partial batches seen included.
//
// usage: write sqlite|postgres DB COLLECTION WRITER SECONDS [STALL_AFTER_BATCHES]
//        read  sqlite|postgres DB COLLECTION SECONDS
try
{
    string role = args[0];
    await using IFudgeStore store = args[1] == "sqlite"
        ? await SqliteFudgeStore.OpenAsync(args[2])
        : await PostgresFudgeStore.OpenAsync(args[2]);
    var collection = await store.GetCollectionAsync(args[3]);
    if (role == "write")
    {
        int? stallAfter = args.Length > 6 ? int.Parse(args[6], CultureInfo.InvariantCulture) : null;
        await Writer.RunAsync(store, collection, args[4], TimeSpan.FromSeconds(double.Parse(args[5], CultureInfo.InvariantCulture)), stallAfter);
    }
    else
    {
        await Reader.RunAsync(collection, TimeSpan.FromSeconds(double.Parse(args[4], CultureInfo.InvariantCulture)));
    }
    return 0;
}
catch (Exception e)
{
    Console.WriteLine("error " + e.GetType().Name + ": " + e.Message.ReplaceLineEndings(" "));
    return 1;
}

/// <summary>Inserts batches of varying size, each in one transaction, and now and then moves a batch to a new version.</summary>
internal static class Writer
{
    public static async Task RunAsync(IFudgeStore store, IFudgeCollection collection, string name, TimeSpan duration, int? stallAfter)
    {
        var versions = new List<int>();
        var clock = Stopwatch.StartNew();
        for (int n = 0; clock.Elapsed < duration || stallAfter is not null; n++)
        {
            string batch = $"{name}-{n}";
            int size = 5 + n * 7 % 40;
            if (n == stallAfter)
            {
                // Half a batch inside an open transaction, then nothing: the test kills this process here.
                await using var open = await store.BeginTransactionAsync();
                await collection.InsertManyAsync(Enumerable.Range(0, size / 2).Select(i => LoadDocuments.Create(batch, size, i, 0)));
                Say($"inflight {batch}");
                await Task.Delay(Timeout.Infinite);
            }
            await collection.InsertManyAsync(Enumerable.Range(0, size).Select(i => LoadDocuments.Create(batch, size, i, 0)));
            Say($"committed {batch} {size}");
            versions.Add(0);
            if (n % 3 == 2)
            {
                int earlier = n * 5 % versions.Count;
                await UpdateAsync(store, collection, $"{name}-{earlier}", versions[earlier] + 1);
                versions[earlier]++;
            }
            await Task.Delay(2);
        }
    }

    /// <summary>Every document of the batch replaced by its next version, in one transaction.</summary>
    private static async Task UpdateAsync(IFudgeStore store, IFudgeCollection collection, string batch, int version)
    {
        await using var transaction = await store.BeginTransactionAsync();
        var documents = new List<FudgeStoredDocument>();
        await foreach (var document in collection.FindAsync($"$.Batch == '{batch}'")) documents.Add(document);
        foreach (var document in documents)
            await collection.ReplaceAsync(document.Id, LoadDocuments.WithVersion(document.Envelope, version));
        await transaction.CommitAsync();
        Say($"updated {batch} {version}");
    }

    private static void Say(string line)
    {
        Console.WriteLine(line);
        Console.Out.Flush();
    }
}

/// <summary>Reads the whole collection and single batches over and over; every batch it sees must be whole and of one version.</summary>
internal static class Reader
{
    public static async Task RunAsync(IFudgeCollection collection, TimeSpan duration)
    {
        var clock = Stopwatch.StartNew();
        int scans = 0;
        var seen = new HashSet<string>(StringComparer.Ordinal);
        while (clock.Elapsed < duration)
        {
            var batches = new Dictionary<string, List<(int Size, int Index, int Version)>>(StringComparer.Ordinal);
            await foreach (var document in collection.FindAsync())
            {
                var read = LoadDocuments.Read(document.Envelope);
                if (!batches.TryGetValue(read.Batch, out var members)) batches[read.Batch] = members = new();
                members.Add((read.Size, read.Index, read.Version));
            }
            foreach (var (batch, members) in batches)
            {
                if (members.Count != members[0].Size || members.Select(m => m.Index).Distinct().Count() != members.Count)
                    throw new InvalidOperationException($"saw {members.Count} documents of batch {batch} of {members[0].Size}");
                if (members.Any(m => m.Version != members[0].Version))
                    throw new InvalidOperationException($"saw batch {batch} at versions {string.Join(",", members.Select(m => m.Version).Distinct())} at once");
                seen.Add(batch);
            }
            // The filter path too (on SQLite inside fudge_match, on PostgreSQL through the jsonb): a batch counts whole or not at all.
            if (batches.Count > 0)
            {
                var (some, members0) = batches.ElementAt(scans % batches.Count);
                long count = await collection.CountAsync($"$.Batch == '{some}'");
                if (count != members0[0].Size) throw new InvalidOperationException($"counted {count} documents of batch {some} of {members0[0].Size}");
            }
            scans++;
        }
        Console.WriteLine($"read {scans} {seen.Count}");
    }
}
