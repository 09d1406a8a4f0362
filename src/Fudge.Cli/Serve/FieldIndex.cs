using System;
using System.Collections.Generic;

namespace Fudge.Cli.Serve;

/// <summary>
/// Where a large envelope's top-level fields are, every <see cref="Every"/>-th of them: its byte offset, its index in
/// document order (the fields of the sub-messages before it counted) and how many times each repeated path step has
/// occurred before it (a repeated key's <c>[i]</c>). A page of fields (<see cref="MessageTree.Fields"/>) or the field
/// holding a byte (<see cref="FieldLocator.Locate"/>) then starts at the nearest such field instead of the envelope's
/// first one, so a jump far into a message of 900,000 fields walks at most <see cref="Every"/> top-level fields (and
/// the sub-message it lands in) rather than every field before it; the answers are the same as from the start.
/// Built in one walk of the field headers, and only for an envelope that walks to its end without a fault (a
/// malformed one is walked from its start each time, so its fault is met where it is). Its size is bounded whatever
/// the message: at most <see cref="MaxCheckpoints"/> places of at most <see cref="MaxRepeatedSteps"/> counts each, and
/// at most <see cref="MaxSteps"/> steps of <see cref="MaxStepChars"/> characters in all (under 512 KiB).
/// </summary>
internal sealed class FieldIndex
{
    /// <summary>Top-level fields between two places, at least; more when the message has more places than <see cref="MaxCheckpoints"/>.</summary>
    public const int MinEvery = 64;

    /// <summary>Places kept at most: the index of the largest message stays within a few hundred KiB.</summary>
    public const int MaxCheckpoints = 4096;

    /// <summary>Distinct repeated path steps at the top level an index can count; a message with more is not indexed.</summary>
    public const int MaxRepeatedSteps = 16;

    /// <summary>Distinct top-level path steps an index keeps; a message with more is not indexed.</summary>
    public const int MaxSteps = 1024;

    /// <summary>Characters of those steps together an index keeps (long names); a message with more is not indexed.</summary>
    public const int MaxStepChars = 32 * 1024;

    // The envelopes indexed have been read whole already: their header is read as it is.
    private static readonly FudgeReaderOptions HeaderOnly = new() { MaxMessageSize = int.MaxValue };

    // Per place k: the byte offset of its field's prefix, the field's index in document order, and (MaxRepeatedSteps
    // wide at most, _repeated.Length exactly) how many fields of each repeated step came before it at the top level.
    private readonly int[] _offsets;
    private readonly int[] _indexes;
    private readonly int[] _occurrences;
    private readonly string[] _repeated;

    private FieldIndex(int every, int[] offsets, int[] indexes, int[] occurrences, string[] repeated, Dictionary<string, int> steps)
    {
        Every = every;
        _offsets = offsets;
        _indexes = indexes;
        _occurrences = occurrences;
        _repeated = repeated;
        Steps = steps;
    }

    /// <summary>Top-level fields from one place to the next.</summary>
    public int Every { get; }

    /// <summary>Places held.</summary>
    public int Count => _offsets.Length;

    /// <summary>How many top-level fields have each path step (what <see cref="MessageTree"/> counts to give a repeated one its index).</summary>
    public IReadOnlyDictionary<string, int> Steps { get; }

    /// <summary>An upper bound of the memory the index holds, in bytes (its arrays, and its steps at 64 bytes each plus their text).</summary>
    public long EstimatedBytes
    {
        get
        {
            long bytes = 64 + 4L * (_offsets.Length + _indexes.Length + _occurrences.Length) + 3 * 24;
            foreach (var step in Steps.Keys) bytes += 64 + 2L * step.Length;
            return bytes;
        }
    }

