using System;
using System.Collections.Generic;

namespace Fudge.Cli.Stats;

/// <summary>Counts gathered over every envelope of an input by walking its fields (sub-messages included).</summary>
internal sealed class InputStatistics
{
    public int Messages { get; private set; }
    public long TotalBytes { get; private set; }
    public int MinBytes { get; private set; }
    public int MaxBytes { get; private set; }
    public long Fields { get; private set; }
    public long TopLevelFields { get; private set; }
    public int MaxDepth { get; private set; }

    /// <summary>Field count per wire type id.</summary>
    public SortedDictionary<byte, long> FieldsByType { get; } = new();

    /// <summary>Field count per name (names restored from a taxonomy count as names).</summary>
    public SortedDictionary<string, long> Names { get; } = new(StringComparer.Ordinal);

    /// <summary>Field count per ordinal.</summary>
    public SortedDictionary<short, long> Ordinals { get; } = new();

    /// <summary>Envelope count per taxonomy id.</summary>
    public SortedDictionary<short, long> TaxonomyIds { get; } = new();

    /// <summary>Fields with neither name nor ordinal.</summary>
    public long AnonymousFields { get; private set; }

    /// <summary>Adds one envelope.</summary>
    /// <exception cref="FudgeFormatException">The envelope is malformed (offset relative to it).</exception>
    public void Add(ReadOnlySpan<byte> envelope, FudgeReaderOptions options)
    {
        var reader = new FudgeReader(envelope, options);
        AddFields(ref reader, 0);
        int size = envelope.Length;
        MinBytes = Messages == 0 ? size : Math.Min(MinBytes, size);
        MaxBytes = Math.Max(MaxBytes, size);
        TotalBytes += size;
        Messages++;
        Increment(TaxonomyIds, reader.EnvelopeHeader.TaxonomyId);
    }

    private void AddFields(ref FudgeReader reader, int depth)
    {
        MaxDepth = Math.Max(MaxDepth, depth);
        while (reader.Read())
        {
            Fields++;
            if (depth == 0) TopLevelFields++;
            Increment(FieldsByType, reader.TypeId);
            string? name = reader.GetName();
            if (name is not null) Increment(Names, name);
            if (reader.HasOrdinal) Increment(Ordinals, reader.Ordinal);
            if (name is null && !reader.HasOrdinal) AnonymousFields++;
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                AddFields(ref sub, depth + 1);
            }
        }
    }

    private static void Increment<TKey>(SortedDictionary<TKey, long> counts, TKey key) where TKey : notnull
        => counts[key] = counts.TryGetValue(key, out long n) ? n + 1 : 1;
}
