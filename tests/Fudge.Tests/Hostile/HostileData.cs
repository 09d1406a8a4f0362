using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>Theory rows shared by the hostile-input tests (paths are passed by name so xUnit can show and serialize them).</summary>
public static class HostileData
{
    public static DecodePath Path(string name) => DecodePath.All.Append(DecodePath.ParseAndReuse).Single(p => p.Name == name);

    public static TheoryData<string> Paths()
    {
        var data = new TheoryData<string>();
        foreach (var path in DecodePath.All) data.Add(path.Name);
        return data;
    }

    public static TheoryData<string> StreamPaths
    {
        get
        {
            var data = new TheoryData<string>();
            foreach (var path in DecodePath.All) if (path.ReadsManyEnvelopes) data.Add(path.Name);
            return data;
        }
    }

    public static TheoryData<string, string> PathsAndVectors()
    {
        var data = new TheoryData<string, string>();
        foreach (var path in DecodePath.All)
            foreach (var vector in InteropVectors.Names)
                data.Add(path.Name, vector);
        return data;
    }

    /// <summary>Vectors at least this long (only variableWidthColumnSizes.dat, 101,136 bytes) are sampled rather than visited byte by byte.</summary>
    public const int LargeVector = 16 * 1024;

    /// <summary>How many offsets of a large vector's value bytes <see cref="Offsets"/> draws, beyond its structure.</summary>
    public const int SampledValueOffsets = 128;

    /// <summary>The seed of that draw: the same offsets in every run, so a failure names an offset that fails again.</summary>
    public const int SampleSeed = 20261129;

    /// <summary>
    /// The offsets of <paramref name="envelope"/> worth cutting or corrupting at. A vector under <see cref="LargeVector"/>
    /// bytes: every offset. A large one: every byte of the envelope header and of every field header (prefix, type,
    /// ordinal, name, size), at every level; the first and last byte of every value and the offset just past it (the
    /// sub-message boundaries); and <see cref="SampledValueOffsets"/> of the other value bytes, drawn with
    /// <see cref="SampleSeed"/>. Cutting or corrupting inside a byte array runs the same check at every offset, while
    /// each check decodes the whole 101 KB vector (through streams and pipes, in pieces): all of them is quadratic.
    /// </summary>
    public static IReadOnlyList<int> Offsets(byte[] envelope)
    {
        if (envelope.Length < LargeVector) return Enumerable.Range(0, envelope.Length).ToList();
        var structure = new bool[envelope.Length];
        for (int i = 0; i < FudgeEnvelopeHeader.Size; i++) structure[i] = true;
        var reader = new FudgeReader(envelope);
        MarkStructure(ref reader, structure);
        var values = Enumerable.Range(0, envelope.Length).Where(i => !structure[i]).ToArray();
        var random = new Random(SampleSeed);
        int draw = Math.Min(SampledValueOffsets, values.Length);
        for (int i = 0; i < draw; i++)
        {
            int j = random.Next(i, values.Length);
            (values[i], values[j]) = (values[j], values[i]);
            structure[values[i]] = true;
        }
        return Enumerable.Range(0, envelope.Length).Where(i => structure[i]).ToList();
    }

    /// <summary>
    /// Which offsets a test that has its own rule for its other inputs visits: <paramref name="rule"/> below
    /// <see cref="LargeVector"/> bytes, <see cref="Offsets"/> at or above it.
    /// </summary>
    public static Func<int, bool> Visits(byte[] input, Func<int, bool> rule)
    {
        if (input.Length < LargeVector) return rule;
        var visit = new bool[input.Length];
        foreach (int offset in Offsets(input)) visit[offset] = true;
        return offset => offset < visit.Length && visit[offset];
    }

    private static void MarkStructure(ref FudgeReader reader, bool[] structure)
    {
        while (reader.Read())
        {
            int valueEnd = reader.ValueOffset + reader.ValueSpan.Length;
            for (int i = reader.FieldOffset; i < reader.ValueOffset; i++) structure[i] = true;
            if (valueEnd > reader.ValueOffset)
            {
                structure[reader.ValueOffset] = true;
                structure[valueEnd - 1] = true;
            }
            if (valueEnd < structure.Length) structure[valueEnd] = true;
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                MarkStructure(ref sub, structure);
            }
        }
    }
}