    /// <summary>
    /// The index of an envelope of more than 2 × <see cref="MinEvery"/> top-level fields, or null: a smaller one (walked
    /// in no time), a malformed one, or one with more distinct top-level steps than the bounds allow.
    /// </summary>
    public static FieldIndex? Build(ReadOnlySpan<byte> envelope, FudgeReaderOptions options)
    {
        try
        {
            // The steps and how many fields have each (a repeated one's fields get an index in their path).
            var steps = new Dictionary<string, int>(StringComparer.Ordinal);
            int topLevel = 0, stepChars = 0;
            var reader = new FudgeReader(envelope, options);
            while (reader.Read())
            {
                topLevel++;
                string step = FieldPaths.Step(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
                if (steps.TryGetValue(step, out int n)) steps[step] = n + 1;
                else
                {
                    steps[step] = 1;
                    stepChars += step.Length;
                    if (steps.Count > MaxSteps || stepChars > MaxStepChars) return null;
                }
            }
            if (topLevel <= 2 * MinEvery) return null;
            var repeated = new List<string>();
            foreach (var (step, n) in steps)
                if (n > 1) repeated.Add(step);
            if (repeated.Count > MaxRepeatedSteps) return null;
            var slot = new Dictionary<string, int>(StringComparer.Ordinal);
            for (int i = 0; i < repeated.Count; i++) slot[repeated[i]] = i;

            int every = Math.Max(MinEvery, (topLevel + MaxCheckpoints - 1) / MaxCheckpoints);
            int places = (topLevel + every - 1) / every;
            var offsets = new int[places];
            var indexes = new int[places];
            var occurrences = new int[places * repeated.Count];
            var counts = new int[repeated.Count];
            int index = 0, field = 0;
            reader = new FudgeReader(envelope, options);
            while (reader.Read())
            {
                if (field % every == 0)
                {
                    int k = field / every;
                    offsets[k] = reader.FieldOffset;
                    indexes[k] = index;
                    counts.CopyTo(occurrences, k * counts.Length);
                }
                field++;
                index++;
                if (slot.TryGetValue(FieldPaths.Step(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null), out int s)) counts[s]++;
                if (reader.TypeId == FudgeTypeId.Message)
                {
                    var sub = reader.ReadMessage();
                    FieldLocator.Count(ref sub, ref index); // throws at a fault: no index for a malformed message
                }
            }
            return new FieldIndex(every, offsets, indexes, occurrences, repeated.ToArray(), steps);
        }
        catch (FudgeException)
        {
            return null;
        }
    }

    /// <summary>The last place whose field's index is at most <paramref name="index"/>; -1 when none is.</summary>
    public int PlaceAtOrBeforeIndex(int index) => Last(_indexes, index);

    /// <summary>The last place whose field starts at or before byte <paramref name="offset"/>; -1 when none does.</summary>
    public int PlaceAtOrBeforeOffset(int offset) => Last(_offsets, offset);

    /// <summary>The byte offset of place <paramref name="k"/>'s field (its prefix byte).</summary>
    public int OffsetOf(int k) => _offsets[k];

    /// <summary>The index in document order of place <paramref name="k"/>'s field.</summary>
    public int IndexOf(int k) => _indexes[k];

    /// <summary>
    /// A reader over the envelope's top-level fields from the one at byte <paramref name="offset"/> on (a place's,
    /// <see cref="OffsetOf"/>; offsets and errors as the envelope's own reader gives them).
    /// </summary>
    public static FudgeReader ReaderFrom(ReadOnlySpan<byte> envelope, FudgeReaderOptions options, IFudgeTaxonomy? taxonomy, int offset)
    {
        int size = FudgeReader.ReadEnvelopeHeader(envelope, HeaderOnly).MessageSize;
        return FudgeReader.ForFields(envelope.Slice(offset, size - offset), options, taxonomy, offset);
    }

    /// <summary>
    /// What <see cref="MessageTree"/> has counted of each top-level step when it reaches place <paramref name="k"/>'s
    /// field: the last occurrence of each repeated step seen so far (0 for the first), as its walk keeps it.
    /// </summary>
    public Dictionary<string, int> SeenBefore(int k)
    {
        var seen = new Dictionary<string, int>(StringComparer.Ordinal);
        for (int s = 0; s < _repeated.Length; s++)
        {
            int count = _occurrences[k * _repeated.Length + s];
            if (count > 0) seen[_repeated[s]] = count - 1;
        }
        return seen;
    }

    // The last position whose value is at most `at` in an ascending array; -1 when the first is above it.
    private static int Last(int[] values, int at)
    {
        int low = 0, high = values.Length - 1, found = -1;
        while (low <= high)
        {
            int middle = (low + high) >> 1;
            if (values[middle] <= at) { found = middle; low = middle + 1; }
            else high = middle - 1;
        }
        return found;
    }
}
