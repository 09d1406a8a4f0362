using System;
using System.Globalization;
using System.Numerics;
using Newtonsoft.Json;

namespace Fudge.Json.Internal;

/// <summary>
/// A caller's Newtonsoft <see cref="JsonReader"/> as a token source: the path of <see cref="FudgeJson.ReadJson"/> and
/// the <c>JsonConverter</c>s. Newtonsoft boxes every number and allocates a string per string token; the UTF-8 entry
/// points use <see cref="Utf8TokenSource"/> instead.
/// </summary>
internal sealed class NewtonsoftTokenSource : JsonTokenSource
{
    private readonly JsonReader _json;

    public NewtonsoftTokenSource(JsonReader json) => _json = json;

    public override JsonTokenKind Kind => _json.TokenType switch
    {
        JsonToken.None => JsonTokenKind.None,
        JsonToken.StartObject => JsonTokenKind.StartObject,
        JsonToken.EndObject => JsonTokenKind.EndObject,
        JsonToken.StartArray => JsonTokenKind.StartArray,
        JsonToken.EndArray => JsonTokenKind.EndArray,
        JsonToken.PropertyName => JsonTokenKind.PropertyName,
        JsonToken.String => JsonTokenKind.String,
        JsonToken.Integer => JsonTokenKind.Integer,
        JsonToken.Float => JsonTokenKind.Float,
        JsonToken.Boolean => JsonTokenKind.Boolean,
        JsonToken.Null => JsonTokenKind.Null,
        JsonToken.Undefined => JsonTokenKind.Undefined,
        JsonToken.Bytes => JsonTokenKind.Bytes,
        JsonToken.Date => JsonTokenKind.Date,
        _ => JsonTokenKind.Other,
    };

    /// <summary>
    /// Moves to the envelope's object unless the reader is already on its start; after a previous envelope the
    /// reader sits on that one's closing brace.
    /// </summary>
    public void MoveToEnvelope()
    {
        if (_json.TokenType is JsonToken.None or JsonToken.PropertyName or JsonToken.Comment or JsonToken.EndObject) Next();
    }

    public override JsonTokenKind Next()
    {
        do
        {
            if (!_json.Read()) throw Error("the JSON ends early");
        }
        while (_json.TokenType == JsonToken.Comment);
        return Kind;
    }

    public override string PropertyName => (string)_json.Value!;

    public override string GetString() => (string)_json.Value!;

    public override bool GetBoolean() => (bool)_json.Value!;

    public override bool TryGetInt64(out long value)
    {
        if (_json.TokenType == JsonToken.Integer) return IsInteger(_json.Value!, out value);
        value = 0;
        return false;
    }

    public override double GetDouble()
        => _json.Value is BigInteger big ? (double)big : Convert.ToDouble(_json.Value, CultureInfo.InvariantCulture);

    public override double GetIntegerBeyondInt64()
        => _json.Value is BigInteger big ? (double)big : Convert.ToInt64(_json.Value, CultureInfo.InvariantCulture);

    public override string GetNumberText() => Convert.ToString(_json.Value, CultureInfo.InvariantCulture)!;

    public override object? GetOtherValue() => _json.Value;

    /// <summary>Newtonsoft's own reading of a number as text keeps the digits as written.</summary>
    public override string? NextAsNumberText() => _json.ReadAsString();

    public override FudgeJsonException Error(string reason, Exception? inner = null)
    {
        var info = _json as IJsonLineInfo;
        bool has = info?.HasLineInfo() == true;
        return new FudgeJsonException(reason, has ? info!.LineNumber : 0, has ? info!.LinePosition : 0, _json.Path, inner);
    }

    /// <summary>Token readers over a <c>JObject</c> hold integers of any CLR integer type.</summary>
    private static bool IsInteger(object number, out long value)
    {
        switch (number)
        {
            case long l: value = l; return true;
            case int i: value = i; return true;
            case short s: value = s; return true;
            case sbyte b: value = b; return true;
            case byte b: value = b; return true;
            case ushort u: value = u; return true;
            case uint u: value = u; return true;
            case ulong u when u <= long.MaxValue: value = (long)u; return true;
            default: value = 0; return false;
        }
    }
}
