using System.Collections.Generic;
using System.Linq;
using Fudge.Generators.Tests.ProtoGenerated.secondpass;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>Constructs where the generated C# follows Fudge-Proto's compiler and Java (issue 33, items 1, 3, 4, 9, 10).</summary>
public class ProtoSecondPassTests
{
    [Fact]
    public void A_redeclared_inherited_field_without_an_ordinal_keeps_the_base_ordinal()
    {
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize(new Redeclared { Owner = "kirk" }));
        var owner = Assert.Single(message, f => f.Ordinal == 5);
        Assert.Null(owner.Name);
        Assert.Equal("kirk", owner.Value);
        Assert.Equal("kirk", FudgeSerializer.Deserialize<Redeclared>(new FudgeMsg().Add(5, "kirk").ToByteArray()).Owner);
    }

    [Fact]
    public void A_keyword_escaped_with_a_dollar_is_written_under_its_plain_name()
    {
        var message = FudgeMsg.Parse(FudgeSerializer.Serialize(new Keywords { Default = 3 }));
        Assert.Equal(3, message.GetInt64("default"));
        Assert.Equal(7, FudgeSerializer.Deserialize<Keywords>(new FudgeMsg().Add("default", 7).ToByteArray()).Default);
    }

    [Fact]
    public void Repeated_indicators_read_back_as_true()
    {
        byte[] bytes = FudgeSerializer.Serialize(new Flags { Marks = new List<bool> { true, true } });
        Assert.Equal(2, FudgeMsg.Parse(bytes).Count(f => f.Name == "marks" && f.TypeId == FudgeTypeId.Indicator));
        Assert.Equal(new[] { true, true }, FudgeSerializer.Deserialize<Flags>(bytes).Marks);
    }

    [Fact]
    public void An_unknown_escape_is_kept_as_written_and_binding_strings_are_unescaped()
    {
        Assert.Equal("x\\qy", new Escapes().Odd);
        Assert.Equal("q", new Escapes().Quoted());
    }
}
