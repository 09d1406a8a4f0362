using System;
using System.Globalization;
using System.Text;

namespace Fudge.Serialization;

// Building blocks of the formatters of types mapped as Fudge-Java objects (FudgeObjectMapping.Java), and of the enum
// readers every generated formatter uses.
public static partial class FudgeFormatterHelpers
{
    private static readonly FudgeFieldKey EnumConstantKey = FudgeFieldKey.FromOrdinal(1);

    // ---------------------------------------------------------------- enums

    /// <summary>
    /// Writes an enum value as Fudge-Java's <c>EnumBuilder</c> does: a sub-message holding the enum's class name at
    /// ordinal 0 and the constant's name at ordinal 1, both strings.
    /// </summary>
    public static void WriteJavaEnum(ref FudgeWriter writer, in FudgeFieldKey key, ReadOnlySpan<byte> classNameUtf8, ReadOnlySpan<byte> constantUtf8)
    {
        var message = writer.BeginMessage(in key);
        WriteTypeName(ref writer, classNameUtf8);
        WriteText(ref writer, in EnumConstantKey, constantUtf8);
        writer.EndMessage(message);
    }

    /// <summary>
    /// <see cref="WriteJavaEnum"/> for names with no character outside the Basic Multilingual Plane (the generator
    /// knows), which are the same bytes in either string encoding and so are copied as they are.
    /// </summary>
    public static void WriteBmpJavaEnum(ref FudgeWriter writer, in FudgeFieldKey key, ReadOnlySpan<byte> classNameUtf8, ReadOnlySpan<byte> constantUtf8)
    {
        var message = writer.BeginMessage(in key, 4 + classNameUtf8.Length + 4 + constantUtf8.Length);
        writer.WriteStringUtf8(in TypeNameKey, classNameUtf8);
        writer.WriteStringUtf8(in EnumConstantKey, constantUtf8);
        writer.EndMessage(message);
    }

    /// <summary>The value has no Java constant (a combination of flags, or a number no member has): Java could not read it.</summary>
    public static FudgeException NoJavaConstant(string enumName, object value)
        => new($"{enumName} has no member with the value {Convert.ToString(value, CultureInfo.InvariantCulture)}, so it has no Java enum constant to write.");

    /// <summary>True when the current field is an integer: an enum written as its number (this library's own form).</summary>
    public static bool IsEnumNumber(ref FudgeReader reader)
        => reader.TypeId is FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64;

    /// <summary>
    /// The constant name of an enum written by name: a string field (the name itself), or Fudge-Java's enum
    /// sub-message (the string at ordinal 1; the class name at ordinal 0 is not checked, so a Java enum that moved
    /// package still reads).
    /// </summary>
    /// <exception cref="FudgeFormatException">The field is neither, or the sub-message has no constant name.</exception>
    public static ReadOnlySpan<byte> ReadEnumConstant(ref FudgeReader reader, string enumName)
    {
        if (reader.TypeId == FudgeTypeId.String) return reader.ValueSpan;
        if (reader.TypeId != FudgeTypeId.Message) throw Mismatch(ref reader, enumName);
        var sub = reader.ReadMessage();
        while (sub.Read())
            if (sub.HasOrdinal && sub.Ordinal == 1 && sub.TypeId == FudgeTypeId.String) return sub.ValueSpan;
        throw new FudgeFormatException(reader.ValueOffset, $"the Java enum message for {enumName} has no constant name (a string at ordinal 1)");
    }

    /// <summary>The name read is no member of the enum.</summary>
    public static FudgeFormatException UnknownEnumConstant(int valueOffset, string enumName, ReadOnlySpan<byte> name)
    {
        string text = DecodeJavaName(name) ?? Encoding.UTF8.GetString(name.ToArray());
        if (text.Length > 64) text = text.Substring(0, 64) + "...";
        return new FudgeFormatException(valueOffset, $"\"{text}\" is not a member of {enumName}");
    }

    // ---------------------------------------------------------------- derived types found by class name

    /// <summary>
    /// Writes <paramref name="value"/>, whose runtime type is not <typeparamref name="T"/>, through the formatter the
    /// <see cref="FudgeClassRegistry"/> holds for its runtime type, with that type's class names but the last
    /// <paramref name="declaredNames"/>. False when the runtime type is not registered (the caller writes it as a
    /// <typeparamref name="T"/>).
    /// </summary>
    public static bool WriteRegisteredDerived<T>(ref FudgeWriter writer, T value, int declaredNames)
    {
        var entry = FudgeClassRegistry.Find(value!.GetType());
        if (entry is null || entry.Type == typeof(T)) return false;
        entry.WriteFields(ref writer, value, declaredNames);
        return true;
    }

