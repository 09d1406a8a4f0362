using System;
using System.CommandLine;
using System.IO;
using System.Linq;
using Fudge.Cli.Console;
using Fudge.Cli.Store;
using Fudge.Json;
using Fudge.Query;
using Fudge.Store;

namespace Fudge.Cli;

/// <summary>The <c>fudge store</c> commands: import into, query, index and count a document store (docs/store.md).</summary>
internal static partial class FudgeCommandLine
{
    private static Command StoreCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var store = new Command("store", "Keep Fudge documents in a database and query them with the filter language: an SQLite file (created by import) or a PostgreSQL server (postgres:// URL).");
        store.Subcommands.Add(StoreImportCommandLine(console, taxonomy));
        store.Subcommands.Add(StoreQueryCommandLine(console));
        store.Subcommands.Add(StoreIndexCommandLine(console));
        store.Subcommands.Add(StoreCountCommandLine(console));
        return store;
    }

    private static Argument<string> DbArgument() => new("DB") { Description = "The store: an SQLite file path (or SQLite connection string), or a postgres://user:password@host:port/database URL." };

    private static Option<string> CollectionOption() => new("--collection", "-c") { Description = "The collection. Default: documents.", DefaultValueFactory = _ => "documents" };

    private static Command StoreImportCommandLine(CliConsole console, Option<string[]> taxonomy)
    {
        var db = DbArgument();
        var file = InputArgument();
        var collection = CollectionOption();
        var progressOption = new Option<bool>("--progress") { Description = "Write \"N documents, M MiB, R documents/s\" to standard error every second even when it is not a terminal (one line each time). On a terminal the line is always shown, redrawn in place." };
        var indexesAfter = new Option<bool>("--build-indexes-after") { Description = "Take the collection's indexes away during the import and build them once after it: faster for an import large beside what the collection holds. Readers of a PostgreSQL store query without the index meanwhile (same answers, slower); SQLite's readers see the indexed collection throughout. The indexes are back when the command ends, whether the import succeeded or not." };
        var command = new Command("import", "Store every envelope of the input, byte for byte, in one transaction: a corrupt stream imports nothing. Progress on standard error.")
        {
            db, file, collection, progressOption, indexesAfter,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: false, _ =>
        {
            using var input = OpenInput(parsed.GetValue(file)!, console, parsed.GetValue(taxonomy));
            var progress = ProgressReporter.ForImport(console, parsed.GetValue(progressOption));
            long count;
            string dbArgument = parsed.GetValue(db)!;
            bool newFile = StoreOpener.IsNewSqliteFile(dbArgument);
            try
            {
                count = RunAsync(async () =>
                {
                    await using var opened = await StoreOpener.OpenAsync(dbArgument, create: true);
                    var target = await opened.GetCollectionAsync(parsed.GetValue(collection)!);
                    var options = new FudgeBulkInsertOptions { BuildIndexesAfterLoad = parsed.GetValue(indexesAfter) };
                    return await StoreCommands.ImportAsync(target, input, progress, options);
                });
            }
            catch when (newFile)
            {
                // The import stored nothing (one transaction): leave no empty store file behind that the next
                // command would take for a real one.
                StoreOpener.DeleteSqliteFile(dbArgument);
                throw;
            }
            finally
            {
                progress.Finish();
            }
            console.Out.WriteLine($"imported {StoreCommands.Count(count, "document")} into '{parsed.GetValue(collection)}'");
            return Success;
        }));
        return command;
    }

    private static Command StoreQueryCommandLine(CliConsole console)
    {
        var db = DbArgument();
        var collection = CollectionOption();
        var where = new Option<string?>("--where", "-w") { Description = "The filter (docs/routing.md); every document when absent." };
        var json = new Option<bool>("--json") { Description = "Write one JSON object per line instead of the Fudge envelopes." };
        var orderBy = new Option<string?>("--order-by") { Description = "Order by the first value this path selects (default: by id).", HelpName = "PATH" };
        var descending = new Option<bool>("--descending") { Description = "Reverse the order." };
        var skip = new Option<int>("--skip") { Description = "Documents to pass over first." };
        var limit = new Option<int?>("--limit") { Description = "The most documents to write." };
        var command = new Command("query", "Write the documents that match a filter, byte for byte as stored (or as JSON lines).")
        {
            db, collection, where, json, orderBy, descending, skip, limit,
        };
        AtLeast(skip, 0, "--skip cannot be negative.");
        AtLeast(limit, 0, "--limit cannot be negative.");
        command.SetAction(parsed => Guarded(console, writesAsItGoes: true, progress =>
        {
            var query = new FudgeQuery
            {
                Where = parsed.GetValue(where) is string text ? FudgeFilter.Compile(text) : null,
                OrderBy = parsed.GetValue(orderBy) is string path ? FudgePath.Compile(path) : null,
                Descending = parsed.GetValue(descending),
                Skip = parsed.GetValue(skip),
                Limit = parsed.GetValue(limit),
            };
            RunAsync(async () =>
            {
                await using var opened = await StoreOpener.OpenAsync(parsed.GetValue(db)!, create: false);
                var source = await StoreOpener.ExistingCollectionAsync(opened, parsed.GetValue(collection)!);
                if (parsed.GetValue(json)) return await StoreCommands.QueryAsync(source, query, Stream.Null, console.Out, FudgeJsonSettings.Plain);
                using var output = new BufferedStream(new Fudge.Cli.Input.LeaveOpenStream(console.Output), 64 * 1024);
                long written = await StoreCommands.QueryAsync(source, query, output, null, FudgeJsonSettings.Plain);
                await output.FlushAsync();
                return written;
            });
            return Success;
        }));
        return command;
    }

    private static Command StoreIndexCommandLine(CliConsole console)
    {
        var db = DbArgument();
        var paths = new Argument<string[]>("PATH")
        {
            Description = "The path to index, e.g. $.System.Hostname: equality, 'in' and range filters on it then search the index. Several paths make one composite index, searched by equality on the first and a range on the next.",
            Arity = ArgumentArity.OneOrMore,
        };
        var collection = CollectionOption();
        var drop = new Option<bool>("--drop") { Description = "Remove the index on these paths (in this order) instead." };
        var unique = new Option<bool>("--unique") { Description = "No two documents may have equal values at every path (documents without a value are not constrained); refused when documents already share one." };
        var command = new Command("index", "Declare an index on a path, or a composite index on several (SQLite: an expression index; PostgreSQL: a B-tree; for a path through a list's elements, $.Legs.#.Venue, an index of all their values: a GIN index, or in SQLite a side table).")
        {
            db, paths, collection, drop, unique,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: false, progress =>
        {
            var compiled = parsed.GetValue(paths)!.Select(FudgePath.Compile).ToList();
            if (compiled.Select(p => p.Text.Trim()).Distinct(StringComparer.Ordinal).Count() != compiled.Count)
                throw new FudgeStoreException("A path appears twice in the index: name each path once.");
            var index = new FudgeIndexDefinition(compiled, parsed.GetValue(unique));
            string outcome = RunAsync(async () =>
            {
                await using var opened = await StoreOpener.OpenAsync(parsed.GetValue(db)!, create: false);
                var target = await StoreOpener.ExistingCollectionAsync(opened, parsed.GetValue(collection)!);
                if (!parsed.GetValue(drop))
                {
                    await target.CreateIndexAsync(index);
                    return $"indexed {index.Text} in '{target.Name}'";
                }
                return await target.DropIndexAsync(index) ? $"dropped the index on {string.Join(", ", compiled.Select(p => p.Text))}" : $"no index on {string.Join(", ", compiled.Select(p => p.Text))}";
            });
            console.Out.WriteLine(outcome);
            return Success;
        }));
        return command;
    }

    private static Command StoreCountCommandLine(CliConsole console)
    {
        var db = DbArgument();
        var collection = CollectionOption();
        var where = new Option<string?>("--where", "-w") { Description = "The filter; every document when absent." };
        var command = new Command("count", "Print how many documents match a filter.")
        {
            db, collection, where,
        };
        command.SetAction(parsed => Guarded(console, writesAsItGoes: false, progress =>
        {
            var filter = parsed.GetValue(where) is string text ? FudgeFilter.Compile(text) : null;
            long count = RunAsync(async () =>
            {
                await using var opened = await StoreOpener.OpenAsync(parsed.GetValue(db)!, create: false);
                var source = await StoreOpener.ExistingCollectionAsync(opened, parsed.GetValue(collection)!);
                return await source.CountAsync(filter);
            });
            console.Out.WriteLine(count.ToString(System.Globalization.CultureInfo.InvariantCulture));
            return Success;
        }));
        return command;
    }

    // The command line is synchronous (System.CommandLine actions return exit codes); the store API is async.
    private static T RunAsync<T>(System.Func<System.Threading.Tasks.Task<T>> body) => body().GetAwaiter().GetResult();
}
