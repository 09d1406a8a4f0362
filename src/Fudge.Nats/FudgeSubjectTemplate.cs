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
/// <remarks>
/// Field values come from the messages, so they are checked as hostile: a value is refused (no subject, with the
/// reason) when it is empty, holds <c>.</c> (it would add tokens), <c>*</c> or <c>&gt;</c> (wildcards), white space
/// of any script or a control character (the protocol's separators: <c>\r\n</c> would inject a command), when it
/// starts the subject with <c>$</c> (the system subjects, such as <c>$JS.API</c>), or when the subject would be longer
/// than <see cref="MaxSubjectBytes"/> bytes. Other characters, non-ASCII included, are kept as they are: the client
/// sends subjects as UTF-8.
/// </remarks>
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

    /// <summary>
    /// The longest subject a template builds, in UTF-8 bytes. A longer one (a field holding a huge string) is refused
    /// rather than sent: the server would close the connection on a control line past its limit (4,096 bytes by default).
    /// </summary>
    public const int MaxSubjectBytes = 1024;

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
                if (c is '*' or '>' || char.IsWhiteSpace(c) || char.IsControl(c))
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
        bool cut = false;
        for (int p = 0; p < _paths.Length; p++)
        {
            // The first value starts the subject when nothing literal comes before it.
            var visitor = new TokenVisitor { StartsSubject = p == 0 && _literals[0].Length == 0 };
            _paths[p].Visit(envelope, ref visitor, options);
            if (visitor.Token is null)
            {
                problem = visitor.Problem is null ? $"no field at {_paths[p].Text}" : $"the field at {_paths[p].Text} {visitor.Problem}";
                return false;
            }
            builder.Append(visitor.Token).Append(_literals[p + 1]);
            if (builder.Length > MaxSubjectBytes)
            {
                cut = p < _paths.Length - 1;   // past the limit already (in UTF-16 units, so in UTF-8 bytes too): the rest is not read
                break;
            }
        }
        string built = builder.ToString();
        int bytes = Encoding.UTF8.GetByteCount(built);
        if (bytes > MaxSubjectBytes)
        {
            problem = $"the subject would be longer than {MaxSubjectBytes} bytes ({(cut ? "at least " : "")}{bytes})";
            return false;
        }
        problem = null;
        subject = built;
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

    private static string Printable(char c) => char.IsControl(c) || char.IsWhiteSpace(c) ? $"\\u{(int)c:x4}" : c.ToString();

    /// <summary>Why <paramref name="token"/> cannot stand as one subject token, or null when it can.</summary>
    /// <param name="token">A field's value as text.</param>
    /// <param name="startsSubject">The token begins the subject (where <c>$</c> would make a system subject).</param>
    internal static string? TokenProblem(string token, bool startsSubject)
    {
        if (token.Length == 0) return "it is empty";
        if (startsSubject && token[0] == '$') return "it would start the subject with '$', the prefix of system subjects such as $JS.API";
        foreach (char c in token)
        {
            if (c == '.') return "it has '.', which would split it into several tokens";
            if (c is '*' or '>') return $"it has the wildcard '{c}'";
            if (char.IsWhiteSpace(c) || char.IsControl(c)) return $"it has white space or a control character (U+{(int)c:X4})";
        }
        return null;
    }

    /// <summary>A value as a reason quotes it: at most 40 characters, control characters and white space other than ' ' escaped.</summary>
    private static string Quote(string value)
    {
        var quoted = new StringBuilder(value.Length + 2).Append('\'');
        for (int i = 0; i < value.Length && i < 40; i++)
        {
            char c = value[i];
            if (char.IsControl(c) || (char.IsWhiteSpace(c) && c != ' ')) quoted.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
            else quoted.Append(c);
        }
        if (value.Length > 40) quoted.Append("...");
        return quoted.Append('\'').ToString();
    }

    private struct TokenVisitor : IFudgeFieldVisitor
    {
        public string? Token;
        public string? Problem;
        public bool StartsSubject;

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
            if (TokenProblem(token, StartsSubject) is { } why) Problem = $"holds {Quote(token)}, which is not one subject token: {why}";
            else Token = token;
            return false;
        }
    }
}
