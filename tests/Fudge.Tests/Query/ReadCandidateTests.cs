using System;
using System.Collections.Generic;
using Fudge.Tests.Support;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Query;

/// <summary>
/// <c>FudgeReader.ReadCandidate</c>, which the one-walk filter uses to pass over fields on their headers: it stops at
/// exactly the fields <see cref="FudgeReader.Read"/> would give whose name length is asked for, and on hostile bytes
/// raises only <see cref="FudgeFormatException"/>.
/// </summary>
public class ReadCandidateTests
{
    private static readonly (ulong Lengths, bool Nameless)[] Masks =
    {
        (0, false), (0, true), (1UL << 1 | 1UL << 4, false), (0x5555_5555_5555_5555, true), (ulong.MaxValue, true),
    };

    private static bool Wanted(in FudgeReader field, ulong lengths, bool nameless)
        => field.HasName ? field.NameUtf8.Length >= 64 || ((lengths >> field.NameUtf8.Length) & 1) != 0 : nameless;

    private static List<int> WithRead(byte[] input, ulong lengths, bool nameless)
    {
        var offsets = new List<int>();
        var reader = new FudgeReader(input);
        while (reader.Read())
            if (Wanted(in reader, lengths, nameless)) offsets.Add(reader.FieldOffset);
        return offsets;
    }

    private static List<int> WithCandidates(byte[] input, ulong lengths, bool nameless)
    {
        var offsets = new List<int>();
        var reader = new FudgeReader(input);
        while (reader.ReadCandidate(lengths, nameless))
        {
            Assert.True(Wanted(in reader, lengths, nameless), $"field at {reader.FieldOffset} was not asked for");
            offsets.Add(reader.FieldOffset);
        }
        return offsets;
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Stops_at_the_same_fields_as_read_and_rejects_hostile_bytes_cleanly(string name)
    {
        var vector = InteropVectors.Read(name);
        foreach (var (lengths, nameless) in Masks)
        {
            Assert.Equal(WithRead(vector, lengths, nameless), WithCandidates(vector, lengths, nameless));
            for (int i = 0; i < vector.Length; i++)
            {
                if (vector.Length > 8192 && i >= 2048 && i % 61 != 0) continue;
                var cut = vector.AsSpan(0, i).ToArray();
                if (i >= 8) System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), i);
                Check(cut, lengths, nameless, $"{name} cut to {i}");
                var corrupt = (byte[])vector.Clone();
                corrupt[i] ^= 0xFF;
                Check(corrupt, lengths, nameless, $"{name} with byte {i} flipped");
            }
        }
    }

    private static void Check(byte[] input, ulong lengths, bool nameless, string what)
    {
        try
        {
            WithCandidates(input, lengths, nameless);
        }
        catch (FudgeFormatException)
        {
        }
        catch (Exception e) when (e is not XunitException)
        {
            throw new XunitException($"{what}: {e.GetType().Name} instead of FudgeFormatException: {e}");
        }
    }
}
