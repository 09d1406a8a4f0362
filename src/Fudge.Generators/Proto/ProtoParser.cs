using System.Collections.Generic;
using System.Globalization;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.Proto;

/// <summary>
/// A hand-written recursive-descent parser for the Fudge-Proto dialect. On a syntax error it reports a located
/// diagnostic and skips to the end of the statement or block, so a malformed file still yields the definitions it can
/// and never throws. Every loop consumes at least one token per turn and nesting is bounded, so parsing ends on any input.
/// </summary>
internal sealed class ProtoParser
{
    /// <summary>Deeper nesting (namespaces, messages, tuples) is refused, so hostile text cannot exhaust the stack.</summary>
    public const int MaxDepth = 32;

    private static readonly HashSet<string> Keywords = new()
    {
        "abstract", "binding", "default", "enum", "extends", "extern", "import", "message", "mutable", "namespace",
        "optional", "readonly", "repeated", "required", "bool", "byte", "date", "datetime", "double", "float",
        "indicator", "int", "long", "short", "string", "time", "taxonomy", "typedef", "uses",
    };

    private static readonly Dictionary<string, string> Primitives = new()
    {
        ["bool"] = "bool", ["boolean"] = "bool",
        ["byte"] = "byte", ["int8"] = "byte",
        ["short"] = "short", ["int16"] = "short",
        ["int"] = "int", ["int32"] = "int", ["uint32"] = "int", ["sint32"] = "int", ["fixed32"] = "int", ["sfixed32"] = "int", ["integer"] = "int",
        ["long"] = "long", ["int64"] = "long", ["uint64"] = "long", ["sint64"] = "long", ["fixed64"] = "long", ["sfixed64"] = "long",
        ["float"] = "float", ["float32"] = "float",
        ["double"] = "double", ["float64"] = "double",
        ["indicator"] = "indicator", ["string"] = "string",
        ["date"] = "date", ["datetime"] = "datetime", ["time"] = "time",
    };

    private readonly List<Token> _tokens;
    private readonly ProtoDiagnosticBag _diagnostics;
    private int _pos;
    private int _depth;

    private ProtoParser(List<Token> tokens, ProtoDiagnosticBag diagnostics)
    {
        _tokens = tokens;
        _diagnostics = diagnostics;
    }

    /// <summary>Parses a whole file into its root namespace (name "").</summary>
    public static ProtoNamespace Parse(string text, ProtoDiagnosticBag diagnostics)
    {
        var parser = new ProtoParser(ProtoLexer.Tokenize(text, diagnostics), diagnostics);
        var root = new ProtoNamespace("");
        parser.RootObjects(root, topLevel: true);
        return root;
    }

    private Token Current => _tokens[_pos];

    private Token Peek(int n) => _tokens[System.Math.Min(_pos + n, _tokens.Count - 1)];

    private bool AtEnd => Current.Kind == TokenKind.End;

    private Token Advance()
    {
        var t = Current;
        if (!AtEnd) _pos++;
        return t;
    }

    private bool Accept(string text)
    {
        if (!Current.Is(text) || Current.Kind == TokenKind.String) return false;
        Advance();
        return true;
    }

    private sealed class SyntaxException : System.Exception { }

    /// <summary>Reports a syntax error at the current token and unwinds to the statement's recovery point.</summary>
    private SyntaxException Error(string expected)
    {
        _diagnostics.Report(ProtoDiagnostics.Syntax, Current.Span.Length == 0 ? new TextSpan(Current.Start, 0) : Current.Span,
            $"expected {expected}, found {Current}");
        return new SyntaxException();
    }

    private void Expect(string text)
    {
        if (!Accept(text)) throw Error("'" + text + "'");
    }

    private Token ExpectIdentifier(string what)
    {
        if (Current.Kind != TokenKind.Identifier || Keywords.Contains(Current.Text)) throw Error(what);
        return Advance();
    }

    /// <summary>Skips to just after the next ';' or to the next '}' of the current block (not consumed), balancing nested braces.</summary>
    private void Recover(int startPos)
    {
        if (_pos == startPos) Advance();
        int braces = 0;
        while (!AtEnd)
        {
            if (Current.Is("{")) braces++;
            else if (Current.Is("}"))
            {
                if (braces == 0) return;
                braces--;
                if (braces == 0) { Advance(); return; }
            }
            else if (Current.Is(";") && braces == 0) { Advance(); return; }
            Advance();
        }
    }

