using System;
using System.Collections.Generic;
using System.Globalization;

namespace Fudge.Query;

/// <summary>
/// Parses the filter language (RFC 9535 filter-expression style) into <see cref="FilterNode"/>s by recursive descent:
/// <c>||</c> binds loosest, then <c>&amp;&amp;</c>, then <c>!</c>; a comparison has a path on one side and a literal
/// on the other. See docs/routing.md for the grammar.
/// </summary>
internal sealed class FilterParser
{
    // Parentheses and '!' recurse; a hostile text of a million '(' must fail cleanly, not overflow the stack.
    private const int MaxNesting = 64;

    private readonly QueryText _text;
    private int _nesting;

    // Inside any(path, ...): paths start at '@', the element, instead of '$'.
    private int _elementDepth;

    private bool AtPath => _elementDepth > 0 ? _text.Current == '@' : _text.Current == '$';

    private char Root => _elementDepth > 0 ? '@' : '$';

    private FilterParser(string text) => _text = new QueryText(text);

    public static FilterNode Parse(string text)
    {
        var parser = new FilterParser(text);
        parser._text.SkipBlanks();
        if (parser._text.AtEnd) throw parser._text.ErrorHere("the filter is empty");
        var node = parser.ParseOr();
        parser._text.SkipBlanks();
        if (!parser._text.AtEnd) throw parser._text.ErrorHere($"unexpected '{parser._text.Current}'; expected '&&', '||' or the end of the filter");
        return node;
    }

    private FilterNode ParseOr()
    {
        var left = ParseAnd();
        while (true)
        {
            _text.SkipBlanks();
            if (!_text.Accept("||")) return left;
            left = new OrNode(left, ParseAnd());
        }
    }

    private FilterNode ParseAnd()
    {
        var left = ParseUnary();
        while (true)
        {
            _text.SkipBlanks();
            if (!_text.Accept("&&")) return left;
            left = new AndNode(left, ParseUnary());
        }
    }

    private FilterNode ParseUnary()
    {
        _text.SkipBlanks();
        if (_text.Current == '!' && _text.Next != '=')
        {
            int at = _text.Position;
            _text.Position++;
            Enter(at);
            var operand = ParseUnary();
            _nesting--;
            return new NotNode(operand);
        }
        return ParsePrimary();
    }

    private void Enter(int at)
    {
        if (++_nesting > MaxNesting) throw _text.ErrorAt(at, $"the filter nests deeper than {MaxNesting} levels");
    }

    private FilterNode ParsePrimary()
    {
        _text.SkipBlanks();
        int start = _text.Position;
        char c = _text.Current;
        if (c == '(')
        {
            _text.Position++;
            Enter(start);
            var inner = ParseOr();
            _nesting--;
            _text.SkipBlanks();
            if (_text.Current != ')') throw _text.ErrorHere(_text.AtEnd ? $"the '(' at column {start + 1} is not closed" : $"expected ')' but found '{_text.Current}'");
            _text.Position++;
            return inner;
        }
        if (c == '$' || c == '@') return ParsePathTest();
        if (QueryText.IsNameStart(c))
        {
            string word = _text.ReadName();
            switch (word)
            {
                case "true":
                case "false":
                    return ParseLiteralFirst(start, QueryLiteral.ForBoolean(word == "true"));
                case "starts_with": return ParseStringFunction(start, StringFunction.StartsWith);
                case "ends_with": return ParseStringFunction(start, StringFunction.EndsWith);
                case "contains": return ParseStringFunction(start, StringFunction.Contains);
                case "match": return ParseStringFunction(start, StringFunction.Match);
                case "search": return ParseStringFunction(start, StringFunction.Search);
                case "type": return ParseTypeTest(start);
                case "count": return ParseCount(start);
                case "any": return ParseAnyElement(start);
                case "hex": return ParseHex(start);
                default:
                    throw _text.ErrorAt(start, $"unknown function or word '{word}' (functions: starts_with, ends_with, contains, match, search, type, count, any, hex)");
            }
        }
        if (c is '\'' or '"' or '-' || QueryText.IsDigit(c)) return ParseLiteralFirst(start, ParseLiteral());
        throw _text.ErrorHere(_text.AtEnd ? "the filter ends where a test was expected" : $"expected a path, a function, a literal, '!' or '(' but found '{c}'");
    }

