using System;
using System.Globalization;

namespace Fudge;

/// <summary>Converts wire values to requested CLR types: integer and floating widening, dates, secondary types.</summary>
public static class FudgeConvert
{
    /// <summary>
    /// Converts a wire value. Integers widen (and narrow when the value fits), floats widen to double, a date widens to
    /// a date-time, date/time types convert to <see cref="DateTime"/>/<see cref="DateTimeOffset"/> (and DateOnly/TimeOnly),
    /// an indicator converts to null/default, and registered secondary types convert back from their wire form.
    /// </summary>
    /// <exception cref="FudgeException">The value cannot be represented as <typeparamref name="T"/>.</exception>
    public static T? To<T>(object? value)
    {
        if (value is T same) return same;
        if (value is null or FudgeIndicator) return default;
        object? converted = Convert(value, Nullable.GetUnderlyingType(typeof(T)) ?? typeof(T));
        return (T?)converted;
    }

    /// <summary>Converts a wire value to <paramref name="type"/> as <see cref="To{T}"/> does (typed projections).</summary>
    internal static object? ToType(object? value, Type type)
    {
        if (value is null or FudgeIndicator) return null;
        if (type.IsInstanceOfType(value)) return value;
        return Convert(value, Nullable.GetUnderlyingType(type) ?? type);
    }

    private static object? Convert(object value, Type target)
    {
        if (target.IsInstanceOfType(value)) return value;
        try
        {
            switch (value)
            {
                case sbyte or short or int or long or bool:
                    long integer = value is bool b ? (b ? 1 : 0) : System.Convert.ToInt64(value, CultureInfo.InvariantCulture);
                    if (target == typeof(long)) return integer;
                    if (target == typeof(int)) return checked((int)integer);
                    if (target == typeof(short)) return checked((short)integer);
                    if (target == typeof(sbyte)) return checked((sbyte)integer);
                    if (target == typeof(byte)) return checked((byte)integer);
                    if (target == typeof(ushort)) return checked((ushort)integer);
                    if (target == typeof(uint)) return checked((uint)integer);
                    if (target == typeof(ulong)) return checked((ulong)integer);
                    if (target == typeof(double)) return (double)integer;
                    if (target == typeof(float)) return (float)integer;
                    if (target == typeof(decimal)) return (decimal)integer;
                    if (target == typeof(bool)) return integer != 0;
                    if (target.IsEnum) return Enum.ToObject(target, integer);
                    break;
                case float f:
                    if (target == typeof(double)) return (double)f;
                    break;
                case double d:
                    if (target == typeof(float)) return (float)d;
                    break;
                case FudgeDate date:
                    if (target == typeof(FudgeDateTime)) return new FudgeDateTime(date);
                    if (target == typeof(DateTime)) return date.ToDateTime();
                    if (target == typeof(DateTimeOffset)) return new DateTimeOffset(date.ToDateTime(), TimeSpan.Zero);
#if NET6_0_OR_GREATER
                    if (target == typeof(DateOnly)) return date.ToDateOnly();
#endif
                    break;
                case FudgeDateTime dateTime:
                    if (target == typeof(DateTime)) return dateTime.ToDateTime();
                    if (target == typeof(DateTimeOffset)) return dateTime.ToDateTimeOffset();
                    if (target == typeof(FudgeDate)) return dateTime.Date;
                    if (target == typeof(FudgeTime)) return dateTime.Time;
#if NET6_0_OR_GREATER
                    if (target == typeof(DateOnly)) return dateTime.Date.ToDateOnly();
#endif
                    break;
                case FudgeTime time:
                    if (target == typeof(TimeSpan)) return time.TimeOfDay;
#if NET6_0_OR_GREATER
                    if (target == typeof(TimeOnly)) return time.ToTimeOnly();
#endif
                    break;
                case short[] shorts:
                    if (target == typeof(int[])) return Array.ConvertAll(shorts, s => (int)s);
                    if (target == typeof(long[])) return Array.ConvertAll(shorts, s => (long)s);
                    break;
                case int[] ints:
                    if (target == typeof(long[])) return Array.ConvertAll(ints, s => (long)s);
                    break;
                case float[] floats:
                    if (target == typeof(double[])) return Array.ConvertAll(floats, s => (double)s);
                    break;
                case byte[] bytes:
                    if (target == typeof(ReadOnlyMemory<byte>)) return new ReadOnlyMemory<byte>(bytes);
                    break;
            }
        }
        catch (OverflowException e)
        {
            throw new FudgeException($"The value {value} does not fit in {target.Name}.", e);
        }
        catch (ArgumentException e)
        {
            // A value read from the wire that .NET's type cannot hold, such as a zone offset beyond ±14 hours.
            throw new FudgeException($"The value {value} cannot be represented as {target.Name}: {e.Message}", e);
        }
        if (FudgeSecondaryTypes.TryGet(target, out var secondary))
        {
            object? result;
            try
            {
                if (secondary.TryFromWireValue(value, out result)) return result;
            }
            catch (Exception e) when (e is FormatException or ArgumentException or OverflowException)
            {
                // Secondary types parse wire values with .NET's own parsers (a Uri from a string), which throw their own types.
                throw new FudgeException($"The value {value} cannot be read as {target.Name}: {e.Message}", e);
            }
        }
        throw new FudgeException($"A {value.GetType().Name} field value cannot be read as {target.Name}.");
    }
}
