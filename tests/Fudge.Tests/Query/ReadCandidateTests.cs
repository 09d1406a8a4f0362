using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Tests.Hostile;
using Fudge.Tests.Support;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Query;

/// <summary>
/// <c>FudgeReader.ReadCandidate</c>, which the one-walk filter uses to pass over fields on their headers: it stops at
/// exactly the fields <see cref="FudgeReader.Read"/> would give whose name is asked for (and nameless ones, and
/// sub-messages, when asked), says which name matched, and on hostile bytes raises only <see cref="FudgeFormatException"/>.
/// </summary>
public class ReadCandidateTests
{
    // Name sets drawn from the vector itself (so that they hit), plus names no vector has, of the lengths where the
    // set's comparisons change: empty, under eight bytes, exactly eight, longer, and past the 63-byte length mask.
    private static IEnumerable<(FudgeNameSet Names, bool Nameless, bool Messages)> Sets(byte[] vector)
    {
        var seen = new List<byte[]>();
        var reader = new FudgeReader(vector);
        while (reader.Read())
        {
            if (!reader.HasName) continue;
            var name = reader.NameUtf8.ToArray();
            if (!seen.Exists(n => n.AsSpan().SequenceEqual(name))) seen.Add(name);
        }
        byte[][] others = { Array.Empty<byte>(), "x"u8.ToArray(), "eightchr"u8.ToArray(), "a-name-longer-than-eight"u8.ToArray(), new byte[70] };
        var everyOther = seen.Where((_, i) => i % 2 == 0).ToArray();
        yield return (new FudgeNameSet(), false, false);
        yield return (new FudgeNameSet(), true, false);
        yield return (new FudgeNameSet(), false, true);
        yield return (new FudgeNameSet(others), false, false);
        yield return (new FudgeNameSet(everyOther), true, false);
        yield return (new FudgeNameSet(everyOther), false, true);
        yield return (new FudgeNameSet(seen.Concat(others).ToArray()), false, false);
    }

    // The index of the name that matches, -1 for a field asked for otherwise, -2 for a field to pass over.
    private static int Expected(in FudgeReader field, IReadOnlyList<byte[]> list, bool nameless, bool messages)
    {
        int otherwise = messages && field.TypeId == FudgeTypeId.Message && !field.ValueSpan.IsEmpty ? -1 : -2;
        if (!field.HasName) return nameless ? -1 : otherwise;
        for (int i = 0; i < list.Count; i++)
            if (field.NameUtf8.SequenceEqual(list[i])) return i;
        return otherwise;
    }

    private static List<(int Offset, int Match)> WithRead(byte[] input, IReadOnlyList<byte[]> list, bool nameless, bool messages)
    {
        var found = new List<(int, int)>();
        var reader = new FudgeReader(input);
        while (reader.Read())
        {
            int match = Expected(in reader, list, nameless, messages);
            if (match != -2) found.Add((reader.FieldOffset, match));
        }
        return found;
    }

    private static List<(int Offset, int Match)> WithCandidates(byte[] input, FudgeNameSet names, bool nameless, bool messages)
    {
        var found = new List<(int, int)>();
        var reader = new FudgeReader(input);
        int match;
        while ((match = reader.ReadCandidate(names, nameless, messages)) != FudgeReader.NoMoreCandidates) found.Add((reader.FieldOffset, match));
        return found;
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Stops_at_the_same_fields_as_read_and_rejects_hostile_bytes_cleanly(string name)
    {
        var vector = InteropVectors.Read(name);
        // Every offset, past 2 KiB every 61st in a vector over 8 KiB; in the 101 KB one, HostileData.Offsets (its headers,
        // value edges and a seeded sample of its byte arrays).
        var visits = HostileData.Visits(vector, i => vector.Length <= 8192 || i < 2048 || i % 61 == 0);
        foreach (var (names, nameless, messages) in Sets(vector))
        {
            Assert.Equal(WithRead(vector, names.Names, nameless, messages), WithCandidates(vector, names, nameless, messages));
            for (int i = 0; i < vector.Length; i++)
            {
                if (!visits(i)) continue;
                var cut = vector.AsSpan(0, i).ToArray();
                if (i >= 8) System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), i);
                Check(cut, names, nameless, messages, $"{name} cut to {i}");
                var corrupt = (byte[])vector.Clone();
                corrupt[i] ^= 0xFF;
                Check(corrupt, names, nameless, messages, $"{name} with byte {i} flipped");
            }
        }
    }

    [Fact]
    public void A_name_at_the_very_end_of_the_data_is_recognised_without_reading_past_it()
    {
        // The last field's name ends within eight bytes of the end of the data: its head is read byte by byte.
        var message = new FudgeMsg { { "Price", 1.5 }, { "Side", FudgeIndicator.Instance } };
        var bytes = message.ToByteArray();
        var names = new FudgeNameSet("Side"u8.ToArray(), "Price"u8.ToArray());
        Assert.Equal(new[] { (8, 1), (bytes.Length - 7, 0) }, WithCandidates(bytes, names, nameless: false, messages: false));
    }

    private static void Check(byte[] input, FudgeNameSet names, bool nameless, bool messages, string what)
    {
        try
        {
            WithCandidates(input, names, nameless, messages);
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
