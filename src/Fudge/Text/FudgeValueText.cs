using System;
using System.Globalization;

namespace Fudge;

/// <summary>
/// Text forms of the values that have no obvious single text form, shared by the JSON and XML adapters.
/// Each format has a <em>plain</em> flavour (what a person or a JavaScript client expects, RFC 3339 for dates) and an
/// <em>exact</em> flavour that parses back to the identical wire value, including NaN payloads and date/time bit
/// patterns that are not valid calendar values.
/// </summary>
public static class FudgeValueText
{
    private const string RawPrefix = "raw:0x";
    private const string NaNPrefix = "NaN:0x";

    /// <summary>
    /// A float as shortest round-trip text. Non-finite values are <c>NaN</c>, <c>Infinity</c>, <c>-Infinity</c>;
    /// with <paramref name="exact"/> a NaN carries its bit pattern (<c>NaN:0x7fc00000</c>).
    /// </summary>
    public static string FormatSingle(float value, bool exact)
    {
        if (float.IsNaN(value)) return exact ? NaNPrefix + SingleBits(value).ToString("x8", CultureInfo.InvariantCulture) : "NaN";
        if (float.IsPositiveInfinity(value)) return "Infinity";
        if (float.IsNegativeInfinity(value)) return "-Infinity";
        if (value == 0 && SingleBits(value) != 0) return "-0";
        return value.ToString("R", CultureInfo.InvariantCulture);
    }

    /// <summary>A double as shortest round-trip text; non-finite values as for <see cref="FormatSingle"/>.</summary>
    public static string FormatDouble(double value, bool exact)
    {
        if (double.IsNaN(value)) return exact ? NaNPrefix + BitConverter.DoubleToInt64Bits(value).ToString("x16", CultureInfo.InvariantCulture) : "NaN";
        if (double.IsPositiveInfinity(value)) return "Infinity";
        if (double.IsNegativeInfinity(value)) return "-Infinity";
        if (value == 0 && BitConverter.DoubleToInt64Bits(value) != 0) return "-0";
        return value.ToString("R", CultureInfo.InvariantCulture);
    }

