using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Cli.Console;
using Fudge.Cli.Input;
using Fudge.Json;
using Fudge.Query;
using Fudge.Store;
using Newtonsoft.Json;

namespace Fudge.Cli.Store;

/// <summary>What the <c>fudge store</c> subcommands do once their arguments are parsed (docs/store.md).</summary>
internal static class StoreCommands
{
    /// <summary>Imports every envelope of the input in one transaction: an error anywhere stores nothing.</summary>
    public static async Task<long> ImportAsync(IFudgeCollection collection, EnvelopeInput input, ProgressReporter progress, FudgeBulkInsertOptions options)
    {
        long count = await collection.InsertManyAsync(Envelopes(input, progress), options).ConfigureAwait(false);
        progress.Finish();
        return count;
    }

    private static async IAsyncEnumerable<ReadOnlyMemory<byte>> Envelopes(EnvelopeInput input, ProgressReporter progress,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        int count = 0;
        while (true)
        {
            cancellationToken.ThrowIfCancellationRequested();
            InputEnvelope envelope;
            try
            {
                if (!input.TryRead(out envelope)) break;
            }
            catch (FudgeFormatException e)
            {
                throw new FudgeFormatException(e.Offset, e.Reason + " (nothing was imported)", e);
            }
            yield return envelope.Bytes;
            progress.Report(++count, input.Position);
        }
        await Task.CompletedTask.ConfigureAwait(false);
    }

    /// <summary>Writes the documents a query selects: their bytes back to back, or one JSON object per line.</summary>
    public static async Task<long> QueryAsync(IFudgeCollection collection, FudgeQuery query, Stream output, TextWriter? json, FudgeJsonSettings settings)
    {
        long count = 0;
        await foreach (var document in collection.FindAsync(query).ConfigureAwait(false))
        {
            if (json is null)
            {
                await output.WriteAsync(document.Envelope).ConfigureAwait(false);
            }
            else
            {
                using (var writer = new JsonTextWriter(json) { CloseOutput = false, Formatting = Formatting.None })
                    FudgeJson.WriteJson(document.Envelope, writer, settings);
                json.WriteLine();
            }
            count++;
        }
        return count;
    }

    public static string Count(long count, string noun) => $"{count.ToString(CultureInfo.InvariantCulture)} {noun}{(count == 1 ? "" : "s")}";
}
