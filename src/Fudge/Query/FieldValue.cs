using System;

namespace Fudge.Query;

/// <summary>How a field's value compares: the comparable families of Fudge types.</summary>
internal enum ValueKind
{
    /// <summary>Types that no literal compares with (arrays, byte arrays, times, sub-messages, indicators, unknown ids).</summary>
    Other,
    Integer,
    Number,
    String,
    Boolean,
    Date,
    DateTime,
}

/// <summary>
/// A field's value in the form comparisons use, taken from encoded bytes (strings stay UTF-8 bytes, nothing is
/// allocated) or from a model field (strings stay strings). Integers of every width widen to <see cref="long"/>,
/// floats to <see cref="double"/>.
/// </summary>
internal ref struct FieldValue
{
    public ValueKind Kind;
    public long Integer;
    public double Number;
    public bool Boolean;
    public ReadOnlySpan<byte> Utf8;
    public string? Text;
    public FudgeDate Date;
    public long Seconds;
    public int Nanoseconds;

    public static FieldValue From(in FudgeReader field)
    {
        var value = new FieldValue();
        switch (field.TypeId)
        {
            case FudgeTypeId.Int8:
            case FudgeTypeId.Int16:
            case FudgeTypeId.Int32:
            case FudgeTypeId.Int64:
                value.Kind = ValueKind.Integer;
                value.Integer = field.GetInt64();
                value.Number = value.Integer;
                break;
            case FudgeTypeId.Float:
            case FudgeTypeId.Double:
                value.Kind = ValueKind.Number;
                value.Number = field.GetDouble();
                break;
            case FudgeTypeId.Boolean:
                value.Kind = ValueKind.Boolean;
                value.Boolean = field.GetBoolean();
                break;
            case FudgeTypeId.String:
                value.Kind = ValueKind.String;
                value.Utf8 = field.ValueSpan;
                break;
            case FudgeTypeId.Date:
                value.SetDate(field.GetDate());
                break;
            case FudgeTypeId.DateTime:
                value.SetDateTime(field.GetDateTime());
                break;
        }
        return value;
    }

    public static FieldValue From(in FudgeField field)
    {
        var value = new FieldValue();
        switch (field.Value)
        {
            case sbyte v: value.SetInteger(v); break;
            case short v: value.SetInteger(v); break;
            case int v: value.SetInteger(v); break;
            case long v: value.SetInteger(v); break;
            case float v:
                value.Kind = ValueKind.Number;
                value.Number = v;
                break;
            case double v:
                value.Kind = ValueKind.Number;
                value.Number = v;
                break;
            case bool v:
                value.Kind = ValueKind.Boolean;
                value.Boolean = v;
                break;
            case string v:
                value.Kind = ValueKind.String;
                value.Text = v;
                break;
            case FudgeDate v: value.SetDate(v); break;
            case FudgeDateTime v: value.SetDateTime(v); break;
        }
        return value;
    }

    private void SetInteger(long v)
    {
        Kind = ValueKind.Integer;
        Integer = v;
        Number = v;
    }

    private void SetDate(FudgeDate date)
    {
        Kind = ValueKind.Date;
        Date = date;
        Seconds = QueryInstant.Seconds(date);
    }

    private void SetDateTime(FudgeDateTime dateTime)
    {
        Kind = ValueKind.DateTime;
        Date = dateTime.Date;
        QueryInstant.Of(dateTime, out Seconds, out Nanoseconds);
    }
}
