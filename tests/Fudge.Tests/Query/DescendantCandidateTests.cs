using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Tests.Hostile;
using Fudge.Tests.Support;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Query;

/// <summary>
/// <c>FudgeReader.ReadDescendantCandidate</c>, the walk of a <c>$..name</c> filter: one reader goes through a message
/// and every sub-message in it without a reader per sub-message. It must stop at exactly the fields (and depths) that
/// <see cref="FudgeReader.Read"/> and <see cref="FudgeReader.ReadMessage"/> give when they recurse, keep the depth
/// limit, and on hostile bytes raise only <see cref="FudgeFormatException"/>, and only where that recursion would too.
/// </summary>
public class DescendantCandidateTests
{
    public static IEnumerable<object[]> Inputs()
    {
        foreach (var name in InteropVectors.Names) yield return new object[] { name };
        foreach (var name in new[] { "document.fudge", "logs.fudge" }) yield return new object[] { name };
    }

    private static byte[] Load(string name)
    {
        if (name.EndsWith(".dat", StringComparison.Ordinal)) return InteropVectors.Read(name);
        var stream = File.ReadAllBytes(Path.Combine(InteropVectors.Folder, "..", "..", "samples", name));
        return stream.AsSpan(0, FudgeReader.ReadEnvelopeHeader(stream).MessageSize).ToArray();
    }

    // Names from every depth of the message (every other one, so some are passed over), plus names it does not have.
    private static IEnumerable<(FudgeNameSet Names, bool Nameless)> Sets(byte[] message)
    {
        var seen = new List<byte[]>();
        Recurse(new FudgeReader(message), (in FudgeReader field) =>
        {
            if (!field.HasName) return;
            var name = field.NameUtf8.ToArray();
            if (!seen.Exists(n => n.AsSpan().SequenceEqual(name))) seen.Add(name);
        });
        byte[][] others = { Array.Empty<byte>(), "x"u8.ToArray(), "a-name-longer-than-eight"u8.ToArray() };
        var everyOther = seen.Where((_, i) => i % 2 == 0).Concat(others).ToArray();
        yield return (new FudgeNameSet(others), false);
        yield return (new FudgeNameSet(everyOther), false);
        yield return (new FudgeNameSet(everyOther), true);
        yield return (new FudgeNameSet(seen.ToArray()), false);
        // A set of one name, which the walk compares without a call: each of the first few names the message has.
        foreach (var name in seen.Take(4)) yield return (new FudgeNameSet(name), false);
    }

    private delegate void FieldAction(in FudgeReader field);

    private static void Recurse(FudgeReader reader, FieldAction action)
    {
        while (reader.Read())
        {
            action(in reader);
            if (reader.TypeId == FudgeTypeId.Message && !reader.ValueSpan.IsEmpty) Recurse(reader.ReadMessage(), action);
        }
    }

    private static List<(int Offset, int Depth, int Match)> WithRecursion(byte[] message, FudgeNameSet names, bool nameless, FudgeReaderOptions? options = null)
    {
        var found = new List<(int, int, int)>();
        Recurse(new FudgeReader(message, options), (in FudgeReader field) =>
        {
            int match = -2;
            if (field.HasName)
            {
                for (int i = 0; i < names.Names.Count && match < 0; i++)
                    if (field.NameUtf8.SequenceEqual(names.Names[i])) match = i;
            }
            else if (nameless) match = -1;
            if (match != -2) found.Add((field.FieldOffset, field.Depth, match));
        });
        return found;
    }

