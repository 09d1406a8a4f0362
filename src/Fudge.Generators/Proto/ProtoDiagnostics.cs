using System.Collections.Generic;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Text;

namespace Fudge.Generators.Proto;

/// <summary>The diagnostics of <c>.proto</c> files; each is documented in docs/proto.md.</summary>
internal static class ProtoDiagnostics
{
    private const string Category = "Fudge.Proto";

    private static DiagnosticDescriptor Error(string id, string title) => new(id, title, "{0}", Category, DiagnosticSeverity.Error, isEnabledByDefault: true, helpLinkUri: Diagnostics.ProtoHelp(id));

    public static readonly DiagnosticDescriptor Lexical = Error("FUDGEP001", "Invalid character, string or comment");
    public static readonly DiagnosticDescriptor Syntax = Error("FUDGEP002", "Syntax error");
    public static readonly DiagnosticDescriptor DuplicateDefinition = Error("FUDGEP003", "Duplicate definition");
    public static readonly DiagnosticDescriptor UnknownType = Error("FUDGEP004", "Unknown type");
    public static readonly DiagnosticDescriptor DuplicateField = Error("FUDGEP005", "Duplicate field name");
    public static readonly DiagnosticDescriptor DuplicateOrdinal = Error("FUDGEP006", "Duplicate ordinal");
    public static readonly DiagnosticDescriptor BadOrdinal = Error("FUDGEP007", "Ordinal out of range");
    public static readonly DiagnosticDescriptor ExtendsCycle = Error("FUDGEP008", "Cycle in extends");
    public static readonly DiagnosticDescriptor BadExtends = Error("FUDGEP009", "Invalid extends");
    public static readonly DiagnosticDescriptor BadDefault = Error("FUDGEP010", "Invalid default value");
    public static readonly DiagnosticDescriptor BadArraySize = Error("FUDGEP011", "Invalid array size");
    public static readonly DiagnosticDescriptor BadImport = Error("FUDGEP012", "Invalid taxonomy import");
    public static readonly DiagnosticDescriptor DuplicateValue = Error("FUDGEP013", "Duplicate enum or taxonomy entry");
    public static readonly DiagnosticDescriptor Unsupported = Error("FUDGEP014", "Construct not supported in .NET");
    public static readonly DiagnosticDescriptor TooDeep = Error("FUDGEP016", "Nesting too deep");
    public static readonly DiagnosticDescriptor NameCollision = Error("FUDGEP017", "C# name collision");
    public static readonly DiagnosticDescriptor BadModifiers = Error("FUDGEP018", "Conflicting field modifiers");

    // A redeclared inherited field that Fudge-Proto's compiler rejects (CheckDefinitions.checkMessageInheritance).
    public static readonly DiagnosticDescriptor OverrideType = Error("FUDGEP021", "Redeclared field changes the type");
    public static readonly DiagnosticDescriptor OverrideRepeat = Error("FUDGEP022", "Redeclared field changes repeat");
    public static readonly DiagnosticDescriptor OverrideRequirement = Error("FUDGEP023", "Redeclared required field made optional");

    public static readonly DiagnosticDescriptor UnknownBinding = new(
        "FUDGEP015", "Unknown C# binding key", "{0}", Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: Diagnostics.ProtoHelp("FUDGEP015"));

    // Fudge-Proto's compiler warns of these too (BuildSemanticRepresentation).
    public static readonly DiagnosticDescriptor TaxonomyNameImportedToo = new(
        "FUDGEP019", "Taxonomy element also imported", "{0}", Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: Diagnostics.ProtoHelp("FUDGEP019"));

    public static readonly DiagnosticDescriptor UsesIgnored = new(
        "FUDGEP020", "uses clause ignored", "{0}", Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: Diagnostics.ProtoHelp("FUDGEP020"));

    // And of these (CheckDefinitions.checkMessageInheritance, AntlrParser.parseSource).
    public static readonly DiagnosticDescriptor RedundantOverride = new(
        "FUDGEP024", "Redundant override of an inherited field", "{0}", Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: Diagnostics.ProtoHelp("FUDGEP024"));

    public static readonly DiagnosticDescriptor NoDefinitions = new(
        "FUDGEP025", "No definitions in the file", "{0}", Category, DiagnosticSeverity.Warning, isEnabledByDefault: true, helpLinkUri: Diagnostics.ProtoHelp("FUDGEP025"));
}

/// <summary>Collects located diagnostics of one <c>.proto</c> file (line and column computed from the text).</summary>
internal sealed class ProtoDiagnosticBag
{
    /// <summary>Beyond this many, further diagnostics are dropped: a random file must not produce output out of proportion.</summary>
    public const int Limit = 100;

    private readonly string _path;
    private readonly SourceText _text;
    private readonly List<DiagnosticInfo> _items = new();

    public ProtoDiagnosticBag(string path, SourceText text)
    {
        _path = path;
        _text = text;
    }

    public bool HasErrors { get; private set; }

    public IReadOnlyList<DiagnosticInfo> Items => _items;

    public void Report(DiagnosticDescriptor descriptor, TextSpan span, string message)
    {
        if (descriptor.DefaultSeverity == DiagnosticSeverity.Error) HasErrors = true;
        if (_items.Count >= Limit) return;
        int start = System.Math.Min(System.Math.Max(span.Start, 0), _text.Length);
        int end = System.Math.Min(System.Math.Max(span.End, start), _text.Length);
        var clamped = TextSpan.FromBounds(start, end);
        var location = new LocationInfo(_path, clamped, _text.Lines.GetLinePositionSpan(clamped));
        _items.Add(new DiagnosticInfo(descriptor, location, new EquatableArray<string>(new[] { message })));
    }
}
