using System;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// How the stores' translations of a filter (index conditions, PostgreSQL's jsonpath) join the translations of its
/// tests into a condition that selects a superset of the matching documents, for the exact filter to decide after it:
/// under <c>&amp;&amp;</c> a side that does not translate is left out (the other side alone takes in more documents),
/// under <c>||</c> both sides must translate (else nothing is: the condition would leave out matches of the missing
/// side). The sides are translated left to right, and the right side of an <c>||</c> only when the left one translates,
/// so a translation that adds parameters adds them in that order.
/// </summary>
internal static class SupersetJunctions
{
    /// <summary>
    /// The condition of <paramref name="node"/>, or null when none can be written: <paramref name="test"/> translates
    /// every node that is neither <c>&amp;&amp;</c> nor <c>||</c>, and <paramref name="and"/> and <paramref name="or"/>
    /// are the target language's operators.
    /// </summary>
    public static string? Translate(FilterNode node, Func<FilterNode, string?> test, string and, string or)
    {
        switch (node)
        {
            case AndNode both:
                string? left = Translate(both.Left, test, and, or);
                string? right = Translate(both.Right, test, and, or);
                return left is null ? right : right is null ? left : $"({left} {and} {right})";
            case OrNode either:
                string? first = Translate(either.Left, test, and, or);
                if (first is null) return null;
                string? second = Translate(either.Right, test, and, or);
                return second is null ? null : $"({first} {or} {second})";
            default:
                return test(node);
        }
    }
}
