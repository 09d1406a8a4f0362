using System;
using System.Collections.Generic;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>The code paths the review added (filled collections, kept type names, taxonomy-free extras, init defaults) raise only <see cref="FudgeFormatException"/> on corrupt input.</summary>
public class HostileReviewInputTests
{
    public static IEnumerable<object[]> Samples()
    {
        var collections = new GetOnlyCollections { Name = "n" };
        collections.Items.Add(7);
        collections.Map["k"] = 1;
        collections.Tags.Add("t");
        yield return new object[] { "GetOnly", FudgeSerializer.Serialize(collections) };
        yield return new object[] { "Shape", new FudgeMsg().Add(0, "BigCircle").Add(0, "Circle").Add(0, "Shape").Add("Id", "b").Add("Radius", 9.0).Add("Glow", new FudgeMsg().Add("x", 1)).ToByteArray() };
        yield return new object[] { "Config", FudgeSerializer.Serialize(new Config { Name = "c", Retries = 1 }) };
        yield return new object[] { "Relay", new FudgeEnvelope(new FudgeMsg().Add(1, "a").Add(2, 5).Add(3, new FudgeMsg().Add(2, "inner")), taxonomyId: 9).ToByteArray() };
        yield return new object[] { "Level", FudgeSerializer.Serialize(new Level("n", 1, "u")) };
    }

    private static readonly FudgeReaderOptions RelayOptions = new()
    {
        TaxonomyResolver = new FudgeTaxonomyResolver(9, new FudgeTaxonomy(new[] { new KeyValuePair<short, string>(2, "B"), new KeyValuePair<short, string>(3, "C") })),
    };

    private static void Decode(string type, byte[] data)
    {
        switch (type)
        {
            case "GetOnly": FudgeSerializer.Deserialize<GetOnlyCollections>(data); break;
            case "Shape": FudgeSerializer.Serialize(FudgeSerializer.Deserialize<ShapeV1>(data)); break;
            case "Config": FudgeSerializer.Deserialize<Config>(data); break;
            case "Relay": FudgeSerializer.Serialize(FudgeSerializer.Deserialize<TaxonomyRelay>(data, RelayOptions)); break;
            case "Level": FudgeSerializer.Deserialize<Level>(data); break;
            default: throw new ArgumentException(type);
        }
    }

    [Theory]
    [MemberData(nameof(Samples))]
    public void Truncated_and_corrupted_input_raises_only_format_exceptions(string type, byte[] data)
    {
        Decode(type, data); // the sample itself is fine
        for (int length = 0; length < data.Length; length++)
            Assert.Throws<FudgeFormatException>(() => Decode(type, data.AsSpan(0, length).ToArray()));
        var values = new byte[] { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0x0F, 0x20, 0x60 };
        for (int i = 0; i < data.Length; i++)
        {
            foreach (byte v in values)
            {
                var corrupt = (byte[])data.Clone();
                corrupt[i] = v;
                try
                {
                    Decode(type, corrupt);
                }
                catch (FudgeFormatException)
                {
                }
                catch (Exception e)
                {
                    Assert.Fail($"byte {i} set to 0x{v:X2}: {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
                }
            }
        }
    }
}
