using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;
using Fudge.Bson.Tests.Support;
using Fudge.Json.Tests.Support;
using Fudge.Tests.Support;
using MongoDB.Bson;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Bson.Tests;

/// <summary>
/// Untrusted bytes both ways: BSON that is cut short or corrupted at every offset raises only
/// <see cref="FudgeBsonException"/> with an offset inside the input; Fudge that is cut short or corrupted raises only
/// the library's own exceptions; nesting is bounded; declared sizes allocate nothing.
/// </summary>
public class HostileInputTests
{
    public static IEnumerable<object[]> Inputs()
    {
        foreach (var name in InteropVectors.Names)
        {
            yield return new object[] { name, false };
            yield return new object[] { name, true };
        }
        foreach (int seed in new[] { 5, 11, 23 })
        {
            yield return new object[] { "random " + seed, false };
            yield return new object[] { "random " + seed, true };
        }
    }

    private static byte[] Fudge(string name) => name.StartsWith("random ", StringComparison.Ordinal)
        ? RandomMessages.Envelope(int.Parse(name.Substring(7), System.Globalization.CultureInfo.InvariantCulture))
        : InteropVectors.Read(name);

    private static FudgeBsonSettings Settings(bool lossless) => lossless ? FudgeBsonSettings.Lossless : FudgeBsonSettings.Plain;

    /// <summary>Every offset of small inputs; in large ones the first and last 64 and every 97th (the same checks run in between).</summary>
    private static IEnumerable<int> Offsets(int length)
        => Enumerable.Range(0, length).Where(i => length < 4096 || i < 64 || i >= length - 64 || i % 97 == 0);