    // path, path op literal, path in [..]
    private FilterNode ParsePathTest()
    {
        var path = ParsePath();
        int afterPath = _text.Position;
        _text.SkipBlanks();
        if (TryParseOperator(out var op, out int opAt))
        {
            _text.SkipBlanks();
            if (_text.Current is '$' or '@') return new PathComparisonNode(path, op, ParsePath());
            var literal = ParseLiteral();
            CheckOperator(op, opAt, literal);
            return new ComparisonNode(path, op, literal);
        }
        if (_text.Accept("in") && !QueryText.IsNameChar(_text.Current)) return new MembershipNode(path, ParseList());
        _text.Position = afterPath;
        return new ExistsNode(path);
    }

    // literal op path: the comparison is turned around so the path comes first.
    private FilterNode ParseLiteralFirst(int start, QueryLiteral literal)
    {
        _text.SkipBlanks();
        if (!TryParseOperator(out var op, out int opAt)) throw _text.ErrorAt(start, "a literal alone is not a test; compare it with a path (e.g. $.price > 10)");
        _text.SkipBlanks();
        if (_text.Current is not ('$' or '@')) throw _text.ErrorHere("a comparison needs a path on one side");
        var path = ParsePath();
        CheckOperator(op, opAt, literal);
        return new ComparisonNode(path, Mirror(op), literal);
    }

    private FilterNode ParseStringFunction(int start, StringFunction function)
    {
        var path = ParseFirstArgument(start, "',' between the path and the string");
        int argumentAt = _text.Position;
        if (_text.Current is not ('\'' or '"')) throw _text.ErrorHere("expected a quoted string as the second argument");
        var argument = QueryLiteral.ForString(_text.ReadQuoted());
        System.Text.RegularExpressions.Regex? regex = null;
        if (function is StringFunction.Match or StringFunction.Search)
        {
            try
            {
                regex = StringFunctionNode.CompilePattern(argument.Text, function == StringFunction.Match);
            }
            catch (ArgumentException e)
            {
                throw _text.ErrorAt(argumentAt, "invalid regular expression: " + e.Message);
            }
        }
        ExpectClose();
        return new StringFunctionNode(path, function, argument, regex);
    }

    private FilterNode ParseTypeTest(int start)
    {
        var path = ParseEqualityWithText(start, "type(...) is compared with == or != and a type name, e.g. type($.price) == 'double'",
            "expected a quoted type name, e.g. 'double', 'number' or 'string'", out bool equal, out string name, out int nameAt);
        var types = FilterTypeNames.Resolve(name) ?? throw _text.ErrorAt(nameAt, $"unknown type name '{name}' (use a Fudge type such as 'int', 'double', 'string', 'message', 'datetime', or 'integer', 'number', 'bytes', 'array')");
        return new TypeNode(path, types, equal);
    }

    // name(path) == 'text' or name(path) != 'text' (type and hex): the path, whether the operator is ==, and the text.
    private FudgePath ParseEqualityWithText(int start, string operatorExpected, string textExpected, out bool equal, out string text, out int textAt)
    {
        var path = ParseFirstArgument(start, comma: null);
        ExpectClose();
        _text.SkipBlanks();
        int opAt = _text.Position;
        if (!TryParseOperator(out var op, out _) || op is not (ComparisonOperator.Equal or ComparisonOperator.NotEqual))
            throw _text.ErrorAt(opAt, operatorExpected);
        equal = op == ComparisonOperator.Equal;
        _text.SkipBlanks();
        textAt = _text.Position;
        if (_text.Current is not ('\'' or '"')) throw _text.ErrorHere(textExpected);
        text = _text.ReadQuoted();
        return path;
    }

    private FilterNode ParseCount(int start)
    {
        var path = ParseFirstArgument(start, comma: null);
        ExpectClose();
        _text.SkipBlanks();
        if (!TryParseOperator(out var op, out _)) throw _text.ErrorHere("count(...) is compared with a whole number, e.g. count($.legs) >= 2");
        _text.SkipBlanks();
        int at = _text.Position;
        var literal = ParseLiteral();
        if (literal.Kind != LiteralKind.Integer) throw _text.ErrorAt(at, "count(...) is compared with a whole number");
        return new CountNode(path, op, literal);
    }

