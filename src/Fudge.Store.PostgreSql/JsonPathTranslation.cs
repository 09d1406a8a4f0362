using System;
using System.Globalization;
using System.Text;
using Fudge.Query;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// Turns a compiled filter into a PostgreSQL SQL/JSON path predicate over the document's jsonb form, for
/// <c>json @? $path</c> (which the GIN index serves). The translation selects a superset of the matching documents:
/// what cannot be translated exactly becomes "true" and is decided by the exact filter on the returned bytes.
/// </summary>
/// <remarks>
/// Translated: <c>==</c> and <c>in [...]</c> with string, number and boolean literals (not <c>!=</c>, which holds for
/// values of another kind and for primitive arrays, where jsonpath's does not); <c>&lt;</c>, <c>&lt;=</c>,
/// <c>&gt;</c>, <c>&gt;=</c> with numbers; existence; <c>&amp;&amp;</c> (each side alone if need be) and <c>||</c> (both
/// sides needed); <c>any(path, filter)</c> as <c>exists(@path ? (filter))</c> (the filter translated the same way, so
/// one element answers every test); on paths of names, <c>*</c>, <c>..name</c> and anonymous steps <c>#</c>. The jsonb
/// form keys a field with neither name nor ordinal by the empty name, and several of them (a list's elements) as one
/// array under it, which the lax mode of jsonpath unwraps: <c>$.Legs.#.Venue</c> is <c>$.Legs."".Venue</c> (a field
/// whose name is empty is keyed the same way, so the set selected is a superset). Left to the client: <c>!</c>, ordinal
/// steps (a field with a name and an ordinal is keyed by its name), indexes (a Fudge index counts occurrences, a JSON
/// index counts array elements), dates, string ranges, type tests, counts, string functions and path comparisons.
/// Values are written as jsonpath literals with JSON escapes: the jsonpath travels as a query parameter, never as SQL
/// text.
/// </remarks>
internal static class JsonPathTranslation
{
    /// <summary>The jsonpath text (<c>$ ? (...)</c>), or null when nothing of the filter can be sent to the server.</summary>
    public static string? Translate(FudgeFilter filter) => Translate(filter.Root);

    /// <summary>The jsonpath text of a part of a filter (<see cref="ContainmentTranslation"/>'s other tests), or null.</summary>
    public static string? Translate(FilterNode node)
    {
        string? predicate = Node(node);
        return predicate is null ? null : "$ ? (" + predicate + ")";
    }

    /// <summary>The jsonpath of a path alone (for ordering), or null when it has no JSON equivalent.</summary>
    public static string? PathOf(FudgePath path)
    {
        string? steps = Steps(path);
        return steps is null ? null : "$" + steps;
    }

    /// <summary>The name when the path is one name step (no descendant, wildcard or index), else null.</summary>
    public static string? OneName(FudgePath path)
        => path.Steps.Length == 1 && path.Steps[0] is { Selector: KeySelector.Name, Descendant: false, HasIndex: false } step
            && step.Name!.IndexOf('\0') < 0 ? step.Name : null;

    private static string? Node(FilterNode node) => SupersetJunctions.Translate(node, Test, "&&", "||");

    /// <summary>
    /// True when the jsonpath of <paramref name="filter"/> passes exactly the documents the filter passes, so that the
    /// server can decide alone: count, window and project without sending the documents back. Only what the jsonb form
    /// cannot blur qualifies: <c>==</c> and <c>in [...]</c> with string literals made of letters only (not
    /// <c>min</c>, <c>max</c>, <c>NaN</c>, <c>Infinity</c>), on paths of non-empty names, joined by <c>&amp;&amp;</c> and
    /// <c>||</c>. The jsonb holds as strings, besides Fudge strings, dates, times and date-times (digits, or the words
    /// <c>min</c>/<c>max</c>), non-finite numbers (<c>NaN</c>, <c>Infinity</c>) and unknown types (<c>type N: ...</c>),
    /// and U+0000 as U+FFFD; supplementary characters may be CESU-8 on the wire (Fudge-Java), which the filter compares
    /// as bytes and the jsonb holds decoded. Numbers are never exact: a primitive array is a JSON array, which the lax
    /// jsonpath unwraps and the filter does not compare, and a float is written by its own shortest text, not the
    /// double the filter compares. The caller also needs jsonb keys that are the names on the wire (no taxonomy).
    /// </summary>
    public static bool IsExact(FudgeFilter filter) => Exact(filter.Root);

