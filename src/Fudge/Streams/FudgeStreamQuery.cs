using System;
using System.Collections.Generic;
using System.Linq.Expressions;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;

namespace Fudge;

/// <summary>Typed queries over a stream of envelopes (docs/typed-queries.md).</summary>
public static class FudgeStreamQueryExtensions
{
    /// <summary>
    /// A typed query over the envelopes the reader has not read yet: <c>Where</c> runs on the raw bytes and only the
    /// matches are deserialized; <c>Select</c> reads only the projected fields. The query reads the stream once: each
    /// enumeration or operator continues from where the previous one stopped.
    /// </summary>
    public static FudgeStreamQuery<T> Query<T>(this FudgeStreamReader reader)
        => new(reader ?? throw new ArgumentNullException(nameof(reader)), null, never: false, skip: 0, take: -1);
}

/// <summary>
/// A typed query over a <see cref="FudgeStreamReader"/>'s envelopes as <typeparamref name="T"/> values. Predicates are
/// translated into a <see cref="FudgeFilter"/> (<see cref="FudgeTypedQuery"/>) and run on each envelope's bytes; only
/// envelopes that pass are deserialized. Counting and <see cref="Any()"/> deserialize nothing.
/// </summary>
/// <typeparam name="T">A <c>[FudgeMessage]</c> type.</typeparam>
public sealed class FudgeStreamQuery<T> : IEnumerable<T>, IAsyncEnumerable<T>
{
    private readonly FudgeStreamReader _reader;
    private readonly bool _never;
    private readonly int _skip;
    private readonly int _take;

    internal FudgeStreamQuery(FudgeStreamReader reader, FudgeFilter? filter, bool never, int skip, int take)
    {
        _reader = reader;
        Filter = filter;
        _never = never;
        _skip = skip;
        _take = take;
    }

    /// <summary>The filter the predicates were translated into (null when there is none): its <see cref="FudgeFilter.Text"/> shows the translation.</summary>
    public FudgeFilter? Filter { get; }

    /// <summary>Keeps the envelopes that pass <paramref name="predicate"/>, tested on their bytes.</summary>
    /// <exception cref="FudgeTranslationException">The predicate cannot be translated (raised here, before any envelope is read).</exception>
    public FudgeStreamQuery<T> Where(Expression<Func<T, bool>> predicate)
    {
        if (predicate is null) throw new ArgumentNullException(nameof(predicate));
        if (_skip != 0 || _take >= 0) throw new FudgeTranslationException(predicate.ToString(), "Where after Skip or Take is not translated; filter first");
        var filter = FudgeTypedQuery.FilterOf(predicate, out bool never);
        if (Filter is not null && filter is not null) filter = FudgeTypedQuery.Shared("(" + Filter.Text + ") && (" + filter.Text + ")", predicate);
        return new FudgeStreamQuery<T>(_reader, filter ?? Filter, _never || never, _skip, _take);
    }

    /// <summary>Passes over the first <paramref name="count"/> matches.</summary>
    public FudgeStreamQuery<T> Skip(int count)
    {
        if (count < 0) count = 0;
        int take = _take < 0 ? -1 : Math.Max(0, _take - count);
        return new FudgeStreamQuery<T>(_reader, Filter, _never, _skip + count, take);
    }

    /// <summary>Stops after <paramref name="count"/> matches.</summary>
    public FudgeStreamQuery<T> Take(int count)
        => new(_reader, Filter, _never, _skip, _take < 0 ? Math.Max(0, count) : Math.Min(_take, Math.Max(0, count)));

    /// <summary>
    /// Projects each match. Members of the message read in <paramref name="selector"/> are read from the bytes by
    /// their paths, with no deserialization of the whole object, when each is a scalar (a number, string, date, enum...)
    /// reached through sub-messages; otherwise the match is deserialized and the selector interpreted over it.
    /// </summary>
    public FudgeStreamProjection<T, TResult> Select<TResult>(Expression<Func<T, TResult>> selector)
    {
        if (selector is null) throw new ArgumentNullException(nameof(selector));
        return new FudgeStreamProjection<T, TResult>(this, Projector.For(selector, typeof(T)));
    }

    /// <summary>Counts the matches (nothing is deserialized).</summary>
    public int Count()
    {
        if (_never || _skip != 0 || _take >= 0)
        {
            int count = 0, skipped = 0, taken = 0;
            while (TryReadMatchSpan(ref skipped, ref taken, out _)) count++;
            return count;
        }
        return Filter is { } filter ? CountMatches(filter) : CountEnvelopes();
    }