    private static FudgeBsonException? BsonAcceptedOrRejectedCleanly(byte[] bson, FudgeBsonSettings settings, string what)
    {
        try
        {
            FudgeBson.ToFudge(bson, settings);
            return null;
        }
        catch (FudgeBsonException e)
        {
            if (e.Offset < 0 || e.Offset > bson.Length) throw new XunitException($"{what}: offset {e.Offset} is outside the {bson.Length}-byte input: {e.Message}");
            return e;
        }
        catch (Exception e)
        {
            throw new XunitException($"{what} raised {e.GetType().Name} instead of FudgeBsonException: {e}");
        }
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Bson_cut_short_anywhere_is_rejected(string input, bool lossless)
    {
        byte[] bson = FudgeBson.ToBson(Fudge(input), Settings(lossless));

        foreach (int length in Offsets(bson.Length))
        {
            var error = BsonAcceptedOrRejectedCleanly(bson.AsSpan(0, length).ToArray(), Settings(lossless), $"{input} cut to {length}");
            Assert.True(error is not null, $"{input} cut to {length} bytes was accepted");
        }
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Bson_corrupted_anywhere_is_read_or_rejected_cleanly(string input, bool lossless)
    {
        byte[] bson = FudgeBson.ToBson(Fudge(input), Settings(lossless));
        byte[] work = (byte[])bson.Clone();

        foreach (int offset in Offsets(bson.Length))
        {
            foreach (byte value in new byte[] { 0x00, 0xFF, 0x7F, 0x80, (byte)(bson[offset] ^ 0x01), (byte)(bson[offset] + 1) })
            {
                work[offset] = value;
                BsonAcceptedOrRejectedCleanly(work, Settings(lossless), $"{input} with byte {offset} set to {value}");
            }
            work[offset] = bson[offset];
        }
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Fudge_cut_short_or_corrupted_raises_only_fudge_exceptions(string input, bool lossless)
    {
        byte[] fudge = Fudge(input);
        byte[] work = (byte[])fudge.Clone();
        foreach (int offset in Offsets(fudge.Length))
        {
            var cut = fudge.AsSpan(0, offset).ToArray();
            var error = Assert.ThrowsAny<FudgeException>(() => FudgeBson.ToBson(cut, Settings(lossless)));
            Assert.IsType<FudgeFormatException>(error);

            foreach (byte value in new byte[] { 0x00, 0xFF, 0x60, (byte)(fudge[offset] ^ 0x01) })
            {
                work[offset] = value;
                try
                {
                    FudgeBson.ToBson(work, Settings(lossless));
                }
                catch (FudgeFormatException)
                {
                }
                catch (FudgeBsonException) when (!lossless)
                {
                    // A corrupted name may now hold U+0000: valid Fudge, but not a plain BSON key.
                }
            }
            work[offset] = fudge[offset];
        }
    }

    [Fact]
    public void Bson_nested_beyond_the_depth_limit_is_rejected()
    {
        var document = new BsonDocument("leaf", 1);
        for (int i = 0; i < 80; i++) document = new BsonDocument("d", document);
        byte[] bson = document.ToBson();

        var error = Assert.Throws<FudgeBsonException>(() => FudgeBson.ToFudge(bson));
        Assert.Contains("MaxDepth", error.Message);
        var deeper = new FudgeBsonSettings { ReaderOptions = new FudgeReaderOptions { MaxDepth = 100 } };
        Assert.NotEmpty(FudgeBson.ToFudge(bson, deeper));
    }

    [Fact]
    public void Fudge_nested_beyond_the_depth_limit_is_rejected_both_modes()
    {
        byte[] envelope = BsonTest.Envelope((ref FudgeWriter w) => Nest(ref w, 70));

        Assert.Contains("MaxDepth", Assert.Throws<FudgeFormatException>(() => FudgeBson.ToBson(envelope)).Message);
        Assert.Contains("MaxDepth", Assert.Throws<FudgeFormatException>(() => FudgeBson.ToBson(envelope, FudgeBsonSettings.Lossless)).Message);
        Assert.Throws<FudgeFormatException>(() => FudgeBson.ToBsonDocument(envelope));
    }

    private static void Nest(ref FudgeWriter writer, int depth)
    {
        if (depth == 0)
        {
            writer.WriteInt32("leaf", 1);
            return;
        }
        var marker = writer.BeginMessage("m");
        Nest(ref writer, depth - 1);
        writer.EndMessage(marker);
    }

    [Fact]
    public void Declared_sizes_allocate_nothing()
    {
        // A 20-byte document whose binary claims 2 GB, and one whose string claims 1 GB.
        byte[] binary = { 20, 0, 0, 0, 0x05, (byte)'b', 0, 0xFF, 0xFF, 0xFF, 0x7F, 0, 1, 2, 3, 4, 5, 6, 7, 0 };
        byte[] text = { 20, 0, 0, 0, 0x02, (byte)'s', 0, 0x00, 0x00, 0x00, 0x40, 1, 2, 3, 4, 5, 6, 7, 8, 0 };
        FudgeBson.ToFudge(new BsonDocument("warm", 1).ToBson()); // JIT and pools first

        long before = GC.GetAllocatedBytesForCurrentThread();
        Assert.Throws<FudgeBsonException>(() => FudgeBson.ToFudge(binary));
        Assert.Throws<FudgeBsonException>(() => FudgeBson.ToFudge(text));
        long allocated = GC.GetAllocatedBytesForCurrentThread() - before;

        Assert.True(allocated < 16 * 1024, $"{allocated} bytes allocated to reject two 20-byte documents");
    }

    [Fact]
    public void Trailing_bytes_and_bad_booleans_are_rejected_with_their_offset()
    {
        byte[] bson = new BsonDocument("b", true).ToBson();

        Assert.Equal(bson.Length, Assert.Throws<FudgeBsonException>(() => FudgeBson.ToFudge(bson.Concat(new byte[] { 0 }).ToArray())).Offset);
        bson[bson.Length - 2] = 2;
        Assert.Equal(bson.Length - 2, Assert.Throws<FudgeBsonException>(() => FudgeBson.ToFudge(bson)).Offset);
    }

    [Fact]
    public void A_document_length_that_disagrees_with_the_bytes_is_rejected()
    {
        byte[] bson = new BsonDocument("a", 1).ToBson();
        BinaryPrimitives.WriteInt32LittleEndian(bson, bson.Length + 10);

        var error = Assert.Throws<FudgeBsonException>(() => FudgeBson.ToFudge(bson));
        Assert.Equal(0, error.Offset);
    }
}
