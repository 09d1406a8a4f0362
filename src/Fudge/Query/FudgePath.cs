using System;
using System.Buffers;
using System.Collections.Generic;

namespace Fudge.Query;

/// <summary>
/// A compiled path that addresses fields of a message: <c>$.Company.Ticker</c>, <c>$..price</c>, <c>$.legs[0]</c>,
/// <c>$.legs[-1]</c>, <c>$.*</c>, <c>$['odd name']</c>, <c>$.#5</c> (ordinal 5), <c>$.#</c> (anonymous fields). The
/// notation is the RFC 9535 JSONPath subset described in docs/routing.md. A path is immutable and thread-safe.
/// </summary>
/// <remarks>
/// On encoded bytes the path walks the envelope with <see cref="FudgeReader"/>: nothing is decoded but the names it
/// compares, sub-messages it cannot match are skipped by their size, and a struct visitor makes the walk allocation-free.
/// A name step also matches an ordinal-only field whose envelope taxonomy (from
/// <see cref="FudgeReaderOptions.TaxonomyResolver"/>) gives it that name. Only the parts of the envelope the walk reads
/// are checked; malformed bytes on the way raise <see cref="FudgeFormatException"/>.
/// </remarks>
public sealed class FudgePath
{
    private readonly PathStep[] _steps;

    private FudgePath(string text, PathStep[] steps)
    {
        Text = text;
        _steps = steps;
    }

    /// <summary>The text the path was compiled from.</summary>
    public string Text { get; }

    /// <summary>The compiled steps, for the transforms that address fields by path.</summary>
    internal PathStep[] Steps => _steps;

    /// <summary>True for <c>$</c> alone, which selects no field (the message itself).</summary>
    public bool IsRoot => _steps.Length == 0;

    /// <summary>Compiles a path.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="text"/> is null.</exception>
    /// <exception cref="FudgeQueryException">The text is not a valid path; the exception names the column.</exception>
    public static FudgePath Compile(string text)
    {
        if (text is null) throw new ArgumentNullException(nameof(text));
        var cursor = new QueryText(text);
        cursor.SkipBlanks();
        var path = Parse(cursor);
        cursor.SkipBlanks();
        if (!cursor.AtEnd) throw cursor.ErrorHere($"unexpected '{cursor.Current}' after the path");
        return path;
    }

    internal static FudgePath Parse(QueryText cursor, bool element = false)
    {
        int start = cursor.Position;
        var steps = PathParser.Parse(cursor, element);
        return new FudgePath(cursor.Text.Substring(start, cursor.Position - start), steps);
    }

    /// <inheritdoc/>
    public override string ToString() => Text;

    // ---------------------------------------------------------------- encoded bytes

    /// <summary>Calls <paramref name="visitor"/> for each field the path selects in one envelope, in byte order, until it returns false.</summary>
    /// <exception cref="FudgeFormatException">The bytes the walk reads are malformed.</exception>
    public void Visit<TVisitor>(ReadOnlySpan<byte> envelope, ref TVisitor visitor, FudgeReaderOptions? options = null)
        where TVisitor : struct, IFudgeFieldVisitor
    {
        var reader = new FudgeReader(envelope, options);
        Visit(in reader, ref visitor);
    }

    /// <summary>
    /// Calls <paramref name="visitor"/> for each field the path selects in one envelope held in a sequence. A
    /// multi-segment sequence is first copied into a pooled buffer, so steady use does not allocate.
    /// </summary>
    public void Visit<TVisitor>(in ReadOnlySequence<byte> envelope, ref TVisitor visitor, FudgeReaderOptions? options = null)
        where TVisitor : struct, IFudgeFieldVisitor
    {
        if (envelope.IsSingleSegment)
        {
            Visit(envelope.First.Span, ref visitor, options);
            return;
        }
        using var contiguous = new ContiguousEnvelope(envelope, options);
        Visit(contiguous.Span, ref visitor, options);
    }

    /// <summary>
    /// Walks the fields of the message <paramref name="message"/> is positioned at the start of (an envelope reader, or
    /// one returned by <see cref="FudgeReader.ReadMessage"/>), without moving it.
    /// </summary>
    public void Visit<TVisitor>(in FudgeReader message, ref TVisitor visitor)
        where TVisitor : struct, IFudgeFieldVisitor
    {
        if (_steps.Length == 0) return;
        Walk(message, 0, ref visitor);
    }

    /// <summary>True when the path selects at least one field of the envelope.</summary>
    public bool Exists(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        var counter = new CountingVisitor(1);
        Visit(envelope, ref counter, options);
        return counter.Count > 0;
    }

    /// <summary>The number of fields the path selects in the envelope.</summary>
    public int Count(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        var counter = new CountingVisitor(int.MaxValue);
        Visit(envelope, ref counter, options);
        return counter.Count;
    }

    /// <summary>Decodes the fields the path selects into model fields (sub-messages become <see cref="FudgeMsg"/>). Allocates.</summary>
    public IReadOnlyList<FudgeField> Select(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        var collector = new CollectingVisitor(new List<FudgeField>());
        Visit(envelope, ref collector, options);
        return collector.Fields;
    }

