using System;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// Bytes every document a filter passes holds somewhere in its envelope: the UTF-8 of a string the filter requires a
/// field to equal (or to start with, end with or contain), or the bytes a <c>hex()</c> test requires. A store tests a
/// row's bytes for them (a native substring search: PostgreSQL's <c>position</c>, SQLite's <c>instr</c>) before its
/// costlier test, so a scan spends that test only on the rows that can pass.
/// </summary>
/// <remarks>
/// <para>
/// Only tests the filter cannot pass without: those joined by <c>&amp;&amp;</c> from the top, and those inside an
/// <c>any(path, filter)</c> so reached (some element passes them). Nothing under <c>||</c>, <c>!</c>, <c>all</c> or a
/// count, which a document may pass without the test.
/// </para>
/// <para>
/// The filter compares a string field's UTF-8 bytes on the wire with the literal's (<see cref="ValueComparison.OnWire"/>,
/// <see cref="StringFunctionNode"/>), so a field that passes holds the literal's bytes. The one exception is a string
/// Fudge-Java wrote with CESU-8 surrogate pairs, which the reader decodes to the same characters as other bytes: a
/// literal with a surrogate (a character past U+FFFF) gives nothing.
/// </para>
/// <para>
/// Shorter than <see cref="Shortest"/> bytes, a literal would be found in most documents (in their field names as
/// often as their values) and the search would cost a row more than it saves.
/// </para>
/// </remarks>
internal static class RequiredBytes
{
    /// <summary>The fewest bytes worth searching a document for.</summary>
    public const int Shortest = 3;

    /// <summary>The longest bytes every document <paramref name="filter"/> passes holds, or null when it requires none.</summary>
    public static byte[]? Of(FudgeFilter filter) => Longest(filter.Root);

    private static byte[]? Longest(FilterNode node) => node switch
    {
        AndNode both => Longer(Longest(both.Left), Longest(both.Right)),
        AnyElementNode any => Longest(any.Inner),
        ComparisonNode { Operator: ComparisonOperator.Equal } comparison => Text(comparison.Literal),
        StringFunctionNode { Function: StringFunction.StartsWith or StringFunction.EndsWith or StringFunction.Contains } function
            => Text(function.Argument),
        HexNode { IsEqual: true } hex => hex.Bytes.Length >= Shortest ? hex.Bytes : null,
        _ => null,
    };

    private static byte[]? Text(QueryLiteral literal)
    {
        if (literal.Kind != LiteralKind.String || literal.Utf8.Length < Shortest) return null;
        foreach (char c in literal.Text)
            if (char.IsSurrogate(c)) return null;
        return literal.Utf8;
    }

    private static byte[]? Longer(byte[]? first, byte[]? second)
        => first is null ? second : second is null || first.Length >= second.Length ? first : second;
}
