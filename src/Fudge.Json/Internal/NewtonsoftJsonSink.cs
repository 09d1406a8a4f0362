using System;
using System.Buffers.Binary;
using System.Globalization;
using System.Text;
using Newtonsoft.Json;

namespace Fudge.Json.Internal;

/// <summary>Sends the walk's tokens to a Newtonsoft <see cref="JsonWriter"/> (text, <c>JTokenWriter</c>, or any other).</summary>
internal readonly struct NewtonsoftJsonSink : IJsonSink
{
    private static readonly string[] SignedByteText = CreateSignedByteText();
    private readonly JsonWriter _json;

    public NewtonsoftJsonSink(JsonWriter json) => _json = json;

    public void StartObject() => _json.WriteStartObject();

    public void EndObject() => _json.WriteEndObject();

    public void StartArray() => _json.WriteStartArray();

    public void EndArray() => _json.WriteEndArray();

    public void PropertyName(ReadOnlySpan<byte> utf8Name) => _json.WritePropertyName(Decode(utf8Name));

    public void PropertyName(string name) => _json.WritePropertyName(name);

    public void Null() => _json.WriteNull();

    public void Boolean(bool value) => _json.WriteValue(value);

    public void Integer(long value) => _json.WriteValue(value);

    public void Double(double value) => _json.WriteValue(value);

    public void Single(float value) => _json.WriteValue(value);

    public void String(string value) => _json.WriteValue(value);

    public void PlainDate(FudgeDate value) => _json.WriteValue(FudgeValueText.FormatDate(value, exact: false));

    public void PlainTime(FudgeTime value) => _json.WriteValue(FudgeValueText.FormatTime(value, exact: false));

    public void PlainDateTime(FudgeDateTime value) => _json.WriteValue(FudgeValueText.FormatDateTime(value, exact: false));

    public void Utf8String(ReadOnlySpan<byte> utf8Value) => _json.WriteValue(Decode(utf8Value));

    public void Base64(ReadOnlySpan<byte> bytes) => _json.WriteValue(bytes.ToArray());

    /// <summary>
    /// Newtonsoft's cost per value dominates long arrays, so a text writer receives all elements as one raw value;
    /// other writers (such as <c>JTokenWriter</c>) get one value per element.
    /// </summary>
    public void IntegerElements(ReadOnlySpan<byte> value, int width)
    {
        if (_json is JsonTextWriter && value.Length > 0)
        {
            var text = new StringBuilder(value.Length / width * 5);
            for (int i = 0; i < value.Length; i += width)
            {
                if (i > 0) text.Append(',');
                if (width == 1) text.Append(SignedByteText[value[i]]);
                else text.Append(ReadInteger(value.Slice(i), width).ToString(CultureInfo.InvariantCulture));
            }
            _json.WriteRawValue(text.ToString());
        }
        else
        {
            for (int i = 0; i < value.Length; i += width) _json.WriteValue(ReadInteger(value.Slice(i), width));
        }
    }

    internal static long ReadInteger(ReadOnlySpan<byte> value, int width) => width switch
    {
        1 => (sbyte)value[0],
        2 => BinaryPrimitives.ReadInt16BigEndian(value),
        4 => BinaryPrimitives.ReadInt32BigEndian(value),
        _ => BinaryPrimitives.ReadInt64BigEndian(value),
    };

    private static string Decode(ReadOnlySpan<byte> utf8)
    {
        if (utf8.IsEmpty) return string.Empty;
#if NET8_0_OR_GREATER
        return Encoding.UTF8.GetString(utf8);
#else
        return Encoding.UTF8.GetString(utf8.ToArray());
#endif
    }

    private static string[] CreateSignedByteText()
    {
        var texts = new string[256];
        for (int b = 0; b < 256; b++) texts[b] = ((sbyte)b).ToString(CultureInfo.InvariantCulture);
        return texts;
    }
}
