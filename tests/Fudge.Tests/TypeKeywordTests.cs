using System;
using Xunit;

namespace Fudge.Tests;

/// <summary>Type keywords read from text, as a string or as characters (the span overload readers of JSON use).</summary>
public class TypeKeywordTests
{
    [Fact]
    public void Every_type_name_reads_back_to_its_id_from_a_string_and_from_characters()
    {
        for (int id = 0; id <= 255; id++)
        {
            string name = FudgeTypeId.GetName((byte)id);

            Assert.True(FudgeTypeId.TryParse(name, out byte fromString), name);
            Assert.True(FudgeTypeId.TryParse(name.AsSpan(), out byte fromChars), name);
            Assert.Equal((byte)id, fromString);
            Assert.Equal((byte)id, fromChars);
        }
    }

    [Theory]
    [InlineData("STRING", FudgeTypeId.String)]
    [InlineData(" Double ", FudgeTypeId.Double)]
    [InlineData("int32", FudgeTypeId.Int32)]
    [InlineData("bool", FudgeTypeId.Boolean)]
    [InlineData("Byte[16]", FudgeTypeId.ByteArray16)]
    [InlineData("42", 42)]
    public void Keywords_in_any_case_with_white_space_aliases_and_decimal_ids_read_alike_from_both(string text, byte expected)
    {
        Assert.True(FudgeTypeId.TryParse(text, out byte fromString));
        Assert.True(FudgeTypeId.TryParse(text.AsSpan(), out byte fromChars));
        Assert.Equal(expected, fromString);
        Assert.Equal(expected, fromChars);
    }

    [Theory]
    [InlineData("")]
    [InlineData("strings")]
    [InlineData("256")]
    [InlineData(" 42")]
    [InlineData("byte[3]")]
    public void Other_text_is_no_type_from_either(string text)
    {
        Assert.False(FudgeTypeId.TryParse(text, out _));
        Assert.False(FudgeTypeId.TryParse(text.AsSpan(), out _));
    }
}
