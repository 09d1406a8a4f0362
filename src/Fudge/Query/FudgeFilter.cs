using System;
using System.Buffers;

namespace Fudge.Query;

/// <summary>
/// A compiled predicate over messages, such as
/// <c>$.Company.Ticker == 'AAPL' &amp;&amp; $.Log.Type in ['AUDIT', 'SECURITY']</c>. Comparisons widen numbers across
/// every integer and floating type; strings, booleans, ISO 8601 dates and date-times compare too; functions test
/// prefixes, substrings, regular expressions, wire types and counts. A test over a path holds when any field the path
/// selects passes it ("any" semantics); a path that selects nothing fails every test but absence (<c>!$.path</c>).
/// The language is described in docs/routing.md. A filter is thread-safe: share one between threads.
/// </summary>
/// <remarks>
/// <para>On encoded bytes, evaluation reads the envelope in place and allocates nothing in steady state (regular
/// expressions on netstandard2.0 excepted): comparisons on plain paths joined by one operator run as one loop over the
/// bytes, other filters as a walk with <see cref="FudgeReader"/>. Only the bytes a test reads are checked; malformed
/// ones raise <see cref="FudgeFormatException"/>, never another exception.</para>
/// <para>The loop also remembers the layouts of up to 32 recent messages of up to 512 bytes: where their headers are
/// and what they hold. A message whose header bytes equal a remembered layout's (the next tick of a feed, say) is
/// decided from the values of its tested fields alone, with the same answer. Remembering a layout allocates about twice
/// the message's length, and a stream whose messages never repeat a layout is recorded ever more rarely.</para>
/// </remarks>
public sealed class FudgeFilter
{
    private readonly FilterNode _root;
    private readonly FilterPlan? _plan;

    private FudgeFilter(string text, FilterNode root)
    {
        Text = text;
        _root = root;
        _plan = FilterPlan.Create(root);
    }

    /// <summary>The compiled expression, for translators into other query languages (the stores).</summary>
    internal FilterNode Root => _root;

    /// <summary>True when the filter is decided by one loop over the message's bytes (<see cref="PlainPathPlan"/>).</summary>
    internal bool HasLoopPlan => _plan?.Loop is not null;

    /// <summary>Makes a <c>$..name</c> walk read every sub-message, passing none over by its layout (the tests' reference).</summary>
    internal FudgeFilter ReadingEverySubMessage()
    {
        _plan?.ReadEverySubMessage();
        return this;
    }

    /// <summary>The loop, for the tests of its layouts; null when the filter has none.</summary>
    internal PlainPathPlan? Loop => _plan?.Loop;

    /// <summary>The text the filter was compiled from.</summary>
    public string Text { get; }

    /// <summary>Compiles a filter.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> is null.</exception>
    /// <exception cref="FudgeQueryException">The text is not a valid filter; the exception names the line and column.</exception>
    public static FudgeFilter Compile(string text)
    {
        if (text is null) throw new ArgumentNullException(nameof(text));
        return new FudgeFilter(text, FilterParser.Parse(text));
    }

    /// <summary>True when the envelope at the start of <paramref name="envelope"/> passes the filter.</summary>
    /// <param name="envelope">One envelope (bytes after it are ignored).</param>
    /// <param name="options">Limits and the taxonomy resolver that names ordinal-only fields; the defaults when null.</param>
    /// <exception cref="FudgeFormatException">The bytes the evaluation reads are malformed.</exception>
    public bool Matches(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        if (_plan?.Loop is { } loop)
        {
            int result = loop.Evaluate(envelope, options ?? FudgeReaderOptions.Default);
            if (result != PlainPathPlan.Undecided) return result != 0;
        }
        return MatchesByWalk(envelope, options);
    }

    /// <summary>
    /// <see cref="Matches(ReadOnlySpan{byte}, FudgeReaderOptions?)"/> without the loop: the walk of the plan,
    /// or the tests one by one. The two must agree on every input (the tests compare them).
    /// </summary>
    // Out of line, so that callers which inline Matches do not also set up a reader for every message.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    internal bool MatchesByWalk(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        var reader = new FudgeReader(envelope, options);
        return _plan is not null ? _plan.Evaluate(ref reader) : _root.Evaluate(in reader);
    }

    /// <summary>
    /// True when the envelope held in <paramref name="envelope"/> passes. A multi-segment sequence is copied into a
    /// pooled buffer first, so steady use does not allocate.
    /// </summary>
    public bool Matches(in ReadOnlySequence<byte> envelope, FudgeReaderOptions? options = null)
    {
        if (envelope.IsSingleSegment) return Matches(envelope.First.Span, options);
        using var contiguous = new ContiguousEnvelope(envelope, options);
        return Matches(contiguous.Span, options);
    }

    /// <summary>True when the message <paramref name="message"/> is positioned at the start of passes; the reader does not move.</summary>
    public bool Matches(in FudgeReader message)
    {
        if (_plan is null) return _root.Evaluate(in message);
        if (_plan.Loop is { } loop && message.Taxonomy is null)
        {
            int result = loop.EvaluateFields(message.UnreadFields, message.Depth, message.Options.MaxDepth);
            if (result != PlainPathPlan.Undecided) return result != 0;
        }
        // Bytes go through the plan (one walk for every test) when the filter has tests it can walk; on a copy, since
        // the walk moves its reader.
        var reader = message;
        return _plan.Evaluate(ref reader);
    }

    /// <summary>True when a model message passes; <paramref name="taxonomy"/> names ordinal-only fields, if given.</summary>
    public bool Matches(FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
    {
        if (message is null) throw new ArgumentNullException(nameof(message));
        return _root.Evaluate(message, taxonomy);
    }

    /// <inheritdoc/>
    public override string ToString() => Text;
}
