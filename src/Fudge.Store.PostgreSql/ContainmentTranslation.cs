using System;
using System.Collections.Generic;
using System.Globalization;
using System.Text;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The jsonb containment (<c>@&gt;</c>) that stands for a filter's jsonpath on the rows of the list layout
/// (<see cref="PostgresFudgeCollection.ListsAsArrays"/>): the collection <c>Any</c> of equalities
/// (<c>$.Legs.#.Venue == 'XLON'</c>, <c>any($.Legs.#, $.Venue == 'XLON' &amp;&amp; $.Qty == 96)</c>), <c>Contains</c> of a
/// value list (<c>$.Tags.# == 'x'</c>), <c>in [...]</c> and <c>||</c> of them, <c>&amp;&amp;</c> where the tests merge into
/// one pattern, lists in lists. One containment of the list's own subtree (<c>json -&gt; 'Legs' -&gt; '' @&gt;
/// '[{"Venue":"XLON"}]'</c>, Marten's own test) costs a row what Marten's does, the jsonpath about twice that: the
/// side by side's Any without an index ran at 1.01-1.03x Marten's time on the server, 1.15x with the jsonpath
/// (marten-side-by-side-plans.md, any43c and lists43).
/// </summary>
/// <remarks>
/// <para>
/// The containment passes exactly the rows the jsonpath passes on a row that has <see cref="PostgresFudgeCollection.ListsColumn"/>
/// true (its lists are arrays: a list's one element is <c>[{...}]</c>, as Marten writes it, not <c>{...}</c>) and
/// <see cref="PostgresFudgeCollection.SeveralFieldsFlag"/> false (no named member is an array or null, and no list
/// element is an array or null). On such a row every path of names and anonymous steps selects at most one value at
/// each name, and the anonymous fields are one array of values that are not arrays: the lax jsonpath's
/// <c>@."Legs".""."Venue" == "XLON"</c> then holds exactly when some element of that array is an object whose
/// <c>Venue</c> is that string, which is what containment of <c>{"Legs": {"": [{"Venue": "XLON"}]}}</c> asks (below
/// the top, containment compares a scalar to a scalar only). A repeated <c>Venue</c> is an array the lax jsonpath
/// unwraps and containment does not: such rows, and rows of the older layout (a lone element not an array), keep the
/// jsonpath. The equality is jsonb's for both (strings by their bytes, numbers by value, booleans), each literal
/// written as every text the jsonpath's equality takes (<see cref="JsonPathTranslation.EqualTexts"/>: a float's own
/// text too, as one more alternative); a literal it cannot write (a long past 2^53, a date) leaves the filter to
/// the jsonpath. So the containment changes the cost of the server's candidates, never which rows they are: what the
/// jsonpath's candidates then go through (the decision on the server, the exact filter on the bytes) is unchanged.
/// </para>
/// <para>
/// For a collection without its whole-document GIN: <c>CASE WHEN flags THEN json -&gt; 'Legs' -&gt; '' @&gt; '[...]'
/// ELSE json @? jsonpath END</c>, the subtree's containment. A collection with the GIN keeps the jsonpath, which the
/// index serves: the GIN (<c>jsonb_path_ops</c>) serves containment of the whole document only, and a statement it
/// can serve (<c>json @&gt; pattern OR (flags AND json @? jsonpath)</c>, a <c>BitmapOr</c> of two searches for a rare
/// value) cost a common value's scan what the jsonpath costs (1,000,000 ticks: 0.98-1.02x, the plans file, lists43).
/// There, for one equality, the subtree's containment is taken per execution when the planner expects a common value
/// (<see cref="GinOrContainment"/>). Containable tests joined to others by <c>&amp;&amp;</c> are contained and the others
/// left to their own jsonpath (<see cref="For"/>): without the GIN, and on a declared index's rows, where the planner
/// expects few rows for the containable tests; with it, for one equality at a common value, as alone.
/// </para>
/// </remarks>
internal static class ContainmentTranslation
{
    /// <summary>Alternatives (containments joined by OR) a filter may become; more are left to the jsonpath.</summary>
    private const int MostAlternatives = 16;

