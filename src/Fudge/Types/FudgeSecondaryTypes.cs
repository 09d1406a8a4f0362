using System;
using System.Collections.Concurrent;
using System.Globalization;

namespace Fudge;

/// <summary>
/// A CLR type carried on the wire as one of the standard types (a secondary type): adding such a value to a
/// <see cref="FudgeMsg"/> stores its wire form, and <see cref="FudgeMsg.GetValue{T}(string)"/> converts it back.
/// The wire format never changes: a receiver without the secondary type sees the standard value.
/// </summary>
public abstract class FudgeSecondaryType
{
    /// <summary>The CLR type handled.</summary>
    public abstract Type ClrType { get; }

    /// <summary>Converts a value of <see cref="ClrType"/> to a value with a standard Fudge type.</summary>
    public abstract object ToWireValue(object value);

    /// <summary>Converts a standard wire value back; returns false when it cannot.</summary>
    public abstract bool TryFromWireValue(object wireValue, out object? value);
}

/// <summary>A secondary type defined by two functions.</summary>
public sealed class FudgeSecondaryType<T> : FudgeSecondaryType where T : notnull
{
    private readonly Func<T, object> _toWire;
    private readonly Func<object, object?> _fromWire;

    /// <summary>Creates the secondary type; <paramref name="fromWire"/> returns the boxed value, or null when the wire value does not convert.</summary>
    public FudgeSecondaryType(Func<T, object> toWire, Func<object, object?> fromWire)
    {
        _toWire = toWire;
        _fromWire = fromWire;
    }

    /// <inheritdoc/>
    public override Type ClrType => typeof(T);

    /// <inheritdoc/>
    public override object ToWireValue(object value) => _toWire((T)value);

    /// <inheritdoc/>
    public override bool TryFromWireValue(object wireValue, out object? value)
    {
        value = _fromWire(wireValue);
        return value is not null;
    }
}

/// <summary>
/// The registry of secondary types. Built in: <see cref="Guid"/> as byte[16] in RFC 4122 (big-endian) order, the
/// order Fudge-Java uses; <see cref="decimal"/> as invariant-culture text; <see cref="char"/> as a one-character
/// string; <see cref="Uri"/> as its text; <see cref="TimeSpan"/> as int64 ticks.
/// </summary>
public static class FudgeSecondaryTypes
{
    private static readonly ConcurrentDictionary<Type, FudgeSecondaryType> Types = new();

    static FudgeSecondaryTypes()
    {
        Register(new FudgeSecondaryType<Guid>(g => GuidToBytes(g), w => w is byte[] { Length: 16 } b ? GuidFromBytes(b) : (object?)null));
        Register(new FudgeSecondaryType<decimal>(d => d.ToString(CultureInfo.InvariantCulture),
            w => w is string s && decimal.TryParse(s, NumberStyles.Float, CultureInfo.InvariantCulture, out var d) ? d : (object?)null));
        Register(new FudgeSecondaryType<char>(c => c.ToString(), w => w is string { Length: 1 } s ? s[0] : (object?)null));
        Register(new FudgeSecondaryType<Uri>(u => u.OriginalString, w => w is string s ? new Uri(s, UriKind.RelativeOrAbsolute) : null));
        Register(new FudgeSecondaryType<TimeSpan>(t => t.Ticks, w => w is sbyte or short or int or long ? TimeSpan.FromTicks(Convert.ToInt64(w, CultureInfo.InvariantCulture)) : (object?)null));
    }

    /// <summary>Registers (or replaces) a secondary type.</summary>
    public static void Register(FudgeSecondaryType type) => Types[type.ClrType] = type;

    /// <summary>Finds the secondary type for a CLR type.</summary>
    public static bool TryGet(Type clrType, out FudgeSecondaryType type) => Types.TryGetValue(clrType, out type!);

    /// <summary>A GUID's 16 bytes in RFC 4122 order (the text order, most significant byte first).</summary>
    public static byte[] GuidToBytes(Guid value)
    {
        var b = value.ToByteArray();
        // Guid.ToByteArray stores the first three groups little-endian; RFC 4122 wants them big-endian.
        Array.Reverse(b, 0, 4);
        Array.Reverse(b, 4, 2);
        Array.Reverse(b, 6, 2);
        return b;
    }

    /// <summary>Reads a GUID from 16 bytes in RFC 4122 order.</summary>
    public static Guid GuidFromBytes(ReadOnlySpan<byte> bytes)
    {
        var b = bytes.Slice(0, 16).ToArray();
        Array.Reverse(b, 0, 4);
        Array.Reverse(b, 4, 2);
        Array.Reverse(b, 6, 2);
        return new Guid(b);
    }
}