    // The reader is taken by value: a copy the walk owns reads faster than one reached through a reference.
    internal bool Walk<TVisitor>(FudgeReader reader, int stepIndex, ref TVisitor visitor)
        where TVisitor : struct, IFudgeFieldVisitor
    {
        var step = _steps[stepIndex];
        bool last = stepIndex == _steps.Length - 1;
        int target = step.Index;
        if (step.HasIndex && target < 0)
        {
            var counter = reader;
            int count = 0;
            while (counter.Read())
                if (step.Matches(in counter)) count++;
            target = count + target; // stays negative, so nothing is chosen, when there are too few occurrences
        }
        int seen = 0;
        while (reader.Read())
        {
            bool chosen = false;
            if (step.Matches(in reader))
            {
                chosen = !step.HasIndex || seen == target;
                seen++;
            }
            if (chosen)
            {
                if (last)
                {
                    if (!visitor.Visit(in reader)) return false;
                }
                else if (reader.TypeId == FudgeTypeId.Message)
                {
                    if (!Walk(reader.ReadMessage(), stepIndex + 1, ref visitor)) return false;
                }
            }
            if (step.Descendant)
            {
                if (reader.TypeId == FudgeTypeId.Message)
                {
                    if (!Walk(reader.ReadMessage(), stepIndex, ref visitor)) return false;
                }
            }
            else if (step.HasIndex && seen > target && target >= 0)
            {
                break; // the chosen occurrence is behind us and nothing below is searched
            }
        }
        return true;
    }

    // ---------------------------------------------------------------- the message model

    /// <summary>
    /// The fields the path selects in a <see cref="FudgeMsg"/>, in order. <paramref name="taxonomy"/> names
    /// ordinal-only fields for name steps, as the envelope's taxonomy does on bytes.
    /// </summary>
    public IReadOnlyList<FudgeField> Select(FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
    {
        if (message is null) throw new ArgumentNullException(nameof(message));
        var collector = new FieldListSink(new List<FudgeField>());
        if (_steps.Length > 0) Walk(message, 0, taxonomy, ref collector);
        return collector.Fields;
    }

    /// <summary>True when the path selects at least one field of <paramref name="message"/>.</summary>
    public bool Exists(FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
    {
        if (message is null) throw new ArgumentNullException(nameof(message));
        var first = new FirstFieldSink();
        if (_steps.Length > 0) Walk(message, 0, taxonomy, ref first);
        return first.Found;
    }

    internal void Visit<TSink>(FudgeMsg message, IFudgeTaxonomy? taxonomy, ref TSink sink)
        where TSink : struct, IFieldSink
    {
        if (_steps.Length > 0) Walk(message, 0, taxonomy, ref sink);
    }

    private bool Walk<TSink>(FudgeMsg message, int stepIndex, IFudgeTaxonomy? taxonomy, ref TSink sink)
        where TSink : struct, IFieldSink
    {
        var step = _steps[stepIndex];
        bool last = stepIndex == _steps.Length - 1;
        int target = step.Index;
        if (step.HasIndex && target < 0)
        {
            int count = 0;
            for (int i = 0; i < message.Count; i++)
                if (step.Matches(message[i], taxonomy)) count++;
            target = count + target;
        }
        int seen = 0;
        for (int i = 0; i < message.Count; i++)
        {
            var field = message[i];
            bool chosen = false;
            if (step.Matches(field, taxonomy))
            {
                chosen = !step.HasIndex || seen == target;
                seen++;
            }
            if (chosen)
            {
                if (last)
                {
                    if (!sink.Visit(in field)) return false;
                }
                else if (field.Value is FudgeMsg sub && !Walk(sub, stepIndex + 1, taxonomy, ref sink))
                {
                    return false;
                }
            }
            if (step.Descendant && field.Value is FudgeMsg nested && !Walk(nested, stepIndex, taxonomy, ref sink)) return false;
        }
        return true;
    }

    // ---------------------------------------------------------------- visitors used here

    private struct CountingVisitor : IFudgeFieldVisitor
    {
        private readonly int _stopAt;

        public CountingVisitor(int stopAt)
        {
            _stopAt = stopAt;
            Count = 0;
        }

        public int Count { get; private set; }

        public bool Visit(in FudgeReader field) => ++Count < _stopAt;
    }

    private readonly struct CollectingVisitor : IFudgeFieldVisitor
    {
        public CollectingVisitor(List<FudgeField> fields) => Fields = fields;

        public List<FudgeField> Fields { get; }

        public bool Visit(in FudgeReader field)
        {
            var reader = field;
            Fields.Add(FudgeMsgCodec.ReadField(ref reader));
            return true;
        }
    }

    private readonly struct FieldListSink : IFieldSink
    {
        public FieldListSink(List<FudgeField> fields) => Fields = fields;

        public List<FudgeField> Fields { get; }

        public bool Visit(in FudgeField field)
        {
            Fields.Add(field);
            return true;
        }
    }

    private struct FirstFieldSink : IFieldSink
    {
        public bool Found { get; private set; }

        public bool Visit(in FudgeField field)
        {
            Found = true;
            return false;
        }
    }
}

/// <summary>Receives the model fields a path selects from a <see cref="FudgeMsg"/>; return false to stop.</summary>
internal interface IFieldSink
{
    bool Visit(in FudgeField field);
}