    /// <summary>
    /// The server condition for <paramref name="filter"/> on a collection of the list layout, in place of its jsonpath
    /// test (the <c>@where</c> parameter already added; <paramref name="function"/>: written as the function
    /// <c>jsonb_path_exists(json, @where, '{}', true)</c>, which no GIN serves, else as the operator <c>@?</c>), its
    /// parameters added to <paramref name="command"/>; null when the filter has no anonymous step (the jsonpath and the
    /// server's decision already serve it) or no test containment can write. A filter whose top <c>&amp;&amp;</c> joins
    /// tests containment writes with others (<c>$.Legs.#.Venue == 'XLON' &amp;&amp; $.Price &gt; 5</c>) gives those tests
    /// their containment and the others their own jsonpath, in one test a row: <c>CASE WHEN flags THEN (json -&gt; 'Legs'
    /// -&gt; '' @&gt; '[...]') IS TRUE AND json @? '$ ? (@.Price &gt; 5)' ELSE json @? @where END</c> (the whole jsonpath is its
    /// sides' joined, a side it leaves out left out here too, and the flags make the containment its side's jsonpath).
    /// SQL's <c>AND</c> evaluates the containment first (<c>IS TRUE</c>, so that a row without the list does not go on
    /// to the other tests), so their jsonpath runs on the rows it passes only; but a jsonpath costs a row about the same
    /// whatever its tests, so the joined form takes less time only where the containment passes a small share of the
    /// rows (1,000,000 ticks, one worker, load 7-9: Any(XPAR) &amp;&amp; Qty &gt; 9000, no row, 446 ms against the
    /// jsonpath's 556; Any(XLON), 23%, 517 against 549). <see cref="Whole"/> says which form a filter has; the callers
    /// choose the joined form by the planner's estimate (<see cref="GinOrContainment"/>). An <c>||</c> with other tests
    /// is left to the jsonpath: the other side's jsonpath would run on every row the containment does not pass, most of
    /// them, as the whole jsonpath does (XLON || Qty &gt; 9000: 608-644 ms against 633-723 ms, load 4).
    /// </summary>
    public static string? For(FudgeFilter filter, NpgsqlCommand command, bool function = false)
    {
        if (Parts(filter.Root) is not var (_, alternatives, others)) return null;
        var tests = new StringBuilder();
        foreach (var pattern in alternatives)
        {
            string name = NextParameter(command);
            var (subtree, part) = Extracted(pattern);
            var text = new StringBuilder();
            part.Write(text);
            command.Parameters.AddWithValue(name, NpgsqlDbType.Jsonb, text.ToString());
            tests.Append(tests.Length == 0 ? "" : " OR ").Append(subtree).Append(" @> @").Append(name);
        }
        string contained = alternatives.Count == 1 ? tests.ToString() : "(" + tests + ")";
        if (others is not null && JsonPathTranslation.Translate(others) is string othersPath)
        {
            string name = NextParameter(command);
            command.Parameters.AddWithValue(name, NpgsqlDbType.JsonPath, othersPath);
            // IS TRUE: a row without the list has no subtree, and NULL AND x evaluates x.
            contained = $"({contained}) IS TRUE AND {JsonPathTest(name, function)}";
        }
        string rowAllows = $"{PostgresFudgeCollection.SeveralFieldsFlag} IS FALSE AND {PostgresFudgeCollection.ListsColumn}";
        return $"(CASE WHEN {rowAllows} THEN {contained} ELSE {JsonPathTest("where", function)} END)";
    }

    /// <summary>The part of the filter <see cref="For"/>'s containment tests (the filter's root when it tests it whole), or null.</summary>
    public static FilterNode? Tested(FudgeFilter filter) => Parts(filter.Root)?.Tested;

    /// <summary>
    /// Whether <see cref="For"/>'s containment stands for the filter's whole jsonpath (no other tests joined to it by
    /// their jsonpath): it then costs a row less than the jsonpath, whatever share of the rows it passes.
    /// </summary>
    public static bool Whole(FudgeFilter filter) => Parts(filter.Root) is { } parts && (parts.Others is null || JsonPathTranslation.Translate(parts.Others) is null);

    private static string NextParameter(NpgsqlCommand command) => "lists" + command.Parameters.Count.ToString(CultureInfo.InvariantCulture);

    /// <summary>
    /// The jsonpath test of parameter <paramref name="parameter"/> as a statement writes it: the function (which no GIN
    /// serves) or the operator <c>@?</c>.
    /// </summary>
    internal static string JsonPathTest(string parameter, bool function) => function ? $"jsonb_path_exists(json, @{parameter}, '{{}}', true)" : $"json @? @{parameter}";

