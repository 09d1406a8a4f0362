using Xunit;

namespace Fudge.Tests;

/// <summary>Both names of Fudge data are recognised however a header spells them; nothing else is.</summary>
public sealed class FudgeMediaTypesTests
{
    [Theory]
    [InlineData("application/vnd.fudgemsg")]
    [InlineData("application/x-fudge")]
    [InlineData("Application/VND.FudgeMsg")]
    [InlineData("application/vnd.fudgemsg; charset=binary")]
    [InlineData("  application/x-fudge ;q=0.5")]
    public void Either_name_with_any_case_or_parameters_is_fudge(string mediaType)
        => Assert.True(FudgeMediaTypes.IsFudge(mediaType));

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("application/json")]
    [InlineData("application/vnd.fudgemsg+json")]
    [InlineData("application/x-fudge-extra")]
    public void Other_media_types_are_not(string? mediaType)
        => Assert.False(FudgeMediaTypes.IsFudge(mediaType));

    [Fact]
    public void The_name_written_is_the_vendor_tree_one()
        => Assert.Equal("application/vnd.fudgemsg", FudgeMediaTypes.Fudge);
}
