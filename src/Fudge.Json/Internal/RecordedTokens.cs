using System;
using System.Collections.Generic;

namespace Fudge.Json.Internal;

/// <summary>
/// Tokens captured from another source (<see cref="JsonTokenSource.CaptureValue"/>) and read again; errors name the
/// position of the source they came from, which has moved on to the end of the field object that held them.
/// </summary>
internal sealed class RecordedTokens : JsonTokenSource
{
    internal struct Token
    {
        public JsonTokenKind Kind;
        public string? Text;
        public bool Boolean;
        public bool HasInt64;
        public long Int64;
        public double Double;
        public object? Other;
    }

    private readonly List<Token> _tokens;
    private readonly JsonTokenSource _origin;
    private int _index = -1;

    public RecordedTokens(List<Token> tokens, JsonTokenSource origin)
    {
        _tokens = tokens;
        _origin = origin;
    }

    private Token Current => _index >= 0 && _index < _tokens.Count ? _tokens[_index] : default;

    public override JsonTokenKind Kind => Current.Kind;

    public override JsonTokenKind Next()
    {
        if (_index + 1 >= _tokens.Count) throw Error("the JSON ends early");
        _index++;
        return Current.Kind;
    }

    public override string PropertyName => Current.Text!;

    public override string GetString() => Current.Text!;

    public override bool GetBoolean() => Current.Boolean;

    public override bool TryGetInt64(out long value)
    {
        value = Current.Int64;
        return Current.HasInt64;
    }

    public override double GetDouble() => Current.Double;

    public override string GetNumberText() => Current.Text!;

    public override object? GetOtherValue() => Current.Other;

    public override FudgeJsonException Error(string reason, Exception? inner = null) => _origin.Error(reason, inner);
}
