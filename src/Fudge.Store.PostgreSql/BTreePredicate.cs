using System;
using System.Collections.Generic;
using System.Globalization;
using Fudge.Query;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The part of a filter the collection's declared B-tree indexes can answer (issue 43's declared indexes;
/// <see cref="IndexConditions"/>): SQL over the index's own key expression (<see cref="IndexKey"/>), so the server
/// searches it. The jsonb key is the one value the path selects, or the empty array <c>[]</c> when it selects several
/// (so those documents stay candidates), or NULL when it selects none; a typed key (<see cref="NumberKey"/>,
/// <see cref="TextKey"/>) is that value as <c>float8</c> or <c>text</c> when it is of the kind, NULL when it is of
/// another, and <c>NaN</c> or the empty string for several, held in a stored generated column (<see cref="KeyColumnSql"/>;
/// an earlier version's typed index is on the expression). Like <see cref="JsonPathTranslation"/> it selects a
/// superset: the exact filter decides.
/// </summary>
/// <remarks>
/// jsonb orders values of different kinds by kind (null &lt; string &lt; number &lt; boolean &lt; array &lt; object), so
/// a range on numbers or strings takes in other kinds too and never leaves out a match; the several-values key
/// <c>[]</c>, an empty top-level array, sorts below every other value, and each condition names it. A number literal
/// some field's jsonb text may sit on the wrong side of (a float is held as its own shortest text) is widened by its
/// band (<see cref="ServerDecision.Band"/>), and an equality also searches a float's own text. Literals are number, string and boolean ones (<see cref="JsonPathTranslation.Literal"/>:
/// a jsonpath literal is JSON); dates are held as text in the jsonb and are left to the exact filter.
/// </remarks>
internal sealed class BTreePredicate : IndexConditions
{
    /// <summary>
    /// The function the indexes are built on; created with the store's tables. Its body is one expression of built-in
    /// immutable functions, so the planner inlines it (in the index's expression, in every insert's index maintenance
    /// and in the queries' conditions alike): no SQL function call per row. The path is evaluated twice for a key with
    /// one value (its count, then the value), which costs far less than a call.
    /// </summary>
    /// <remarks>
    /// Stores made before this body had one that aggregated <c>jsonb_path_query</c>'s rows (not inlinable, several
    /// microseconds per row and index). Both give the same key for every document, so the body is replaced in place
    /// when the store opens and existing indexes stay valid: no rebuild is needed.
    /// </remarks>
    public const string KeyFunctionSql = """
        DO $do$ BEGIN
          IF to_regprocedure('fudge_key(jsonb, jsonpath)') IS NULL
             OR (SELECT position('jsonb_path_query_array' in prosrc) = 0 FROM pg_proc WHERE oid = to_regprocedure('fudge_key(jsonb, jsonpath)')) THEN
            CREATE OR REPLACE FUNCTION fudge_key(doc jsonb, path jsonpath) RETURNS jsonb LANGUAGE sql IMMUTABLE PARALLEL SAFE
              AS $f$ SELECT CASE jsonb_array_length(jsonb_path_query_array(doc, path)) WHEN 0 THEN NULL WHEN 1 THEN jsonb_path_query_first(doc, path) ELSE '[]'::jsonb END $f$;
          END IF;
        END $do$;
        """;

    private readonly NpgsqlCommand _command;
    private readonly IReadOnlyDictionary<string, IndexKey> _keys;
    private readonly string _prefix;
    private readonly bool _codePointStrings;
    private int _values;

    private BTreePredicate(IReadOnlyDictionary<string, IndexKey> keys, NpgsqlCommand command, string prefix = "k", bool codePointStrings = false)
        : base((IReadOnlyCollection<string>)keys.Keys)
    {
        _keys = keys;
        _command = command;
        _prefix = prefix;
        _codePointStrings = codePointStrings;
    }

    /// <summary>
    /// The index expression of a path (text of SQL) in the generic jsonb form, or null when the path has no SQL/JSON
    /// form. For a path of one name the key is read with <c>-&gt;</c>, as <see cref="OneNameKey"/> says; other paths
    /// use <c>fudge_key</c>.
    /// </summary>
    public static string? IndexKeyOf(FudgePath path) => IndexKeyOf(path, FudgeIndexKind.Any)?.Sql;

