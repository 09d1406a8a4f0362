using System;
using System.Collections.Generic;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Cli.Serve.Sources;
using Fudge.Query;

namespace Fudge.Cli.Serve;

/// <summary>
/// Counts in the background how many messages a filter passes, so the page can show a total (and a last page) with
/// progress while the count runs. The last few filters' counts are kept; asking for another one stops the oldest.
/// </summary>
internal sealed class FilterCounts
{
    private const int Kept = 4;

    private readonly IMessageSource _source;
    private readonly LinkedList<Count> _counts = new();

    public FilterCounts(IMessageSource source) => _source = source;

    /// <summary>The count for <paramref name="filter"/> (all messages when null) as far as it got; starts it the first time.</summary>
    public FilterCount Get(FudgeFilter? filter)
    {
        if (filter is null)
        {
            var status = _source.Status;
            return new FilterCount(status.Count, status.Count, status.Complete);
        }
        Count count;
        var now = _source.Status;
        lock (_counts)
        {
            var node = _counts.First;
            while (node is not null && node.Value.Text != filter.Text) node = node.Next;
            // A count of an older generation, or one finished before a followed source grew, is counted again.
            if (node is not null && (node.Value.Generation != now.Generation || (node.Value.Complete && now.Complete && node.Value.Scanned < now.Count)))
            {
                node.Value.Stop.Cancel();
                _counts.Remove(node);
                node = null;
            }
            if (node is null)
            {
                count = new Count(filter.Text, now.Generation);
                _counts.AddFirst(count);
                if (_counts.Count > Kept)
                {
                    _counts.Last!.Value.Stop.Cancel();
                    _counts.RemoveLast();
                }
                _ = Task.Run(() => RunAsync(filter, count));
            }
            else
            {
                count = node.Value;
            }
        }
        return new FilterCount(Volatile.Read(ref count.Matched), Volatile.Read(ref count.Scanned), count.Complete);
    }

    private async Task RunAsync(FudgeFilter filter, Count count)
    {
        try
        {
            await foreach (var message in _source.ReadAllAsync(filter, count.Stop.Token).ConfigureAwait(false))
            {
                Interlocked.Increment(ref count.Matched);
                Volatile.Write(ref count.Scanned, message.Id + 1);
            }
            Volatile.Write(ref count.Scanned, Math.Max(count.Scanned, _source.Status.Count));
            count.Complete = true;
        }
        catch (OperationCanceledException)
        {
            // Stopped for a newer filter.
        }
        catch (Exception e) when (e is FudgeException or Fudge.Store.FudgeStoreException or System.IO.IOException)
        {
            // A store that refuses the filter: the list shows that problem; the count stays incomplete.
        }
    }

    private sealed class Count
    {
        public Count(string text, int generation)
        {
            Text = text;
            Generation = generation;
        }

        public string Text { get; }

        public int Generation { get; }

        public CancellationTokenSource Stop { get; } = new();

        public long Matched;

        public long Scanned;

        public volatile bool Complete;
    }
}
