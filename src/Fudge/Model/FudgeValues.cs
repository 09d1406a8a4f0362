using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge;

/// <summary>Type inference, reduction, comparison and display of field values.</summary>
internal static class FudgeValues
{
    /// <summary>Infers the wire type of a CLR value and converts it to its reduced wire form (spec §7).</summary>
    /// <remarks>
    /// The type id goes out through <paramref name="typeId"/>, not in a returned (byte, object) tuple: such a tuple
    /// is assembled on the stack from a 1-byte store and read back with an 8-byte load, which the processor cannot
    /// forward, and that stall was a third of the time of building a large message.
    /// </remarks>
    public static object ToWire(object? value, out byte typeId)
    {
        // Every value added to a message passes here, so this part is kept small: the commonest types, each one exact
        // type comparison, with no struct locals. The other cases live in ToWireOther: when all were one method, its
        // 232-byte stack frame was zeroed on every call, for an int or a string too.
        // A value already in its wire form keeps its box (unboxing and boxing again would allocate per field), and
        // small integers and booleans take the shared boxes the decoder uses.
        if (value is string) { typeId = FudgeTypeId.String; return value; }
        if (value is int i)
        {
            if (i is >= short.MinValue and <= short.MaxValue) return ReduceInteger(i, out typeId);
            typeId = FudgeTypeId.Int32;
            return value;
        }
        if (value is double) { typeId = FudgeTypeId.Double; return value; }
        if (value is long l)
        {
            if (l is >= int.MinValue and <= int.MaxValue) return ReduceInteger(l, out typeId);
            typeId = FudgeTypeId.Int64;
            return value;
        }
        if (value is bool b) { typeId = FudgeTypeId.Boolean; return BoxCache.Of(b); }
        if (value is FudgeMsg) { typeId = FudgeTypeId.Message; return value; }
        if (value is DateTime) { typeId = FudgeTypeId.DateTime; return BoxDateTime(value); }
        // Exact type comparisons: `is byte[]` would call a runtime helper (an sbyte[] passes it too), which ToWireOther keeps.
        if (value is not null)
        {
            var type = value.GetType();
            if (type == typeof(byte[])) { typeId = FudgeTypeId.ForByteArrayLength(((byte[])value).Length); return value; }
            if (type == typeof(int[])) { typeId = FudgeTypeId.Int32Array; return value; }
            if (type == typeof(double[])) { typeId = FudgeTypeId.DoubleArray; return value; }
        }
        return ToWireOther(value, out typeId);
    }

    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static object BoxDateTime(object value) => FudgeDateTime.FromDateTime((DateTime)value);

    // The types ToWire does not test first; their order only sets their cost (the types are disjoint).
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static object ToWireOther(object? value, out byte typeId)
    {
        var (id, wire) = ToWireOtherPair(value);
        typeId = id;
        return wire;
    }