    // Count with no window: the loop a caller of FudgeFilter.Matches writes, with nothing between the reader and the
    // filter (no skip and take counts, no call per envelope to test them), so that a typed count costs what the string
    // filter's loop costs. One handler for the whole loop: a format error of the filter's gets its stream offset.
    private int CountMatches(FudgeFilter filter)
    {
        var reader = _reader;
        var options = reader.Options;
        int count = 0;
        bool testing = false;
        try
        {
            while (reader.TryReadEnvelopeSpan(out var envelope))
            {
                testing = true;
                if (filter.Matches(envelope, options)) count++;
                testing = false;
            }
        }
        catch (FudgeFormatException e) when (testing)
        {
            throw AtStreamOffset(e);
        }
        return count;
    }

    private int CountEnvelopes()
    {
        int count = 0;
        while (_reader.TryReadEnvelopeSpan(out _)) count++;
        return count;
    }

    /// <summary>Counts the matches of this query that also pass <paramref name="predicate"/>.</summary>
    public int Count(Expression<Func<T, bool>> predicate) => Where(predicate).Count();

    /// <summary>True when some envelope matches (the stream is read up to the first match).</summary>
    public bool Any()
    {
        int skipped = 0, taken = 0;
        return TryReadMatchSpan(ref skipped, ref taken, out _);
    }

    /// <summary>True when some envelope passes <paramref name="predicate"/> as well.</summary>
    public bool Any(Expression<Func<T, bool>> predicate) => Where(predicate).Any();

    /// <summary>The first match.</summary>
    /// <exception cref="InvalidOperationException">There is none.</exception>
    public T First()
    {
        foreach (var value in this) return value;
        throw new InvalidOperationException("No envelope of the stream matches the query.");
    }

    /// <summary>The first match that also passes <paramref name="predicate"/>.</summary>
    public T First(Expression<Func<T, bool>> predicate) => Where(predicate).First();

    /// <summary>The first match, or the default when there is none.</summary>
    public T? FirstOrDefault()
    {
        foreach (var value in this) return value;
        return default;
    }

    /// <summary>Every match, deserialized.</summary>
    public List<T> ToList() => new(this);

    /// <summary>Counts the matches, reading asynchronously.</summary>
    public async ValueTask<int> CountAsync(CancellationToken cancellationToken = default)
    {
        int count = 0, skipped = 0, taken = 0;
        while (!Finished(taken) && await _reader.ReadEnvelopeAsync(cancellationToken).ConfigureAwait(false) is { } envelope)
            if (Admits(envelope.Span, ref skipped, ref taken)) count++;
        return count;
    }

    /// <summary>Every match, deserialized, reading asynchronously.</summary>
    public async ValueTask<List<T>> ToListAsync(CancellationToken cancellationToken = default)
    {
        var list = new List<T>();
        await foreach (var value in this.WithCancellation(cancellationToken).ConfigureAwait(false)) list.Add(value);
        return list;
    }

    /// <inheritdoc/>
    public IEnumerator<T> GetEnumerator()
    {
        int skipped = 0, taken = 0;
        while (TryReadMatch(ref skipped, ref taken, out var envelope)) yield return Deserialize(envelope.Span);
    }

    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();

