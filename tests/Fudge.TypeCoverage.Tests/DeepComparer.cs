using System;
using System.Collections;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Numerics;
using System.Reflection;

namespace Fudge.TypeCoverage.Tests;

/// <summary>
/// Compares a value with what came back, as strictly as a user relies on it: the kind of every DateTime and the offset
/// of every DateTimeOffset, the scale of decimals, the bits of floats (-0.0, NaN), the order of sequences, nulls, and
/// the run-time type of every element of a model type. Two allowances, both documented in docs/type-coverage.md: a
/// collection behind a BCL type may come back as another BCL collection of equal contents (what an interface or
/// <c>object</c> member allows), and an integer in an <c>object</c> slot may come back as another integer type of the
/// same value (a self-describing format reads the width it wrote).
/// </summary>
public static class DeepComparer
{
    /// <summary>Null when <paramref name="actual"/> equals <paramref name="expected"/>, else where and how they differ.</summary>
    public static string? Difference(object? expected, object? actual) => Diff(expected, actual, "value", 0);

    private static string? Diff(object? e, object? a, string path, int depth)
    {
        if (depth > 64) return $"{path}: nested deeper than 64 levels";
        if (e is null && a is null) return null;
        if (e is null || a is null) return $"{path}: expected {Show(e)}, got {Show(a)}";
        Type te = e.GetType(), ta = a.GetType();

        if (IsInteger(te) && IsInteger(ta))
            return ToBig(e) == ToBig(a) && (te == ta || te.IsEnum == ta.IsEnum) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";

        if (te != ta && !(IsBclCollection(te) && IsBclCollection(ta)))
            return $"{path}: expected a {Name(te)}, got a {Name(ta)} ({Show(a)})";

        switch (e)
        {
            case string s: return string.Equals(s, (string)a, StringComparison.Ordinal) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case double d: return BitConverter.DoubleToInt64Bits(d) == BitConverter.DoubleToInt64Bits((double)a) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case float f: return BitConverter.SingleToInt32Bits(f) == BitConverter.SingleToInt32Bits((float)a) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case Half h: return BitConverter.HalfToInt16Bits(h) == BitConverter.HalfToInt16Bits((Half)a) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case decimal m: return decimal.GetBits(m).SequenceEqual(decimal.GetBits((decimal)a)) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case DateTime dt:
                var adt = (DateTime)a;
                return dt.Ticks == adt.Ticks && dt.Kind == adt.Kind ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case DateTimeOffset dto:
                var adto = (DateTimeOffset)a;
                return dto.Ticks == adto.Ticks && dto.Offset == adto.Offset ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case Uri u:
                var au = (Uri)a;
                return u.IsAbsoluteUri == au.IsAbsoluteUri && u.OriginalString == au.OriginalString ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
            case Array array when array.Rank > 1:
                var other = (Array)a;
                for (int r = 0; r < array.Rank; r++)
                    if (array.GetLength(r) != other.GetLength(r) || array.GetLowerBound(r) != other.GetLowerBound(r))
                        return $"{path}: expected dimension {r} of length {array.GetLength(r)}, got {other.GetLength(r)}";
                return Sequence(array.Cast<object?>().ToList(), other.Cast<object?>().ToList(), path, depth);
        }

        if (te.IsGenericType && (te.GetGenericTypeDefinition() == typeof(ReadOnlyMemory<>) || te.GetGenericTypeDefinition() == typeof(Memory<>)))
            return Sequence(ToList(e), ToList(a), path, depth);

        if (IsDictionary(e) && IsDictionary(a))
            return Dictionary(Entries(e), Entries(a), path, depth);
        if (IsSet(te) && IsSet(ta))
            return Set(((IEnumerable)e).Cast<object?>().ToList(), ((IEnumerable)a).Cast<object?>().ToList(), path, depth);
        if (e is IEnumerable && a is IEnumerable)
            return Sequence(((IEnumerable)e).Cast<object?>().ToList(), ((IEnumerable)a).Cast<object?>().ToList(), path, depth);

        if (IsStructural(te))
        {
            for (var t = te; t is not null && t != typeof(object) && t != typeof(ValueType); t = t.BaseType)
                foreach (var field in t.GetFields(BindingFlags.Instance | BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.DeclaredOnly))
                {
                    string? d = Diff(field.GetValue(e), field.GetValue(a), path + "." + MemberName(field.Name), depth + 1);
                    if (d is not null) return d;
                }
            return null;
        }
        return Equals(e, a) ? null : $"{path}: expected {Show(e)}, got {Show(a)}";
    }

    private static string? Sequence(List<object?> e, List<object?> a, string path, int depth)
    {
        if (e.Count != a.Count) return $"{path}: expected {e.Count} elements, got {a.Count}";
        for (int i = 0; i < e.Count; i++)
            if (Diff(e[i], a[i], $"{path}[{i}]", depth + 1) is { } d) return d;
        return null;
    }

    private static string? Set(List<object?> e, List<object?> a, string path, int depth)
    {
        if (e.Count != a.Count) return $"{path}: expected {e.Count} elements, got {a.Count}";
        var left = new List<object?>(a);
        foreach (var item in e)
        {
            int match = left.FindIndex(x => Diff(item, x, path, depth + 1) is null);
            if (match < 0) return $"{path}: {Show(item)} is missing";
            left.RemoveAt(match);
        }
        return null;
    }

