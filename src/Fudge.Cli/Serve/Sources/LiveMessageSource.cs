using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;

namespace Fudge.Cli.Serve.Sources;

/// <summary>
/// A broker as a live source (an <c>amqp://</c> queue or exchange, a <c>nats://</c> subject or stream): what arrives
/// is kept in memory, the last <see cref="MaxKept"/> messages; ids count messages from 0 as they arrived, so an id
/// whose message was dropped is no longer found. The broker's side adds what arrives with <see cref="Add"/> and says
/// what is going on with <see cref="SetNotice"/>.
/// </summary>
internal abstract class LiveMessageSource : IMessageSource
{
    /// <summary>Messages kept; older ones are dropped.</summary>
    public const int MaxKept = 10_000;

    private readonly object _gate = new();
    private readonly List<SourceMessage> _kept = new();
    private readonly FudgeReaderOptions _options;
    private long _next;
    private string? _notice;
    private string? _connectionNotice;

    protected LiveMessageSource(string kind, string description, FudgeReaderOptions options)
    {
        Kind = kind;
        Description = description;
        _options = options;
    }

    /// <inheritdoc />
    public string Description { get; }

    /// <inheritdoc />
    public string Kind { get; }

    /// <summary>Keeps a message that arrived (its own copy of the bytes).</summary>
    protected void Add(byte[] body)
    {
        lock (_gate)
        {
            _kept.Add(new SourceMessage(_next++, null, 0, body));
            if (_kept.Count > MaxKept) _kept.RemoveRange(0, _kept.Count - MaxKept);
        }
    }

    /// <summary>What the page shows about the source's latest work (what is tapped, what a browse pass saw).</summary>
    protected void SetNotice(string notice)
    {
        lock (_gate) _notice = notice;
    }

    /// <summary>
    /// The connection's state (lost, reconnected), a notice of its own that <see cref="SetNotice"/> does not
    /// overwrite: a lost connection stays said until it is back, and then when it was lost and that it came back.
    /// </summary>
    protected void SetConnectionNotice(string notice)
    {
        lock (_gate) _connectionNotice = notice;
    }

    /// <inheritdoc />
    public SourceStatus Status
    {
        get
        {
            lock (_gate)
            {
                string? notice = _connectionNotice is null ? _notice : _notice is null ? _connectionNotice : _connectionNotice + " · " + _notice;
                return new SourceStatus(_kept.Count, true, null, Following: true, Generation: 0, Notice: notice);
            }
        }
    }

    private SourceMessage[] Snapshot()
    {
        lock (_gate) return _kept.ToArray();
    }

    /// <inheritdoc />
    public ValueTask<SourcePage> GetPageAsync(FudgeFilter? filter, long skip, int take, CancellationToken cancellationToken)
    {
        var all = Snapshot();
        var matching = filter is null ? all : all.Where(m => Matches(filter, m)).ToArray();
        var page = matching.Skip((int)Math.Min(skip, int.MaxValue)).Take(take).ToArray();
        return ValueTask.FromResult(new SourcePage(page, matching.Length, all.Length));
    }

    /// <inheritdoc />
    public ValueTask<SourceMessage?> GetAsync(long id, CancellationToken cancellationToken)
    {
        lock (_gate)
        {
            if (_kept.Count == 0) return ValueTask.FromResult<SourceMessage?>(null);
            long index = id - _kept[0].Id;
            return ValueTask.FromResult(index >= 0 && index < _kept.Count ? _kept[(int)index] : null);
        }
    }

    /// <inheritdoc />
    public async IAsyncEnumerable<SourceMessage> ReadAllAsync(FudgeFilter? filter, [EnumeratorCancellation] CancellationToken cancellationToken)
    {
        foreach (var message in Snapshot())
        {
            cancellationToken.ThrowIfCancellationRequested();
            if (filter is null || Matches(filter, message)) yield return message;
        }
        await Task.CompletedTask.ConfigureAwait(false);
    }

    private bool Matches(FudgeFilter filter, SourceMessage message)
    {
        try
        {
            return filter.Matches(message.Bytes.Span, _options);
        }
        catch (FudgeFormatException)
        {
            return false;
        }
    }

    /// <summary>Stops receiving and lets go of the broker.</summary>
    public abstract ValueTask DisposeAsync();
}
