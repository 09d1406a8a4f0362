using Fudge.Serialization;
using Newtonsoft.Json;
using Xunit;

namespace Fudge.Json.Tests;

[FudgeMessage]
public partial class Position
{
    public string Symbol { get; set; } = "";
    public long Quantity { get; set; }
    public double Price { get; set; }
    public bool Open { get; set; }
    public Leg? Leg { get; set; }
}

[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
public partial class Leg
{
    [FudgeField(1)] public string Venue { get; set; } = "";
    [FudgeField(2)] public int Lots { get; set; }
}

public class FudgeMessageConverterTests
{
    private static Position Sample() => new()
    {
        Symbol = "ABC", Quantity = 1_000_000, Price = 12.5, Open = true, Leg = new Leg { Venue = "XLON", Lots = 3 },
    };

    [Fact]
    public void A_generated_type_becomes_the_json_of_its_fudge_encoding()
    {
        var settings = new JsonSerializerSettings { Converters = { new FudgeMessageJsonConverter() } };

        string json = JsonConvert.SerializeObject(Sample(), settings);

        Assert.Equal(FudgeJson.ToJson(FudgeSerializer.Serialize(Sample())), json);
        Assert.Contains("\"Symbol\":\"ABC\"", json);
    }

    [Fact]
    public void Lossless_json_reads_back_into_the_type()
    {
        var settings = new JsonSerializerSettings { Converters = { new FudgeMessageJsonConverter(FudgeJsonSettings.Lossless) } };

        var back = JsonConvert.DeserializeObject<Position>(JsonConvert.SerializeObject(Sample(), settings), settings)!;

        Assert.Equal(FudgeSerializer.Serialize(Sample()), FudgeSerializer.Serialize(back));
    }

    [Fact]
    public void The_converter_only_claims_generated_types()
    {
        var converter = new FudgeMessageJsonConverter();

        Assert.True(converter.CanConvert(typeof(Position)));
        Assert.False(converter.CanConvert(typeof(string)));
    }
}

public class FudgeMessagePlainJsonTests
{
    [Fact]
    public void Plain_json_reads_back_into_the_type_when_the_formatter_accepts_it()
    {
        var settings = new JsonSerializerSettings { Converters = { new FudgeMessageJsonConverter() } };
        var original = new Position { Symbol = "ABC", Quantity = 1_000_000, Price = 12.5, Open = true, Leg = new Leg { Venue = "XLON", Lots = 3 } };

        string json = JsonConvert.SerializeObject(original, settings);
        var back = JsonConvert.DeserializeObject<Position>(json, settings)!;

        Assert.Equal("{\"Symbol\":\"ABC\",\"Quantity\":1000000,\"Price\":12.5,\"Open\":true,\"Leg\":{\"1\":\"XLON\",\"2\":3}}", json);
        Assert.Equal(("ABC", 1_000_000L, 12.5, true, "XLON", 3), (back.Symbol, back.Quantity, back.Price, back.Open, back.Leg!.Venue, back.Leg.Lots));
    }
}
