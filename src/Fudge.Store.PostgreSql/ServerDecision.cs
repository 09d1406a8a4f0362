using System;
using System.Globalization;
using System.Text;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// A filter decided on the server row by row where the jsonb form settles it: a boolean SQL expression that is
/// <c>true</c> only for documents the filter passes, <c>false</c> only for documents it fails, and NULL where only
/// the bytes can tell (SQL's three-valued <c>AND</c>, <c>OR</c> and <c>NOT</c> combine the parts as the filter's
/// junctions do). Rows it makes true need no bytes on the client, rows it makes false are never sent, and only the
/// NULL ones travel as candidates. This is what lets comparisons of numbers, which the jsonpath never decides exactly
/// (<see cref="JsonPathTranslation.IsExact"/>), be decided by the server for the documents whose member is one number.
/// </summary>
/// <remarks>
/// <para>
/// A test is decided on a path of names (no ordinal, anonymous, wildcard, descendant or index step; no name of digits
/// only, which may be an ordinal-only field's key, and not one of the envelope's header members at the top): the
/// member <c>json -&gt; 'a' -&gt; 'b'</c> is the one field the path selects, unless a step is a JSON array (repeated
/// fields, or a primitive array, which the jsonb does not tell apart): then NULL. An absent member fails every test;
/// a member of another kind than the literal's (a string, boolean, JSON null or object against a number) fails every
/// test but <c>!=</c>, which it passes, as the filter finds such values incomparable.
/// </para>
/// <para>
/// Numbers: the jsonb holds an integer field's exact digits, a double's shortest round-trip text and a float's own
/// shortest text (<c>0.1</c> for <c>0.1f</c>, whose double the filter compares, 0.100000001…). Against a literal L whose
/// double and float shortest texts are the same string (<c>100</c>, <c>100.5</c>, not <c>0.1</c>) and with |L| &lt; 2^53,
/// the order of those texts against L's text is the order of the values the filter compares, for integers, doubles and
/// floats alike, so the comparison is exact. Against any other literal, a member within a band of relative width 2^-20
/// around L (far wider than a float's rounding, or a long's past 2^53) is NULL, and outside the band the order is
/// certain.
/// </para>
/// <para>
/// Strings: <c>==</c>, <c>!=</c> and <c>in</c> with literals <see cref="JsonPathTranslation.ExactText"/> passes (letters
/// only: no date, time, NaN or unknown type is written as such a string). Everything else (booleans, dates, string
/// ranges and functions, existence, collections) is NULL, and left to the bytes.
/// </para>
/// </remarks>
internal sealed class ServerDecision
{
    // Members the jsonb's top-level object has for the envelope header (FudgeJsonSettings.EnvelopeAttributes).
    private static readonly string[] HeaderMembers = { "fudgeProcessingDirectives", "fudgeSchemaVersion", "fudgeTaxonomy" };

    private const double Exact53 = 9007199254740992d; // 2^53
    private static readonly double BandWidth = Math.ScaleB(1, -20);
    private static readonly double BandFloor = Math.ScaleB(1, -140); // above a float subnormal's rounding

    private readonly NpgsqlCommand _command;
    private int _values;

    private ServerDecision(NpgsqlCommand command) => _command = command;

    /// <summary>
    /// The filter's decision (its values added to <paramref name="command"/> as parameters <c>@d0</c>, <c>@d1</c>, …), or
    /// null when no part of it can be decided on the server. <paramref name="complete"/>: every test of the filter has
    /// a part in it (none is NULL whatever the document), so the jsonpath would narrow nothing further.
    /// </summary>
    public static string? For(FudgeFilter filter, NpgsqlCommand command, out bool complete)
    {
        var decision = new ServerDecision(command);
        string? sql = decision.Node(filter.Root);
        complete = sql is not null && !decision._partial;
        return sql;
    }

    // Set when a test of the filter has no part in the decision.
    private bool _partial;

    private string? Node(FilterNode node)
    {
        string? sql = Part(node);
        if (sql is null) _partial = true;
        return sql;
    }

