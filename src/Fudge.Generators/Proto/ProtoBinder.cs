using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.Proto;

/// <summary>A resolved field type: a primitive keyword, a message, an enum, or an extern type; then array dimensions.</summary>
internal sealed class BoundType
{
    public BoundType(string primitive) => Primitive = primitive;

    public BoundType(ProtoMessage message) => Message = message;

    public BoundType(ProtoEnum enumeration) => Enum = enumeration;

    public BoundType(ProtoExtern external) => Extern = external;

    /// <summary>bool, byte, short, int, long, float, double, string, indicator, date, datetime, time or message (anonymous).</summary>
    public string? Primitive { get; }

    public ProtoMessage? Message { get; }

    public ProtoEnum? Enum { get; }

    public ProtoExtern? Extern { get; }

    /// <summary>Outermost first; null for a variable-length dimension.</summary>
    public List<int?> Dimensions { get; } = new();

    public BoundType WithDimensions(IEnumerable<int?> dims)
    {
        var copy = Primitive is not null ? new BoundType(Primitive) : Message is not null ? new BoundType(Message) : Enum is not null ? new BoundType(Enum) : new BoundType(Extern!);
        copy.Dimensions.AddRange(Dimensions);
        copy.Dimensions.AddRange(dims);
        return copy;
    }
}

/// <summary>
/// The semantic pass over a parsed file: gives every definition its full name, resolves type names in scope (innermost
/// first, as Fudge-Proto does), and checks what the grammar cannot: duplicates, cycles, ordinals, defaults, imports.
/// </summary>
internal sealed class ProtoBinder
{
    private readonly ProtoDiagnosticBag _diagnostics;

    public ProtoBinder(ProtoDiagnosticBag diagnostics, bool readonlyByDefault = false)
    {
        _diagnostics = diagnostics;
        _readonlyByDefault = readonlyByDefault;
    }

    // Fudge-Proto's -freadonly / -fmutable switch: what a field without either modifier is (mutable unless told).
    private readonly bool _readonlyByDefault;

    /// <summary>True when <paramref name="field"/> is readonly: declared so, or neither readonly nor mutable under a readonly default.</summary>
    public bool IsReadonly(ProtoField field) => field.Readonly || (!field.Mutable && _readonlyByDefault);

    /// <summary>Full proto name ("a.b.Msg.Inner") of each definition.</summary>
    public Dictionary<string, ProtoDefinition> Definitions { get; } = new();

    public Dictionary<ProtoDefinition, string> FullNames { get; } = new();

    /// <summary>The proto namespace ("a.b", or "") each top-level definition lives in, and the outer message of nested ones.</summary>
    public Dictionary<ProtoDefinition, string> Namespaces { get; } = new();

    public Dictionary<ProtoDefinition, ProtoMessage> Outer { get; } = new();

    public List<ProtoMessage> Messages { get; } = new();

    public List<ProtoEnum> Enums { get; } = new();

    public List<ProtoTaxonomy> Taxonomies { get; } = new();

    public Dictionary<ProtoField, BoundType> FieldTypes { get; } = new();

    public Dictionary<ProtoMessage, ProtoMessage?> Bases { get; } = new();

    /// <summary>Messages that extend an extern message: their base is a C# type outside this file.</summary>
    public Dictionary<ProtoMessage, ProtoExtern> ExternBases { get; } = new();

    public Dictionary<ProtoEnum, List<(ProtoEntry Entry, int Value)>> EnumValues { get; } = new();

    /// <summary>Enums that Fudge-Proto encodes by name (no explicit integer values, or a string value somewhere).</summary>
    public HashSet<ProtoEnum> NameEncodedEnums { get; } = new();

    public Dictionary<ProtoTaxonomy, List<(string Name, short Ordinal)>> TaxonomyEntries { get; } = new();

    private readonly Dictionary<ProtoDefinition, List<string>> _scopes = new();
    private readonly Dictionary<ProtoTypedef, BoundType?> _typedefs = new();
    private readonly HashSet<ProtoTypedef> _resolvingTypedefs = new();

