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

    /// <summary>Payloads at least this long are sampled rather than visited byte by byte.</summary>
    public const int LongPayload = 16 * 1024;

    /// <summary>
    /// The offsets of <paramref name="envelope"/> worth cutting or corrupting at: every offset, except that inside a value
    /// payload of <see cref="LongPayload"/> bytes or more (array contents that no decision depends on) only the first and
    /// last 16 bytes and every 97th byte between are kept. Only the 100,000-byte array of variableWidthColumnSizes.dat is
    /// that long; sampling it keeps the suite affordable while every header, name, size and value byte of every other
    /// field, in every vector, is still visited.
    /// </summary>
    public static IReadOnlyList<int> Offsets(byte[] envelope)
    {
        var skipped = new bool[envelope.Length];
        var reader = new FudgeReader(envelope);
        MarkLongPayloads(ref reader, skipped);
        var offsets = new List<int>();
        for (int i = 0; i < envelope.Length; i++) if (!skipped[i]) offsets.Add(i);
        return offsets;
    }

    private static void MarkLongPayloads(ref FudgeReader reader, bool[] skipped)
    {
        while (reader.Read())
        {
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                MarkLongPayloads(ref sub, skipped);
                continue;
            }
            int length = reader.ValueSpan.Length;
            if (length < LongPayload) continue;
            for (int i = 16; i < length - 16; i++)
                if (i % 97 != 0) skipped[reader.ValueOffset + i] = true;
        }
    }
}
