using System.Collections.Generic;
using System.Linq;
using Fudge.Json.Tests.Support;
using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>Property tests: seeded random envelopes come back byte for byte through every lossless path.</summary>
public class RandomRoundTripTests
{
    public static IEnumerable<object[]> Seeds => Enumerable.Range(1, 150).Select(seed => new object[] { seed });

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Lossless_json_text_returns_the_same_bytes(int seed)
    {
        byte[] original = RandomMessages.Envelope(seed);

        byte[] back = FudgeJson.ToFudge(FudgeJson.ToJson(original, FudgeJsonSettings.Lossless), FudgeJsonSettings.Lossless);

        Assert.Equal(original, back);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Lossless_jobject_returns_the_same_bytes(int seed)
    {
        byte[] original = RandomMessages.Envelope(seed);

        var back = FudgeJson.ToEnvelope(FudgeJson.ToJObject(original, FudgeJsonSettings.Lossless), FudgeJsonSettings.Lossless);

        Assert.Equal(original, back.ToByteArray());
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Xml_returns_the_same_bytes(int seed)
    {
        byte[] original = RandomMessages.Envelope(seed);

        byte[] back = FudgeXml.ToFudge(FudgeXml.ToXml(original, indent: seed % 2 == 0));

        Assert.Equal(original, back);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Plain_json_keeps_the_message_readable(int seed)
    {
        byte[] original = RandomMessages.Envelope(seed);

        string json = FudgeJson.ToJson(original);
        var back = FudgeJson.ToMessage(json);

        Assert.NotNull(back);
    }
}