    private static bool Exact(FilterNode node) => node switch
    {
        AndNode both => Exact(both.Left) && Exact(both.Right),
        OrNode either => Exact(either.Left) && Exact(either.Right),
        ComparisonNode comparison => comparison.Operator == ComparisonOperator.Equal && ExactText(comparison.Literal) && NamesOnly(comparison.Path),
        MembershipNode membership => NamesOnly(membership.Path) && Array.TrueForAll(membership.Literals, ExactText),
        _ => false,
    };

    private static bool NamesOnly(FudgePath path) => Keyed(path, anonymous: false);

    // Steps of non-empty names (and, with anonymous, anonymous steps #): no ordinal, wildcard, descendant or index.
    private static bool Keyed(FudgePath path, bool anonymous)
    {
        if (path.Steps.Length == 0) return false;
        foreach (var step in path.Steps)
        {
            if (step.Descendant || step.HasIndex) return false;
            if (anonymous && step.Selector == KeySelector.Anonymous) continue;
            if (step.Selector != KeySelector.Name || string.IsNullOrEmpty(step.Name)) return false;
        }
        return true;
    }

    /// <summary>
    /// True when the jsonpath of <paramref name="filter"/> passes exactly the documents the filter passes among those
    /// with no field whose name is empty (<see cref="PostgresFudgeCollection.EmptyNamesColumn"/> false): what
    /// <see cref="IsExact"/> takes, with anonymous steps (<c>$.Legs.#.Venue</c>) and <c>any(path, filter)</c> of such
    /// tests. The jsonb keys a field with neither name nor ordinal by the empty name, and so a field whose name is
    /// empty; without the latter, <c>""</c> is exactly the anonymous fields (several as one array, which the lax
    /// jsonpath unwraps element by element, as <c>any</c> tests each element: a test of every element's own members).
    /// </summary>
    public static bool IsExactWithoutEmptyNames(FudgeFilter filter) => ExactWithoutEmptyNames(filter.Root);

    private static bool ExactWithoutEmptyNames(FilterNode node) => node switch
    {
        AndNode both => ExactWithoutEmptyNames(both.Left) && ExactWithoutEmptyNames(both.Right),
        OrNode either => ExactWithoutEmptyNames(either.Left) && ExactWithoutEmptyNames(either.Right),
        ComparisonNode comparison => comparison.Operator == ComparisonOperator.Equal && ExactText(comparison.Literal) && Keyed(comparison.Path, anonymous: true),
        MembershipNode membership => Keyed(membership.Path, anonymous: true) && Array.TrueForAll(membership.Literals, ExactText),
        AnyElementNode any => Keyed(any.Path, anonymous: true) && ExactWithoutEmptyNames(any.Inner),
        _ => false,
    };

    internal static bool ExactText(QueryLiteral literal)
    {
        if (literal.Kind != LiteralKind.String || literal.Text.Length == 0) return false;
        foreach (char c in literal.Text)
            if (!char.IsLetter(c)) return false; // digits, signs, spaces, U+FFFD and surrogates included
        return literal.Text is not ("min" or "max" or "NaN" or "Infinity");
    }

    // One test of the filter (not a junction) as a jsonpath predicate, or null.
    private static string? Test(FilterNode node)
    {
        switch (node)
        {
            case ExistsNode exists:
                return Steps(exists.Path) is string p ? $"exists(@{p})" : null;
            case ComparisonNode comparison:
                return Comparison(comparison);
            case MembershipNode membership:
                return Membership(membership);
            case AnyElementNode any:
                // Some element passes every translated test of the inner filter (in lax mode the filter is applied to
                // each element of an array); when none translates, that some element exists.
                if (Steps(any.Path) is not string elements) return null;
                return Node(any.Inner) is string inner ? $"exists(@{elements} ? ({inner}))" : $"exists(@{elements})";
            default:
                return null;
        }
    }

    private static string? Comparison(ComparisonNode node)
    {
        if (Steps(node.Path) is not string path || Literal(node.Literal) is not string value) return null;
        // != holds for a value of another kind (the filter finds it incomparable), and for a primitive array, which lax
        // mode unwraps and compares element by element; jsonpath's != holds for neither: not narrowed on the server.
        if (node.Operator == ComparisonOperator.NotEqual) return null;
        bool ordered = node.Operator is not (ComparisonOperator.Equal or ComparisonOperator.NotEqual);
        if (ordered && !node.Literal.IsNumeric) return null;
        if (node.Literal.IsNumeric && !ServerDecision.IsExactLiteral(node.Literal))
        {
            // A float field is held as its own shortest text (0.1 for 0.1f, which the filter compares as
            // 0.100000001...), and a long past 2^53 exactly: such a value may sit on the other side of the literal's
            // text from where the filter finds it. Equality takes in each text an equal value may have; an ordering,
            // the band around the literal on its side; != cannot be narrowed.
            var (low, high) = ServerDecision.Band(node.Literal.Number);
            return node.Operator switch
            {
                ComparisonOperator.Equal => Equal(path, node.Literal),
                ComparisonOperator.Less or ComparisonOperator.LessOrEqual => $"@{path} <= {high}",
                _ => $"@{path} >= {low}",
            };
        }
        string op = node.Operator switch
        {
            ComparisonOperator.Equal => "==",
            ComparisonOperator.Less => "<",
            ComparisonOperator.LessOrEqual => "<=",
            ComparisonOperator.Greater => ">",
            _ => ">=",
        };
        return $"@{path} {op} {value}";
    }

