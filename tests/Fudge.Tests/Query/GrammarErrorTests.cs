using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>Every error of the path and filter grammars, with the 1-based column it is reported at.</summary>
public class GrammarErrorTests
{
    [Theory]
    [InlineData("", 1, "expected a path starting with '$' but the text ends")]
    [InlineData("Company.Ticker", 1, "expected a path starting with '$'")]
    [InlineData("$.", 3, "expected a field name, '*' or '#' after '.' but the text ends")]
    [InlineData("$.9lives", 3, "expected a field name")]
    [InlineData("$..", 4, "expected a field name")]
    [InlineData("$[", 3, "the text ends inside '['")]
    [InlineData("$[x]", 3, "expected a quoted name, an index, '*' or '#'")]
    [InlineData("$['a'", 6, "is not closed")]
    [InlineData("$[1 ]", 4, "expected ']'")]
    [InlineData("$['a", 3, "the string is not closed")]
    [InlineData("$['a\\q']", 5, "unknown escape \\q")]
    [InlineData("$['a\\u12']", 5, "\\u must be followed by four hex digits")]
    [InlineData("$['a\\", 5, "the string ends inside an escape")]
    [InlineData("$.a[0][1]", 8, "already chooses an occurrence")]
    [InlineData("$.#99999", 4, "ordinal 99999 is outside -32768..32767")]
    [InlineData("$[99999999999]", 3, "index 99999999999 is outside")]
    [InlineData("$[-]", 3, "expected index")]
    [InlineData("$.a b", 5, "unexpected 'b' after the path")]
    [InlineData("$.a\n.b", 1, "unexpected '.' after the path")]
    public void Path_errors_name_their_column(string text, int column, string reason)
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgePath.Compile(text));
        Assert.Equal(column, e.Column);
        Assert.Contains(reason, e.Reason);
        Assert.Contains($"column {column}", e.Message);
    }

    [Fact]
    public void Errors_on_later_lines_count_lines_and_columns_from_one()
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile("$.a == 1 &&\n  $.b ==\n  ?"));
        Assert.Equal(3, e.Line);
        Assert.Equal(3, e.Column);
    }

    [Theory]
    [InlineData("", 1, "the filter is empty")]
    [InlineData("   ", 4, "the filter is empty")]
    [InlineData("$.a == ", 8, "expected a literal but the filter ends")]
    [InlineData("$.a = 1", 5, "'=' is not an operator; use '=='")]
    [InlineData("$.a == 1 $.b", 10, "expected '&&', '||' or the end")]
    [InlineData("$.a == 1 &&", 12, "the filter ends where a test was expected")]
    [InlineData("$.a == 1 || ?", 13, "expected a path, a function, a literal, '!' or '('")]
    [InlineData("($.a == 1", 10, "the '(' at column 1 is not closed")]
    [InlineData("($.a == 1 ]", 11, "expected ')'")]
    [InlineData("$", 2, "'$' alone selects no field")]
    [InlineData("$.a == b", 8, "expected a literal but found 'b'")]
    [InlineData("$.a == ?", 8, "expected a literal (string, number, true, false, date)")]
    [InlineData("$.a < true", 5, "booleans compare only with == and !=")]
    [InlineData("'x'", 1, "a literal alone is not a test")]
    [InlineData("1 == 2", 6, "a comparison needs a path on one side")]
    [InlineData("$.a in 'x'", 8, "expected '[' to open the list")]
    [InlineData("$.a in []", 9, "the list is empty")]
    [InlineData("$.a in ['x' 'y']", 13, "expected ',' or ']' in the list")]
    [InlineData("$.a in ['x',", 13, "expected a literal but the filter ends")]
    [InlineData("$.a in ['x'", 12, "the list is not closed")]
    [InlineData("frobnicate($.a)", 1, "unknown function or word 'frobnicate'")]
    [InlineData("match $.a", 1, "a function name must be followed by '('")]
    [InlineData("match($.a 'x')", 11, "expected ',' between the path and the string")]
    [InlineData("match($.a, 1)", 12, "expected a quoted string as the second argument")]
    [InlineData("match($.a, '(')", 12, "invalid regular expression")]
    [InlineData("starts_with($.a, 'x'", 21, "expected ')' but the text ends")]
    [InlineData("type($.a)", 10, "type(...) is compared with == or !=")]
    [InlineData("type($.a) < 'int'", 11, "type(...) is compared with == or !=")]
    [InlineData("type($.a) == int", 14, "expected a quoted type name")]
    [InlineData("type($.a) == 'decimal'", 14, "unknown type name 'decimal'")]
    [InlineData("count($.a) > ", 14, "expected a literal but the filter ends")]
    [InlineData("count($.a) > 1.5", 14, "count(...) is compared with a whole number")]
    [InlineData("count($.a)", 11, "count(...) is compared with a whole number")]
    [InlineData("$.a == 01", 8, "a number must not start with 0")]
    [InlineData("$.a == 1.", 10, "expected digits after the decimal point")]
    [InlineData("$.a == 1e", 10, "expected digits in the exponent")]
    [InlineData("$.a == -x", 8, "expected a number after '-'")]
    [InlineData("$.a == 12abc", 10, "unexpected 'a' after the number")]
    [InlineData("$.a == 1e999", 8, "the number 1e999 is too large")]
    [InlineData("$.a == 2024-13-01", 8, "not a valid ISO 8601 date")]
    [InlineData("$.a == 2024-01-01T25:00", 8, "not a valid ISO 8601 date")]
    [InlineData("$.a == 'x", 8, "the string is not closed")]
    [InlineData("$.a == 'a\tb'", 10, "a control character must be escaped")]
    [InlineData("$.a[", 5, "the text ends inside '['")]
    public void Filter_errors_name_their_column(string text, int column, string reason)
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile(text));
        Assert.Contains(reason, e.Reason);
        Assert.Equal(column, e.Column);
        Assert.Equal(1, e.Line);
    }

    [Fact]
    public void Deep_nesting_is_refused_not_a_stack_overflow()
    {
        var e = Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile(new string('(', 100_000) + "$.a"));
        Assert.Contains("nests deeper than 64", e.Reason);
        Assert.Throws<FudgeQueryException>(() => FudgeFilter.Compile(new string('!', 100_000) + "$.a"));
    }

    [Fact]
    public void Null_text_is_an_argument_error_not_a_query_error()
    {
        Assert.Throws<System.ArgumentNullException>(() => FudgeFilter.Compile(null!));
        Assert.Throws<System.ArgumentNullException>(() => FudgePath.Compile(null!));
    }
}