    // The start of a function's arguments: '(', the path, and the ',' before a second argument when there is one.
    private FudgePath ParseFirstArgument(int functionAt, string? comma)
    {
        ExpectOpen(functionAt);
        var path = ParsePath();
        if (comma is null) return path;
        _text.SkipBlanks();
        _text.Expect(',', comma);
        _text.SkipBlanks();
        return path;
    }

    private void ExpectOpen(int functionAt)
    {
        _text.SkipBlanks();
        if (_text.Current != '(') throw _text.ErrorAt(functionAt, "a function name must be followed by '('");
        _text.Position++;
        _text.SkipBlanks();
    }

    private void ExpectClose()
    {
        _text.SkipBlanks();
        _text.Expect(')', "')'");
    }

    private FudgePath ParsePath()
    {
        if (!AtPath)
        {
            if (_text.AtEnd) throw _text.ErrorHere("expected a path but the filter ends");
            if (_elementDepth > 0 && _text.Current == '$') throw _text.ErrorHere("inside any(...) paths start with '@' (the element), e.g. @.venue");
            throw _text.ErrorHere($"expected a path starting with '{Root}' but found '{_text.Current}'");
        }
        var path = FudgePath.Parse(_text, element: _elementDepth > 0);
        if (path.IsRoot) throw _text.ErrorHere($"'{Root}' alone selects no field; name one, e.g. {Root}.price");
        return path;
    }

    // any(path, filter): some sub-message the path selects passes the filter, whose paths start at '@'.
    private FilterNode ParseAnyElement(int start)
    {
        var path = ParseFirstArgument(start, "',' between the path and the element's filter");
        Enter(start);
        _elementDepth++;
        var inner = ParseOr();
        _elementDepth--;
        _nesting--;
        ExpectClose();
        return new AnyElementNode(path, inner);
    }

    // hex(path) == 'hex digits': a byte-array field holds exactly those bytes.
    private FilterNode ParseHex(int start)
    {
        var path = ParseEqualityWithText(start, "hex(...) is compared with == or != and quoted hex digits, e.g. hex($.id) == '00ff'",
            "expected quoted hex digits, e.g. '00ff'", out bool equal, out string digits, out int at);
        var bytes = HexNode.ParseHex(digits) ?? throw _text.ErrorAt(at, "expected an even number of hex digits (0-9, a-f)");
        return new HexNode(path, bytes, equal);
    }

    private bool TryParseOperator(out ComparisonOperator op, out int at)
    {
        at = _text.Position;
        if (_text.Accept("==")) op = ComparisonOperator.Equal;
        else if (_text.Accept("!=")) op = ComparisonOperator.NotEqual;
        else if (_text.Accept("<=")) op = ComparisonOperator.LessOrEqual;
        else if (_text.Accept(">=")) op = ComparisonOperator.GreaterOrEqual;
        else if (_text.Accept("<")) op = ComparisonOperator.Less;
        else if (_text.Accept(">")) op = ComparisonOperator.Greater;
        else if (_text.Current == '=') throw _text.ErrorHere("'=' is not an operator; use '==' to compare");
        else
        {
            op = default;
            return false;
        }
        return true;
    }

    private void CheckOperator(ComparisonOperator op, int at, QueryLiteral literal)
    {
        if (literal.Kind == LiteralKind.Boolean && op is not (ComparisonOperator.Equal or ComparisonOperator.NotEqual))
            throw _text.ErrorAt(at, "booleans compare only with == and !=");
    }

    private static ComparisonOperator Mirror(ComparisonOperator op) => op switch
    {
        ComparisonOperator.Less => ComparisonOperator.Greater,
        ComparisonOperator.LessOrEqual => ComparisonOperator.GreaterOrEqual,
        ComparisonOperator.Greater => ComparisonOperator.Less,
        ComparisonOperator.GreaterOrEqual => ComparisonOperator.LessOrEqual,
        _ => op,
    };