    /// <summary>
    /// The tests containment takes (a node that has an anonymous step) and their patterns, and the other tests joined
    /// to them by <c>&amp;&amp;</c> (null when containment takes the whole filter); or null. The top <c>&amp;&amp;</c>'s
    /// tests are taken in order, each into the containment while their patterns still merge (<see cref="Alternatives"/>),
    /// else left with the others.
    /// </summary>
    private static (FilterNode Tested, List<Pattern> Alternatives, FilterNode? Others)? Parts(FilterNode root)
    {
        if (!HasAnonymousStep(root)) return null;
        if (Alternatives(root) is { Count: > 0 } whole) return (root, whole, null);
        if (root is not AndNode) return null;
        var terms = new List<FilterNode>();
        Terms(root, terms);
        FilterNode? tested = null, others = null;
        List<Pattern>? alternatives = null;
        foreach (var term in terms)
        {
            var joined = tested is null ? term : new AndNode(tested, term);
            if (HasAnonymousStep(term) && Alternatives(joined) is { Count: > 0 } patterns)
            {
                tested = joined;
                alternatives = patterns;
            }
            else others = others is null ? term : new AndNode(others, term);
        }
        return tested is null ? null : (tested, alternatives!, others);
    }

    // The tests of an &&, left to right (a && (b && c) is a, b, c).
    private static void Terms(FilterNode node, List<FilterNode> terms)
    {
        if (node is AndNode both)
        {
            Terms(both.Left, terms);
            Terms(both.Right, terms);
        }
        else terms.Add(node);
    }

    /// <summary>
    /// The subtree a pattern tests and the pattern there: down the members the pattern names one at a time
    /// (<c>json -&gt; 'Legs' -&gt; ''</c>), stopping before a scalar (whose containment at the top would also hold in an
    /// array) and at an object of several members.
    /// </summary>
    private static (string Subtree, Pattern Part) Extracted(Pattern pattern)
    {
        var subtree = new StringBuilder("json");
        while (pattern is ObjectPattern { Members.Count: 1 } one && one.Members[0].Value is not Leaf)
        {
            subtree.Append(" -> '").Append(one.Members[0].Key.Replace("'", "''")).Append('\'');
            pattern = one.Members[0].Value;
        }
        return (subtree.ToString(), pattern);
    }

    private static bool HasAnonymousStep(FilterNode node) => node switch
    {
        AndNode both => HasAnonymousStep(both.Left) || HasAnonymousStep(both.Right),
        OrNode either => HasAnonymousStep(either.Left) || HasAnonymousStep(either.Right),
        ComparisonNode comparison => Anonymous(comparison.Path),
        MembershipNode membership => Anonymous(membership.Path),
        AnyElementNode any => true,
        _ => false,
    };

    private static bool Anonymous(FudgePath path) => Array.Exists(path.Steps, step => step.Selector == KeySelector.Anonymous);

    /// <summary>
    /// The patterns, one of which a row's jsonb contains exactly when the node's jsonpath holds on it (on a row the
    /// layout allows), or null. Junctions: <c>||</c> the union of both sides' alternatives; <c>&amp;&amp;</c> each pair
    /// merged (two values at one name cannot merge: left to the jsonpath).
    /// </summary>
    private static List<Pattern>? Alternatives(FilterNode node)
    {
        switch (node)
        {
            case OrNode either:
            {
                if (Alternatives(either.Left) is not { } left || Alternatives(either.Right) is not { } right) return null;
                left.AddRange(right);
                return left.Count <= MostAlternatives ? left : null;
            }
            case AndNode both:
            {
                if (Alternatives(both.Left) is not { } left || Alternatives(both.Right) is not { } right || left.Count * right.Count > MostAlternatives) return null;
                var merged = new List<Pattern>(left.Count * right.Count);
                foreach (var a in left)
                    foreach (var b in right)
                    {
                        if (Pattern.Merge(a, b) is not { } pattern) return null;
                        merged.Add(pattern);
                    }
                return merged;
            }
            case ComparisonNode { Operator: ComparisonOperator.Equal } equal:
                return Values(equal.Path, new[] { equal.Literal });
            case MembershipNode membership:
                return Values(membership.Path, membership.Literals);
            case AnyElementNode any:
            {
                // The element is a sub-message (an object): its patterns are objects, each wrapped at the list's path.
                if (!Keyed(any.Path) || Alternatives(any.Inner) is not { } inner) return null;
                var wrapped = new List<Pattern>(inner.Count);
                foreach (var element in inner)
                {
                    if (element is not ObjectPattern) return null;
                    wrapped.Add(Wrap(any.Path, element));
                }
                return wrapped;
            }
            default:
                return null;
        }
    }