    // The uncommon types as (type, value) pairs: their cost here is not what a message build spends its time on.
    private static (byte TypeId, object Value) ToWireOtherPair(object? value)
    {
        switch (value)
        {
            case null: return (FudgeTypeId.Indicator, FudgeIndicator.Instance);
            case FudgeIndicator: return (FudgeTypeId.Indicator, FudgeIndicator.Instance);
            case sbyte v: return (FudgeTypeId.Int8, BoxCache.Of(v));
            case byte v: return ReducedPair(v);
            case short v: return v is >= sbyte.MinValue and <= sbyte.MaxValue ? ReducedPair(v) : (FudgeTypeId.Int16, value);
            case ushort v: return ReducedPair(v);
            case uint v: return ReducedPair(v);
            case ulong v when v <= long.MaxValue: return ReducedPair((long)v);
            case float: return (FudgeTypeId.Float, value);
            case byte[] bytes: return (FudgeTypeId.ForByteArrayLength(bytes.Length), bytes);
            case ReadOnlyMemory<byte> memory: return (FudgeTypeId.ForByteArrayLength(memory.Length), memory.ToArray());
            case Memory<byte> memory: return (FudgeTypeId.ForByteArrayLength(memory.Length), memory.ToArray());
            case short[] a: return (FudgeTypeId.Int16Array, a);
            case int[] a: return (FudgeTypeId.Int32Array, a);
            case long[] a: return (FudgeTypeId.Int64Array, a);
            case float[] a: return (FudgeTypeId.FloatArray, a);
            case double[] a: return (FudgeTypeId.DoubleArray, a);
            case FudgeDate: return (FudgeTypeId.Date, value);
            case FudgeTime: return (FudgeTypeId.Time, value);
            case FudgeDateTime dt when dt.Accuracy == FudgeDateTimeAccuracy.Day && dt.Time.TimeZoneOffsetQuarterHours is null
                                       && dt.Time.SecondsSinceMidnight == 0 && dt.Time.Nanoseconds == 0:
                return (FudgeTypeId.Date, dt.Date);
            case FudgeDateTime: return (FudgeTypeId.DateTime, value);
            case FudgeUnknownValue u: return (u.TypeId, u);
            case DateTimeOffset dto: return (FudgeTypeId.DateTime, FudgeDateTime.FromDateTimeOffset(dto));
#if NET6_0_OR_GREATER
            case DateOnly d: return (FudgeTypeId.Date, FudgeDate.FromDateOnly(d));
            case TimeOnly t: return (FudgeTypeId.Time, FudgeTime.FromTimeOnly(t));
#endif
        }
        return ToWireBySecondaryType(value);
    }

    // Out of line, with its message: formatting in ToWire would give every field added to a message a larger frame.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private static (byte TypeId, object Value) ToWireBySecondaryType(object value)
    {
        if (FudgeSecondaryTypes.TryGet(value.GetType(), out var secondary))
        {
            object wire = ToWire(secondary.ToWireValue(value), out byte typeId);
            return (typeId, wire);
        }
        throw new ArgumentException($"Values of type {value.GetType().FullName} have no Fudge type; register a secondary type with FudgeSecondaryTypes.Register.");
    }

    /// <summary>An integer in the narrowest of int8, int16, int32 and int64 that holds it (small ones in shared boxes).</summary>
    public static object ReduceInteger(long v, out byte typeId)
    {
        if (v >= sbyte.MinValue && v <= sbyte.MaxValue) { typeId = FudgeTypeId.Int8; return BoxCache.Of((sbyte)v); }
        if (v >= short.MinValue && v <= short.MaxValue) { typeId = FudgeTypeId.Int16; return BoxCache.Of((short)v); }
        if (v >= int.MinValue && v <= int.MaxValue) { typeId = FudgeTypeId.Int32; return (int)v; }
        typeId = FudgeTypeId.Int64;
        return v;
    }

    private static (byte TypeId, object Value) ReducedPair(long v)
    {
        object wire = ReduceInteger(v, out byte typeId);
        return (typeId, wire);
    }

    /// <summary>Checks that a value is the wire form of a type id.</summary>
    public static void CheckWireValue(byte typeId, object value)
    {
        bool ok = typeId switch
        {
            FudgeTypeId.Indicator => value is FudgeIndicator,
            FudgeTypeId.Boolean => value is bool,
            FudgeTypeId.Int8 => value is sbyte,
            FudgeTypeId.Int16 => value is short,
            FudgeTypeId.Int32 => value is int,
            FudgeTypeId.Int64 => value is long,
            FudgeTypeId.ByteArray => value is byte[],
            FudgeTypeId.Int16Array => value is short[],
            FudgeTypeId.Int32Array => value is int[],
            FudgeTypeId.Int64Array => value is long[],
            FudgeTypeId.Float => value is float,
            FudgeTypeId.Double => value is double,
            FudgeTypeId.FloatArray => value is float[],
            FudgeTypeId.DoubleArray => value is double[],
            FudgeTypeId.String => value is string,
            FudgeTypeId.Message => value is FudgeMsg,
            FudgeTypeId.Date => value is FudgeDate,
            FudgeTypeId.Time => value is FudgeTime,
            FudgeTypeId.DateTime => value is FudgeDateTime,
            >= FudgeTypeId.ByteArray4 and <= FudgeTypeId.ByteArray512 => value is byte[] b && b.Length == FudgeTypeId.GetFixedWidth(typeId),
            _ => value is FudgeUnknownValue u && u.TypeId == typeId,
        };
        if (!ok) throw new ArgumentException($"A {value?.GetType().Name ?? "null"} value is not the wire form of type {FudgeTypeId.GetName(typeId)}.");
    }

