using System;
using System.Buffers.Binary;
using System.Linq;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>
/// Every prefix of every interop vector, through every decode path: data that stops early is rejected with a
/// <see cref="FudgeFormatException"/> at the point where it stops, never with another exception.
/// </summary>
/// <remarks>
/// Cut points: every offset of every vector, except variableWidthColumnSizes.dat (101 KB, almost all byte arrays), cut
/// at every header byte, at each value's first and last byte and just past it, and at 128 seeded value offsets (see
/// <see cref="HostileData.Offsets"/>): cutting anywhere else inside an array runs exactly the same check, while every
/// cut point would make every run through a stream or pipe quadratic in the vector's size.
/// </remarks>
public class TruncationTests
{
    public static TheoryData<string, string> PathsAndVectors => HostileData.PathsAndVectors();

    [Theory]
    [MemberData(nameof(PathsAndVectors))]
    public void Data_cut_short_of_the_declared_size_is_rejected_where_it_ends(string pathName, string vector)
    {
        var path = HostileData.Path(pathName);
        byte[] original = InteropVectors.Read(vector);

        foreach (int length in HostileData.Offsets(original))
        {
            var truncated = original.AsMemory(0, length);

            var rejection = HostileAssert.DecodesOrRejectsCleanly(path, truncated, describe: () => $"{vector} cut to {length} bytes");

            if (length == 0 && path.ReadsManyEnvelopes)
            {
                Assert.Null(rejection); // an empty stream is a clean end: zero envelopes
                continue;
            }
            Assert.True(rejection is not null, $"{vector} cut to {length} bytes was accepted by {path}");
            Assert.Equal(length, rejection!.Offset);
        }
    }

    /// <summary>
    /// The header is patched to declare exactly the bytes that remain, so the reader has to walk the fields to notice:
    /// the cut is accepted only where it falls between two top-level fields (that is a valid, shorter message).
    /// </summary>
    [Theory]
    [MemberData(nameof(PathsAndVectors))]
    public void Data_cut_short_with_a_matching_declared_size_is_rejected_unless_cut_between_top_level_fields(string pathName, string vector)
    {
        var path = HostileData.Path(pathName);
        byte[] original = InteropVectors.Read(vector);
        var boundaries = FudgeBytes.TopLevelFieldBoundaries(original);
        byte[] work = (byte[])original.Clone();

        foreach (int length in HostileData.Offsets(original).Where(n => n >= FudgeEnvelopeHeader.Size).Concat(boundaries).Distinct())
        {
            BinaryPrimitives.WriteInt32BigEndian(work.AsSpan(4), length);

            var rejection = HostileAssert.DecodesOrRejectsCleanly(path, work.AsMemory(0, length), describe: () => $"{vector} cut to {length} bytes, size patched");

            if (boundaries.Contains(length))
                Assert.True(rejection is null, $"{vector} cut between fields at {length} should decode; {path} said: {rejection?.Message}");
            else
                Assert.True(rejection is not null, $"{vector} cut inside a field at {length} was accepted by {path}");
        }
    }
}