    // The path equal to one of the literals, each in every text the jsonpath's equality takes.
    private static List<Pattern>? Values(FudgePath path, QueryLiteral[] literals)
    {
        if (!Keyed(path)) return null;
        var values = new List<Pattern>();
        foreach (var literal in literals)
        {
            if (JsonPathTranslation.EqualTexts(literal) is not string[] texts) return null;
            foreach (string text in texts) values.Add(Wrap(path, new Leaf(text)));
        }
        return values.Count is > 0 and <= MostAlternatives ? values : null;
    }

    // Steps of non-empty names (no U+0000) and anonymous steps only: no ordinal, wildcard, descent or index.
    private static bool Keyed(FudgePath path)
    {
        if (path.Steps.Length == 0) return false;
        foreach (var step in path.Steps)
        {
            if (step.Descendant || step.HasIndex) return false;
            if (step.Selector == KeySelector.Anonymous) continue;
            if (step.Selector != KeySelector.Name || string.IsNullOrEmpty(step.Name) || step.Name!.IndexOf('\0') >= 0) return false;
        }
        return true;
    }

    // The pattern of a value at a path: a name is a member, an anonymous step the empty name's array of elements.
    private static Pattern Wrap(FudgePath path, Pattern value)
    {
        for (int i = path.Steps.Length - 1; i >= 0; i--)
        {
            var step = path.Steps[i];
            value = step.Selector == KeySelector.Anonymous
                ? new ObjectPattern("", new ArrayPattern(value))
                : new ObjectPattern(step.Name!, value);
        }
        return value;
    }

    /// <summary>A jsonb value containment looks for.</summary>
    private abstract class Pattern
    {
        public abstract void Write(StringBuilder json);

        /// <summary>
        /// Both patterns in one, or null: objects member by member, arrays by their elements (each still found in some
        /// element of the row's array, as each side's test asks of its own), a scalar only with itself.
        /// </summary>
        public static Pattern? Merge(Pattern a, Pattern b)
        {
            switch (a, b)
            {
                case (Leaf x, Leaf y):
                    return x.Json == y.Json ? x : null;
                case (ArrayPattern x, ArrayPattern y):
                {
                    var elements = new List<Pattern>(x.Elements);
                    elements.AddRange(y.Elements);
                    return new ArrayPattern(elements);
                }
                case (ObjectPattern x, ObjectPattern y):
                {
                    var members = new List<KeyValuePair<string, Pattern>>(x.Members);
                    foreach (var member in y.Members)
                    {
                        int at = members.FindIndex(m => m.Key == member.Key);
                        if (at < 0)
                        {
                            members.Add(member);
                            continue;
                        }
                        if (Merge(members[at].Value, member.Value) is not { } value) return null;
                        members[at] = new KeyValuePair<string, Pattern>(member.Key, value);
                    }
                    return new ObjectPattern(members);
                }
                default:
                    return null;
            }
        }
    }

    private sealed class Leaf : Pattern
    {
        public Leaf(string json) => Json = json;

        /// <summary>The literal's JSON text.</summary>
        public string Json { get; }

        public override void Write(StringBuilder json) => json.Append(Json);
    }

    private sealed class ArrayPattern : Pattern
    {
        public ArrayPattern(Pattern element) => Elements = new List<Pattern> { element };

        public ArrayPattern(List<Pattern> elements) => Elements = elements;

        public List<Pattern> Elements { get; }

        public override void Write(StringBuilder json)
        {
            json.Append('[');
            for (int i = 0; i < Elements.Count; i++)
            {
                if (i > 0) json.Append(',');
                Elements[i].Write(json);
            }
            json.Append(']');
        }
    }

    private sealed class ObjectPattern : Pattern
    {
        public ObjectPattern(string key, Pattern value) => Members = new List<KeyValuePair<string, Pattern>> { new(key, value) };

        public ObjectPattern(List<KeyValuePair<string, Pattern>> members) => Members = members;

        public List<KeyValuePair<string, Pattern>> Members { get; }

        public override void Write(StringBuilder json)
        {
            json.Append('{');
            for (int i = 0; i < Members.Count; i++)
            {
                if (i > 0) json.Append(',');
                // A jsonpath string literal is JSON's: quotes, backslashes and controls escaped.
                JsonPathTranslation.String(json, Members[i].Key);
                json.Append(':');
                Members[i].Value.Write(json);
            }
            json.Append('}');
        }
    }
}
