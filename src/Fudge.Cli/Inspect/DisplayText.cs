using System.Globalization;
using System.Text;

namespace Fudge.Cli.Inspect;

/// <summary>
/// The one escaping every name and value the tool shows a person goes through (<c>fudge inspect</c>, <c>fudge get</c>,
/// <c>fudge stats</c>, and the explorer's page, which receives the text already escaped). Characters that are
/// invisible or that change how the text around them is displayed become <c>\uXXXX</c> escapes (a character beyond
/// the BMP as its two UTF-16 escapes), the notation of JSON and of the filter language, so an escaped value pastes
/// into a filter: bidi controls (U+202A–202E, U+2066–2069, U+200E/200F, U+061C), zero-width and other format
/// characters (every <c>Cf</c>: U+200B–200D, U+2060, U+FEFF, U+00AD, the tag characters U+E0000–E007F…), line and
/// paragraph separators, C0 and C1 controls, spaces other than U+0020, fillers that draw nothing (U+034F, U+115F,
/// U+1160, U+3164, U+FFA0) and lone surrogates. A backslash becomes <c>\\</c>, so an escape in the output is always
/// one the tool wrote.
/// </summary>
internal static class DisplayText
{
    /// <summary>True for a character shown as an escape (see the class).</summary>
    public static bool IsHidden(int codePoint)
    {
        if (codePoint is 0x034F or 0x115F or 0x1160 or 0x3164 or 0xFFA0) return true;
        if (codePoint >= 0xE0000 && codePoint <= 0xE007F) return true; // tags (some unassigned, all invisible)
        var category = CharUnicodeInfo.GetUnicodeCategory(codePoint);
        return category switch
        {
            UnicodeCategory.Control or UnicodeCategory.Format or UnicodeCategory.LineSeparator or UnicodeCategory.ParagraphSeparator
                or UnicodeCategory.Surrogate => true,
            UnicodeCategory.SpaceSeparator => codePoint != ' ',
            _ => false,
        };
    }

    /// <summary>
    /// True when <paramref name="text"/> holds a character that <see cref="IsHidden"/> escapes, other than tab, line
    /// feed and carriage return (escaped too, but ordinary in text): what the explorer marks in its tree.
    /// </summary>
    public static bool HasHidden(string? text)
    {
        if (text is null) return false;
        for (int i = 0; i < text.Length; i++)
        {
            int codePoint = CodePointAt(text, i, out int units);
            if (IsHidden(codePoint) && codePoint is not ('\t' or '\n' or '\r')) return true;
            i += units - 1;
        }
        return false;
    }

    /// <summary>A field name as shown: hidden characters and backslashes escaped, nothing quoted.</summary>
    public static string Name(string name)
    {
        var text = new StringBuilder(name.Length + 8);
        Append(text, name, quote: null);
        return text.ToString();
    }

    /// <summary>A string value as shown: in double quotes, with <c>\"</c>, <c>\\</c>, <c>\n</c>, <c>\r</c>, <c>\t</c> and the escapes above.</summary>
    public static string Quote(string value)
    {
        var text = new StringBuilder(value.Length + 2).Append('"');
        Append(text, value, quote: '"');
        return text.Append('"').ToString();
    }

    /// <summary>Appends <paramref name="value"/> escaped; <paramref name="quote"/>, when given, is escaped too.</summary>
    public static void Append(StringBuilder text, string value, char? quote)
    {
        for (int i = 0; i < value.Length; i++)
        {
            char c = value[i];
            if (c == quote) { text.Append('\\').Append(c); continue; }
            switch (c)
            {
                case '\\': text.Append("\\\\"); continue;
                case '\n': text.Append("\\n"); continue;
                case '\r': text.Append("\\r"); continue;
                case '\t': text.Append("\\t"); continue;
            }
            int codePoint = CodePointAt(value, i, out int units);
            if (IsHidden(codePoint))
            {
                for (int unit = 0; unit < units; unit++) text.Append("\\u").Append(((int)value[i + unit]).ToString("x4", CultureInfo.InvariantCulture));
            }
            else
            {
                text.Append(value, i, units);
            }
            i += units - 1;
        }
    }

    // The code point at index (a lone surrogate as itself) and how many UTF-16 units it takes.
    private static int CodePointAt(string text, int index, out int units)
    {
        char c = text[index];
        if (char.IsHighSurrogate(c) && index + 1 < text.Length && char.IsLowSurrogate(text[index + 1]))
        {
            units = 2;
            return char.ConvertToUtf32(c, text[index + 1]);
        }
        units = 1;
        return c;
    }
}