    /// <inheritdoc/>
    public async IAsyncEnumerator<T> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        int skipped = 0, taken = 0;
        while (!Finished(taken) && await _reader.ReadEnvelopeAsync(cancellationToken).ConfigureAwait(false) is { } envelope)
            if (Admits(envelope.Span, ref skipped, ref taken)) yield return Deserialize(envelope.Span);
    }

    /// <summary>
    /// Reads up to the next match: its bytes (valid until the next read), or false at the end of the stream or of the
    /// window. <paramref name="skipped"/> and <paramref name="taken"/> are the caller's counts, zero at the start.
    /// </summary>
    internal bool TryReadMatch(ref int skipped, ref int taken, out ReadOnlyMemory<byte> envelope)
    {
        envelope = default;
        if (Finished(taken)) return false;
        while (_reader.TryReadEnvelope(out envelope))
            if (Admits(envelope.Span, ref skipped, ref taken)) return true;
        return false;
    }

    /// <summary><see cref="TryReadMatch"/> giving the bytes as a span.</summary>
    internal bool TryReadMatchSpan(ref int skipped, ref int taken, out ReadOnlySpan<byte> envelope)
    {
        envelope = default;
        if (Finished(taken)) return false;
        while (_reader.TryReadEnvelopeSpan(out envelope))
            if (Admits(envelope, ref skipped, ref taken)) return true;
        return false;
    }

    /// <summary>True when every envelope is a match: no filter, no Skip or Take (the query is read envelope by envelope).</summary>
    internal bool EveryEnvelope => Filter is null && !_never && _skip == 0 && _take < 0;

    /// <summary>True when no more matches are to be read: the query is always false, or its Take is reached.</summary>
    internal bool Finished(int taken) => _never || taken == _take;

    /// <summary>The next envelope of the stream, read asynchronously; null at its end.</summary>
    internal ValueTask<ReadOnlyMemory<byte>?> ReadEnvelopeAsync(CancellationToken cancellationToken) => _reader.ReadEnvelopeAsync(cancellationToken);

    /// <summary>True when the envelope is a match to hand out (it passes the filter and is past the Skip), counted.</summary>
    internal bool Admits(ReadOnlySpan<byte> envelope, ref int skipped, ref int taken)
    {
        if (!Passes(envelope)) return false;
        if (skipped < _skip)
        {
            skipped++;
            return false;
        }
        taken++;
        return true;
    }

    internal FudgeReaderOptions Options => _reader.Options;

    /// <summary>The reader the query reads (its envelopes straight, when <see cref="EveryEnvelope"/>).</summary>
    internal FudgeStreamReader Reader => _reader;

    private bool Passes(ReadOnlySpan<byte> envelope)
    {
        if (Filter is null) return true;
        try
        {
            return Filter.Matches(envelope, _reader.Options);
        }
        catch (FudgeFormatException e)
        {
            throw AtStreamOffset(e);
        }
    }

    internal T Deserialize(ReadOnlySpan<byte> envelope)
    {
        try
        {
            return FudgeSerializer.Deserialize<T>(envelope, _reader.Options);
        }
        catch (FudgeFormatException e)
        {
            throw AtStreamOffset(e);
        }
    }

    internal FudgeFormatException AtStreamOffset(FudgeFormatException e)
        => new(_reader.EnvelopeOffset + e.Offset, $"message {_reader.MessageCount - 1}: {e.Reason}", e);
}

/// <summary>A projection of a <see cref="FudgeStreamQuery{T}"/>'s matches (<see cref="FudgeStreamQuery{T}.Select"/>).</summary>
/// <typeparam name="T">The message type.</typeparam>
/// <typeparam name="TResult">The projected type.</typeparam>
public sealed class FudgeStreamProjection<T, TResult> : IEnumerable<TResult>, IAsyncEnumerable<TResult>
{
    private readonly FudgeStreamQuery<T> _query;
    private readonly Projector _projector;

    internal FudgeStreamProjection(FudgeStreamQuery<T> query, Projector projector)
    {
        _query = query;
        _projector = projector;
    }

    /// <summary>True when the projection reads its fields from the bytes; false when it deserializes each match whole.</summary>
    public bool ReadsFieldsOnly => _projector.ReadsFieldsOnly;

    /// <summary>Every projected match.</summary>
    public List<TResult> ToList() => new(this);

    /// <summary>The first projected match.</summary>
    /// <exception cref="InvalidOperationException">There is none.</exception>
    public TResult First()
    {
        foreach (var value in this) return value;
        throw new InvalidOperationException("No envelope of the stream matches the query.");
    }

    /// <inheritdoc/>
    public IEnumerator<TResult> GetEnumerator()
        => _projector.ReadsFieldsOnly ? new FieldsEnumerator(this) : ProjectEachWhole();

    private IEnumerator<TResult> ProjectEachWhole()
    {
        int skipped = 0, taken = 0;
        while (_query.TryReadMatch(ref skipped, ref taken, out var envelope)) yield return ProjectWhole(envelope.Span);
    }

    System.Collections.IEnumerator System.Collections.IEnumerable.GetEnumerator() => GetEnumerator();

    /// <inheritdoc/>
    public async IAsyncEnumerator<TResult> GetAsyncEnumerator(CancellationToken cancellationToken = default)
    {
        // The envelopes read here, as FieldsEnumerator reads them: no asynchronous enumerator of envelopes under this one.
        bool fields = _projector.ReadsFieldsOnly;
        var selector = fields ? _projector.Selector<TResult>() : null;
        var slots = fields ? _projector.RentSlots() : null;
        try
        {
            int skipped = 0, taken = 0;
            while (!_query.Finished(taken) && await _query.ReadEnvelopeAsync(cancellationToken).ConfigureAwait(false) is { } envelope)
            {
                if (!_query.Admits(envelope.Span, ref skipped, ref taken)) continue;
                yield return fields ? Project(envelope.Span, _projector.Leaves, _query.Options, slots!, selector!) : ProjectWhole(envelope.Span);
            }
        }
        finally
        {
            if (slots is not null) _projector.ReturnSlots(slots);
        }
    }

