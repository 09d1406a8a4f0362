using System;
using System.Globalization;
using System.Text;

namespace Fudge.Query;

/// <summary>
/// A cursor over the text of a path or filter: character tests, blank skipping, quoted strings and integers, and errors
/// that carry the 1-based line and column of a position.
/// </summary>
internal sealed class QueryText
{
    public QueryText(string text) => Text = text;

    public string Text { get; }

    public int Position { get; set; }

    public bool AtEnd => Position >= Text.Length;

    /// <summary>The current character, or '\0' at the end.</summary>
    public char Current => Position < Text.Length ? Text[Position] : '\0';

    /// <summary>The character after the current one, or '\0'.</summary>
    public char Next => Position + 1 < Text.Length ? Text[Position + 1] : '\0';

    public void SkipBlanks()
    {
        while (Position < Text.Length && Text[Position] is ' ' or '\t' or '\r' or '\n') Position++;
    }

    /// <summary>Consumes <paramref name="token"/> if the text continues with it.</summary>
    public bool Accept(string token)
    {
        if (string.CompareOrdinal(Text, Position, token, 0, token.Length) != 0) return false;
        Position += token.Length;
        return true;
    }

    public void Expect(char c, string what)
    {
        if (Current != c) throw ErrorHere(AtEnd ? $"expected {what} but the text ends" : $"expected {what} but found '{Current}'");
        Position++;
    }

    public static bool IsNameStart(char c) => c is >= 'a' and <= 'z' or >= 'A' and <= 'Z' or '_' || c >= 0x80;

    public static bool IsNameChar(char c) => IsNameStart(c) || c is >= '0' and <= '9';

    public static bool IsDigit(char c) => c is >= '0' and <= '9';

    /// <summary>Reads a member name shorthand (letters, digits, '_' and any non-ASCII character; not starting with a digit).</summary>
    public string ReadName()
    {
        int start = Position;
        while (Position < Text.Length && IsNameChar(Text[Position])) Position++;
        return Text.Substring(start, Position - start);
    }

    /// <summary>Reads an optionally signed decimal integer into <paramref name="min"/>..<paramref name="max"/>.</summary>
    public long ReadInteger(long min, long max, string what)
    {
        int start = Position;
        if (Current == '-') Position++;
        if (!IsDigit(Current)) throw ErrorAt(start, $"expected {what} (a whole number)");
        while (IsDigit(Current)) Position++;
        string digits = Text.Substring(start, Position - start);
        if (!long.TryParse(digits, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long value) || value < min || value > max)
            throw ErrorAt(start, $"{what} {digits} is outside {min.ToString(CultureInfo.InvariantCulture)}..{max.ToString(CultureInfo.InvariantCulture)}");
        return value;
    }

    /// <summary>Reads a string in single or double quotes with JSON-style escapes (\' \" \\ \/ \b \f \n \r \t \uXXXX).</summary>
    public string ReadQuoted()
    {
        int start = Position;
        char quote = Current;
        Position++;
        var text = new StringBuilder();
        while (true)
        {
            if (AtEnd) throw ErrorAt(start, "the string is not closed");
            char c = Text[Position];
            if (c == quote)
            {
                Position++;
                return text.ToString();
            }
            if (c < 0x20) throw ErrorHere("a control character must be escaped inside a string");
            if (c != '\\')
            {
                text.Append(c);
                Position++;
                continue;
            }
            int escape = Position;
            Position++;
            char e = Current;
            Position++;
            switch (e)
            {
                case '\'': case '"': case '\\': case '/': text.Append(e); break;
                case 'b': text.Append('\b'); break;
                case 'f': text.Append('\f'); break;
                case 'n': text.Append('\n'); break;
                case 'r': text.Append('\r'); break;
                case 't': text.Append('\t'); break;
                case 'u':
                    if (Position + 4 > Text.Length
                        || !ushort.TryParse(Text.Substring(Position, 4), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out ushort unit))
                        throw ErrorAt(escape, "\\u must be followed by four hex digits");
                    text.Append((char)unit);
                    Position += 4;
                    break;
                default:
                    throw ErrorAt(escape, e == '\0' ? "the string ends inside an escape" : $"unknown escape \\{e}");
            }
        }
    }

    public FudgeQueryException ErrorHere(string reason) => ErrorAt(Position, reason);

    /// <summary>An error at <paramref name="position"/> (0-based index into the text), reported 1-based by line and column.</summary>
    public FudgeQueryException ErrorAt(int position, string reason)
    {
        int line = 1, lineStart = 0;
        for (int i = 0; i < position && i < Text.Length; i++)
        {
            if (Text[i] == '\n')
            {
                line++;
                lineStart = i + 1;
            }
        }
        return new FudgeQueryException(line, position - lineStart + 1, reason);
    }
}