    private bool Enter(TextSpan span)
    {
        if (_depth >= MaxDepth)
        {
            _diagnostics.Report(ProtoDiagnostics.TooDeep, span, $"definitions are nested more than {MaxDepth} deep");
            return false;
        }
        _depth++;
        return true;
    }

    // ------------------------------------------------------------------ root

    private void RootObjects(ProtoNamespace ns, bool topLevel)
    {
        while (!AtEnd && !(Current.Is("}") && !topLevel))
        {
            int start = _pos;
            try
            {
                RootObject(ns);
            }
            catch (SyntaxException)
            {
                Recover(start);
                if (topLevel && Current.Is("}")) Advance();
            }
            if (_pos == start) Advance();
        }
    }

    private void RootObject(ProtoNamespace ns)
    {
        var doc = Current.Doc;
        if (Accept("namespace"))
        {
            var (name, span) = FullIdentifier("a namespace name");
            Expect("{");
            if (!Enter(span)) { SkipBlock(); return; }
            var inner = new ProtoNamespace(name);
            ns.Members.Add(inner);
            RootObjects(inner, topLevel: false);
            _depth--;
            Expect("}");
        }
        else if (Accept("extern"))
        {
            if (Current.Is("typedef"))
            {
                Advance();
                ns.Members.Add(Typedef(doc, isExtern: true));
                return;
            }
            if (!(Current.Is("message") || Current.Is("taxonomy") || Current.Is("enum"))) throw Error("'message', 'enum', 'taxonomy' or 'typedef'");
            string kind = Advance().Text;
            var (name, span) = FullIdentifier("a type name");
            Expect(";");
            ns.Members.Add(new ProtoExtern(name, span, kind));
        }
        else if (Current.Is("message") && Peek(1).Kind == TokenKind.Identifier && Peek(2).Is(";"))
        {
            Advance();
            var name = Advance();
            Advance();
            ns.Members.Add(new ProtoExtern(name.Text, name.Span, "message"));
        }
        else if (Current.Is("abstract") || Current.Is("message")) ns.Members.Add(Message(doc));
        else if (Accept("enum")) ns.Members.Add(Enum(doc));
        else if (Accept("taxonomy")) ns.Members.Add(Taxonomy(doc));
        else if (Accept("typedef")) ns.Members.Add(Typedef(doc, isExtern: false));
        else throw Error("'namespace', 'message', 'enum', 'taxonomy', 'typedef' or 'extern'");
    }

    private void SkipBlock()
    {
        int braces = 1;
        while (!AtEnd && braces > 0)
        {
            if (Current.Is("{")) braces++;
            else if (Current.Is("}")) braces--;
            if (braces > 0) Advance();
        }
        if (Current.Is("}")) Advance();
    }

    private (string Name, TextSpan Span) FullIdentifier(string what)
    {
        var first = ExpectIdentifier(what);
        string name = first.Text;
        int end = first.Start + first.Length;
        while (Current.Is(".") && Peek(1).Kind == TokenKind.Identifier)
        {
            Advance();
            var part = Advance();
            name += "." + part.Text;
            end = part.Start + part.Length;
        }
        return (name, TextSpan.FromBounds(first.Start, end));
    }

    // ------------------------------------------------------------------ message

    private ProtoMessage Message(string? doc)
    {
        bool isAbstract = Accept("abstract");
        Expect("message");
        var name = ExpectIdentifier("a message name");
        var message = new ProtoMessage(name.Text, name.Span, doc) { IsAbstract = isAbstract };
        if (Accept("uses"))
        {
            do
            {
                // Parsed for compatibility only; Fudge-Proto's compiler warns of each taxonomy named, at its name, too.
                var (taxonomy, span) = FullIdentifier("a taxonomy name");
                if (taxonomy.Length > 0)
                    _diagnostics.Report(ProtoDiagnostics.UsesIgnored, span, $"'{name.Text}' uses the taxonomy '{taxonomy}': uses clauses are ignored here (Fudge-Proto's compiler refuses them: \"unknown taxonomy 'uses'\")");
            }
            while (Accept(","));
        }
        if (Accept("extends"))
        {
            do
            {
                var (baseName, span) = FullIdentifier("a message name");
                message.Extends.Add(new ProtoTypeRef(baseName, span));
            }
            while (Accept(","));
        }
        Expect("{");
        if (!Enter(name.Span)) { SkipBlock(); return message; }
        while (!AtEnd && !Current.Is("}"))
        {
            int start = _pos;
            try
            {
                MessageElement(message);
            }
            catch (SyntaxException)
            {
                Recover(start);
            }
            if (_pos == start) Advance();
        }
        _depth--;
        Expect("}");
        return message;
    }

