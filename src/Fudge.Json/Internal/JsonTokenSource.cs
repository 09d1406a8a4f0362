using System;
using System.Collections.Generic;

namespace Fudge.Json.Internal;

/// <summary>The tokens the JSON mapping distinguishes, whichever reader produced them.</summary>
internal enum JsonTokenKind
{
    None,
    StartObject,
    EndObject,
    StartArray,
    EndArray,
    PropertyName,
    String,
    /// <summary>A number written without fraction or exponent (it may still be beyond the int64 range).</summary>
    Integer,
    /// <summary>A number written with a fraction or an exponent.</summary>
    Float,
    Boolean,
    Null,
    /// <summary>Newtonsoft's <c>undefined</c> literal: read as null.</summary>
    Undefined,
    /// <summary>A byte array, from a Newtonsoft token reader over a <c>JObject</c> that holds one.</summary>
    Bytes,
    /// <summary>A date, from a Newtonsoft token reader over a <c>JObject</c> that holds one.</summary>
    Date,
    /// <summary>Anything else a Newtonsoft reader may produce (constructors, raw JSON): never valid in the mapping.</summary>
    Other,
}

/// <summary>
/// One JSON reader as <see cref="JsonToFudge"/> sees it, so that the mapping is written once for the UTF-8 reader
/// (<see cref="Utf8TokenSource"/>, which allocates nothing per token) and for a caller's Newtonsoft
/// <c>JsonReader</c> (<see cref="NewtonsoftTokenSource"/>). Accessors read the current token; reading a value of
/// the wrong kind is a bug in the caller, not an input error.
/// </summary>
internal abstract class JsonTokenSource
{
    /// <summary>The current token.</summary>
    public abstract JsonTokenKind Kind { get; }

    /// <summary>Moves to the next token that is not a comment; the end of the input here is an error.</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed or ends early.</exception>
    public abstract JsonTokenKind Next();

    /// <summary>The current member name (names repeated within one read are one string).</summary>
    public abstract string PropertyName { get; }

    /// <summary>The current string token's text.</summary>
    public abstract string GetString();

    /// <summary>
    /// The current string token's text without making a string where the source can (valid until the next call):
    /// for text that is only parsed or compared, such as a lossless field's <c>type</c>.
    /// </summary>
    public virtual ReadOnlySpan<char> GetStringChars() => GetString().AsSpan();

    /// <summary>
    /// The current string token's text as a string that a source may share between equal strings of one read: for text
    /// that names things (a lossless field's <c>name</c>) and recurs.
    /// </summary>
    public virtual string GetStringAsName() => GetString();

    /// <summary>The current boolean token's value.</summary>
    public abstract bool GetBoolean();

    /// <summary>The current integer token's value when it is in the int64 range.</summary>
    public abstract bool TryGetInt64(out long value);

    /// <summary>The current number token as a double (integers beyond int64 are rounded, as Newtonsoft's BigInteger is).</summary>
    public abstract double GetDouble();

    /// <summary>
    /// A plain field's integer token beyond the int64 range, as a double: what JSON text's big integers become. A
    /// Newtonsoft token reader's unsigned 64-bit value is refused instead (an <see cref="OverflowException"/>).
    /// </summary>
    public virtual double GetIntegerBeyondInt64() => GetDouble();

    /// <summary>The current number token's text, read back exactly (lossless floats are never rounded through a double).</summary>
    public abstract string GetNumberText();

    /// <summary>The current <see cref="JsonTokenKind.Bytes"/> or <see cref="JsonTokenKind.Date"/> token's value.</summary>
    public virtual object? GetOtherValue() => null;

    /// <summary>Writes the current string token as a Fudge string field; a source that holds UTF-8 copies it without a string.</summary>
    public virtual void WriteString(ref FudgeWriter writer, in FudgeFieldKey key, FudgeStringEncoding? encoding)
    {
        if (encoding is FudgeStringEncoding forced) writer.WriteString(key, GetString().AsSpan(), forced);
        else writer.WriteString(key, GetString().AsSpan());
    }

    /// <summary>
    /// Moves to the next token and returns the text of a number or string there (a float's exact digits); null for
    /// anything else, and for the end of an array (then <see cref="Kind"/> is <see cref="JsonTokenKind.EndArray"/>).
    /// </summary>
    public virtual string? NextAsNumberText() => Next() switch
    {
        JsonTokenKind.Integer or JsonTokenKind.Float => GetNumberText(),
        JsonTokenKind.String => GetString(),
        _ => null,
    };

    /// <summary>A problem at the current token: its line, position and path.</summary>
    public abstract FudgeJsonException Error(string reason, Exception? inner = null);

    /// <summary>A limit of <see cref="FudgeReaderOptions"/> broken at the current token.</summary>
    public FudgeJsonException LimitError(string reason)
    {
        var at = Error(reason);
        return new FudgeJsonException(at.Reason, at.LineNumber, at.LinePosition, at.Path, null, isLimitExceeded: true);
    }

    /// <summary>
    /// Reads the value that starts at the current token (a whole object or array) into tokens that can be read again
    /// once the caller knows what they mean: a lossless field's value that comes before its <c>type</c>.
    /// </summary>
    public JsonTokenSource CaptureValue()
    {
        var tokens = new List<RecordedTokens.Token>();
        int depth = 0;
        while (true)
        {
            var kind = Kind;
            var token = new RecordedTokens.Token { Kind = kind };
            switch (kind)
            {
                case JsonTokenKind.PropertyName: token.Text = PropertyName; break;
                case JsonTokenKind.String: token.Text = GetString(); break;
                case JsonTokenKind.Boolean: token.Boolean = GetBoolean(); break;
                case JsonTokenKind.Integer or JsonTokenKind.Float:
                    token.Text = GetNumberText();
                    token.HasInt64 = TryGetInt64(out token.Int64);
                    token.Double = GetDouble();
                    break;
                case JsonTokenKind.Bytes or JsonTokenKind.Date: token.Other = GetOtherValue(); break;
                case JsonTokenKind.StartObject or JsonTokenKind.StartArray: depth++; break;
                case JsonTokenKind.EndObject or JsonTokenKind.EndArray: depth--; break;
            }
            tokens.Add(token);
            if (depth == 0) return new RecordedTokens(tokens, this);
            Next();
        }
    }

    /// <summary>How an error message names the current token.</summary>
    public string Describe() => Kind switch
    {
        JsonTokenKind.PropertyName => $"member '{PropertyName}'",
        JsonTokenKind.String => $"the string \"{Shorten(GetString())}\"",
        JsonTokenKind.Integer => "integer " + GetNumberText(),
        JsonTokenKind.Float => "float " + GetNumberText(),
        JsonTokenKind.Boolean => GetBoolean() ? "boolean True" : "boolean False",
        var kind => kind.ToString(),
    };

    private static string Shorten(string s) => s.Length <= 40 ? s : s.Substring(0, 40) + "...";
}
