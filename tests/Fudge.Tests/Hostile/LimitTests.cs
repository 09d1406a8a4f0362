using System;
using Fudge.Tests.Support;
using Xunit;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests.Hostile;

/// <summary>
/// <see cref="FudgeReaderOptions.MaxDepth"/> and <see cref="FudgeReaderOptions.MaxMessageSize"/> are enforced by every
/// decode path: data at the limit decodes, data one step past it is rejected with a <see cref="FudgeFormatException"/>.
/// </summary>
public class LimitTests
{
    private const int LevelHeader = 6; // bytes per nesting level in FudgeBytes.NestedMessages

    public static TheoryData<string> Paths => HostileData.Paths();

    [Theory]
    [MemberData(nameof(Paths))]
    public void Nesting_100_000_deep_is_rejected_at_the_first_level_past_the_default_limit_without_overflowing_the_stack(string pathName)
    {
        var path = HostileData.Path(pathName);
        byte[] bytes = NestedMessages(100_000);

        var rejection = HostileAssert.Rejects(path, bytes);

        int depthLimit = FudgeReaderOptions.Default.MaxDepth;
        Assert.Equal(8 + depthLimit * LevelHeader, rejection.Offset); // the sub-message field that would be level 65
        Assert.Contains("MaxDepth", rejection.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void Nesting_exactly_at_the_default_limit_decodes(string pathName)
    {
        var path = HostileData.Path(pathName);
        byte[] bytes = NestedMessages(FudgeReaderOptions.Default.MaxDepth);

        Assert.Null(HostileAssert.DecodesOrRejectsCleanly(path, bytes));
    }

    /// <summary>
    /// With the depth limit lifted, the stack is the limit: every path still ends in a format error before the stack
    /// runs out, however deep the data nests.
    /// </summary>
    [Theory]
    [MemberData(nameof(Paths))]
    public void Nesting_deeper_than_the_stack_allows_is_rejected_even_without_a_depth_limit(string pathName)
    {
        var path = HostileData.Path(pathName);
        var noDepthLimit = new FudgeReaderOptions { MaxDepth = int.MaxValue };

        var rejection = HostileAssert.Rejects(path, NestedMessages(1_000_000), noDepthLimit);

        Assert.Contains("stack", rejection.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void A_custom_depth_limit_admits_its_own_depth_and_rejects_one_more(string pathName)
    {
        var path = HostileData.Path(pathName);
        var options = new FudgeReaderOptions { MaxDepth = 3 };

        var atLimit = HostileAssert.DecodesOrRejectsCleanly(path, NestedMessages(3), options);
        var pastLimit = HostileAssert.Rejects(path, NestedMessages(4), options);

        Assert.Null(atLimit);
        Assert.Equal(8 + 3 * LevelHeader, pastLimit.Offset);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void A_depth_limit_of_zero_admits_flat_messages_only(string pathName)
    {
        var path = HostileData.Path(pathName);
        var options = new FudgeReaderOptions { MaxDepth = 0 };

        var flat = HostileAssert.DecodesOrRejectsCleanly(path, InteropVectors.Read("allNames.dat"), options);
        var nested = HostileAssert.Rejects(path, InteropVectors.Read("subMsg.dat"), options);

        Assert.Null(flat);
        Assert.Equal(8, nested.Offset);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void An_envelope_one_byte_over_MaxMessageSize_is_rejected_at_its_size_field(string pathName)
    {
        var path = HostileData.Path(pathName);
        byte[] bytes = InteropVectors.Read("allNames.dat");

        var rejection = HostileAssert.Rejects(path, bytes, new FudgeReaderOptions { MaxMessageSize = bytes.Length - 1 });

        Assert.Equal(4, rejection.Offset);
        Assert.Contains("MaxMessageSize", rejection.Reason, StringComparison.Ordinal);
    }

    [Theory]
    [MemberData(nameof(Paths))]
    public void An_envelope_exactly_MaxMessageSize_long_decodes(string pathName)
    {
        var path = HostileData.Path(pathName);
        byte[] bytes = InteropVectors.Read("allNames.dat");

        Assert.Null(HostileAssert.DecodesOrRejectsCleanly(path, bytes, new FudgeReaderOptions { MaxMessageSize = bytes.Length }));
    }

    [Theory]
    [MemberData(nameof(HostileData.StreamPaths), MemberType = typeof(HostileData))]
    public void In_a_stream_the_limit_applies_to_each_envelope_not_to_the_stream(string pathName)
    {
        var path = HostileData.Path(pathName);
        byte[] one = InteropVectors.Read("subMsg.dat");
        byte[] three = Concat(one, one, one);

        int envelopes = path.Decode(three, new FudgeReaderOptions { MaxMessageSize = one.Length });

        Assert.Equal(3, envelopes);
    }
}