    public void Bind(ProtoNamespace root)
    {
        Declare(root, "", new List<string> { "" });
        foreach (var message in Messages) BindExtends(message);
        foreach (var message in Messages) BindFields(message);
        foreach (var message in Messages) CheckFields(message);
        foreach (var e in Enums) BindEnum(e);
        foreach (var t in Taxonomies) BindTaxonomy(t);
    }

    // ------------------------------------------------------------------ declarations

    private void Declare(ProtoNamespace ns, string prefix, List<string> scopes)
    {
        foreach (var member in ns.Members)
        {
            if (member is ProtoNamespace inner)
            {
                string name = Join(prefix, inner.Name);
                // A dotted namespace "a.b" opens scopes a and a.b.
                var innerScopes = new List<string>();
                var parts = inner.Name.Split('.');
                string p = prefix;
                foreach (var part in parts)
                {
                    p = Join(p, part);
                    innerScopes.Insert(0, p);
                }
                innerScopes.AddRange(scopes);
                Declare(inner, name, innerScopes);
            }
            else if (member is ProtoDefinition definition) DeclareDefinition(definition, prefix, scopes, null);
        }
    }

    private void DeclareDefinition(ProtoDefinition definition, string prefix, List<string> scopes, ProtoMessage? outer)
    {
        string full = Join(prefix, definition.Name);
        _scopes[definition] = scopes;
        if (outer is not null) Outer[definition] = outer;
        else Namespaces[definition] = definition is ProtoExtern || definition is ProtoTypedef ? NamespaceOf(full) : prefix;
        if (Definitions.TryGetValue(full, out var existing))
        {
            if (definition is ProtoExtern) return;                    // a superfluous extern: fine
            if (existing is not ProtoExtern)
            {
                _diagnostics.Report(ProtoDiagnostics.DuplicateDefinition, definition.NameSpan, $"'{full}' is already defined");
                return;
            }
        }
        Definitions[full] = definition;
        FullNames[definition] = full;
        switch (definition)
        {
            case ProtoMessage message:
                Messages.Add(message);
                var innerScopes = new List<string> { full };
                innerScopes.AddRange(scopes);
                foreach (var nested in message.Nested) DeclareDefinition(nested, full, innerScopes, message);
                break;
            case ProtoEnum e:
                Enums.Add(e);
                break;
            case ProtoTaxonomy t:
                Taxonomies.Add(t);
                break;
        }
    }

    private static string Join(string prefix, string name) => prefix.Length == 0 ? name : prefix + "." + name;

    private static string NamespaceOf(string full)
    {
        int dot = full.LastIndexOf('.');
        return dot < 0 ? "" : full.Substring(0, dot);
    }

    private ProtoDefinition? Lookup(string name, ProtoDefinition from)
    {
        // Inside a message, its own nested definitions come first.
        if (from is ProtoMessage && FullNames.TryGetValue(from, out var own) && Definitions.TryGetValue(Join(own, name), out var nested)) return nested;
        foreach (var scope in _scopes[from])
            if (Definitions.TryGetValue(Join(scope, name), out var found)) return found;
        return null;
    }

    // ------------------------------------------------------------------ extends

    private void BindExtends(ProtoMessage message)
    {
        Bases[message] = null;
        if (message.Extends.Count == 0) return;
        if (message.Extends.Count > 1)
            _diagnostics.Report(ProtoDiagnostics.Unsupported, message.Extends[1].Span, "a message can extend only one message (Fudge-Proto does not support multiple inheritance either)");
        var reference = message.Extends[0];
        var found = Lookup(reference.Name, message);
        switch (found)
        {
            case ProtoMessage baseMessage:
                Bases[message] = baseMessage;
                break;
            case ProtoExtern { Kind: "message" } external:
                ExternBases[message] = external;
                break;
            case null:
                _diagnostics.Report(ProtoDiagnostics.UnknownType, reference.Span, $"the message '{reference.Name}' that '{message.Name}' extends is not defined (declare it, or 'extern message {reference.Name};')");
                break;
            default:
                _diagnostics.Report(ProtoDiagnostics.BadExtends, reference.Span, $"'{reference.Name}' is not a message, so '{message.Name}' cannot extend it");
                break;
        }
    }