    /// <summary>
    /// The index key of a path for values of <paramref name="kind"/>: on a path of one name a typed key
    /// (<see cref="NumberKey"/>, <see cref="TextKey"/>), otherwise the jsonb key; null when the path has no SQL/JSON form.
    /// </summary>
    public static IndexKey? IndexKeyOf(FudgePath path, FudgeIndexKind kind)
    {
        if (JsonPathTranslation.OneName(path) is string name)
        {
            return kind switch
            {
                FudgeIndexKind.Number => new IndexKey(NumberKey(name), KeyForm.Number),
                FudgeIndexKind.String => new IndexKey(TextKey(name), KeyForm.Text),
                _ => new IndexKey(OneNameKey(name), KeyForm.Jsonb),
            };
        }
        return FunctionKeyOf(path) is string key ? new IndexKey(key, KeyForm.Jsonb) : null;
    }

    /// <summary>
    /// The stored generated column that holds a typed key (<see cref="KeyColumnSql"/>) for the declared index numbered
    /// <paramref name="number"/> in <c>fudge_indexes</c>: <c>fudge_k_</c> and the number, so a path's text never
    /// reaches an identifier.
    /// </summary>
    public static string KeyColumn(long number) => "fudge_k_" + number.ToString(CultureInfo.InvariantCulture);

    /// <summary>
    /// The definition of a typed key's column, for <c>ALTER TABLE ... ADD COLUMN</c>: <c>float8</c> or <c>text</c>,
    /// generated from the jsonb by the server on every insert and update (<see cref="NumberKey"/>, <see cref="TextKey"/>:
    /// the same value the expression indexes before it held). Text is collated <c>"C"</c>, code-point order whatever
    /// the database's collation, the filter's own order for strings: so a string range may search it.
    /// </summary>
    public static string KeyColumnSql(string name, KeyForm form, string column) => form == KeyForm.Number
        ? $"{column} float8 GENERATED ALWAYS AS ({NumberKey(name)}) STORED"
        : $"{column} text COLLATE \"C\" GENERATED ALWAYS AS ({TextKey(name)}) STORED";

    /// <summary>
    /// The key an index was built on, from its definition (<c>pg_get_indexdef</c>; null: the index is missing, and its
    /// key is the one a declaration without a kind would build): a typed key's column (<paramref name="columnType"/>:
    /// the type of the column the index is on, <c>double precision</c> or <c>text</c>, null when there is none), a
    /// typed key expression (<see cref="NumberKey"/>, <see cref="TextKey"/>: indexes declared before the columns,
    /// searched with the expression they were built on until declared again), the one-name jsonb key, or the
    /// <c>fudge_key</c> form of an index declared before the one-name form (the keys are equal).
    /// <paramref name="column"/>: the column the index is on (a key column shared by the indexes on the path and kind,
    /// named after the first of them), when the catalog gives it; <see cref="KeyColumn"/> of the number otherwise.
    /// </summary>
    public static IndexKey? KeyOfDefinition(FudgePath path, string? definition, long number = 0, string? columnType = null, string? column = null)
    {
        if (definition is null || JsonPathTranslation.OneName(path) is not string name) return IndexKeyOf(path, FudgeIndexKind.Any);
        column ??= KeyColumn(number);
        // The server prints an index on a plain column as "USING btree (fudge_k_N)" (INCLUDE or COLLATE may follow).
        if (columnType is not null && definition.Contains("btree (" + column, StringComparison.Ordinal))
        {
            if (columnType == "double precision") return new IndexKey(column, KeyForm.Number, Stored: true);
            if (columnType == "text") return new IndexKey(column, KeyForm.Text, Stored: true);
        }
        // The server prints the member as (json -> 'name'::text), quotes doubled, and the CASE over several lines; what
        // follows the name's literal cannot be part of a name, so these tell the forms apart whatever the name holds.
        definition = System.Text.RegularExpressions.Regex.Replace(definition, @"\s+", " ");
        string member = "(json -> '" + name.Replace("'", "''") + "'::text)";
        if (definition.Contains(member + ") WHEN 'number'::text THEN", StringComparison.Ordinal)) return new IndexKey(NumberKey(name), KeyForm.Number);
        if (definition.Contains(member + ") WHEN 'string'::text THEN", StringComparison.Ordinal)) return new IndexKey(TextKey(name), KeyForm.Text);
        if (definition.Contains("fudge_key(", StringComparison.Ordinal)) return FunctionKeyOf(path) is string older ? new IndexKey(older, KeyForm.Jsonb) : null;
        return new IndexKey(OneNameKey(name), KeyForm.Jsonb);
    }

