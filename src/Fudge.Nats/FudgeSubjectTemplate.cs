using System;
using System.Collections.Generic;
using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text;
using Fudge.Query;

namespace Fudge.Nats;

/// <summary>
/// A NATS subject built from field values: literal text with <c>{path}</c> placeholders in the path language of
/// docs/routing.md, for example <c>ticks.{$.ticker}</c> or <c>md.{$.#1}.{$.venue.code}</c>. Each placeholder takes the
/// first field its path selects, which must be a string, an integer or a boolean forming one valid subject token.
/// Subscribers then pick their share with NATS wildcards (<c>ticks.*</c>, <c>md.2.&gt;</c>). Immutable, thread-safe.
/// </summary>
public sealed class FudgeSubjectTemplate
{
    private readonly string[] _literals;   // one more than the paths: literal, path, literal, path, ..., literal
    private readonly FudgePath[] _paths;

    private FudgeSubjectTemplate(string text, string[] literals, FudgePath[] paths)
    {
        Text = text;
        _literals = literals;
        _paths = paths;
    }

    /// <summary>The template as written.</summary>
    public string Text { get; }

    /// <summary>The paths of the placeholders, in order.</summary>
    public IReadOnlyList<FudgePath> Paths => _paths;

    /// <inheritdoc/>
    public override string ToString() => Text;

    /// <summary>Compiles a template.</summary>
    /// <exception cref="ArgumentNullException"><paramref name="template"/> is null.</exception>
    /// <exception cref="FudgeQueryException">The template is malformed; the exception gives the 1-based column.</exception>
    public static FudgeSubjectTemplate Parse(string template)
    {
        if (template is null) throw new ArgumentNullException(nameof(template));
        var literals = new List<string>();
        var paths = new List<FudgePath>();
        var literal = new StringBuilder();
        int i = 0;
        while (i < template.Length)
        {
            char c = template[i];
            if (c == '}') throw new FudgeQueryException(1, i + 1, "'}' without a '{' before it");
            if (c != '{')
            {
                if (c is ' ' or '\t' or '\r' or '\n' or '*' or '>' || char.IsControl(c))
                    throw new FudgeQueryException(1, i + 1, $"'{Printable(c)}' cannot appear in a NATS subject");
                literal.Append(c);
                i++;
                continue;
            }
            int close = FindClose(template, i + 1);
            if (close < 0) throw new FudgeQueryException(1, i + 1, "'{' is never closed by '}'");
            string pathText = template.Substring(i + 1, close - i - 1);
            try
            {
                var path = FudgePath.Compile(pathText);
                if (path.IsRoot) throw new FudgeQueryException(1, 1, "'$' alone selects no field");
                paths.Add(path);
            }
            catch (FudgeQueryException e)
            {
                throw new FudgeQueryException(1, i + 1 + e.Column, e.Reason);
            }
            literals.Add(literal.ToString());
            literal.Clear();
            i = close + 1;
        }
        literals.Add(literal.ToString());
        if (template.Length == 0) throw new FudgeQueryException(1, 1, "the subject template is empty");
        var result = new FudgeSubjectTemplate(template, literals.ToArray(), paths.ToArray());
        result.CheckLiteralTokens();
        return result;
    }

    /// <summary>The subject of one envelope, or false with the reason when a placeholder has no usable value.</summary>
    /// <exception cref="FudgeFormatException">The bytes the paths read are malformed.</exception>
    public bool TryRender(ReadOnlySpan<byte> envelope, [NotNullWhen(true)] out string? subject, [NotNullWhen(false)] out string? problem,
        FudgeReaderOptions? options = null)
    {
        subject = null;
        if (_paths.Length == 0)
        {
            problem = null;
            subject = _literals[0];
            return true;
        }
        var builder = new StringBuilder(_literals[0], 64);
        for (int p = 0; p < _paths.Length; p++)
        {
            var visitor = new TokenVisitor();
            _paths[p].Visit(envelope, ref visitor, options);
            if (visitor.Token is null)
            {
                problem = visitor.Problem is null ? $"no field at {_paths[p].Text}" : $"the field at {_paths[p].Text} {visitor.Problem}";
                return false;
            }
            builder.Append(visitor.Token).Append(_literals[p + 1]);
        }
        problem = null;
        subject = builder.ToString();
        return true;
    }

    /// <summary>The subject of one envelope.</summary>
    /// <exception cref="FudgeFormatException">The envelope is malformed, or a placeholder has no usable value (offset 0).</exception>
    public string Render(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
        => TryRender(envelope, out string? subject, out string? problem, options) ? subject
            : throw new FudgeFormatException(0, $"no subject for template '{Text}': {problem}");

    private void CheckLiteralTokens()
    {
        // A literal may not leave an empty token: "a..b", or a leading or trailing '.' (adjacent placeholders form one token).
        var sample = new StringBuilder(_literals[0]);
        for (int p = 0; p < _paths.Length; p++) sample.Append('x').Append(_literals[p + 1]);
        string s = sample.ToString();
        int at = s.StartsWith(".", StringComparison.Ordinal) ? 0 : s.EndsWith(".", StringComparison.Ordinal) ? s.Length - 1 : s.IndexOf("..", StringComparison.Ordinal);
        if (at >= 0) throw new FudgeQueryException(1, 1, $"the template '{Text}' leaves an empty subject token");
    }

    private static int FindClose(string text, int from)
    {
        char quote = '\0';
        for (int i = from; i < text.Length; i++)
        {
            char c = text[i];
            if (quote != '\0')
            {
                if (c == '\\') i++;
                else if (c == quote) quote = '\0';
            }
            else if (c is '\'' or '"') quote = c;
            else if (c == '}') return i;
        }
        return -1;
    }

    private static string Printable(char c) => char.IsControl(c) || c == ' ' ? $"\\u{(int)c:x4}" : c.ToString();

    /// <summary>True when <paramref name="token"/> can stand as one subject token.</summary>
    internal static bool IsValidToken(string token)
    {
        if (token.Length == 0) return false;
        foreach (char c in token)
            if (c is '.' or '*' or '>' or ' ' or '\t' or '\r' or '\n' || char.IsControl(c)) return false;
        return true;
    }

    private struct TokenVisitor : IFudgeFieldVisitor
    {
        public string? Token;
        public string? Problem;

        public bool Visit(in FudgeReader field)
        {
            string? token;
            switch (field.TypeId)
            {
                case FudgeTypeId.String:
                    token = field.GetString();
                    break;
                case FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64:
                    token = field.GetInt64().ToString(CultureInfo.InvariantCulture);
                    break;
                case FudgeTypeId.Boolean:
                    token = field.GetBoolean() ? "true" : "false";
                    break;
                default:
                    Problem = $"holds a {FudgeTypeId.GetName(field.TypeId)}, not a string, integer or boolean";
                    return false;
            }
            if (IsValidToken(token)) Token = token;
            else Problem = $"holds '{token}', which is not one subject token (empty, or has '.', '*', '>' or white space)";
            return false;
        }
    }
}
