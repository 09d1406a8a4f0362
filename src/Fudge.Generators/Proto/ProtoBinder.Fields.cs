using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Generators.Proto;

// The binder's fields: each field's type resolved (typedefs followed), its modifiers, ordinal, redeclarations and default
// literal checked; the declarations, extends, enums and taxonomies are in ProtoBinder.cs.
internal sealed partial class ProtoBinder
{
    // ------------------------------------------------------------------ fields

    private void BindFields(ProtoMessage message)
    {
        if (Chain(message) is null)
            _diagnostics.Report(ProtoDiagnostics.ExtendsCycle, message.Extends[0].Span, $"'{message.Name}' extends itself through its base messages");
        foreach (var field in message.Fields)
        {
            if (field.Required && field.Optional)
                _diagnostics.Report(ProtoDiagnostics.BadModifiers, field.NameSpan, $"the field '{field.Name}' cannot be both required and optional");
            if (field.Readonly && field.Mutable)
                _diagnostics.Report(ProtoDiagnostics.BadModifiers, field.NameSpan, $"the field '{field.Name}' cannot be both readonly and mutable");
            var type = Resolve(field.Type, message);
            if (type is null) continue;
            FieldTypes[field] = type;
            if (field.Ordinal is int ordinal && (ordinal is < short.MinValue or > short.MaxValue || ordinal == 0))
                _diagnostics.Report(ProtoDiagnostics.BadOrdinal, field.OrdinalSpan, $"the ordinal {field.Ordinal} of '{field.Name}' is outside -32768..32767 or is 0, which Fudge reserves for type names");
        }
    }

    private BoundType? Resolve(ProtoTypeRef reference, ProtoDefinition from)
    {
        BoundType? type;
        switch (reference.Name)
        {
            case "bool": case "byte": case "short": case "int": case "long": case "float": case "double":
            case "string": case "indicator": case "date": case "datetime": case "time": case "message":
                type = new BoundType(reference.Name);
                break;
            default:
                var found = Lookup(reference.Name, from);
                switch (found)
                {
                    case ProtoMessage m: type = new BoundType(m); break;
                    case ProtoEnum e: type = new BoundType(e); break;
                    case ProtoExtern { Kind: "message" or "enum" } x: type = new BoundType(x); break;
                    case ProtoTypedef t:
                        type = ResolveTypedef(t, reference);
                        if (type is null) return null;
                        break;
                    case null:
                        _diagnostics.Report(ProtoDiagnostics.UnknownType, reference.Span, $"the type '{reference.Name}' is not defined (define it, or declare it with 'extern message' or 'extern enum')");
                        return null;
                    default:
                        _diagnostics.Report(ProtoDiagnostics.UnknownType, reference.Span, $"'{reference.Name}' is a taxonomy, not a type");
                        return null;
                }
                break;
        }
        return type.WithDimensions(reference.Dimensions);
    }

    private BoundType? ResolveTypedef(ProtoTypedef typedef, ProtoTypeRef usedAt)
    {
        if (_typedefs.TryGetValue(typedef, out var done)) return done;
        if (!_resolvingTypedefs.Add(typedef))
        {
            _diagnostics.Report(ProtoDiagnostics.ExtendsCycle, usedAt.Span, $"the typedef '{typedef.Name}' refers to itself");
            return null;
        }
        var type = Resolve(typedef.Type, typedef);
        _typedefs[typedef] = type;
        return type;
    }

    private void CheckFields(ProtoMessage message)
    {
        var chain = Chain(message);
        if (chain is null) return;
        var names = new Dictionary<string, ProtoField>();
        var ordinals = new Dictionary<int, ProtoField>();
        var redundant = new List<ProtoField>();
        foreach (var m in chain)
        {
            foreach (var field in m.Fields)
            {
                if (names.TryGetValue(field.Name, out var previous))
                {
                    // A subclass may redeclare an inherited field (to change its default or modifiers); the same message may not.
                    var owner = Owner(previous, chain);
                    if (m == message && owner == message)
                        _diagnostics.Report(ProtoDiagnostics.DuplicateField, field.NameSpan, $"the field '{field.Name}' is declared twice in '{message.Name}'");
                    else if (m == message && CheckRedeclaration(field, previous, owner)) redundant.Add(field);
                    // As Fudge-Proto's compiler: a redeclaration is compared with the nearest declaration above it in the chain.
                    if (owner != m) names[field.Name] = field;
                    continue;
                }
                names[field.Name] = field;
                if (field.Ordinal is int o)
                {
                    if (ordinals.TryGetValue(o, out var other) && m == message)
                        _diagnostics.Report(ProtoDiagnostics.DuplicateOrdinal, field.OrdinalSpan, $"the ordinal {o} of '{field.Name}' is already used by '{other.Name}'");
                    ordinals[o] = field;
                }
            }
        }
        // Fudge-Proto's compiler drops a redundant redeclaration: the field is the base's, with its ordinal, its
        // position, its default and its modifiers.
        foreach (var field in redundant) message.Fields.Remove(field);
        foreach (var field in message.Fields)
            if (field.Default is not null && FieldTypes.TryGetValue(field, out var type)) CheckDefault(field, type);
    }

