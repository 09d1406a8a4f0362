using System.Collections.Generic;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.Proto;

internal enum TokenKind { Identifier, Integer, Float, String, HereDoc, Punct, End }

/// <summary>One token of a .proto file; <see cref="Doc"/> is the documentation comment just before it, if any.</summary>
internal readonly struct Token
{
    public Token(TokenKind kind, string text, int start, int length, string? doc)
    {
        Kind = kind;
        Text = text;
        Start = start;
        Length = length;
        Doc = doc;
    }

    public TokenKind Kind { get; }

    /// <summary>The token's text; for strings and here-documents, the raw content between the delimiters.</summary>
    public string Text { get; }

    public int Start { get; }

    public int Length { get; }

    public string? Doc { get; }

    public TextSpan Span => new(Start, Length);

    public bool Is(string punctOrWord) => (Kind == TokenKind.Punct || Kind == TokenKind.Identifier) && Text == punctOrWord;

    public override string ToString() => Kind switch
    {
        TokenKind.End => "end of file",
        TokenKind.String => "a string",
        TokenKind.HereDoc => "a here-document",
        _ => "'" + Text + "'",
    };
}

/// <summary>
/// Splits Fudge-Proto source into tokens. Comments are skipped; a <c>/** ... */</c> comment is kept as the documentation of
/// the next token. Lexical errors are reported through <see cref="ProtoDiagnosticBag"/> and the lexer carries on, so any
/// text gives a finite token list ending with <see cref="TokenKind.End"/>.
/// </summary>
internal sealed class ProtoLexer
{
    private readonly string _text;
    private readonly ProtoDiagnosticBag _diagnostics;
    private int _pos;

    private ProtoLexer(string text, ProtoDiagnosticBag diagnostics)
    {
        _text = text;
        _diagnostics = diagnostics;
    }

    public static List<Token> Tokenize(string text, ProtoDiagnosticBag diagnostics) => new ProtoLexer(text, diagnostics).Run();

    private List<Token> Run()
    {
        var tokens = new List<Token>();
        string? doc = null;
        while (true)
        {
            SkipWhitespace();
            if (_pos >= _text.Length)
            {
                tokens.Add(new Token(TokenKind.End, "", _text.Length, 0, null));
                return tokens;
            }
            int start = _pos;
            char c = _text[_pos];
            char next = _pos + 1 < _text.Length ? _text[_pos + 1] : '\0';
            if (c == '/' && next == '/')
            {
                while (_pos < _text.Length && _text[_pos] != '\n' && _text[_pos] != '\r') _pos++;
                continue;
            }
            if (c == '/' && next == '*')
            {
                int end = _text.IndexOf("*/", _pos + 2, System.StringComparison.Ordinal);
                if (end < 0)
                {
                    _diagnostics.Report(ProtoDiagnostics.Lexical, new TextSpan(start, 2), "the comment is not closed (no '*/')");
                    _pos = _text.Length;
                    continue;
                }
                bool isDoc = _pos + 2 < _text.Length && _text[_pos + 2] == '*' && end > _pos + 2;
                if (isDoc) doc = CleanDoc(_text.Substring(_pos + 3, end - _pos - 3));
                _pos = end + 2;
                continue;
            }
            Token token;
            if (IsIdentifierStart(c) || (c == '$' && IsIdentifierStart(next))) token = Identifier(doc);
            else if (char.IsDigit(c) || (c is '+' or '-' && (char.IsDigit(next) || (next == '.' && _pos + 2 < _text.Length && char.IsDigit(_text[_pos + 2]))))
                     || (c == '.' && char.IsDigit(next))) token = Number(doc);
            else if (c == '"') token = StringLiteral(doc);
            else if (c == '<' && next == '<' && _pos + 2 < _text.Length && _text[_pos + 2] == '<') token = HereDoc(doc);
            else if ("{}[]();=,.".IndexOf(c) >= 0)
            {
                _pos++;
                token = new Token(TokenKind.Punct, c.ToString(), start, 1, doc);
            }
            else
            {
                _pos++;
                _diagnostics.Report(ProtoDiagnostics.Lexical, new TextSpan(start, 1), $"the character '{Printable(c)}' is not part of the Fudge-Proto language");
                continue;
            }
            doc = null;
            tokens.Add(token);
            // Every token consumes text; this guards the loop's termination against a future lexing mistake.
            if (_pos == start) _pos++;
        }
    }

    private void SkipWhitespace()
    {
        while (_pos < _text.Length && char.IsWhiteSpace(_text[_pos])) _pos++;
    }

    private static bool IsIdentifierStart(char c) => c is (>= 'a' and <= 'z') or (>= 'A' and <= 'Z') or '_';

    private static bool IsIdentifierPart(char c) => IsIdentifierStart(c) || c is >= '0' and <= '9';