    /// <summary>
    /// The key as <c>fudge_key(json, 'path[*]')</c>: the only form of every index before the one-name form, and still
    /// the form of paths of several steps. Null when the path has no SQL/JSON form.
    /// </summary>
    public static string? FunctionKeyOf(FudgePath path)
    {
        if (JsonPathTranslation.PathOf(path) is not string jsonPath || jsonPath.IndexOf('\0') >= 0) return null;
        return "fudge_key(json, '" + jsonPath.Replace("'", "''") + "[*]'::jsonpath)";
    }

    /// <summary>
    /// The key of a one-name path without a jsonpath: <c>fudge_key</c>'s value for every document (the member itself
    /// when it is not an array, as the lax <c>[*]</c> wraps a non-array; an array's one element; <c>[]</c> for several;
    /// NULL for none or no member), from <c>-&gt;</c>, <c>jsonb_typeof</c> and <c>jsonb_array_length</c>: a key lookup
    /// in the jsonb object instead of two jsonpath evaluations, per row inserted and per row rechecked.
    /// </summary>
    private static string OneNameKey(string name)
    {
        string member = Member(name);
        return $"(CASE WHEN jsonb_typeof({member}) <> 'array' THEN {member} WHEN jsonb_array_length({member}) = 1 THEN ({member} -> 0) "
            + $"WHEN jsonb_array_length({member}) > 1 THEN '[]'::jsonb END)";
    }

    /// <summary>
    /// The typed key of a one-name path for numbers: the member's value as <c>float8</c> when it is one JSON number,
    /// <c>NaN</c> when it is an array (repeated fields or a primitive array: decided on the bytes; no JSON number is
    /// NaN, a non-finite double is held as a string), NULL otherwise (absent, or a string, boolean, null or object,
    /// which no numeric comparison passes). Every number the jsonb holds (an integer, a double's or a float's shortest
    /// text) is within <c>float8</c>'s range, so the cast never fails. The key is exact where
    /// <see cref="ServerDecision.IsExactLiteral"/> says the jsonb's text is: an integer past 2^53 rounds to a double
    /// on its side of every such literal, and a float's text to a double far from any other float.
    /// </summary>
    internal static string NumberKey(string name)
    {
        string member = Member(name);
        return $"(CASE jsonb_typeof({member}) WHEN 'number' THEN ({member})::float8 WHEN 'array' THEN 'NaN'::float8 END)";
    }

    /// <summary>
    /// The typed key of a one-name path for strings: the member's text when it is one JSON string (a Fudge string, or
    /// a date, time or non-finite number, which the jsonb also holds as strings), the empty string when it is an array
    /// (several values: decided on the bytes, together with the documents whose string is empty), NULL otherwise.
    /// </summary>
    internal static string TextKey(string name)
    {
        string member = Member(name);
        return $"(CASE jsonb_typeof({member}) WHEN 'string' THEN (json ->> {Quoted(name)}) WHEN 'array' THEN ''::text END)";
    }

    private static string Member(string name) => "(json -> " + Quoted(name) + ")";

    private static string Quoted(string name) => "'" + name.Replace("'", "''") + "'";