    public static bool ValueEquals(object? a, object? b)
    {
        if (ReferenceEquals(a, b)) return true;
        if (a is null || b is null) return false;
        return (a, b) switch
        {
            (byte[] x, byte[] y) => x.AsSpan().SequenceEqual(y),
            (short[] x, short[] y) => x.AsSpan().SequenceEqual(y),
            (int[] x, int[] y) => x.AsSpan().SequenceEqual(y),
            (long[] x, long[] y) => x.AsSpan().SequenceEqual(y),
            (float[] x, float[] y) => x.Length == y.Length && x.Zip(y, (p, q) => BitConverter.DoubleToInt64Bits(p) == BitConverter.DoubleToInt64Bits(q)).All(e => e),
            (double[] x, double[] y) => x.Length == y.Length && x.Zip(y, (p, q) => BitConverter.DoubleToInt64Bits(p) == BitConverter.DoubleToInt64Bits(q)).All(e => e),
            (float x, float y) => x.Equals(y),
            (double x, double y) => x.Equals(y),
            _ => a.Equals(b),
        };
    }

    /// <summary>Readable text of a value; arrays and strings longer than <paramref name="maxItems"/> are abbreviated (0 = never).</summary>
    public static string Format(object value, int maxItems)
    {
        switch (value)
        {
            case string s:
                return maxItems > 0 && s.Length > maxItems * 4 ? Quote(s.Substring(0, maxItems * 4)) + $"... ({s.Length} chars)" : Quote(s);
            case byte[] b:
                return maxItems > 0 && b.Length > maxItems ? Hex.Encode(b.AsSpan(0, maxItems)) + $"... ({b.Length} bytes)" : Hex.Encode(b) + (b.Length == 0 ? "(empty)" : "");
            case Array a:
                var items = a.Cast<object>().Select(FormatScalar);
                if (maxItems > 0 && a.Length > maxItems) return "[" + string.Join(", ", items.Take(maxItems)) + $", ... ({a.Length} items)]";
                return "[" + string.Join(", ", items) + "]";
            case FudgeMsg m:
                return $"message ({m.Count} fields)";
            default:
                return FormatScalar(value);
        }
    }

    public static string FormatScalar(object value) => value switch
    {
        float f => f.ToString("R", CultureInfo.InvariantCulture),
        double d => d.ToString("R", CultureInfo.InvariantCulture),
        bool b => b ? "true" : "false",
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? "",
    };

    private static string Quote(string s)
    {
        var sb = new StringBuilder(s.Length + 2).Append('"');
        foreach (char c in s)
        {
            switch (c)
            {
                case '"': sb.Append("\\\""); break;
                case '\\': sb.Append("\\\\"); break;
                case '\n': sb.Append("\\n"); break;
                case '\r': sb.Append("\\r"); break;
                case '\t': sb.Append("\\t"); break;
                default:
                    if (c < 0x20) sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
                    else sb.Append(c);
                    break;
            }
        }
        return sb.Append('"').ToString();
    }

    public static int HashValue(object value) => value switch
    {
        Array a => a.Length,
        FudgeMsg m => m.Count,
        _ => value.GetHashCode(),
    };

    public static IEnumerable<T> Empty<T>() => Array.Empty<T>();
}