    private static string? Membership(MembershipNode node)
    {
        if (Steps(node.Path) is not string path) return null;
        var any = new StringBuilder("(");
        foreach (var literal in node.Literals)
        {
            if (Equal(path, literal) is not string test) return null;
            if (any.Length > 1) any.Append(" || ");
            any.Append(test);
        }
        return any.Append(')').ToString();
    }

    // path == literal, for each text a value equal to it may have in the jsonb (EqualTexts); for a number past 2^53,
    // whose equal longs have many texts, the band around it.
    private static string? Equal(string path, QueryLiteral literal)
    {
        if (EqualTexts(literal) is string[] texts)
            return texts.Length == 1 ? $"@{path} == {texts[0]}" : $"(@{path} == {texts[0]} || @{path} == {texts[1]})";
        if (!literal.IsNumeric || !double.IsFinite(literal.Number)) return null;
        var (low, high) = ServerDecision.Band(literal.Number);
        return $"(@{path} >= {low} && @{path} <= {high})";
    }

    /// <summary>
    /// The JSON texts of the values the filter finds equal to a literal, as the jsonb holds them: the literal's own,
    /// and for a number that is exactly a float, that float's shortest text too (a float field is held as its own
    /// text: <c>0.1</c> for the float nearest 0.1, equal to the literal 0.100000001490116…); null for a number of
    /// magnitude 2^53 or more (longs of many texts widen to it) or a literal the jsonb cannot hold.
    /// </summary>
    internal static string[]? EqualTexts(QueryLiteral literal)
    {
        if (Literal(literal) is not string text) return null;
        if (!literal.IsNumeric) return new[] { text };
        double value = literal.Number;
        if (Math.Abs(value) >= 9007199254740992d || (literal.Kind == LiteralKind.Integer && (long)value != literal.Integer)) return null;
        float single = (float)value;
        if (!float.IsFinite(single) || (double)single != value) return new[] { text };
        string own = single.ToString("R", CultureInfo.InvariantCulture);
        return ServerDecision.IsExactLiteral(literal) ? new[] { text } : new[] { text, own };
    }

    private static string? Steps(FudgePath path)
    {
        var text = new StringBuilder();
        foreach (var step in path.Steps)
        {
            if (step.HasIndex) return null;
            if (step.Descendant) text.Append(".**");
            switch (step.Selector)
            {
                case KeySelector.Name:
                    if (step.Name!.IndexOf('\0') >= 0) return null;
                    text.Append('.');
                    String(text, step.Name);
                    break;
                case KeySelector.Any:
                    text.Append(".*");
                    break;
                case KeySelector.Anonymous:
                    text.Append(".\"\"");
                    break;
                default:
                    return null;
            }
        }
        return text.ToString();
    }

    /// <summary>The literal as jsonpath (and so JSON) text, or null for dates and what jsonb cannot hold.</summary>
    internal static string? Literal(QueryLiteral literal)
    {
        switch (literal.Kind)
        {
            case LiteralKind.Integer:
                return literal.Integer.ToString(CultureInfo.InvariantCulture);
            case LiteralKind.Number:
                return double.IsFinite(literal.Number) ? literal.Number.ToString("R", CultureInfo.InvariantCulture) : null;
            case LiteralKind.Boolean:
                return literal.Boolean ? "true" : "false";
            case LiteralKind.String:
                if (literal.Text.IndexOf('\0') >= 0) return null; // jsonb cannot hold U+0000 (stored as U+FFFD)
                var text = new StringBuilder();
                String(text, literal.Text);
                return text.ToString();
            default:
                return null;
        }
    }

    /// <summary>A jsonpath string literal: double quotes with JSON escapes for quotes, backslashes and controls.</summary>
    internal static void String(StringBuilder text, string value)
    {
        text.Append('"');
        foreach (char c in value)
        {
            switch (c)
            {
                case '"': text.Append("\\\""); break;
                case '\\': text.Append("\\\\"); break;
                default:
                    if (c < 0x20) text.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    else text.Append(c);
                    break;
            }
        }
        text.Append('"');
    }
}