    private void MessageElement(ProtoMessage message)
    {
        var doc = Current.Doc;
        if (Accept("enum")) message.Nested.Add(Enum(doc));
        else if (Current.Is("binding")) Binding(message);
        else if (Accept("typedef")) message.Nested.Add(Typedef(doc, isExtern: false));
        else if (Current.Is("abstract") || (Current.Is("message") && Peek(1).Kind == TokenKind.Identifier && (Peek(2).Is("{") || Peek(2).Is("extends"))))
            message.Nested.Add(Message(doc));
        else message.Fields.Add(Field(doc));
    }

    private ProtoField Field(string? doc)
    {
        bool required = false, optional = false, repeated = false, isReadonly = false, mutable = false;
        while (true)
        {
            if (Accept("required")) required = true;
            else if (Accept("optional")) optional = true;
            else if (Accept("repeated")) repeated = true;
            else if (Accept("readonly")) isReadonly = true;
            else if (Accept("mutable")) mutable = true;
            else break;
        }
        var type = FieldType();
        var name = ExpectIdentifier("a field name");
        var field = new ProtoField(name.Text, name.Span, doc, type)
        {
            Required = required, Optional = optional, Repeated = repeated, Readonly = isReadonly, Mutable = mutable,
        };
        if (Accept("="))
        {
            var ordinal = Current;
            if (ordinal.Kind != TokenKind.Integer) throw Error("an ordinal");
            Advance();
            field.OrdinalSpan = ordinal.Span;
            field.Ordinal = int.TryParse(ordinal.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int o) ? o : int.MaxValue;
        }
        if (Accept("["))
        {
            do
            {
                Expect("default");
                Expect("=");
                field.Default = Literal();
            }
            while (Accept(","));
            Expect("]");
        }
        Expect(";");
        return field;
    }

    private ProtoTypeRef FieldType()
    {
        ProtoTypeRef type;
        if (Current.Kind == TokenKind.Identifier && Current.Text == "message")
        {
            var t = Advance();
            type = new ProtoTypeRef("message", t.Span);
        }
        else if (Current.Kind == TokenKind.Identifier && Primitives.TryGetValue(Current.Text, out var canonical))
        {
            var t = Advance();
            type = new ProtoTypeRef(canonical, t.Span);
        }
        else
        {
            var (name, span) = FullIdentifier("a field type");
            type = new ProtoTypeRef(name, span);
        }
        while (Accept("["))
        {
            if (Current.Kind == TokenKind.Integer)
            {
                var size = Advance();
                if (!int.TryParse(size.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out int n) || n <= 0)
                {
                    _diagnostics.Report(ProtoDiagnostics.BadArraySize, size.Span, $"the array size {size.Text} is not a positive 32-bit integer");
                    n = 1;
                }
                type.Dimensions.Add(n);
            }
            else if (Current.Kind is TokenKind.Float or TokenKind.String or TokenKind.Identifier)
            {
                var size = Advance();
                _diagnostics.Report(ProtoDiagnostics.BadArraySize, size.Span, $"the array size {size} is not a positive 32-bit integer");
                type.Dimensions.Add(null);
            }
            else type.Dimensions.Add(null);
            Expect("]");
        }
        return type;
    }

    private ProtoLiteral Literal()
    {
        var t = Current;
        switch (t.Kind)
        {
            case TokenKind.Identifier when !Keywords.Contains(t.Text) || t.Text is "true" or "false":
            case TokenKind.Integer:
            case TokenKind.Float:
            case TokenKind.String:
                Advance();
                return new ProtoLiteral(t.Kind, t.Text, t.Span);
        }
        if (!t.Is("(")) throw Error("a value");
        Advance();
        var tuple = new ProtoLiteral(TokenKind.Punct, "(", t.Span);
        if (!Enter(t.Span)) throw new SyntaxException();
        try
        {
            if (!Current.Is(")"))
            {
                do tuple.Items.Add(Literal()); while (Accept(","));
            }
            var close = Current;
            Expect(")");
            return new ProtoLiteral(TokenKind.Punct, "(", TextSpan.FromBounds(t.Start, close.Start + 1)) { }.WithItems(tuple.Items);
        }
        finally
        {
            _depth--;
        }
    }