    /// <summary>
    /// A field that <paramref name="field"/> redeclares, from the base message <paramref name="owner"/>: as Fudge-Proto's
    /// compiler (CheckDefinitions), in its order and with one diagnostic at most, the type, the mutability and the repeat
    /// must be the base's and a required field must stay required; otherwise a redeclaration that gives no default where
    /// the base gave one of another kind is redundant (a warning), and true is returned: the caller drops it.
    /// </summary>
    private bool CheckRedeclaration(ProtoField field, ProtoField previous, ProtoMessage owner)
    {
        // An unresolved type has been reported already; comparing it would only add noise.
        if (!FieldTypes.TryGetValue(field, out var type) || !FieldTypes.TryGetValue(previous, out var baseType)) return false;
        if (!SameType(type, baseType))
            _diagnostics.Report(ProtoDiagnostics.OverrideType, field.NameSpan,
                $"the field '{field.Name}' is already defined in its base message '{owner.Name}' with a different type");
        else if (IsReadonly(field) != IsReadonly(previous))
            _diagnostics.Report(ProtoDiagnostics.BadModifiers, field.NameSpan,
                $"the field '{field.Name}' is {(IsReadonly(previous) ? "readonly" : "mutable")} in its base message '{owner.Name}' and must be redeclared so");
        else if (field.Repeated != previous.Repeated)
            _diagnostics.Report(ProtoDiagnostics.OverrideRepeat, field.NameSpan,
                $"the field '{field.Name}' is {(previous.Repeated ? "" : "not ")}repeated in its base message '{owner.Name}' and must be redeclared so");
        else if (!field.Required && previous.Required)
            _diagnostics.Report(ProtoDiagnostics.OverrideRequirement, field.NameSpan,
                $"the field '{field.Name}' is required in its base message '{owner.Name}' and cannot be made optional");
        else if (field.Default is null || SameLiteral(field.Default, previous.Default))
        {
            _diagnostics.Report(ProtoDiagnostics.RedundantOverride, field.NameSpan,
                $"'{field.Name}' is a redundant override of base message '{owner.Name}': as Fudge-Proto's compiler does, it is dropped and the base's declaration (ordinal, default, modifiers) stays");
            return true;
        }
        return false;
    }

    /// <summary>
    /// Fudge-Proto's type equality: the same scalar, message, enum or extern, with the same array dimensions (variable or
    /// the same fixed size). The anonymous <c>message</c> type equals nothing, not even itself, as in Java.
    /// </summary>
    private static bool SameType(BoundType a, BoundType b)
    {
        if (a.Primitive == "message" || b.Primitive == "message") return false;
        return a.Primitive == b.Primitive && a.Message == b.Message && a.Enum == b.Enum && a.Extern == b.Extern
            && a.Dimensions.SequenceEqual(b.Dimensions);
    }

    /// <summary>
    /// "The same default" as Fudge-Proto's compiler judges it: its <c>LiteralValue.equals</c> calls any two literals of
    /// one kind equal, so a changed value of the same kind counts as no change, and the base's default stays. That is
    /// what Fudge-Proto's Java then writes, so it is followed here (with the warning that says so).
    /// </summary>
    private static bool SameLiteral(ProtoLiteral a, ProtoLiteral? b) => b is not null && a.Kind == b.Kind;

    private static ProtoMessage Owner(ProtoField field, List<ProtoMessage> chain) => chain.First(m => m.Fields.Contains(field));

    private void CheckDefault(ProtoField field, BoundType type)
    {
        if (field.Repeated || type.Dimensions.Count > 0)
        {
            _diagnostics.Report(ProtoDiagnostics.BadDefault, field.Default!.Span, $"the field '{field.Name}' is repeated or an array and cannot have a default");
            return;
        }
        CheckLiteral(field.Default!, type, field.Name, 0);
    }

    /// <summary>Checks that <paramref name="literal"/> fits <paramref name="type"/>; reports and returns false if not.</summary>
    public bool CheckLiteral(ProtoLiteral literal, BoundType type, string fieldName, int depth)
    {
        string? problem = LiteralProblem(literal, type, depth);
        if (problem is null) return true;
        _diagnostics.Report(ProtoDiagnostics.BadDefault, literal.Span, $"the default of '{fieldName}' {problem}");
        return false;
    }