    /// <summary>
    /// The SQL condition (its values added to <paramref name="command"/>), or null when no index applies.
    /// <paramref name="keys"/>: each indexed path's text and the key its index was built on.
    /// <paramref name="codePointStrings"/>: the database orders strings by code point
    /// (<see cref="PostgresFudgeStore.CodePointStrings"/>), so a string range may search a jsonb key.
    /// </summary>
    public static string? For(FudgeFilter filter, IReadOnlyDictionary<string, IndexKey> keys, NpgsqlCommand command, bool codePointStrings)
        => new BTreePredicate(keys, command, codePointStrings: codePointStrings).Translate(filter.Root);

    /// <summary>
    /// For a filter that is one <c>==</c> or <c>in [...]</c> test on an indexed path, the condition that its key is one
    /// of the literals (<paramref name="condition"/>), the key's expression (<paramref name="key"/>) and its
    /// several-values key (<paramref name="several"/>); false for any other filter. A document whose key is one of the
    /// literals passes the filter's jsonpath: the key is the one value the path selects (the member, or an array's only
    /// element, which lax mode unwraps), and it equals a literal. So such documents need no jsonpath evaluation; only
    /// those whose key is the several-values key do.
    /// </summary>
    public static bool TryKeyEquality(FudgeFilter filter, IReadOnlyDictionary<string, IndexKey> keys, NpgsqlCommand command,
        out string? condition, out string? key, out string? several)
    {
        condition = key = several = null;
        var (path, literals) = filter.Root switch
        {
            ComparisonNode { Operator: ComparisonOperator.Equal } comparison => (comparison.Path, new[] { comparison.Literal }),
            MembershipNode membership => (membership.Path, membership.Literals),
            _ => (null, Array.Empty<QueryLiteral>()),
        };
        if (path is null || literals.Length == 0 || !keys.TryGetValue(path.Text.Trim(), out var indexed) || indexed.Form == KeyForm.Elements) return false;
        var predicate = new BTreePredicate(keys, command);
        var values = new List<object>(literals.Length);
        foreach (var literal in literals)
        {
            // A text key's several-values key is the empty string, which an empty literal would find without the jsonpath.
            if ((indexed.Form == KeyForm.Text && literal.Kind == LiteralKind.String && literal.Text.Length == 0)
                || predicate.EqualValuesOf(path, literal) is not object[] equal) return false;
            values.AddRange(equal);
        }
        var list = new System.Text.StringBuilder();
        foreach (var value in values) list.Append(list.Length == 0 ? "" : ", ").Append(predicate.Parameter(value));
        key = indexed.Sql;
        several = predicate.SeveralOf(path) ?? "NULL"; // a key that is never several: the second part selects nothing
        condition = $"{key} IN ({list})";
        return true;
    }

    /// <summary>
    /// For a filter that is one comparison (not <c>!=</c>), or a lower and an upper bound, on a path with a
    /// <see cref="KeyForm.Number"/> key, each with a literal whose text orders numbers exactly
    /// (<see cref="ServerDecision.IsExactLiteral"/>): the condition on the key that passes exactly the documents the
    /// filter passes among those whose key is a number (<paramref name="exact"/>), and the condition of the others that
    /// may pass, the several-values key (<paramref name="undecided"/>: decided on their bytes). A NULL key (no member,
    /// or a value of another kind) fails both, as it fails the filter. Only on a path the jsonb names as the filter does
    /// (<see cref="ServerDecision.Decidable"/>). Parameters <c>@t0</c>, <c>@t1</c>.
    /// </summary>
    public static bool TryKeyDecision(FudgeFilter filter, IReadOnlyDictionary<string, IndexKey> keys, NpgsqlCommand command,
        out string? exact, out string? undecided)
    {
        exact = undecided = null;
        ComparisonNode? low = null, high = null, single = null;
        switch (filter.Root)
        {
            case ComparisonNode comparison when comparison.Operator != ComparisonOperator.NotEqual:
                single = comparison;
                break;
            case AndNode { Left: ComparisonNode first, Right: ComparisonNode second }
                when first.Path.Text.Trim() == second.Path.Text.Trim():
                if (IsLower(first.Operator) && IsUpper(second.Operator)) (low, high) = (first, second);
                else if (IsLower(second.Operator) && IsUpper(first.Operator)) (low, high) = (second, first);
                else return false;
                break;
            default:
                return false;
        }
        var tests = single is not null ? new[] { single } : new[] { low!, high! };
        if (!keys.TryGetValue(tests[0].Path.Text.Trim(), out var indexed) || indexed.Form != KeyForm.Number
            || !ServerDecision.Decidable(tests[0].Path)) return false;
        foreach (var test in tests)
            if (!test.Literal.IsNumeric || !ServerDecision.IsExactLiteral(test.Literal)) return false;
        var predicate = new BTreePredicate(keys, command, "t");
        var parts = new List<string>(2);
        foreach (var test in tests)
        {
            string op = test.Operator switch
            {
                ComparisonOperator.Equal => "=",
                ComparisonOperator.Less => "<",
                ComparisonOperator.LessOrEqual => "<=",
                ComparisonOperator.Greater => ">",
                _ => ">=",
            };
            parts.Add($"{indexed.Sql} {op} {predicate.Parameter(test.Literal.Number)}");
        }
        // NaN, the several-values key, is above every number: an upper bound or an equality leaves it out, a lower
        // bound alone does not.
        if (single is not null && IsLower(single.Operator)) parts.Add($"{indexed.Sql} <> 'NaN'::float8");
        exact = string.Join(" AND ", parts);
        undecided = $"{indexed.Sql} = 'NaN'::float8";
        return true;
    }