    // ------------------------------------------------------------------ enum, taxonomy, typedef, binding

    private ProtoEnum Enum(string? doc)
    {
        var name = ExpectIdentifier("an enum name");
        var definition = new ProtoEnum(name.Text, name.Span, doc);
        Entries(definition, definition.Entries, allowImport: false);
        return definition;
    }

    private ProtoTaxonomy Taxonomy(string? doc)
    {
        var name = ExpectIdentifier("a taxonomy name");
        var definition = new ProtoTaxonomy(name.Text, name.Span, doc);
        Entries(definition, definition.Entries, allowImport: true);
        return definition;
    }

    private void Entries(ProtoDefinition owner, List<ProtoEntry> entries, bool allowImport)
    {
        Expect("{");
        while (!AtEnd && !Current.Is("}"))
        {
            int start = _pos;
            try
            {
                if (Current.Is("binding")) Binding(owner);
                else if (allowImport && Accept("import"))
                {
                    var (message, span) = FullIdentifier("a message name");
                    Expect(";");
                    entries.Add(new ProtoEntry(message, span, new ProtoLiteral(TokenKind.Punct, "import", span)));
                }
                else
                {
                    var name = ExpectIdentifier("an entry name");
                    ProtoLiteral? value = null;
                    if (Accept("="))
                    {
                        var v = Current;
                        if (v.Kind != TokenKind.Integer && v.Kind != TokenKind.String) throw Error("an integer or a string");
                        Advance();
                        value = new ProtoLiteral(v.Kind, v.Text, v.Span);
                    }
                    Expect(";");
                    entries.Add(new ProtoEntry(name.Text, name.Span, value));
                }
            }
            catch (SyntaxException)
            {
                Recover(start);
            }
            if (_pos == start) Advance();
        }
        Expect("}");
    }

    private ProtoTypedef Typedef(string? doc, bool isExtern)
    {
        var (name, span) = FullIdentifier("a type name");
        Expect("=");
        var type = FieldType();
        Expect(";");
        return new ProtoTypedef(name, span, doc, type, isExtern);
    }

    /// <summary><c>binding Language { key value; ... }</c>: kept for C# (CSharp, csharp, CS, "C#"), skipped for other languages.</summary>
    private void Binding(ProtoDefinition owner)
    {
        Expect("binding");
        var language = Current;
        if (language.Kind is not (TokenKind.Identifier or TokenKind.String)) throw Error("a language name");
        Advance();
        while (language.Kind == TokenKind.Identifier && Current.Is(".") && Peek(1).Kind == TokenKind.Identifier) { Advance(); Advance(); }
        bool csharp = language.Text.ToUpperInvariant() is "CSHARP" or "C#" or "CS";
        Expect("{");
        while (!AtEnd && !Current.Is("}"))
        {
            var key = Current;
            if (key.Kind is not (TokenKind.Identifier or TokenKind.String)) throw Error("a binding key");
            Advance();
            var value = Current;
            if (value.Kind == TokenKind.HereDoc) Advance();
            else if (value.Kind == TokenKind.String) { Advance(); Expect(";"); }
            else if (value.Kind == TokenKind.Identifier) { var (text, span) = FullIdentifier("a binding value"); value = new Token(TokenKind.Identifier, text, span.Start, span.Length, null); Expect(";"); }
            else throw Error("a binding value");
            // A binding string is unescaped as Fudge-Proto unescapes it (a here-document is taken as written).
            string bound = value.Kind == TokenKind.String && ProtoBinder.Unescape(value.Text, out var unescaped) ? unescaped : value.Text;
            if (csharp) owner.Binding[key.Text] = (bound, key.Span);
        }
        Expect("}");
    }
}

internal static class ProtoLiteralExtensions
{
    public static ProtoLiteral WithItems(this ProtoLiteral literal, List<ProtoLiteral> items)
    {
        literal.Items.AddRange(items);
        return literal;
    }
}