    /// <summary>
    /// The matches projected from their fields, the stream read in <see cref="MoveNext"/> itself (no enumerator of
    /// envelopes under this one): per message, one read of its leaves into the slots (a remembered layout replayed, or
    /// one pass over its bytes) and the compiled selector over them. The slots are the projector's spare ones when no
    /// other enumeration holds them (their layouts and texts learned already), and go back to it at the end.
    /// </summary>
    private sealed class FieldsEnumerator : IEnumerator<TResult>
    {
        private readonly FudgeStreamProjection<T, TResult> _projection;
        private readonly Func<LeafSlots, TResult> _selector;
        // What each message's read needs, held here rather than reached through the query and the projector per message.
        private readonly FudgeStreamReader _reader;
        private readonly FudgeReaderOptions _options;
        private readonly ProjectionLeaves _leaves;
        // True when every envelope is a match (no filter, no window): read straight from the reader.
        private readonly bool _every;
        // True when every envelope is a match and the layouts decide every one the reader frames, with no look at its
        // header (ProjectionLayouts.Ready: the reader has checked its size, and there is no taxonomy resolver).
        private readonly bool _framed;
        private LeafSlots? _slots;
        private int _skipped;
        private int _taken;
        private TResult _current = default!;

        public FieldsEnumerator(FudgeStreamProjection<T, TResult> projection)
        {
            _projection = projection;
            _slots = projection._projector.RentSlots();
            _selector = projection._projector.Selector<TResult>();
            _every = projection._query.EveryEnvelope;
            _reader = projection._query.Reader;
            _options = _reader.Options;
            _leaves = projection._projector.Leaves;
            _framed = _every && _slots.Layouts.Ready(_options);
        }

        public TResult Current => _current;

        object? System.Collections.IEnumerator.Current => _current;

        public bool MoveNext()
        {
            var slots = _slots;
            if (slots is null) return false;
            // One test on the usual tick for what the enumeration reads: framed envelopes, each decided by the layouts.
            if (!_framed) return MoveNextLookingAtHeaders(slots);
            // Returned, not an out argument: a local whose address is taken lives in memory, and each envelope's span
            // would be stored and loaded back before its layout is looked for.
            var envelope = _reader.ReadEnvelopeSpanOrEmpty();
            if (envelope.IsEmpty)
            {
                Dispose();
                return false;
            }
            // A known layout's replay raises nothing, and is read here with no handler around it (see
            // ProjectionLeaves.TryReplayFramed); the other reads, in a method of their own, have theirs.
            if (!ProjectionLeaves.TryReplayFramed(envelope, _options, slots)) ReadUnreplayed(envelope, slots, framed: true);
            // The selector raises its failures as the projection's exception itself (Projector.Selector): no handler here.
            _current = _selector(slots);
            return true;
        }

        // MoveNext where the envelopes are not all framed by the layouts alone: matches of a filter or window, or every
        // envelope with its header looked at (a taxonomy resolver, say).
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private bool MoveNextLookingAtHeaders(LeafSlots slots)
        {
            ReadOnlySpan<byte> envelope;
            if (_every) envelope = _reader.ReadEnvelopeSpanOrEmpty();
            else envelope = _projection._query.TryReadMatchSpan(ref _skipped, ref _taken, out var match) ? match : default;
            if (envelope.IsEmpty)
            {
                Dispose();
                return false;
            }
            ReadUnreplayed(envelope, slots, framed: false);
            _current = _selector(slots);
            return true;
        }

        // The envelope's leaves when no layout replayed them: recorded, walked or (not framed) looked up.
        [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
        private void ReadUnreplayed(ReadOnlySpan<byte> envelope, LeafSlots slots, bool framed)
        {
            try
            {
                if (framed) _leaves.ReadFramedUnreplayed(envelope, _options, slots);
                else _leaves.Read(envelope, _options, slots);
            }
            catch (FudgeFormatException e)
            {
                throw _projection._query.AtStreamOffset(e);
            }
        }

        public void Reset() => throw new NotSupportedException("A stream query reads its stream once.");

        public void Dispose()
        {
            _current = default!;
            if (_slots is { } slots)
            {
                _slots = null;
                _projection._projector.ReturnSlots(slots);
            }
        }
    }

    private TResult Project(ReadOnlySpan<byte> envelope, ProjectionLeaves leaves, FudgeReaderOptions options, LeafSlots slots, Func<LeafSlots, TResult> selector)
    {
        try
        {
            leaves.Read(envelope, options, slots);
        }
        catch (FudgeFormatException e)
        {
            throw _query.AtStreamOffset(e);
        }
        // The selector raises its failures as the projection's exception itself (Projector.Selector).
        return selector(slots);
    }

    private TResult ProjectWhole(ReadOnlySpan<byte> envelope) => (TResult)_projector.ProjectWhole(_query.Deserialize(envelope))!;
}