    /// <summary>The chain root first, ending with <paramref name="message"/>; null when it has a cycle (reported once per message).</summary>
    public List<ProtoMessage>? Chain(ProtoMessage message)
    {
        var chain = new List<ProtoMessage>();
        var seen = new HashSet<ProtoMessage>();
        for (var m = message; m is not null; m = Bases.TryGetValue(m, out var b) ? b : null)
        {
            if (!seen.Add(m)) return null;
            chain.Insert(0, m);
        }
        return chain;
    }

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

    // ------------------------------------------------------------------ enums and taxonomies

    private void BindEnum(ProtoEnum e)
    {
        var values = new List<(ProtoEntry, int)>();
        bool anyInt = e.Entries.Any(x => x.Value?.Kind == TokenKind.Integer);
        bool anyString = e.Entries.Any(x => x.Value?.Kind == TokenKind.String);
        if (anyString || !anyInt) NameEncodedEnums.Add(e);
        var names = new HashSet<string>();
        var used = new Dictionary<int, ProtoEntry>();
        // Fudge-Proto's rule: implied values count up from 1, continuing after the largest explicit value seen so far.
        int next = anyInt && !anyString ? 1 : 0;
        foreach (var entry in e.Entries)
        {
            if (!names.Add(entry.Name))
            {
                _diagnostics.Report(ProtoDiagnostics.DuplicateValue, entry.Span, $"'{entry.Name}' appears twice in the enum '{e.Name}'");
                continue;
            }
            int value;
            if (entry.Value is { Kind: TokenKind.Integer } v)
            {
                if (!int.TryParse(v.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out value))
                {
                    _diagnostics.Report(ProtoDiagnostics.BadDefault, v.Span, $"the value {v.Text} of '{entry.Name}' does not fit in an int");
                    continue;
                }
                if (value >= next) next = value == int.MaxValue ? value : value + 1;
            }
            else value = next == int.MaxValue ? next : next++;
            if (!anyString && used.TryGetValue(value, out var other))
            {
                _diagnostics.Report(ProtoDiagnostics.DuplicateValue, entry.Span, $"'{entry.Name}' has the value {value} already given to '{other.Name}'");
                continue;
            }
            used[value] = entry;
            values.Add((entry, anyString ? values.Count : value));
        }
        EnumValues[e] = values;
    }

