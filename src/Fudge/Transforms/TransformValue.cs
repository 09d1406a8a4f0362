namespace Fudge.Transforms;

/// <summary>A constant a transform writes: a JSON string, number, boolean, or null (an indicator field).</summary>
internal sealed class TransformValue
{
    private enum Kind
    {
        String,
        Integer,
        Double,
        Boolean,
        Indicator,
    }

    private readonly Kind _kind;
    private readonly string _text;
    private readonly long _integer;
    private readonly double _double;
    private readonly bool _boolean;

    private TransformValue(Kind kind, string text = "", long integer = 0, double number = 0, bool boolean = false)
    {
        _kind = kind;
        _text = text;
        _integer = integer;
        _double = number;
        _boolean = boolean;
    }

    public static TransformValue ForString(string value) => new(Kind.String, text: value);

    public static TransformValue ForInteger(long value) => new(Kind.Integer, integer: value);

    public static TransformValue ForDouble(double value) => new(Kind.Double, number: value);

    public static TransformValue ForBoolean(bool value) => new(Kind.Boolean, boolean: value);

    public static TransformValue Indicator { get; } = new(Kind.Indicator);

    /// <summary>Writes the value as a field; integers take the smallest width that holds them.</summary>
    public void Write(ref FudgeWriter writer, in FudgeFieldKey key)
    {
        switch (_kind)
        {
            case Kind.String: writer.WriteString(key, _text); break;
            case Kind.Integer: writer.WriteInt64(key, _integer); break;
            case Kind.Double: writer.WriteDouble(key, _double); break;
            case Kind.Boolean: writer.WriteBoolean(key, _boolean); break;
            default: writer.WriteIndicator(key); break;
        }
    }
}