    private static List<(int Offset, int Depth, int Match)> WithDescent(byte[] message, FudgeNameSet names, bool nameless, FudgeReaderOptions? options = null)
    {
        var found = new List<(int, int, int)>();
        var reader = new FudgeReader(message, options);
        var ends = new SubMessageEnds(reader.Depth, reader.Options.MaxDepth);
        int match;
        while ((match = reader.ReadDescendantCandidate<FudgeReader.EnteringEvery>(names, nameless, ref ends)) != FudgeReader.NoMoreCandidates)
            found.Add((reader.FieldOffset, reader.Depth, match));
        Assert.Equal(0, reader.Depth);
        return found;
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Stops_where_a_recursive_read_would(string name)
    {
        var message = Load(name);
        foreach (var (names, nameless) in Sets(message))
            Assert.Equal(WithRecursion(message, names, nameless), WithDescent(message, names, nameless));
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Hostile_bytes_are_rejected_only_where_a_recursive_read_rejects_them(string name)
    {
        var message = Load(name);
        // Every offset of the first 2 KiB, then every 61st; in the 101 KB vector, HostileData.Offsets.
        var visits = HostileData.Visits(message, i => i < 2048 || i % 61 == 0);
        foreach (var (names, nameless) in Sets(message).Take(3).Concat(Sets(message).Skip(4).Take(1)))
        {
            for (int i = 0; i < message.Length; i++)
            {
                if (!visits(i)) continue;
                var cut = message.AsSpan(0, i).ToArray();
                if (i >= 8) System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), i);
                Compare(cut, names, nameless, $"{name} cut to {i}");
                var corrupt = (byte[])message.Clone();
                corrupt[i] ^= 0xFF;
                Compare(corrupt, names, nameless, $"{name} with byte {i} flipped");
            }
        }
    }

    // The walk checks less than Read() (only the extent of a field it passes over), so where the recursion reads
    // everything the walk must agree with it, and where the walk refuses the bytes the recursion must refuse them too.
    private static void Compare(byte[] input, FudgeNameSet names, bool nameless, string what)
    {
        List<(int, int, int)>? expected = null;
        try
        {
            expected = WithRecursion(input, names, nameless);
        }
        catch (FudgeFormatException)
        {
        }
        try
        {
            var found = WithDescent(input, names, nameless);
            if (expected is not null) Assert.Equal(expected, found);
        }
        catch (FudgeFormatException e)
        {
            if (expected is not null) throw new XunitException($"{what}: refused bytes a recursive read accepts: {e.Message}");
            if (e.Offset < 0 || e.Offset > input.Length) throw new XunitException($"{what}: offset {e.Offset} outside the input");
        }
        catch (Exception e) when (e is not XunitException)
        {
            throw new XunitException($"{what}: {e.GetType().Name} instead of FudgeFormatException: {e}");
        }
    }

    private static byte[] Nested(int depth)
    {
        var message = new FudgeMsg().Add("leaf", depth);
        for (int level = depth - 1; level >= 0; level--) message = new FudgeMsg().Add("leaf", level).Add("inner", message);
        return message.ToByteArray();
    }

    [Fact]
    public void The_depth_limit_is_kept_with_the_error_a_recursive_read_gives()
    {
        var bytes = Nested(10);
        var names = new FudgeNameSet("leaf"u8.ToArray());
        var options = new FudgeReaderOptions { MaxDepth = 6 };

        var recursive = Assert.Throws<FudgeFormatException>(() => Recurse(new FudgeReader(bytes, options), (in FudgeReader _) => { }));
        var descent = Assert.Throws<FudgeFormatException>(() => WithDescent(bytes, names, nameless: false, options));

        Assert.Equal(recursive.Offset, descent.Offset);
        Assert.Equal(recursive.Message, descent.Message);
        // At the limit itself, every level is read.
        Assert.Equal(7, WithDescent(Nested(6), names, nameless: false, options).Count);
    }

    [Fact]
    public void Deep_data_within_a_raised_limit_is_walked_past_the_levels_held_on_the_stack()
    {
        // 16 levels are held in the walk's own frame; 100 take the array behind them, grown twice.
        var bytes = Nested(100);
        var found = WithDescent(bytes, new FudgeNameSet("leaf"u8.ToArray()), nameless: false, new FudgeReaderOptions { MaxDepth = 100 });

        Assert.Equal(Enumerable.Range(0, 101).ToList(), found.Select(stop => stop.Depth).ToList());
        Assert.Equal(WithRecursion(bytes, new FudgeNameSet("leaf"u8.ToArray()), nameless: false, new FudgeReaderOptions { MaxDepth = 100 }), found);
    }
}
