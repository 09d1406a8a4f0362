using System.Collections.Generic;
using System.Linq;
using Fudge.Json.Tests.Support;
using Fudge.Xml;
using Newtonsoft.Json.Linq;
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
        byte[] original = RandomMessages.Envelope(seed, javaText: true);

        byte[] back = FudgeJson.ToFudge(FudgeJson.ToJson(original, FudgeJsonSettings.Lossless), FudgeJsonSettings.Lossless);

        Assert.Equal(original, back);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Lossless_jobject_returns_the_same_bytes(int seed)
    {
        byte[] original = RandomMessages.Envelope(seed, javaText: true);
        var json = FudgeJson.ToJObject(original, FudgeJsonSettings.Lossless);

        using var tokens = new JTokenReader(json);
        byte[] back = FudgeJson.ToFudge(tokens, FudgeJsonSettings.Lossless);
        var model = FudgeJson.ToEnvelope(json, FudgeJsonSettings.Lossless);

        Assert.Equal(original, back);
        // A FudgeEnvelope holds text, not how it was encoded: the model encodes it again the way it always does.
        Assert.Equal(FudgeEnvelope.Parse(original).ToByteArray(), model.ToByteArray());
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Xml_returns_the_same_bytes(int seed)
    {
        byte[] original = RandomMessages.Envelope(seed, javaText: true);

        byte[] back = FudgeXml.ToFudge(FudgeXml.ToXml(original, indent: seed % 2 == 0));

        Assert.Equal(original, back);
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Plain_json_has_one_member_per_distinct_key_in_first_occurrence_order(int seed)
    {
        byte[] original = RandomMessages.Envelope(seed);

        var json = FudgeJson.ToJObject(original, new FudgeJsonSettings { EnvelopeAttributes = false });

        AssertSameKeys(FudgeMsg.Parse(original), json);
        Assert.NotNull(FudgeJson.ToMessage(json)); // and it reads back
    }

    [Theory]
    [MemberData(nameof(Seeds))]
    public void Plain_json_with_repeated_keys_reads_back_to_the_same_key_sequence(int seed)
    {
        var original = FudgeMsg.Parse(RandomMessages.Envelope(seed));
        var settings = new FudgeJsonSettings { RepeatedFields = FudgeJsonRepeatedFields.RepeatKeys, EnvelopeAttributes = false };

        var back = FudgeJson.ToMessage(FudgeJson.ToJson(original, settings), settings);

        // NaN and infinities are written as strings, which turns a float array into a mixed array: one field per element.
        var expected = original.SelectMany(f => Enumerable.Repeat(KeyOf(f), NonFiniteArrayLength(f) ?? 1));
        Assert.Equal(expected, TopLevelKeys(back));
    }

    private static string KeyOf(FudgeField f) => f.Name ?? f.Ordinal?.ToString() ?? "";

    private static int? NonFiniteArrayLength(FudgeField field) => field.Value switch
    {
        float[] a when a.Any(v => !float.IsFinite(v)) => a.Length,
        double[] a when a.Any(v => !double.IsFinite(v)) => a.Length,
        _ => null,
    };

    private static IEnumerable<string> TopLevelKeys(FudgeMsg message)
        => message.Select(KeyOf);

    private static void AssertSameKeys(FudgeMsg message, Newtonsoft.Json.Linq.JObject json)
    {
        var distinct = TopLevelKeys(message).Distinct().ToList();
        Assert.Equal(distinct, json.Properties().Select(p => p.Name));
        foreach (var key in distinct)
        {
            var fields = message.Where(f => KeyOf(f) == key).ToList();
            if (fields.Count == 1 && fields[0].Value is FudgeMsg sub) AssertSameKeys(sub, (Newtonsoft.Json.Linq.JObject)json[key]!);
        }
    }
}
