using System;
using Fudge.Tests.Support;
using Xunit;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests.Hostile;

/// <summary>
/// Hand-built malformed envelopes (see <see cref="MalformedInputs"/>): every decode path rejects each one with a
/// <see cref="FudgeFormatException"/> at the exact offset of the problem, with a reason that says what is wrong.
/// </summary>
public class MalformedInputTests
{
    public static TheoryData<string, string> PathsAndInputs
    {
        get
        {
            var data = new TheoryData<string, string>();
            foreach (var path in DecodePath.All)
                foreach (var input in MalformedInputs.All)
                    data.Add(path.Name, input.Name);
            return data;
        }
    }

    [Theory]
    [MemberData(nameof(PathsAndInputs))]
    public void Malformed_input_is_rejected_at_the_offset_of_the_problem(string pathName, string inputName)
    {
        var path = HostileData.Path(pathName);
        var input = MalformedInputs.Get(inputName);

        var rejection = HostileAssert.Rejects(path, input.Bytes);

        Assert.Equal(input.Offset, rejection.Offset);
        Assert.Contains(input.Reason, rejection.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(FudgeTypeId.Int32, 4)]
    [InlineData(FudgeTypeId.Indicator, 0)]
    [InlineData(FudgeTypeId.ByteArray16, 16)]
    public void A_fixed_width_type_sent_with_a_size_equal_to_its_width_is_accepted(byte typeId, int width)
    {
        byte[] bytes = Envelope([0x20, typeId, (byte)width, .. new byte[width]]);

        var message = FudgeEnvelope.Parse(bytes).Message;

        Assert.Equal(typeId, message[0].TypeId);
    }

    [Fact]
    public void An_envelope_that_declares_fewer_bytes_than_given_is_refused_by_Parse_but_bounds_a_raw_reader()
    {
        // Two int8 fields (14 bytes in all) but the header declares 11: the second field is outside the envelope.
        byte[] bytes = EnvelopeDeclaring(11, [0x80, FudgeTypeId.Int8, 1, 0x80, FudgeTypeId.Int8, 2]);

        var rejection = Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(bytes));
        int fieldsSeenByRawReader = RawWalker.WalkEnvelope(bytes);

        Assert.Equal(11, rejection.Offset);
        Assert.Contains("declares 11 bytes but 14 were given", rejection.Reason, StringComparison.Ordinal);
        Assert.Equal(1, fieldsSeenByRawReader);
    }

    [Theory]
    [MemberData(nameof(HostileData.StreamPaths), MemberType = typeof(HostileData))]
    public void In_a_stream_an_envelope_that_declares_too_few_bytes_leaves_the_rest_to_be_rejected_as_the_next_envelope(string pathName)
    {
        var path = HostileData.Path(pathName);
        byte[] bytes = EnvelopeDeclaring(11, [0x80, FudgeTypeId.Int8, 1, 0x80, FudgeTypeId.Int8, 2]);

        var rejection = HostileAssert.Rejects(path, bytes);

        Assert.Contains("inside", rejection.Reason, StringComparison.Ordinal);
    }
}