    /// <summary>Parses the forms of <see cref="FormatSingle"/> (also <c>INF</c>/<c>-INF</c> as XML Schema writes them).</summary>
    public static bool TryParseSingle(string text, out float value)
    {
        text = text.Trim();
        if (text.StartsWith(NaNPrefix, StringComparison.Ordinal))
        {
            bool ok = uint.TryParse(text.Substring(NaNPrefix.Length), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out uint bits);
            value = ok ? SingleFromBits((int)bits) : 0;
            return ok && float.IsNaN(value);
        }
        switch (text)
        {
            case "NaN": value = float.NaN; return true;
            case "Infinity" or "INF" or "+Infinity": value = float.PositiveInfinity; return true;
            case "-Infinity" or "-INF": value = float.NegativeInfinity; return true;
        }
        return float.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out value);
    }

    /// <summary>Parses the forms of <see cref="FormatDouble"/>.</summary>
    public static bool TryParseDouble(string text, out double value)
    {
        text = text.Trim();
        if (text.StartsWith(NaNPrefix, StringComparison.Ordinal))
        {
            bool ok = ulong.TryParse(text.Substring(NaNPrefix.Length), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out ulong bits);
            value = ok ? BitConverter.Int64BitsToDouble((long)bits) : 0;
            return ok && double.IsNaN(value);
        }
        switch (text)
        {
            case "NaN": value = double.NaN; return true;
            case "Infinity" or "INF" or "+Infinity": value = double.PositiveInfinity; return true;
            case "-Infinity" or "-INF": value = double.NegativeInfinity; return true;
        }
        return double.TryParse(text, NumberStyles.Float, CultureInfo.InvariantCulture, out value);
    }

    /// <summary>
    /// A date: RFC 3339 <c>2010-03-04</c> (or <c>2010-03</c>, <c>2010</c>, <c>min</c>, <c>max</c>). With
    /// <paramref name="exact"/>, a bit pattern that is not a valid date is written as <c>raw:0x...</c>.
    /// </summary>
    public static string FormatDate(FudgeDate value, bool exact)
    {
        if (!exact) return value.ToString();
        string text = value.ToRoundTripString();
        return FudgeDate.TryParse(text, out var back) && back == value ? text : RawPrefix + value.RawValue.ToString("x8", CultureInfo.InvariantCulture);
    }

    /// <summary>Parses the forms of <see cref="FormatDate"/>.</summary>
    public static bool TryParseDate(string text, out FudgeDate value) => FudgeDate.TryParse(text, out value);

    /// <summary>
    /// A time. Plain: RFC 3339 partial time with the offset when there is one (<c>11:12:13.987654321+01:00</c>).
    /// Exact: the same followed by the accuracy word (<c>11:12:13.987654321+01:00 nanosecond</c>), or
    /// <c>raw:0x</c> and 16 hex digits when the bits are not a valid time.
    /// </summary>
    public static string FormatTime(FudgeTime value, bool exact)
    {
        string text = value.ToString();
        if (!exact) return StripAccuracy(text);
        return TryParseTime(text, out var back) && back == value ? text : RawPrefix + value.RawValue.ToString("x16", CultureInfo.InvariantCulture);
    }

    /// <summary>Parses the forms of <see cref="FormatTime"/> (accuracy word optional, nanosecond by default).</summary>
    public static bool TryParseTime(string text, out FudgeTime value)
    {
        text = text.Trim();
        if (text.StartsWith(RawPrefix, StringComparison.Ordinal))
        {
            bool ok = ulong.TryParse(text.Substring(RawPrefix.Length), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out ulong raw);
            value = ok ? FudgeTime.FromRawValue((long)raw) : default;
            return ok;
        }
        return FudgeTime.TryParse(text, out value);
    }

    /// <summary>
    /// A date-time. Plain: RFC 3339 (<c>2010-03-04T11:12:13.987654321Z</c> style, offset as <c>+00:00</c>; a value of
    /// day accuracy or coarser is just its date). Exact: the date-time followed by the accuracy word, or <c>raw:0x</c>
    /// and 24 hex digits when the bits are not a valid date-time.
    /// </summary>
    public static string FormatDateTime(FudgeDateTime value, bool exact)
    {
        if (!exact)
            return value.Accuracy <= FudgeDateTimeAccuracy.Day ? value.Date.ToString() : value.Date.ToString() + "T" + StripAccuracy(value.Time.ToString());
        string text = value.ToString();
        if (TryParseDateTime(text, out var back) && back == value) return text;
        return RawPrefix + value.Date.RawValue.ToString("x8", CultureInfo.InvariantCulture) + value.Time.RawValue.ToString("x16", CultureInfo.InvariantCulture);
    }

    /// <summary>Parses the forms of <see cref="FormatDateTime"/> (exact or plain with a time part).</summary>
    public static bool TryParseDateTime(string text, out FudgeDateTime value)
    {
        text = text.Trim();
        if (text.StartsWith(RawPrefix, StringComparison.Ordinal) && text.Length == RawPrefix.Length + 24)
        {
            bool ok = int.TryParse(text.Substring(RawPrefix.Length, 8), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out int date)
                      & ulong.TryParse(text.Substring(RawPrefix.Length + 8), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out ulong time);
            value = ok ? new FudgeDateTime(FudgeDate.FromRawValue(date), FudgeTime.FromRawValue((long)time)) : default;
            return ok;
        }
        return FudgeDateTime.TryParse(text, out value);
    }

    /// <summary>An unknown type's value: <c>type 200: 0a0b</c> (see <see cref="FudgeUnknownValue.ToString"/>).</summary>
    public static string FormatUnknown(FudgeUnknownValue value) => value.ToString();

    private static string StripAccuracy(string text)
    {
        int space = text.LastIndexOf(' ');
        return space < 0 ? text : text.Substring(0, space);
    }

    private static unsafe int SingleBits(float value) => *(int*)&value;

    private static unsafe float SingleFromBits(int bits) => *(float*)&bits;
}
