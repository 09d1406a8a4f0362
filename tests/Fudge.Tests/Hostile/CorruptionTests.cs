using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>
/// Every single-byte corruption of the interop vectors either still decodes or is rejected with a
/// <see cref="FudgeFormatException"/> at an offset inside the input; no other exception escapes any decode path.
/// </summary>
/// <remarks>
/// What is covered, chosen to keep the suite within about a minute on a shared 2-core machine:
/// <list type="bullet">
/// <item>Every vector, every decode path, at every offset of <see cref="HostileData.Offsets"/>, with the byte replaced by
/// its xor with 0x01, 0x80 and 0xFF, and by 0x00 (the flips that turn sizes huge or negative and flags on or off; each
/// distinct value once). The span parse runs as <see cref="DecodePath.ParseAndReuse"/>: what it accepts must also
/// print, hash, re-encode and decode again to an equal envelope.</item>
/// <item>The two smallest vectors (subMsg and unknown, 103 bytes), at every offset with all 255 other byte values,
/// through every decode path.</item>
/// <item>fixedWidthByteArrays (1188 bytes), at every offset with all 255 other byte values, through the two decoders
/// that every other path ends in: <see cref="FudgeEnvelope.Parse(ReadOnlySpan{byte}, FudgeReaderOptions?)"/> and the
/// raw <see cref="FudgeReader"/> walk.</item>
/// </list>
/// </remarks>
public class CorruptionTests
{
    private static readonly Func<byte, byte>[] Handful =
    {
        b => (byte)(b ^ 0x01), b => (byte)(b ^ 0x80), b => (byte)(b ^ 0xFF), _ => 0x00,
    };

    /// <summary>
    /// Every path but the span parse, and the span parse followed by reuse (<see cref="DecodePath.ParseAndReuse"/>),
    /// which makes the same parse of each mutant with the same check before it reuses what it accepted: a row of the
    /// span parse alone would repeat that parse.
    /// </summary>
    public static TheoryData<string, string> FlipPathsAndVectors
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var path in DecodePath.All.Where(p => p != DecodePath.SpanParse).Append(DecodePath.ParseAndReuse))
                foreach (var vector in InteropVectors.Names)
                    data.Add(path.Name, vector);
            return data;
        }
    }

    public static TheoryData<string, string> DecodersAndSmallVectors
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var path in DecodePath.All)
                foreach (var vector in new[] { "subMsg.dat", "unknown.dat" })
                    data.Add(path.Name, vector);
            foreach (var path in new[] { DecodePath.SpanParse, DecodePath.RawReader })
                data.Add(path.Name, "fixedWidthByteArrays.dat");
            return data;
        }
    }

    [Theory]
    [MemberData(nameof(FlipPathsAndVectors))]
    public void Flipping_bits_of_any_byte_never_raises_anything_but_a_format_exception(string pathName, string vector)
    {
        var path = HostileData.Path(pathName);
        byte[] work = InteropVectors.Read(vector);

        int rejected = 0;
        foreach (int offset in HostileData.Offsets(work))
        {
            byte original = work[offset];
            for (int i = 0; i < Handful.Length; i++)
            {
                byte value = Handful[i](original);
                // The unchanged byte, or a value an earlier flip of this byte made already (0x01, 0x80 and 0xFF all
                // become 0x00 one way or another): the same mutant, decoded the same way again.
                if (value == original || Handful.Take(i).Any(earlier => earlier(original) == value)) continue;
                work[offset] = value;
                if (HostileAssert.DecodesOrRejectsCleanly(path, work, describe: () => $"{vector} with byte {offset} = 0x{value:x2}") is not null) rejected++;
            }
            work[offset] = original;
        }

        Assert.True(rejected > 0, "no corruption was rejected: the test is not reaching the checks");
    }

    [Theory]
    [MemberData(nameof(DecodersAndSmallVectors))]
    public void Any_value_at_any_offset_of_a_small_vector_never_raises_anything_but_a_format_exception(string pathName, string vector)
    {
        var path = HostileData.Path(pathName);
        byte[] work = InteropVectors.Read(vector);

        var outcomes = new Dictionary<bool, int> { [true] = 0, [false] = 0 };
        for (int offset = 0; offset < work.Length; offset++)
        {
            byte original = work[offset];
            for (int value = 0; value < 256; value++)
            {
                if (value == original) continue;
                work[offset] = (byte)value;
                bool rejected = HostileAssert.DecodesOrRejectsCleanly(path, work, describe: () => $"{vector} with byte {offset} = 0x{value:x2}") is not null;
                outcomes[rejected]++;
            }
            work[offset] = original;
        }

        Assert.True(outcomes[true] > 0 && outcomes[false] > 0, $"expected both accepted and rejected corruptions, got {outcomes[false]} accepted and {outcomes[true]} rejected");
    }
}
