using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

/// <summary>A member's type as inferred: a scalar, a type of the schema, or a collection of one.</summary>
internal sealed record TypeRef(TypeRefKind Kind, string Scalar = "", TypeDef? Type = null, EnumDef? Enum = null,
    TypeRef? Element = null, TypeRef? Key = null, bool ElementNullable = false)
{
    public static TypeRef Of(string scalar) => new(TypeRefKind.Scalar, scalar);

    /// <summary>True for a C# value type (a nullable member is then <c>T?</c> of Nullable).</summary>
    public bool IsValueType => Kind == TypeRefKind.Enum || Kind == TypeRefKind.Scalar && Scalar is not ("string" or "byte[]" or "object" or "short[]" or "int[]" or "long[]" or "float[]" or "double[]");
}

internal enum TypeRefKind { Scalar, Type, Enum, List, Array, Set, Map, FudgeMsg }

/// <summary>One inferred [FudgeMessage] type.</summary>
internal sealed class TypeDef
{
    public string Name = "";
    public string? JavaClass;
    public TypeDef? Base;
    public readonly List<MemberDef> Members = new();
    public long Messages;
    public bool HasDerived;
    /// <summary>Some field has no member (anonymous, indicator-only, unknown type): the type keeps it in <c>ExtensionData</c>.</summary>
    public bool Extensible;
    /// <summary>Fudge-Java's <c>char</c> message: no type of its own is written.</summary>
    public bool IsChar;
    /// <summary>Top-level messages without class names among Java samples: this library's own mapping, not a Java bean.</summary>
    public bool FudgeMapping;
    /// <summary>Which <c>FudgeFieldIds</c> the members' keys need: Names, Ordinals or NamesAndOrdinals.</summary>
    public string Fields = "Names";
    public readonly List<string> Notes = new();
}

/// <summary>One member of an inferred type: its wire key, C# name, type, and what was seen.</summary>
internal sealed class MemberDef
{
    public FieldKeyOf Key;
    public string Name = "";
    public TypeRef? Type;
    public bool Nullable;
    /// <summary>The field came more than once in a message: a list member, each element a field of its own ([FudgeField(Repeated = true)]).</summary>
    public bool Repeated;
    /// <summary>A repeated field's values held indicators: its elements are nullable.</summary>
    public bool ElementNullable;
    /// <summary>
    /// A repeated field a list member would not write back as it came (a key the type's field mode writes otherwise, or
    /// empty sub-messages among its objects): kept in <c>ExtensionData</c> instead.
    /// </summary>
    public bool KeptRepeated;
    /// <summary>Null members must be written as indicators (the samples had indicators and never left the field out).</summary>
    public bool IndicatorWhenNull;
    public FudgeDateTimeAccuracy? Accuracy;
    /// <summary>A field with an ordinal in a type whose other fields have names only: kept in <c>ExtensionData</c> in C#.</summary>
    public bool OrdinalAside;
    public string Seen = "";
}

/// <summary>One inferred enum: Fudge-Java's enum messages of one class.</summary>
internal sealed class EnumDef
{
    public string Name = "";
    public string JavaClass = "";
    public readonly List<(string Member, string Constant)> Members = new();
}

/// <summary>
/// The schema the statistics give: types (Java classes with their hierarchy, and one type per group of structurally
/// equal unnamed sub-messages), enums and members, in a deterministic order.
/// </summary>
internal sealed class InferredSchema
{
    public readonly List<TypeDef> Types = new();
    public readonly List<EnumDef> Enums = new();
    public bool Java;
    public string Namespace = "Inferred";
    public string JavaPackage = "";
    public long Messages;
    /// <summary>The type of top-level messages without class names, if there were any.</summary>
    public TypeDef? Root;
}

/// <summary>Turns <see cref="SchemaStatistics"/> into an <see cref="InferredSchema"/>.</summary>
internal sealed partial class SchemaResolver
{
    private readonly SchemaStatistics _stats;
    private readonly Dictionary<ShapeNode, ShapeNode> _parent = new(ReferenceEqualityComparer.Instance);
    private readonly List<ShapeNode> _nodes = new();
    private readonly Dictionary<ShapeNode, TypeDef> _types = new(ReferenceEqualityComparer.Instance);
    private readonly Dictionary<string, EnumDef> _enums = new(StringComparer.Ordinal);
    private readonly HashSet<string> _usedNames = new(StringComparer.Ordinal);
    private readonly InferredSchema _schema = new();

    public SchemaResolver(SchemaStatistics stats) => _stats = stats;

    public InferredSchema Resolve(string ns, string? javaPackage, string rootName)
    {
        _schema.Namespace = ns;
        _schema.Java = _stats.LooksJava;
        _schema.Messages = _stats.Messages;
        Collect();
        UnionStructurallyEqual();
        for (int pass = 0; pass < 32 && UnionByPosition(); pass++) { }
        string[] allClasses = _stats.ClassOrder.Concat(_stats.EnumOrder).ToArray();
        _schema.JavaPackage = javaPackage ?? CommonPackage(allClasses);

        foreach (var name in _stats.EnumOrder) MakeEnum(name);
        // Types in order of first sight: classes (bases before derived), then the root, then unnamed groups.
        foreach (var name in _stats.ClassOrder) TypeFor(_stats.Classes[name]);
        if (_stats.Root.MessageCount > 0)
        {
            _schema.Root = TypeFor(_stats.Root, rootName);
            _schema.Root.FudgeMapping = _schema.Java;
        }
        foreach (var node in _nodes) TypeFor(node);
        foreach (var type in _schema.Types.ToList()) FillMembers(type);
        _schema.Types.RemoveAll(t => t.IsChar);
        if (_schema.Java) MarkFudgeMapped();
        foreach (var type in _schema.Types)
            type.Extensible = type.Members.Any(m => !CSharpSchemaWriter.HasMember(m)) && !Ancestors(type).Any(b => b.Extensible);
        return _schema;
    }

    /// <summary>
    /// Among Java samples, the types that are no Java bean and hang under none (top-level messages without class names
    /// and their sub-messages) keep this library's own mapping: the Java mapping would add class names they never had.
    /// </summary>
    private void MarkFudgeMapped()
    {
        var java = new HashSet<TypeDef>(ReferenceEqualityComparer.Instance);
        var queue = new Queue<TypeDef>(_schema.Types.Where(t => t.JavaClass is not null));
        while (queue.Count > 0)
        {
            var type = queue.Dequeue();
            if (!java.Add(type)) continue;
            foreach (var member in type.Members)
                foreach (var used in Used(member.Type)) queue.Enqueue(used);
        }
        foreach (var type in _schema.Types) type.FudgeMapping = !java.Contains(type);
    }

    private static IEnumerable<TypeDef> Used(TypeRef? type)
    {
        if (type is null) yield break;
        if (type.Type is not null) yield return type.Type;
        foreach (var inner in new[] { type.Element, type.Key })
            foreach (var t in Used(inner)) yield return t;
    }

    private static IEnumerable<TypeDef> Ancestors(TypeDef type)
    {
        for (var b = type.Base; b is not null; b = b.Base) yield return b;
    }
}
