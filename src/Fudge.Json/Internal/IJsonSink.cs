using System;

namespace Fudge.Json.Internal;

/// <summary>
/// Where the Fudge-to-JSON walk sends its tokens. Two implementations, both structs so the walk is compiled once for
/// each with direct calls: <see cref="NewtonsoftJsonSink"/> for any Newtonsoft <c>JsonWriter</c>, and
/// <see cref="Utf8JsonSink"/>, which writes compact UTF-8 text itself, byte for byte what Newtonsoft's
/// <c>JsonTextWriter</c> writes with <c>Formatting.None</c>.
/// </summary>
internal interface IJsonSink
{
    void StartObject();

    void EndObject();

    void StartArray();

    void EndArray();

    /// <summary>A member name given as valid UTF-8.</summary>
    void PropertyName(ReadOnlySpan<byte> utf8Name);

    /// <summary>A member name given as a string.</summary>
    void PropertyName(string name);

    void Null();

    void Boolean(bool value);

    void Integer(long value);

    /// <summary>A double as Newtonsoft writes one: shortest round-trip digits with a decimal place, non-finite values as strings.</summary>
    void Double(double value);

    /// <summary>A float as Newtonsoft writes one.</summary>
    void Single(float value);

    void String(string value);

    /// <summary>A date, time or date-time in its plain text form (<see cref="FudgeValueText"/> with exact = false).</summary>
    void PlainDate(FudgeDate value);

    /// <inheritdoc cref="PlainDate"/>
    void PlainTime(FudgeTime value);

    /// <inheritdoc cref="PlainDate"/>
    void PlainDateTime(FudgeDateTime value);

    /// <summary>A string value given as valid UTF-8.</summary>
    void Utf8String(ReadOnlySpan<byte> utf8Value);

    /// <summary>Bytes as a base64 string.</summary>
    void Base64(ReadOnlySpan<byte> bytes);

    /// <summary>
    /// Big-endian integers of <paramref name="width"/> bytes (1 = signed bytes) as the elements of the open array.
    /// </summary>
    void IntegerElements(ReadOnlySpan<byte> value, int width);
}