    /// <summary>
    /// True when <paramref name="className"/> (a class name as on the wire) is registered for a type derived from
    /// <typeparamref name="T"/>: the object is to be read as that type.
    /// </summary>
    public static bool IsRegisteredDerived<T>(ReadOnlySpan<byte> className)
        => FudgeClassRegistry.Find(className, typeof(T)) is { } entry && entry.Type != typeof(T);

    /// <summary>
    /// Reads the message <paramref name="reader"/> walks (from its first field) as the registered type derived from
    /// <typeparamref name="T"/> that <paramref name="className"/> names (<see cref="IsRegisteredDerived{T}"/> said so).
    /// </summary>
    public static T ReadRegisteredDerived<T>(ref FudgeReader reader, ReadOnlySpan<byte> className)
        => (T)FudgeClassRegistry.Find(className, typeof(T))!.Read(ref reader);

    /// <summary>
    /// Writes a nested object as a sub-message with no class names, as Fudge-Java's <c>ArrayBuilder</c> writes each
    /// element of an array of objects.
    /// </summary>
    /// <exception cref="FudgeException">Objects are nested deeper than <see cref="MaxWriteDepth"/> (a cycle in the object graph).</exception>
    public static void WriteObjectWithoutClassNames<T>(ref FudgeWriter writer, in FudgeFieldKey key, T value)
    {
        if (++writer.ObjectDepth > MaxWriteDepth) throw NestedTooDeep(typeof(T));
        var marker = writer.BeginMessage(key, FudgeFormatterCache<T>.SizeHint);
        var formatter = FudgeFormatterCache<T>.Formatter;
        if (formatter is IFudgeJavaFormatter<T> java) java.WriteFields(ref writer, value, int.MaxValue);
        else formatter.Write(ref writer, value);
        writer.EndMessage(marker, ref FudgeFormatterCache<T>.SizeHint);
        writer.ObjectDepth--;
    }

    // ---------------------------------------------------------------- secondary types as Java writes them

    /// <summary>
    /// Writes a <see cref="decimal"/> as the text <c>java.math.BigDecimal.toString()</c> gives the same number, which
    /// is what Fudge-Java writes for a <c>BigDecimal</c>: the plain form (<c>1234.50</c>, scale kept) unless the
    /// adjusted exponent is below -6, where Java switches to scientific notation (<c>0.00000012</c> is
    /// <c>1.2E-7</c>, a zero of scale 8 is <c>0E-8</c>). A .NET decimal never has a negative scale, so Java's other
    /// scientific case does not arise.
    /// </summary>
    public static void WriteJavaDecimal(ref FudgeWriter writer, in FudgeFieldKey key, decimal value)
    {
        var bits = decimal.GetBits(value);
        int scale = (bits[3] >> 16) & 0xFF;
        if (scale <= 6)
        {
            // Adjusted exponent = digits - 1 - scale >= -6 whatever the digits: the plain form, as .NET writes it.
            WriteDecimal(ref writer, in key, value);
            return;
        }
        string text = value.ToString(CultureInfo.InvariantCulture);
        bool negative = text[0] == '-';
        // The unscaled digits: the text without sign and point, and without the zeros a plain fraction starts with.
        var digits = new StringBuilder(text.Length);
        foreach (char c in text)
            if (c is >= '0' and <= '9') digits.Append(c);
        int leading = 0;
        while (leading < digits.Length - 1 && digits[leading] == '0') leading++;
        string unscaled = digits.ToString(leading, digits.Length - leading);
        int adjusted = unscaled.Length - 1 - scale;
        if (adjusted >= -6)
        {
            WriteDecimal(ref writer, in key, value);
            return;
        }
        var sb = new StringBuilder(unscaled.Length + 8);
        if (negative && unscaled != "0") sb.Append('-');
        sb.Append(unscaled[0]);
        if (unscaled.Length > 1) sb.Append('.').Append(unscaled, 1, unscaled.Length - 1);
        sb.Append('E').Append(adjusted.ToString(CultureInfo.InvariantCulture));
        writer.WriteString(in key, sb.ToString());
    }

    private static readonly FudgeFieldKey CharValueKey = FudgeFieldKey.Create("value");

