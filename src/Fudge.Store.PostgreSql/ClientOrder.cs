using System;
using System.Collections.Generic;
using System.Globalization;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The order of a query's <c>ORDER BY</c>, reproduced on the client. The server then sends the rows unsorted with their
/// sort keys: candidates the client decides (a filter the server cannot decide exactly), of which only those that pass
/// are sorted, or the projected columns of a filter the server decides. Sorting every candidate's wide row on the
/// server, on disk once it outgrows <c>work_mem</c>, was most of such a query's time, and comparing jsonb numbers most
/// of an exact one's (benchmarks/results/marten-side-by-side-plans.md).
/// </summary>
/// <remarks>
/// Each key is the very value the server would sort by, read back as text, and is compared the way the server
/// compares it, so the order is the server's to the row: a string ordering (<c>#&gt;&gt; '{}'</c> under the C collation)
/// by its UTF-8 bytes, that is by code point; any other ordering by jsonb's order, of which this compares the kinds a
/// typed member's value has: jsonb <c>null</c> &lt; numbers (by exact decimal value) &lt; booleans (false first). A
/// key of another kind (a jsonb string, array or object, whose comparison depends on the database's collation or on
/// jsonb's container rules) is <see cref="TryKey">refused</see>, and the caller asks the server to sort instead. SQL
/// NULL (no value) comes first ascending and last descending, as <c>NULLS FIRST</c>/<c>NULLS LAST</c>; ties go to the
/// lower id, as the server's last key <c>id ASC</c>.
/// </remarks>
internal sealed class ClientOrder : IComparer<ClientOrder.Row>
{
    private readonly bool[] _text;
    private readonly bool[] _descending;

    public ClientOrder(IReadOnlyList<Fudge.Store.FudgeQueryOrder> orderings)
    {
        _text = new bool[orderings.Count];
        _descending = new bool[orderings.Count];
        for (int i = 0; i < orderings.Count; i++)
        {
            _text[i] = orderings[i].Text;
            _descending[i] = orderings[i].Descending;
        }
    }

    /// <summary>
    /// A row of the result (<see cref="Value"/>: a document, or the server's columns), its id and its sort keys
    /// (<see cref="TryKey"/>): the first inline, the others in an array, so that a query with one ordering (the
    /// common one) makes no array per row.
    /// </summary>
    public readonly struct Row
    {
        public Row(long id, Key[] keys, object value)
            : this(id, keys.Length > 0 ? keys[0] : default, keys.Length > 1 ? keys[1..] : null, value)
        {
        }

        public Row(long id, Key first, Key[]? rest, object value)
        {
            Id = id;
            First = first;
            Rest = rest;
            Value = value;
        }

        public long Id { get; }

        /// <summary>The first ordering's key.</summary>
        public Key First { get; }

        /// <summary>The keys of the second ordering on, or null when there is one ordering.</summary>
        public Key[]? Rest { get; }

        public object Value { get; }

        /// <summary>The key of ordering <paramref name="ordering"/>.</summary>
        public Key KeyOf(int ordering) => ordering == 0 ? First : Rest![ordering - 1];

        /// <summary>The same row holding <paramref name="value"/> instead.</summary>
        public Row With(object value) => new(Id, First, Rest, value);
    }

    /// <summary>
    /// The kinds of key, in the order the server sorts them ascending: SQL NULL first, then jsonb's null, numbers and
    /// booleans. A string ordering's keys are all <see cref="String"/> (text under the C collation); under jsonb's order
    /// a string is refused (the database's collation compares it).
    /// </summary>
    internal enum KeyKind
    {
        Absent,
        Null,
        String,
        Number,
        Boolean,
    }

    /// <summary>
    /// A sort key as the server computed it, read once per row: its kind, its text (not kept for an integer), and an
    /// integer's value when it is written as one of at most 18 digits, so most comparisons of numbers are of two longs (others compare their
    /// digits exactly, <see cref="CompareNumbers"/>). Kept small (24 bytes): a row holds one inline.
    /// </summary>
    public readonly struct Key
    {
        internal Key(KeyKind kind, string? text, long integer = 0, bool isInteger = false)
        {
            Kind = kind;
            Text = text;
            Integer = integer;
            IsInteger = isInteger;
        }

        /// <summary>The value of a number written as an integer of at most 18 digits (no fraction, no exponent).</summary>
        internal long Integer { get; }

        internal bool IsInteger { get; }

        internal KeyKind Kind { get; }

        internal string? Text { get; }
    }

    /// <summary>
    /// The key of ordering <paramref name="ordering"/> from its text as the server sent it (null: SQL NULL; under
    /// jsonb's order, the jsonb's text: numbers as numeric prints them, with no exponent); false when it is of a kind
    /// this class does not compare as the server does.
    /// </summary>
    public bool TryKey(int ordering, string? text, out Key key)
    {
        if (text is null) key = new Key(KeyKind.Absent, null);
        else if (_text[ordering]) key = new Key(KeyKind.String, text);
        else if (text == "null") key = new Key(KeyKind.Null, text);
        else if (text is "true" or "false") key = new Key(KeyKind.Boolean, text);
        else if (IsShortInteger(text))
        {
            long integer = long.Parse(text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture);
            // No text kept: the row's string then dies young instead of being promoted with the held rows.
            key = new Key(KeyKind.Number, null, integer, isInteger: true);
        }
        else if (TryDecimal(text, out _, out _, out _))
        {
            key = new Key(KeyKind.Number, text);
        }
        else
        {
            key = default;
            return false;
        }
        return true;
    }

