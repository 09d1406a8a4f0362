using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>
/// Finding: a struct (a positional record struct above all) was built through its implicit parameterless constructor
/// whenever its members were settable, so parameter defaults were ignored: a newer <c>record struct Level(string Name,
/// int Value = 5)</c> read older data without <c>Value</c> as 0. The declared constructor is now preferred.
/// </summary>
public class StructDefaultsTests
{
    [Fact]
    public void A_record_struct_reading_older_data_gets_its_parameter_defaults()
    {
        var level = FudgeSerializer.Deserialize<Level>(new FudgeMsg().Add("Name", "n").ToByteArray());
        Assert.Equal(new Level("n", 5, "pt"), level);
        Assert.Equal(new Level("m", 0, ""), FudgeSerializer.Deserialize<Level>(FudgeSerializer.Serialize(new Level("m", 0, ""))));
    }

    [Fact]
    public void A_struct_with_a_constructor_gets_its_parameter_defaults()
    {
        var setting = FudgeSerializer.Deserialize<Setting>(new FudgeMsg().Add("Key", "k").ToByteArray());
        Assert.Equal(("k", 3), (setting.Key, setting.Weight));
    }
}

/// <summary>Finding: <c>[property: FudgeIgnore]</c> on a positional record parameter made the record unreadable (FUDGE009).</summary>
public class IgnoredParameterTests
{
    [Fact]
    public void An_ignored_positional_parameter_is_left_out_and_read_as_default()
    {
        byte[] bytes = FudgeSerializer.Serialize(new WithIgnoredParameter(1, "cached"));
        Assert.Equal(new FudgeMsg().Add("A", 1), FudgeMsg.Parse(bytes));
        Assert.Equal(new WithIgnoredParameter(1, null), FudgeSerializer.Deserialize<WithIgnoredParameter>(bytes));
    }
}