    private QueryLiteral[] ParseList()
    {
        _text.SkipBlanks();
        _text.Expect('[', "'[' to open the list after 'in'");
        var items = new List<QueryLiteral>();
        while (true)
        {
            _text.SkipBlanks();
            if (_text.Current == ']' && items.Count == 0) throw _text.ErrorHere("the list is empty");
            items.Add(ParseLiteral());
            _text.SkipBlanks();
            if (_text.Current == ',')
            {
                _text.Position++;
                continue;
            }
            if (_text.Current == ']')
            {
                _text.Position++;
                return items.ToArray();
            }
            throw _text.ErrorHere(_text.AtEnd ? "the list is not closed" : $"expected ',' or ']' in the list but found '{_text.Current}'");
        }
    }

    /// <summary>A string, number, boolean, ISO 8601 date or date-time.</summary>
    private QueryLiteral ParseLiteral()
    {
        int start = _text.Position;
        char c = _text.Current;
        if (c is '\'' or '"') return QueryLiteral.ForString(_text.ReadQuoted());
        if (QueryText.IsNameStart(c))
        {
            string word = _text.ReadName();
            if (word == "true") return QueryLiteral.ForBoolean(true);
            if (word == "false") return QueryLiteral.ForBoolean(false);
            throw _text.ErrorAt(start, $"expected a literal but found '{word}' (quote strings: '{word}')");
        }
        if (c == '-' || QueryText.IsDigit(c))
        {
            int end = QueryInstant.TryParse(_text.Text, start, out var date, out long seconds, out int nanos, out bool hasTime);
            if (end > 0 && !QueryText.IsNameChar(CharAt(end)))
            {
                _text.Position = end;
                string display = _text.Text.Substring(start, end - start);
                return hasTime ? QueryLiteral.ForDateTime(date, seconds, nanos, display) : QueryLiteral.ForDate(date, seconds, display);
            }
            if (LooksLikeDate(start)) throw _text.ErrorAt(start, "not a valid ISO 8601 date (YYYY-MM-DD) or date-time (YYYY-MM-DDThh:mm[:ss[.f]][Z|+hh:mm])");
            return ParseNumber(start);
        }
        throw _text.ErrorHere(_text.AtEnd ? "expected a literal but the filter ends" : $"expected a literal (string, number, true, false, date) but found '{c}'");
    }

    // Four digits and a dash can only be meant as a date: there is no subtraction to confuse it with.
    private bool LooksLikeDate(int start)
    {
        for (int i = 0; i < 4; i++)
            if (!QueryText.IsDigit(CharAt(start + i))) return false;
        return CharAt(start + 4) == '-';
    }

    private char CharAt(int index) => index < _text.Text.Length ? _text.Text[index] : '\0';

    // RFC 8259 number: -?int frac? exp?
    private QueryLiteral ParseNumber(int start)
    {
        int p = start;
        string s = _text.Text;
        if (CharAt(p) == '-') p++;
        if (!QueryText.IsDigit(CharAt(p))) throw _text.ErrorAt(start, "expected a number after '-'");
        if (CharAt(p) == '0' && QueryText.IsDigit(CharAt(p + 1))) throw _text.ErrorAt(start, "a number must not start with 0 followed by digits");
        while (QueryText.IsDigit(CharAt(p))) p++;
        bool integral = true;
        if (CharAt(p) == '.')
        {
            integral = false;
            p++;
            if (!QueryText.IsDigit(CharAt(p))) throw _text.ErrorAt(p, "expected digits after the decimal point");
            while (QueryText.IsDigit(CharAt(p))) p++;
        }
        if (CharAt(p) is 'e' or 'E')
        {
            integral = false;
            p++;
            if (CharAt(p) is '+' or '-') p++;
            if (!QueryText.IsDigit(CharAt(p))) throw _text.ErrorAt(p, "expected digits in the exponent");
            while (QueryText.IsDigit(CharAt(p))) p++;
        }
        if (QueryText.IsNameChar(CharAt(p))) throw _text.ErrorAt(p, $"unexpected '{CharAt(p)}' after the number");
        string text = s.Substring(start, p - start);
        _text.Position = p;
        if (integral && long.TryParse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long integer)) return QueryLiteral.ForInteger(integer);
        double number = double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
        if (double.IsInfinity(number)) throw _text.ErrorAt(start, $"the number {text} is too large");
        return QueryLiteral.ForNumber(number, text);
    }
}