    private static bool IsLower(ComparisonOperator op) => op is ComparisonOperator.Greater or ComparisonOperator.GreaterOrEqual;

    private static bool IsUpper(ComparisonOperator op) => op is ComparisonOperator.Less or ComparisonOperator.LessOrEqual;

    protected override string? SeveralOf(FudgePath path) => _keys.TryGetValue(path.Text.Trim(), out var key) && key.Single ? null : FormOf(path) switch
    {
        KeyForm.Number => "'NaN'::float8",
        KeyForm.Text => "''::text",
        _ => "'[]'::jsonb",
    };

    private KeyForm FormOf(FudgePath path) => _keys.TryGetValue(path.Text.Trim(), out var key) ? key.Form : KeyForm.Jsonb;

    // A typed key held in a column (collated "C" when text) rather than an index expression.
    private bool IsStored(FudgePath path) => _keys.TryGetValue(path.Text.Trim(), out var key) && key.Stored;

    // An elements column has no one key to compare: HoldsAnyOf searches it.
    protected override string? KeyOf(FudgePath path) => _keys.TryGetValue(path.Text.Trim(), out var key) && key.Form != KeyForm.Elements ? key.Sql : null;

    // The elements column (ElementsIndex) contains one of the literals' values: each value a one-element jsonb array,
    // which jsonb containment (@>, searched in the column's GIN index) finds among the column's elements exactly as the
    // lax jsonpath's == finds it among the values the path selects (strings by their text, numbers by numeric
    // equality); a float literal also by its own shortest text (JsonPathTranslation.EqualTexts), as the jsonb key does.
    protected override string? HoldsAnyOf(FudgePath path, IReadOnlyList<QueryLiteral> literals)
    {
        if (!_keys.TryGetValue(path.Text.Trim(), out var key) || key.Form != KeyForm.Elements) return null;
        var texts = new List<string>();
        foreach (var literal in literals)
        {
            if (JsonPathTranslation.EqualTexts(literal) is not string[] equal) return null;
            texts.AddRange(equal);
        }
        if (texts.Count == 0) return null;
        var tests = new List<string>(texts.Count);
        foreach (string text in texts) tests.Add($"{key.Sql} @> {Parameter("[" + text + "]")}");
        return tests.Count == 1 ? tests[0] : "(" + string.Join(" OR ", tests) + ")";
    }

    // The literal as the key holds it: a jsonb text; a double for a number key (numbers only: a string or boolean
    // literal on it has no condition, as such a document has a NULL key); a string's text for a text key.
    protected override object? ValueOf(FudgePath path, QueryLiteral literal) => FormOf(path) switch
    {
        KeyForm.Number => literal.IsNumeric && double.IsFinite(literal.Number) ? literal.Number : null,
        KeyForm.Text => literal.Kind == LiteralKind.String && literal.Text.IndexOf('\0') < 0 ? new TextValue(literal.Text) : null,
        _ => JsonPathTranslation.Literal(literal),
    };