    /// <summary>
    /// Numbers a taxonomy as Fudge-Proto's compiler does (<c>BuildSemanticRepresentation.TaxonomyDefinitionBuilder</c>),
    /// so that the generated taxonomy maps names and ordinals exactly as the Java one. Entries are kept by name in
    /// first-seen order. One without an ordinal takes the next automatic ordinal, which counts on from the largest
    /// ordinal seen so far; an import puts the count back where it was when the import ends (so the numbering restarts
    /// after an import, and each nested message of an imported one starts where its outer message's fields ended).
    /// Finally an automatic ordinal moves up past every ordinal given explicitly anywhere in the taxonomy. Automatic
    /// ordinals can therefore repeat (Java accepts that; its taxonomy then maps the ordinal to the last name), while an
    /// explicit ordinal given to two names, or two ordinals to one name, is an error, as in Java.
    /// </summary>
    private void BindTaxonomy(ProtoTaxonomy taxonomy)
    {
        var order = new List<string>();
        var byName = new Dictionary<string, (int? Explicit, int Automatic, string? ImportedFrom, TextSpan Span)>();
        var explicitOrdinals = new Dictionary<int, string>();
        int next = 1;
        TextSpan? importSpan = null;
        string? importing = null;
        void Add(string name, int? ordinal, TextSpan span)
        {
            // Problems found while importing are the import's (Java reports them there too).
            var at = importSpan ?? span;
            if (byName.TryGetValue(name, out var existing))
            {
                if (importSpan is null && existing.ImportedFrom is null)
                {
                    _diagnostics.Report(ProtoDiagnostics.DuplicateValue, at, $"'{name}' appears twice in the taxonomy '{taxonomy.Name}'");
                    return;
                }
                // A name both given and imported, the given one without an ordinal: harmless, but Fudge-Proto's compiler
                // warns of it (at the given entry either way); a name two imports bring is not warned of.
                if (importSpan is null && ordinal is null)
                    _diagnostics.Report(ProtoDiagnostics.TaxonomyNameImportedToo, span,
                        $"the taxonomy element '{name}' is already defined in '{taxonomy.Name}', imported from '{existing.ImportedFrom}'; this entry adds nothing");
                else if (importSpan is not null && existing.ImportedFrom is null && existing.Explicit is null)
                    _diagnostics.Report(ProtoDiagnostics.TaxonomyNameImportedToo, existing.Span,
                        $"the taxonomy element '{name}' is defined in '{taxonomy.Name}' and imported again from '{importing}'");
                if (ordinal is null) return; // the name keeps the entry it has
                if (existing.Explicit is int had)
                {
                    if (had != ordinal) _diagnostics.Report(ProtoDiagnostics.DuplicateValue, at, $"'{name}' has the ordinal {had} in the taxonomy '{taxonomy.Name}' and cannot also have {ordinal}");
                    return;
                }
                // An explicit ordinal replaces an automatic one; the entry keeps its place.
            }
            if (ordinal is int o)
            {
                if (o is < short.MinValue or > short.MaxValue or 0)
                {
                    // An imported field's bad ordinal is reported on the field itself.
                    if (importSpan is null) _diagnostics.Report(ProtoDiagnostics.BadOrdinal, span, $"the ordinal {o} of '{name}' is outside -32768..32767 or is 0");
                    return;
                }
                if (explicitOrdinals.TryGetValue(o, out var other))
                {
                    _diagnostics.Report(ProtoDiagnostics.DuplicateValue, at, $"the ordinal {o} of '{name}' is already given to '{other}' in the taxonomy '{taxonomy.Name}'");
                    return;
                }
                if (o >= next) next = o + 1;
                explicitOrdinals[o] = name;
            }
            if (!byName.ContainsKey(name)) order.Add(name);
            byName[name] = (ordinal, ordinal is null ? next++ : 0, importing, span);
        }
        void Import(ProtoMessage message, int depth)
        {
            if (depth > ProtoParser.MaxDepth) return;
            int restart = next;
            foreach (var field in message.Fields) Add(field.Name, field.Ordinal, field.NameSpan);
            foreach (var nested in message.Nested.OfType<ProtoMessage>()) Import(nested, depth + 1);
            next = restart;
        }
        foreach (var entry in taxonomy.Entries)
        {
            if (entry.Value is { Kind: TokenKind.Punct, Text: "import" })
            {
                var found = Lookup(entry.Name, taxonomy);
                if (found is ProtoMessage message)
                {
                    importSpan = entry.Span;
                    importing = entry.Name;
                    Import(message, 0);
                    importSpan = null;
                    importing = null;
                }
                else if (found is null) _diagnostics.Report(ProtoDiagnostics.BadImport, entry.Span, $"the imported message '{entry.Name}' is not defined");
                else _diagnostics.Report(ProtoDiagnostics.BadImport, entry.Span, $"'{entry.Name}' is not a message, so its fields cannot be imported");
                continue;
            }
            if (entry.Value is { Kind: TokenKind.String })
            {
                _diagnostics.Report(ProtoDiagnostics.BadOrdinal, entry.Value.Span, $"a taxonomy entry's value is an ordinal, not a string");
                continue;
            }
            if (entry.Value is { } v)
            {
                if (!int.TryParse(v.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int ordinal)) ordinal = int.MaxValue;
                Add(entry.Name, ordinal, v.Span);
            }
            else Add(entry.Name, null, entry.Span);
        }

        var entries = new List<(string, short)>();
        foreach (var name in order)
        {
            var element = byName[name];
            if (element.Explicit is int o)
            {
                entries.Add((name, (short)o));
                continue;
            }
            int automatic = element.Automatic;
            while (automatic < short.MaxValue && explicitOrdinals.ContainsKey(automatic)) automatic++;
            if (automatic >= short.MaxValue)
            {
                _diagnostics.Report(ProtoDiagnostics.BadOrdinal, element.Span, $"no ordinal below 32767 is left for '{name}' in the taxonomy '{taxonomy.Name}'");
                continue;
            }
            entries.Add((name, (short)automatic));
        }
        TaxonomyEntries[taxonomy] = entries;
    }
}