    /// <summary>
    /// Writes a <see cref="char"/> as Fudge-Java writes a <c>char</c> property (its <c>Character</c> builder): a
    /// sub-message holding the one-character string as the field <c>value</c>.
    /// </summary>
    public static void WriteJavaChar(ref FudgeWriter writer, in FudgeFieldKey key, char value)
    {
        var message = writer.BeginMessage(in key);
        WriteChar(ref writer, in CharValueKey, value);
        writer.EndMessage(message);
    }

    /// <summary>
    /// Writes a <see cref="DateTime"/> as Fudge-Proto's Java writes a <c>datetime</c> field (a <c>LocalDateTime</c>):
    /// its date and time as they read, nanosecond accuracy, no zone, whatever its <see cref="DateTime.Kind"/>; the
    /// first and last dates as the dates they are.
    /// </summary>
    public static void WriteJavaLocalDateTime(ref FudgeWriter writer, in FudgeFieldKey key, DateTime value)
    {
        var date = new FudgeDate(value.Year, value.Month, value.Day);
        writer.WriteDateTime(in key, new FudgeDateTime(date, FudgeTime.FromTimeOfDay(value.TimeOfDay)));
    }

    /// <summary>
    /// Writes a <see cref="DateTimeOffset"/> as Fudge-Proto's Java writes a <c>datetime</c> field (a
    /// <c>LocalDateTime</c>): its local date and time, nanosecond accuracy, no zone (the offset is not written).
    /// </summary>
    public static void WriteJavaLocalDateTime(ref FudgeWriter writer, in FudgeFieldKey key, DateTimeOffset value)
        => WriteJavaLocalDateTime(ref writer, in key, value.DateTime);

#if NET6_0_OR_GREATER
    /// <summary>
    /// Writes a <see cref="DateOnly"/> as the calendar date it is, as Fudge-Java writes a <c>LocalDate</c>: even
    /// <see cref="DateOnly.MinValue"/> and <see cref="DateOnly.MaxValue"/>, which this library's own mapping writes as
    /// the spec's far-past and far-future markers, which Fudge-Java cannot read.
    /// </summary>
    public static void WriteJavaDateOnly(ref FudgeWriter writer, in FudgeFieldKey key, DateOnly value)
        => writer.WriteDate(in key, new FudgeDate(value.Year, value.Month, value.Day));
#endif

    /// <summary>
    /// The value Java writes for <paramref name="value"/>: any NaN becomes the canonical one (<c>7fc00000</c>), as
    /// <c>Float.floatToIntBits</c> gives it; .NET's <see cref="float.NaN"/> has another sign bit.
    /// </summary>
    public static float JavaNaN(float value) => float.IsNaN(value) ? CanonicalNaN32 : value;

    /// <summary>The value Java writes for <paramref name="value"/>: any NaN becomes the canonical one (<c>7ff8000000000000</c>).</summary>
    public static double JavaNaN(double value) => double.IsNaN(value) ? CanonicalNaN64 : value;

    /// <summary>Writes a float array with any NaN canonical, as Java writes it (a copy only when there is a NaN).</summary>
    public static void WriteJavaSingleArray(ref FudgeWriter writer, in FudgeFieldKey key, float[] values)
    {
        if (Array.FindIndex(values, float.IsNaN) < 0)
        {
            writer.WriteSingleArray(in key, values);
            return;
        }
        var copy = new float[values.Length];
        for (int i = 0; i < values.Length; i++) copy[i] = JavaNaN(values[i]);
        writer.WriteSingleArray(in key, copy);
    }

    /// <summary>Writes a double array with any NaN canonical, as Java writes it (a copy only when there is a NaN).</summary>
    public static void WriteJavaDoubleArray(ref FudgeWriter writer, in FudgeFieldKey key, double[] values)
    {
        if (Array.FindIndex(values, double.IsNaN) < 0)
        {
            writer.WriteDoubleArray(in key, values);
            return;
        }
        var copy = new double[values.Length];
        for (int i = 0; i < values.Length; i++) copy[i] = JavaNaN(values[i]);
        writer.WriteDoubleArray(in key, copy);
    }

    private static readonly float CanonicalNaN32 = BitConverter.ToSingle(BitConverter.GetBytes(0x7fc00000), 0);
    private static readonly double CanonicalNaN64 = BitConverter.Int64BitsToDouble(0x7ff8000000000000);
}