    private static string? Dictionary(List<(object? Key, object? Value)> e, List<(object? Key, object? Value)> a, string path, int depth)
    {
        if (e.Count != a.Count) return $"{path}: expected {e.Count} entries, got {a.Count}";
        foreach (var (key, value) in e)
        {
            int match = a.FindIndex(x => Diff(key, x.Key, path, depth + 1) is null);
            if (match < 0) return $"{path}: the key {Show(key)} is missing";
            if (Diff(value, a[match].Value, $"{path}[{Show(key)}]", depth + 1) is { } d) return d;
        }
        return null;
    }

    private static bool IsDictionary(object o) => o is IDictionary || o.GetType().GetInterfaces().Any(i => i.IsGenericType
        && (i.GetGenericTypeDefinition() == typeof(IDictionary<,>) || i.GetGenericTypeDefinition() == typeof(IReadOnlyDictionary<,>)));

    private static List<(object? Key, object? Value)> Entries(object dictionary)
    {
        var list = new List<(object?, object?)>();
        foreach (object? entry in (IEnumerable)dictionary)
        {
            if (entry is DictionaryEntry de) { list.Add((de.Key, de.Value)); continue; }
            var t = entry!.GetType();
            list.Add((t.GetProperty("Key")!.GetValue(entry), t.GetProperty("Value")!.GetValue(entry)));
        }
        return list;
    }

    private static bool IsSet(Type t) => t.GetInterfaces().Any(i => i.IsGenericType
        && (i.GetGenericTypeDefinition() == typeof(ISet<>) || i.GetGenericTypeDefinition() == typeof(IReadOnlySet<>)));

    /// <summary>Compared field by field: the corpus's own types, tuples and pairs.</summary>
    private static bool IsStructural(Type t)
        => !IsFromFramework(t) || t.FullName!.StartsWith("System.ValueTuple", StringComparison.Ordinal)
           || t.FullName.StartsWith("System.Tuple", StringComparison.Ordinal)
           || (t.IsGenericType && t.GetGenericTypeDefinition() == typeof(KeyValuePair<,>));

    private static bool IsBclCollection(Type t) => IsFromFramework(t) && t != typeof(string) && typeof(IEnumerable).IsAssignableFrom(t);

    private static bool IsFromFramework(Type t)
    {
        string? name = t.Assembly.GetName().Name;
        return name is not null && (name == "System.Private.CoreLib" || name.StartsWith("System.", StringComparison.Ordinal) || name == "netstandard");
    }

    private static bool IsInteger(Type t)
    {
        var u = t.IsEnum ? Enum.GetUnderlyingType(t) : t;
        return u == typeof(byte) || u == typeof(sbyte) || u == typeof(short) || u == typeof(ushort) || u == typeof(int) || u == typeof(uint)
               || u == typeof(long) || u == typeof(ulong) || u == typeof(nint) || u == typeof(nuint) || u == typeof(Int128) || u == typeof(UInt128)
               || u == typeof(BigInteger);
    }

    private static BigInteger ToBig(object o)
    {
        if (o.GetType().IsEnum) o = Convert.ChangeType(o, Enum.GetUnderlyingType(o.GetType()), CultureInfo.InvariantCulture);
        return o switch
        {
            nint n => n, nuint n => n, Int128 n => (BigInteger)n, UInt128 n => (BigInteger)n, BigInteger n => n,
            ulong n => n,
            _ => Convert.ToInt64(o, CultureInfo.InvariantCulture),
        };
    }

    private static List<object?> ToList(object memory)
    {
        var array = (Array)memory.GetType().GetMethod("ToArray")!.Invoke(memory, null)!;
        return array.Cast<object?>().ToList();
    }

    private static string MemberName(string field)
        => field.StartsWith('<') && field.IndexOf('>') > 0 ? field.Substring(1, field.IndexOf('>') - 1) : field;

    private static string Name(Type t) => t.IsGenericType
        ? t.Name.Substring(0, t.Name.IndexOf('`')) + "<" + string.Join(", ", t.GetGenericArguments().Select(Name)) + ">"
        : t.Name;

    /// <summary>A short, unambiguous rendering of a value for a report.</summary>
    public static string Show(object? o) => o switch
    {
        null => "null",
        string s => "\"" + Escape(s.Length > 40 ? s.Substring(0, 40) + "…" : s) + "\"",
        DateTime d => d.ToString("O", CultureInfo.InvariantCulture) + " (" + d.Kind + ")",
        DateTimeOffset d => d.ToString("O", CultureInfo.InvariantCulture),
        double d => d.ToString("R", CultureInfo.InvariantCulture) + (d == 0 && double.IsNegative(d) ? " (-0)" : ""),
        float f => f.ToString("R", CultureInfo.InvariantCulture) + "f",
        decimal m => m.ToString(CultureInfo.InvariantCulture) + "m",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture) + " (" + Name(o.GetType()) + ")",
        IEnumerable and not string => Name(o.GetType()),
        _ => o.ToString() ?? Name(o.GetType()),
    };

    private static string Escape(string s)
    {
        var b = new System.Text.StringBuilder();
        foreach (char c in s) b.Append(c < ' ' || char.IsSurrogate(c) ? $"\\u{(int)c:X4}" : c.ToString());
        return b.ToString();
    }
}