    // -?digits, at most 18 of them: a long holds it, and compares as its exact value.
    private static bool IsShortInteger(string text)
    {
        int start = text.Length > 0 && text[0] == '-' ? 1 : 0;
        if (text.Length == start || text.Length - start > 18) return false;
        for (int i = start; i < text.Length; i++)
            if (text[i] is < '0' or > '9') return false;
        return true;
    }

    /// <summary>True when <paramref name="rows"/> are in this order already.</summary>
    public bool IsSorted(IReadOnlyList<Row> rows)
    {
        for (int i = 1; i < rows.Count; i++)
            if (Compare(rows[i - 1], rows[i]) > 0) return false;
        return true;
    }

    public int Compare(Row a, Row b)
    {
        for (int i = 0; i < _text.Length; i++)
        {
            int order = i == 0 ? CompareKeys(a.First, b.First) : CompareKeys(a.Rest![i - 1], b.Rest![i - 1]);
            if (order != 0) return _descending[i] ? -order : order;
        }
        return a.Id.CompareTo(b.Id);
    }

    // Ascending with SQL NULL first (DESC NULLS LAST is its exact reverse), then jsonb's order of kinds.
    private static int CompareKeys(in Key a, in Key b)
    {
        if (a.Kind != b.Kind) return a.Kind.CompareTo(b.Kind);
        return a.Kind switch
        {
            KeyKind.String => CompareCodePoints(a.Text!, b.Text!),
            KeyKind.Number => a.IsInteger && b.IsInteger ? a.Integer.CompareTo(b.Integer) : CompareNumbers(NumberText(a), NumberText(b)),
            KeyKind.Boolean => (a.Text == "true").CompareTo(b.Text == "true"),
            _ => 0,
        };
    }

    /// <summary>
    /// Strings by code point, the order of their UTF-8 bytes (what the C collation compares): UTF-16 code units order
    /// the same except that surrogates (U+D800–U+DFFF, supplementary characters) sort above U+E000–U+FFFF, so the
    /// first differing units are shifted into code point order before they are compared.
    /// </summary>
    // A number's text: an integer key keeps its value only, whose digits are the same number.
    private static string NumberText(in Key key) => key.Text ?? key.Integer.ToString(CultureInfo.InvariantCulture);

    internal static int CompareCodePoints(string a, string b)
    {
        int length = Math.Min(a.Length, b.Length);
        for (int i = 0; i < length; i++)
        {
            char x = a[i], y = b[i];
            if (x != y) return Fixup(x).CompareTo(Fixup(y));
        }
        return a.Length.CompareTo(b.Length);
    }

    private static int Fixup(char c) => c >= 0xE000 ? c - 0x800 : c >= 0xD800 ? c + 0x2000 : c;

    /// <summary>Two decimal numbers (as numeric prints them) by exact value: no rounding to a double.</summary>
    internal static int CompareNumbers(string a, string b)
    {
        if (!TryDecimal(a, out bool negativeA, out var integerA, out var fractionA) || !TryDecimal(b, out bool negativeB, out var integerB, out var fractionB))
            throw new ArgumentException("Not a decimal number.");
        if (negativeA != negativeB) return negativeA ? -1 : 1;
        // More integer digits is larger; then digit by digit, the fractions as if padded with zeros.
        int magnitude = integerA.Length.CompareTo(integerB.Length);
        if (magnitude == 0) magnitude = integerA.SequenceCompareTo(integerB);
        if (magnitude == 0) magnitude = fractionA.SequenceCompareTo(fractionB);
        return negativeA ? -magnitude : magnitude;
    }

    // -?digits(.digits)? with the integer's leading zeros and the fraction's trailing zeros taken off (so equal values
    // have equal digits, and digit strings compare as the values do); zero is never negative.
    private static bool TryDecimal(string text, out bool negative, out ReadOnlySpan<char> integer, out ReadOnlySpan<char> fraction)
    {
        var span = text.AsSpan();
        negative = span.Length > 0 && span[0] == '-';
        if (negative) span = span[1..];
        int point = span.IndexOf('.');
        integer = point < 0 ? span : span[..point];
        fraction = point < 0 ? ReadOnlySpan<char>.Empty : span[(point + 1)..];
        if (integer.Length == 0 || !AllDigits(integer) || (point >= 0 && (fraction.Length == 0 || !AllDigits(fraction))))
        {
            integer = fraction = default;
            return false;
        }
        integer = integer.TrimStart('0');
        fraction = fraction.TrimEnd('0');
        if (integer.Length == 0 && fraction.Length == 0) negative = false;
        return true;
    }

    private static bool AllDigits(ReadOnlySpan<char> digits)
    {
        foreach (char c in digits)
            if (c is < '0' or > '9') return false;
        return true;
    }
}