    private string? Part(FilterNode node)
    {
        switch (node)
        {
            case AndNode both:
                return Range(both) ?? Junction(Node(both.Left), Node(both.Right), "AND");
            case OrNode either:
                return Junction(Node(either.Left), Node(either.Right), "OR");
            case NotNode not:
                return Node(not.Operand) is string operand ? $"(NOT {operand})" : null;
            case ComparisonNode comparison:
                return Comparison(comparison.Path, comparison.Operator, comparison.Literal);
            case MembershipNode membership:
            {
                var any = new StringBuilder();
                foreach (var literal in membership.Literals)
                {
                    if (Comparison(membership.Path, ComparisonOperator.Equal, literal) is not string test) return null;
                    any.Append(any.Length == 0 ? "(" : " OR ").Append(test);
                }
                return any.Length == 0 ? null : any.Append(')').ToString();
            }
            default:
                return null;
        }
    }

    /// <summary>
    /// A lower and an upper bound on one member, each with an exact literal (<c>a &lt;= p &amp;&amp; p &lt; b</c>, either
    /// order), as one test: jsonb orders every other kind outside two numbers (strings and null below, booleans, arrays
    /// and objects above), so a member between them is a number, and the kind is asked only of the others. Two key
    /// lookups for a row in the range, where two tests take four. Null for any other conjunction.
    /// </summary>
    private string? Range(AndNode both)
    {
        if (both.Left is not ComparisonNode first || both.Right is not ComparisonNode second) return null;
        if (first.Path.Text.Trim() != second.Path.Text.Trim() || !first.Literal.IsNumeric || !second.Literal.IsNumeric
            || !IsExactLiteral(first.Literal) || !IsExactLiteral(second.Literal)) return null;
        static bool Lower(ComparisonOperator op) => op is ComparisonOperator.Greater or ComparisonOperator.GreaterOrEqual;
        static bool Upper(ComparisonOperator op) => op is ComparisonOperator.Less or ComparisonOperator.LessOrEqual;
        var (low, high) = Lower(first.Operator) && Upper(second.Operator) ? (first, second)
            : Lower(second.Operator) && Upper(first.Operator) ? (second, first) : (null, null);
        if (low is null || high is null || Member(low.Path) is not (string member, string arrays)) return null;
        string from = $"{member} {(low.Operator == ComparisonOperator.Greater ? ">" : ">=")} {Parameter(JsonPathTranslation.Literal(low.Literal)!)}";
        string to = $"{member} {(high.Operator == ComparisonOperator.Less ? "<" : "<=")} {Parameter(JsonPathTranslation.Literal(high.Literal)!)}";
        string test = $"CASE WHEN {from} AND {to} THEN true WHEN jsonb_typeof({member}) = 'array' THEN NULL ELSE false END";
        return arrays.Length == 0 ? test : $"CASE WHEN {arrays} THEN NULL ELSE {test} END";
    }

    // One side undecided is SQL NULL, which still decides the junction where the other side does (false AND NULL).
    private static string? Junction(string? left, string? right, string op)
    {
        if (left is null && right is null) return null;
        return $"({left ?? "NULL::boolean"} {op} {right ?? "NULL::boolean"})";
    }

    private string? Comparison(FudgePath path, ComparisonOperator op, QueryLiteral literal)
    {
        if (Member(path) is not (string member, string arrays)) return null;
        string? same;
        string kind;
        if (literal.IsNumeric)
        {
            same = Numeric(member, op, literal);
            kind = "number";
        }
        else if (literal.Kind == LiteralKind.String && op is ComparisonOperator.Equal or ComparisonOperator.NotEqual
            && JsonPathTranslation.ExactText(literal) && JsonPathTranslation.Literal(literal) is string text)
        {
            same = $"{member} {(op == ComparisonOperator.Equal ? "=" : "<>")} {Parameter(text)}";
            kind = "string";
        }
        else
        {
            return null;
        }
        if (same is null) return null;
        // Another kind is incomparable: only != holds, and only for a member that is there.
        string other = op == ComparisonOperator.NotEqual ? $"{member} IS NOT NULL" : "false";
        string leaf = $"CASE jsonb_typeof({member}) WHEN '{kind}' THEN {same} WHEN 'array' THEN NULL ELSE {other} END";
        return arrays.Length == 0 ? leaf : $"CASE WHEN {arrays} THEN NULL ELSE {leaf} END";
    }