    // A number's bound widened to the band around it (ServerDecision.Band) unless its text orders every jsonb number as
    // the filter orders the value: a float is held as its own shortest text, which may fall on the other side of it.
    // A text key expression has no ranges: the database's collation orders its keys, not the filter's code-point
    // order; nor has a jsonb key for strings unless that collation is code-point order (jsonb compares strings by it).
    // A text key column is collated "C", code-point order, so its ranges are the filter's.
    protected override object? BoundOf(FudgePath path, QueryLiteral literal, bool lower)
    {
        var form = FormOf(path);
        if (form == KeyForm.Text && !IsStored(path)) return null;
        if (form == KeyForm.Jsonb && literal.Kind == LiteralKind.String && !_codePointStrings) return null;
        if (!literal.IsNumeric || ServerDecision.IsExactLiteral(literal)) return ValueOf(path, literal);
        if (!double.IsFinite(literal.Number)) return null;
        var (low, high) = ServerDecision.Band(literal.Number);
        string bound = lower ? low : high;
        return form == KeyForm.Number ? double.Parse(bound, NumberStyles.Float, CultureInfo.InvariantCulture) : bound;
    }

    // The jsonb texts of the values the filter finds equal to a literal (JsonPathTranslation.EqualTexts), as the key
    // holds them: a number key holds each text's double (the server's float8 of that text).
    protected override object[]? EqualValuesOf(FudgePath path, QueryLiteral literal)
    {
        var form = FormOf(path);
        if (form == KeyForm.Jsonb) return JsonPathTranslation.EqualTexts(literal);
        if (ValueOf(path, literal) is not object value) return null;
        if (form == KeyForm.Text) return new[] { value };
        if (JsonPathTranslation.EqualTexts(literal) is not string[] texts) return null;
        var doubles = new object[texts.Length];
        for (int i = 0; i < texts.Length; i++) doubles[i] = double.Parse(texts[i], NumberStyles.Float, CultureInfo.InvariantCulture);
        return doubles;
    }

    protected override string Parameter(object value)
    {
        string name = _prefix + (_values++).ToString(CultureInfo.InvariantCulture);
        switch (value)
        {
            case double number:
                _command.Parameters.AddWithValue(name, NpgsqlDbType.Double, number);
                break;
            case TextValue text:
                _command.Parameters.AddWithValue(name, NpgsqlDbType.Text, text.Text);
                break;
            default:
                _command.Parameters.AddWithValue(name, NpgsqlDbType.Jsonb, (string)value);
                break;
        }
        return "@" + name;
    }

    /// <summary>A text key's value (a jsonb key's values are JSON texts, plain strings).</summary>
    private sealed record TextValue(string Text);
}

/// <summary>How a declared index keys its documents (<see cref="IndexKey"/>).</summary>
internal enum KeyForm
{
    /// <summary>The jsonb value (<c>'[]'</c> for several values).</summary>
    Jsonb,

    /// <summary>A <c>float8</c> (<see cref="BTreePredicate.NumberKey"/>).</summary>
    Number,

    /// <summary>A <c>text</c> (<see cref="BTreePredicate.TextKey"/>).</summary>
    Text,

    /// <summary>
    /// Every value the path selects, as a <c>jsonb</c> array in a stored generated column with a GIN index
    /// (<see cref="ElementsIndex"/>): the members of a collection's elements, searched by containment.
    /// </summary>
    Elements,
}

/// <summary>
/// A declared index's expression (<see cref="Sql"/>, searched exactly as it was built: an expression of the jsonb, or
/// the name of the stored generated column that holds a typed key, <see cref="Stored"/>) and its form.
/// </summary>
/// <see cref="Single"/>: the index refuses documents whose path selects several values (a unique index's CHECK), so
/// its conditions need not take in the several-values key and a composite's later keys are searched as plain ranges.
internal sealed record IndexKey(string Sql, KeyForm Form, bool Stored = false, bool Single = false);