    private Token Identifier(string? doc)
    {
        int start = _pos;
        if (_text[_pos] == '$') _pos++;
        while (_pos < _text.Length && IsIdentifierPart(_text[_pos])) _pos++;
        return new Token(TokenKind.Identifier, _text.Substring(start, _pos - start), start, _pos - start, doc);
    }

    private Token Number(string? doc)
    {
        int start = _pos;
        if (_text[_pos] is '+' or '-') _pos++;
        bool isFloat = false;
        while (_pos < _text.Length && char.IsDigit(_text[_pos])) _pos++;
        if (_pos < _text.Length && _text[_pos] == '.' && _pos + 1 < _text.Length && char.IsDigit(_text[_pos + 1]))
        {
            isFloat = true;
            _pos++;
            while (_pos < _text.Length && char.IsDigit(_text[_pos])) _pos++;
            if (_pos < _text.Length && _text[_pos] is 'e' or 'E')
            {
                int save = _pos;
                _pos++;
                if (_pos < _text.Length && _text[_pos] is '+' or '-') _pos++;
                if (_pos < _text.Length && char.IsDigit(_text[_pos]))
                    while (_pos < _text.Length && char.IsDigit(_text[_pos])) _pos++;
                else _pos = save;
            }
            if (_pos < _text.Length && _text[_pos] == 'f') _pos++;
        }
        string text = _text.Substring(start, _pos - start);
        if (text is "+" or "-" or "." or "+." or "-.")
        {
            _diagnostics.Report(ProtoDiagnostics.Lexical, new TextSpan(start, System.Math.Max(1, text.Length)), $"'{text}' is not a number");
            return new Token(TokenKind.Integer, "0", start, text.Length, doc);
        }
        return new Token(isFloat ? TokenKind.Float : TokenKind.Integer, text, start, _pos - start, doc);
    }

    private Token StringLiteral(string? doc)
    {
        int start = _pos;
        _pos++;
        while (_pos < _text.Length && _text[_pos] != '"')
        {
            if (_text[_pos] == '\\' && _pos + 1 < _text.Length) _pos++;
            _pos++;
        }
        if (_pos >= _text.Length)
        {
            _diagnostics.Report(ProtoDiagnostics.Lexical, new TextSpan(start, 1), "the string is not closed (no '\"')");
            return new Token(TokenKind.String, _text.Substring(start + 1), start, _text.Length - start, doc);
        }
        _pos++;
        return new Token(TokenKind.String, _text.Substring(start + 1, _pos - start - 2), start, _pos - start, doc);
    }

    /// <summary><c>&lt;&lt;&lt;WORD</c>, a line break, the text, then a line holding <c>WORD;</c>.</summary>
    private Token HereDoc(string? doc)
    {
        int start = _pos;
        _pos += 3;
        int wordStart = _pos;
        while (_pos < _text.Length && char.IsLetter(_text[_pos])) _pos++;
        string word = _text.Substring(wordStart, _pos - wordStart);
        if (word.Length == 0 || _pos >= _text.Length || (_text[_pos] != '\n' && _text[_pos] != '\r'))
        {
            _diagnostics.Report(ProtoDiagnostics.Lexical, new TextSpan(start, _pos - start), "a here-document starts with <<<WORD and a line break");
            return new Token(TokenKind.HereDoc, "", start, _pos - start, doc);
        }
        int bodyStart = _pos;
        int search = _pos;
        while (true)
        {
            int end = _text.IndexOf(word + ";", search, System.StringComparison.Ordinal);
            if (end < 0)
            {
                _diagnostics.Report(ProtoDiagnostics.Lexical, new TextSpan(start, _pos - start), $"the here-document is not closed (no line '{word};')");
                _pos = _text.Length;
                return new Token(TokenKind.HereDoc, "", start, _pos - start, doc);
            }
            if (_text[end - 1] is '\n' or '\r')
            {
                string body = _text.Substring(bodyStart, end - bodyStart).Trim('\r', '\n');
                _pos = end + word.Length + 1;
                return new Token(TokenKind.HereDoc, body, start, _pos - start, doc);
            }
            search = end + 1;
        }
    }

    private static string CleanDoc(string raw)
    {
        var lines = raw.Replace("\r\n", "\n").Split('\n');
        var kept = new List<string>();
        foreach (var line in lines)
        {
            string l = line.Trim();
            if (l.StartsWith("*", System.StringComparison.Ordinal)) l = l.Substring(1).TrimStart();
            kept.Add(l);
        }
        return string.Join("\n", kept).Trim();
    }

    private static string Printable(char c) => c < ' ' || c > '~' ? "\\u" + ((int)c).ToString("X4", System.Globalization.CultureInfo.InvariantCulture) : c.ToString();
}