    // A number member against a numeric literal: exact where the texts order as the values do, else by a band.
    private string? Numeric(string member, ComparisonOperator op, QueryLiteral literal)
    {
        double value = literal.Number;
        if (!double.IsFinite(value)) return null;
        if (IsExactLiteral(literal))
        {
            string sql = op switch
            {
                ComparisonOperator.Equal => "=",
                ComparisonOperator.NotEqual => "<>",
                ComparisonOperator.Less => "<",
                ComparisonOperator.LessOrEqual => "<=",
                ComparisonOperator.Greater => ">",
                _ => ">=",
            };
            return $"{member} {sql} {Parameter(JsonPathTranslation.Literal(literal)!)}";
        }
        var (low, high) = Band(value);
        string below = $"{member} < {Parameter(low)}", above = $"{member} > {Parameter(high)}";
        return op switch
        {
            ComparisonOperator.Equal => $"CASE WHEN {below} OR {above} THEN false END",
            ComparisonOperator.NotEqual => $"CASE WHEN {below} OR {above} THEN true END",
            ComparisonOperator.Less or ComparisonOperator.LessOrEqual => $"CASE WHEN {below} THEN true WHEN {above} THEN false END",
            _ => $"CASE WHEN {above} THEN true WHEN {below} THEN false END",
        };
    }

    /// <summary>
    /// True when a numeric literal's text orders every jsonb number as the filter orders the field's value against it:
    /// |L| &lt; 2^53 (an integer literal exactly its double), and L's shortest text as a double and as a float the same
    /// string (so a float field equal to L has L's text, and one that is not orders its text on its side of L).
    /// </summary>
    internal static bool IsExactLiteral(QueryLiteral literal)
    {
        double value = literal.Number;
        if (!double.IsFinite(value) || Math.Abs(value) >= Exact53) return false;
        if (literal.Kind == LiteralKind.Integer && (long)value != literal.Integer) return false;
        float single = (float)value;
        return float.IsFinite(single) && (double)single == value
            && single.ToString("R", CultureInfo.InvariantCulture) == value.ToString("R", CultureInfo.InvariantCulture);
    }

    /// <summary>The band's bounds as jsonb number text: L ∓ (|L|·2^-20 + 2^-140), each rounded outwards.</summary>
    internal static (string Low, string High) Band(double value)
    {
        double width = Math.Abs(value) * BandWidth + BandFloor;
        double low = Math.BitDecrement(value - width), high = Math.BitIncrement(value + width);
        // Past double's range the band is open on that side: no finite number is beyond it.
        if (double.IsInfinity(low)) low = double.MinValue;
        if (double.IsInfinity(high)) high = double.MaxValue;
        return (low.ToString("R", CultureInfo.InvariantCulture), high.ToString("R", CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// True when the jsonb names the path's member as the filter does (<see cref="Member"/>): names only, none of digits,
    /// no envelope header member at the top.
    /// </summary>
    internal static bool Decidable(FudgePath path) => Member(path) is not null;

    /// <summary>
    /// The member of a path of names as SQL (<c>(json -&gt; 'a' -&gt; 'b')</c>) and the SQL that is true when a step
    /// before the last is an array (empty for a path of one name); null for any other path.
    /// </summary>
    private static (string Member, string Arrays)? Member(FudgePath path)
    {
        if (path.Steps.Length == 0) return null;
        var member = new StringBuilder("json");
        var arrays = new StringBuilder();
        for (int i = 0; i < path.Steps.Length; i++)
        {
            var step = path.Steps[i];
            if (step.Selector != KeySelector.Name || step.Descendant || step.HasIndex || string.IsNullOrEmpty(step.Name)) return null;
            string name = step.Name!;
            if (name.IndexOf('\0') >= 0 || IsDigits(name) || (i == 0 && Array.IndexOf(HeaderMembers, name) >= 0)) return null;
            if (i > 0) arrays.Append(arrays.Length == 0 ? "" : " OR ").Append($"jsonb_typeof({member}) = 'array'");
            member.Append(" -> '").Append(name.Replace("'", "''")).Append('\'');
        }
        return ("(" + member + ")", arrays.Length == 0 ? "" : "(" + arrays + ")");
    }

    private static bool IsDigits(string name)
    {
        foreach (char c in name)
            if (c is not (>= '0' and <= '9' or '-')) return false;
        return true;
    }

    private string Parameter(string json)
    {
        string name = "d" + (_values++).ToString(CultureInfo.InvariantCulture);
        _command.Parameters.AddWithValue(name, NpgsqlDbType.Jsonb, json);
        return "@" + name;
    }
}