    private string? LiteralProblem(ProtoLiteral literal, BoundType type, int depth)
    {
        if (type.Message is not null)
        {
            if (literal.Kind != TokenKind.Punct) return $"must be a tuple (v1, v2, ...) of {type.Message.Name}'s fields";
            var chain = Chain(type.Message);
            if (chain is null) return "refers to a message with a cycle in extends";
            var fields = chain.SelectMany(m => m.Fields).GroupBy(f => f.Name).Select(g => g.First()).ToList();
            if (literal.Items.Count > fields.Count) return $"has {literal.Items.Count} values but {type.Message.Name} has {fields.Count} fields";
            if (depth > ProtoParser.MaxDepth) return "is nested too deeply";
            for (int i = 0; i < literal.Items.Count; i++)
            {
                var f = fields[i];
                if (!FieldTypes.TryGetValue(f, out var ft)) return null;   // already reported
                if (f.Repeated || ft.Dimensions.Count > 0) return $"sets '{f.Name}', a repeated field or array, which a tuple cannot";
                string? inner = LiteralProblem(literal.Items[i], ft, depth + 1);
                if (inner is not null) return inner;
            }
            return null;
        }
        if (type.Enum is not null)
            return literal.Kind == TokenKind.Identifier && type.Enum.Entries.Any(e => e.Name == literal.Text) ? null : $"must be one of {type.Enum.Name}'s names";
        if (type.Extern is not null) return "cannot be given for an extern type";
        string text = literal.Text;
        switch (type.Primitive)
        {
            case "bool":
                return text is "true" or "false" or "1" or "0" && literal.Kind is TokenKind.Identifier or TokenKind.Integer ? null : "must be true, false, 1 or 0";
            case "byte": return IntegerProblem(literal, sbyte.MinValue, sbyte.MaxValue, "byte");
            case "short": return IntegerProblem(literal, short.MinValue, short.MaxValue, "short");
            case "int": return IntegerProblem(literal, int.MinValue, int.MaxValue, "int");
            case "long": return IntegerProblem(literal, long.MinValue, long.MaxValue, "long");
            case "float":
            case "double":
                if (literal.Kind is not (TokenKind.Integer or TokenKind.Float)) return $"must be a number";
                if (!double.TryParse(text.TrimEnd('f'), NumberStyles.Float, CultureInfo.InvariantCulture, out double d) || double.IsInfinity(d)
                    || (type.Primitive == "float" && float.IsInfinity((float)d)))
                    return $"{text} does not fit in a {type.Primitive}";
                return null;
            case "string":
                if (literal.Kind != TokenKind.String) return "must be a string";
                return Unescape(text, out _) ? null : "has an invalid escape sequence (a backslash at its end, or \\u without four hex digits)";
            default:
                return $"cannot be given for the type {type.Primitive}";
        }
    }

    private static string? IntegerProblem(ProtoLiteral literal, long min, long max, string typeName)
    {
        if (literal.Kind != TokenKind.Integer) return $"must be an integer";
        if (!long.TryParse(literal.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out long v) || v < min || v > max)
            return $"{literal.Text} does not fit in a {typeName} ({min}..{max})";
        return null;
    }

    /// <summary>
    /// Java-style escapes: \" \\ \' \b \t \n \f \r, octal \0..\377 and \uXXXX. Any other escape is kept as written
    /// (backslash and character), as Fudge-Proto keeps it; false only for a backslash at the end or a short \u.
    /// </summary>
    public static bool Unescape(string text, out string value)
    {
        var sb = new StringBuilder(text.Length);
        value = "";
        for (int i = 0; i < text.Length; i++)
        {
            char c = text[i];
            if (c != '\\') { sb.Append(c); continue; }
            if (++i >= text.Length) return false;
            c = text[i];
            switch (c)
            {
                case '"': case '\\': case '\'': sb.Append(c); break;
                case 'b': sb.Append('\b'); break;
                case 't': sb.Append('\t'); break;
                case 'n': sb.Append('\n'); break;
                case 'f': sb.Append('\f'); break;
                case 'r': sb.Append('\r'); break;
                case 'u':
                    if (i + 4 >= text.Length || !int.TryParse(text.Substring(i + 1, 4), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out int u)) return false;
                    sb.Append((char)u);
                    i += 4;
                    break;
                default:
                    if (c is < '0' or > '7')
                    {
                        // Fudge-Proto keeps an escape it does not know as it is written, backslash included.
                        sb.Append('\\').Append(c);
                        break;
                    }
                    int octal = c - '0';
                    int max = c <= '3' ? 2 : 1;
                    for (int k = 0; k < max && i + 1 < text.Length && text[i + 1] is >= '0' and <= '7'; k++) octal = octal * 8 + (text[++i] - '0');
                    sb.Append((char)octal);
                    break;
            }
        }
        value = sb.ToString();
        return true;
    }
}
