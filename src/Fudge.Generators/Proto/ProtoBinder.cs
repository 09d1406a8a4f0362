using System.Collections.Generic;
using System.Globalization;
using System.Linq;
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
internal sealed partial class ProtoBinder
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
