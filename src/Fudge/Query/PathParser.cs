using System.Collections.Generic;

namespace Fudge.Query;

/// <summary>
/// Parses the path notation (an RFC 9535 JSONPath subset with ordinal and anonymous-field selectors) into steps.
/// See docs/routing.md for the grammar.
/// </summary>
internal static class PathParser
{
    /// <summary>
    /// Parses a path that starts at the cursor ('$', or '@' for the element inside a filter's <c>any(...)</c>) and ends
    /// at the first character that cannot continue it.
    /// </summary>
    public static PathStep[] Parse(QueryText text, bool element = false)
    {
        char root = element ? '@' : '$';
        if (text.Current != root) throw text.ErrorHere(text.AtEnd ? $"expected a path starting with '{root}' but the text ends" : $"expected a path starting with '{root}' but found '{text.Current}'");
        text.Position++;
        var steps = new List<PathStep>();
        while (true)
        {
            if (text.Accept(".."))
            {
                // After '..' a bracket always starts a step: an index there applies to fields of any key.
                var step = text.Current == '[' ? ParseBracket(text, steps, descendant: true) : ParseMember(text, descendant: true);
                if (step is not null) steps.Add(step);
            }
            else if (text.Accept("."))
            {
                steps.Add(ParseMember(text, descendant: false));
            }
            else if (text.Current == '[')
            {
                var step = ParseBracket(text, steps, descendant: false);
                if (step is not null) steps.Add(step);
            }
            else break;
        }
        return steps.ToArray();
    }

    // After '.' or '..': a name, '*', '#' with an ordinal, or '#' alone for anonymous fields.
    private static PathStep ParseMember(QueryText text, bool descendant)
    {
        char c = text.Current;
        if (c == '*')
        {
            text.Position++;
            return PathStep.ForAny(descendant);
        }
        if (c == '#') return ParseOrdinal(text, descendant);
        if (QueryText.IsNameStart(c)) return PathStep.ForName(text.ReadName(), descendant);
        if (text.AtEnd) throw text.ErrorHere("expected a field name, '*' or '#' after '.' but the text ends");
        throw text.ErrorHere($"expected a field name, '*' or '#' after '.' but found '{c}' (quote other names: ['{c}...'])");
    }

    private static PathStep ParseOrdinal(QueryText text, bool descendant)
    {
        text.Position++; // '#'
        if (!QueryText.IsDigit(text.Current) && text.Current != '-') return PathStep.ForAnonymous(descendant);
        return PathStep.ForOrdinal((short)text.ReadInteger(short.MinValue, short.MaxValue, "ordinal"), descendant);
    }

    // A bracket either selects a key (['name'], [#5], [#]) and so starts a step, or chooses an occurrence ([2], [-1],
    // [*]) of the step before it; after '$' or '..' an occurrence applies to fields of any key. Returns null when the
    // bracket only completed the previous step.
    private static PathStep? ParseBracket(QueryText text, List<PathStep> steps, bool descendant)
    {
        int open = text.Position;
        text.Position++; // '['
        PathStep? result;
        char c = text.Current;
        if (c is '\'' or '"')
        {
            result = PathStep.ForName(text.ReadQuoted(), descendant);
        }
        else if (c == '#')
        {
            result = ParseOrdinal(text, descendant);
        }
        else if (c == '*')
        {
            text.Position++;
            result = descendant || steps.Count == 0 ? PathStep.ForAny(descendant) : null;
        }
        else if (c == '-' || QueryText.IsDigit(c))
        {
            int at = text.Position;
            int index = (int)text.ReadInteger(int.MinValue + 1, int.MaxValue, "index");
            PathStep target;
            if (descendant || steps.Count == 0)
            {
                target = PathStep.ForAny(descendant);
                result = target;
            }
            else
            {
                target = steps[steps.Count - 1];
                if (target.HasIndex) throw text.ErrorAt(at, "the step already chooses an occurrence; repeated fields are not nested, so one index per step");
                result = null;
            }
            target.SetIndex(index);
        }
        else
        {
            throw text.ErrorHere(text.AtEnd
                ? "the text ends inside '['"
                : $"expected a quoted name, an index, '*' or '#' inside '[' but found '{c}'");
        }
        if (text.Current != ']') throw text.ErrorHere(text.AtEnd ? $"the '[' at column {open + 1} is not closed" : $"expected ']' but found '{text.Current}'");
        text.Position++;
        return result;
    }
}
