using System;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>
/// Finding: an absent init-only member got <c>default</c> instead of its initializer's value, so a newer record with
/// <c>public int Retries { get; init; } = 3;</c> read older data as 0. Constant initializers now apply.
/// </summary>
public class InitDefaultsTests
{
    [Fact]
    public void Absent_init_only_members_keep_their_constant_initializers()
    {
        var config = FudgeSerializer.Deserialize<Config>(new FudgeMsg().Add("Name", "c").ToByteArray());
        Assert.Equal(("c", 3, "ms", Mode.Auto, (double?)0.5, 8080), (config.Name, config.Retries, config.Unit, config.Mode, config.Ratio, config.Port));
        Assert.Equal(default, config.Created);
    }

    [Fact]
    public void Present_init_only_members_including_null_and_zero_win()
    {
        var original = new Config { Name = "c", Retries = 0, Unit = "s", Mode = Mode.Off, Ratio = null, Port = 1, Created = new DateTime(2020, 1, 1) };
        var back = FudgeSerializer.Deserialize<Config>(FudgeSerializer.Serialize(original));
        // Ratio = null is written as an indicator (its initializer would fill an absent field): it reads back null.
        Assert.Equal(original, back);
    }
}
