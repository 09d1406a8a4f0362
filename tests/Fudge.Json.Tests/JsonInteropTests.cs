using Fudge.Json;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Json.Tests;

public class JsonInteropTests
{
    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_vector_survives_lossless_json_byte_for_byte(string vector)
    {
        byte[] original = InteropVectors.Read(vector);

        string json = FudgeJson.ToJson(original, FudgeJsonSettings.Lossless);
        byte[] back = FudgeJson.ToFudge(json, FudgeJsonSettings.Lossless);

        Assert.Equal(original, back);
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_vector_survives_lossless_jobject_byte_for_byte(string vector)
    {
        byte[] original = InteropVectors.Read(vector);

        var json = FudgeJson.ToJObject(original, FudgeJsonSettings.Lossless);
        var back = FudgeJson.ToEnvelope(json, FudgeJsonSettings.Lossless);

        Assert.Equal(original, back.ToByteArray());
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_vector_converts_to_plain_json_and_back_to_the_same_keys(string vector)
    {
        var original = FudgeMsg.Parse(InteropVectors.Read(vector));

        string json = FudgeJson.ToJson(original);
        var back = FudgeJson.ToMessage(json);

        // Plain keys are names, else ordinals; a name that looks like a number ("100") comes back as an ordinal.
        Assert.Equal(original.Count, back.Count);
        for (int i = 0; i < original.Count; i++)
            Assert.Equal(original[i].Name ?? original[i].Ordinal?.ToString(), back[i].Name ?? back[i].Ordinal?.ToString());
    }
}
