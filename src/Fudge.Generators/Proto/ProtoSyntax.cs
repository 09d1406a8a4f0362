using System.Collections.Generic;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.Proto;

// The syntax tree of one .proto file. These objects live only inside one parse; the pipeline carries the equatable
// records made from them (TypeModel and the declaration text), never these.

internal abstract class ProtoDefinition
{
    protected ProtoDefinition(string name, TextSpan nameSpan, string? doc)
    {
        Name = name;
        NameSpan = nameSpan;
        Doc = doc;
    }

    public string Name { get; }

    public TextSpan NameSpan { get; }

    public string? Doc { get; }

    /// <summary>The C# language binding's entries (key to text); other languages' bindings are dropped by the parser.</summary>
    public Dictionary<string, (string Text, TextSpan Span)> Binding { get; } = new();
}

internal sealed class ProtoNamespace
{
    public ProtoNamespace(string name) => Name = name;

    public string Name { get; }

    public List<object> Members { get; } = new();
}

internal sealed class ProtoTypeRef
{
    public ProtoTypeRef(string name, TextSpan span)
    {
        Name = name;
        Span = span;
    }

    /// <summary>A primitive keyword (canonical: bool, byte, short, int, long, float, double, string, indicator, date,
    /// datetime, time, message) or a dotted type name.</summary>
    public string Name { get; }

    public TextSpan Span { get; }

    /// <summary>Array dimensions, outermost first: null for <c>[]</c>, the size for <c>[n]</c>.</summary>
    public List<int?> Dimensions { get; } = new();
}

internal sealed class ProtoLiteral
{
    public ProtoLiteral(TokenKind kind, string text, TextSpan span)
    {
        Kind = kind;
        Text = text;
        Span = span;
    }

    /// <summary>Identifier, Integer, Float, String, or Punct for a tuple <c>( ... )</c>.</summary>
    public TokenKind Kind { get; }

    public string Text { get; }

    public TextSpan Span { get; }

    public List<ProtoLiteral> Items { get; } = new();
}

internal sealed class ProtoField : ProtoDefinition
{
    public ProtoField(string name, TextSpan nameSpan, string? doc, ProtoTypeRef type) : base(name, nameSpan, doc) => Type = type;

    public ProtoTypeRef Type { get; }

    public bool Required { get; set; }

    public bool Optional { get; set; }

    public bool Repeated { get; set; }

    public bool Readonly { get; set; }

    public bool Mutable { get; set; }

    public int? Ordinal { get; set; }

    public TextSpan OrdinalSpan { get; set; }

    public ProtoLiteral? Default { get; set; }
}

internal sealed class ProtoMessage : ProtoDefinition
{
    public ProtoMessage(string name, TextSpan nameSpan, string? doc) : base(name, nameSpan, doc) { }

    public bool IsAbstract { get; set; }

    public List<ProtoTypeRef> Extends { get; } = new();

    public List<ProtoField> Fields { get; } = new();

    /// <summary>Nested messages, enums and typedefs.</summary>
    public List<ProtoDefinition> Nested { get; } = new();
}

internal sealed class ProtoEntry
{
    public ProtoEntry(string name, TextSpan span, ProtoLiteral? value)
    {
        Name = name;
        Span = span;
        Value = value;
    }

    public string Name { get; }

    public TextSpan Span { get; }

    public ProtoLiteral? Value { get; }
}

internal sealed class ProtoEnum : ProtoDefinition
{
    public ProtoEnum(string name, TextSpan nameSpan, string? doc) : base(name, nameSpan, doc) { }

    public List<ProtoEntry> Entries { get; } = new();
}

internal sealed class ProtoTaxonomy : ProtoDefinition
{
    public ProtoTaxonomy(string name, TextSpan nameSpan, string? doc) : base(name, nameSpan, doc) { }

    /// <summary>Entries in order; an entry with <see cref="ProtoEntry.Value"/> of kind Punct "import" names a message to import.</summary>
    public List<ProtoEntry> Entries { get; } = new();
}

internal sealed class ProtoTypedef : ProtoDefinition
{
    public ProtoTypedef(string name, TextSpan nameSpan, string? doc, ProtoTypeRef type, bool isExtern) : base(name, nameSpan, doc)
    {
        Type = type;
        IsExtern = isExtern;
    }

    public ProtoTypeRef Type { get; }

    public bool IsExtern { get; }
}

/// <summary><c>extern message|enum|taxonomy a.b.C;</c> and the forward declaration <c>message C;</c>.</summary>
internal sealed class ProtoExtern : ProtoDefinition
{
    public ProtoExtern(string name, TextSpan nameSpan, string kind) : base(name, nameSpan, null) => Kind = kind;

    /// <summary>"message", "enum" or "taxonomy".</summary>
    public string Kind { get; }
}
