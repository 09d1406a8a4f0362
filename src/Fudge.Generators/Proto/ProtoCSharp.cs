using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using Microsoft.CodeAnalysis.CSharp;

namespace Fudge.Generators.Proto;

/// <summary>
/// Turns a bound .proto file into C#: the type declarations (partial classes with properties, enums, taxonomies), and
/// for every message the same <see cref="TypeModel"/> the <c>[FudgeMessage]</c> path builds, so that the one
/// <see cref="Emitter"/> writes its formatter.
/// </summary>
internal sealed partial class ProtoCSharp
{
    /// <summary>Fields are keyed by ordinal when the .proto gives one, by name otherwise (Fudge-Proto's rule).</summary>
    public const int OrdinalWhereDeclared = 4;

    private readonly ProtoBinder _b;
    private readonly ProtoDiagnosticBag _diagnostics;
    private readonly IReadOnlyList<KeyValuePair<string, string>> _namespaceMap;
    private readonly Dictionary<ProtoDefinition, string> _csNames = new();

    private readonly bool _nullable;

    // The enums the project's .proto files define, by full proto name: true when written by name.
    private readonly IReadOnlyDictionary<string, bool> _projectEnums;

    public ProtoCSharp(ProtoBinder binder, ProtoDiagnosticBag diagnostics, IReadOnlyList<KeyValuePair<string, string>> namespaceMap, bool nullableAnnotations,
        IReadOnlyDictionary<string, bool>? projectEnums = null, bool javaValues = false)
    {
        _javaValues = javaValues;
        _nullable = nullableAnnotations;
        _projectEnums = projectEnums ?? new Dictionary<string, bool>();
        _b = binder;
        _diagnostics = diagnostics;
        _namespaceMap = namespaceMap;
    }

    public List<TypeModel> Models { get; } = new();

    private readonly bool _javaValues;

    /// <summary>
    /// In the Java-compatible mapping, the shape with Java's value forms: canonical NaN (floats, doubles and their
    /// arrays), the first and last dates as dates, and datetimes as local date-times (Fudge-Proto's Java uses
    /// <c>LocalDateTime</c>, which has no zone). Enums, byte arrays and messages keep Fudge-Proto's own forms.
    /// </summary>
    private ValueShape WithJavaValues(ValueShape shape)
    {
        if (!_javaValues) return shape;
        var element = shape.Element is null ? null : WithJavaValues(shape.Element);
        bool java = shape.Kind is ShapeKind.Single or ShapeKind.Double or ShapeKind.SingleArray or ShapeKind.DoubleArray
            or ShapeKind.DateOnly or ShapeKind.DateTime or ShapeKind.DateTimeOffset;
        return shape with { Element = element, Java = java };
    }

    // ------------------------------------------------------------------ names

    /// <summary>The C# namespace for a proto namespace, after the first matching prefix mapping; null for the global one.</summary>
    public string? CSharpNamespace(string protoNamespace)
    {
        foreach (var pair in _namespaceMap)
        {
            if (protoNamespace == pair.Key || (pair.Key.Length == 0 ? protoNamespace.Length > 0 : protoNamespace.StartsWith(pair.Key + ".", System.StringComparison.Ordinal)))
            {
                string rest = pair.Key.Length == 0 ? protoNamespace : protoNamespace.Substring(pair.Key.Length).TrimStart('.');
                protoNamespace = pair.Value.Length == 0 ? rest : rest.Length == 0 ? pair.Value : pair.Value + "." + rest;
                break;
            }
        }
        if (protoNamespace.Length == 0) return null;
        return string.Join(".", protoNamespace.Split('.').Select(Escape));
    }

    private string TypeName(ProtoDefinition d)
    {
        if (_csNames.TryGetValue(d, out var name)) return name;
        name = d.Binding.TryGetValue("name", out var bound) ? bound.Text : Escape(d.Name.TrimStart('$'));
        _csNames[d] = name;
        return name;
    }

    /// <summary><c>global::Ns.Outer.Inner</c>.</summary>
    public string FullName(ProtoDefinition d)
    {
        if (d is ProtoExtern x) return ExternFullName(x);
        var parts = new List<string> { TypeName(d) };
        var current = d;
        while (_b.Outer.TryGetValue(current, out var outer))
        {
            parts.Insert(0, TypeName(outer));
            current = outer;
        }
        string? csNs = CSharpNamespace(_b.Namespaces[current]);
        return "global::" + (csNs is null ? "" : csNs + ".") + string.Join(".", parts);
    }

    private string ExternFullName(ProtoExtern x)
    {
        string full = _b.FullNames.TryGetValue(x, out var f) ? f : x.Name;
        string ns = full.Contains(".") ? full.Substring(0, full.LastIndexOf('.')) : "";
        string? csNs = CSharpNamespace(ns);
        return "global::" + (csNs is null ? "" : csNs + ".") + Escape(full.Substring(full.LastIndexOf('.') + 1));
    }

    /// <summary>The class name Fudge-Java's generated code writes at ordinal 0: <c>a.b.Outer$Inner</c>.</summary>
    private string JavaName(ProtoDefinition d)
    {
        var parts = new List<string> { d.Name };
        var current = d;
        while (_b.Outer.TryGetValue(current, out var outer))
        {
            parts.Insert(0, outer.Name);
            current = outer;
        }
        string ns = _b.Namespaces[current];
        return (ns.Length == 0 ? "" : ns + ".") + string.Join("$", parts);
    }

    /// <summary>camelCase to PascalCase (<c>bcA_o</c> to <c>BcA_o</c>, <c>$int</c> to <c>Int</c>), a keyword escaped.</summary>
    public static string PropertyName(string field)
    {
        string n = field.TrimStart('$');
        if (n.Length > 0 && char.IsLower(n[0])) n = char.ToUpperInvariant(n[0]) + n.Substring(1);
        return Escape(n);
    }

    /// <summary>
    /// The C# property of <paramref name="field"/> declared in <paramref name="declaring"/>: PascalCase, with "Value"
    /// appended when that would be the name of the type itself or of one of its nested types (C# forbids both).
    /// </summary>
    private string Property(ProtoField field, ProtoMessage declaring)
    {
        string prop = PropertyName(field.Name);
        if (prop == TypeName(declaring) || declaring.Nested.Any(n => TypeName(n) == prop)) prop += "Value";
        return prop;
    }

    private static string Escape(string name)
        => SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None || SyntaxFacts.GetContextualKeywordKind(name) is SyntaxKind.AwaitKeyword ? "@" + name : name;

    // ------------------------------------------------------------------ shapes

    private ValueShape? ElementShape(BoundType t, string fieldName, Microsoft.CodeAnalysis.Text.TextSpan span)
    {
        // Class names below the declared type, as Java writes them: for a message here only when it takes part in
        // inheritance; for an extern one the formatter decides at run time (a [FudgeMessage] type keeps its own form).
        if (t.Message is not null) return new ValueShape(ShapeKind.Message, FullName(t.Message), false, ClassHeaders: IsPolymorphic(t.Message));
        if (t.Extern is { Kind: "message" }) return new ValueShape(ShapeKind.Message, FullName(t.Extern), false, ClassHeaders: true);
        if (t.Extern is not null)
        {
            // An extern enum is written as its definition says, as Fudge-Proto's compiler, given all the project's
            // files, does. One no .proto file of the project defines (a C# enum, say) is one whose values Java does
            // not know either: it writes the member's name (EnumDefinition.Type.DEFAULT).
            return ExternEnumByName(t.Extern) switch
            {
                false => new ValueShape(ShapeKind.Enum, FullName(t.Extern), true),
                true => new ValueShape(ShapeKind.EnumName, FullName(t.Extern), true),
                null => new ValueShape(ShapeKind.ExternEnumName, FullName(t.Extern), true),
            };
        }
        if (t.Enum is not null)
            return _b.NameEncodedEnums.Contains(t.Enum)
                ? new ValueShape(ShapeKind.EnumName, FullName(t.Enum), true)
                : new ValueShape(ShapeKind.Enum, FullName(t.Enum), true);
        return t.Primitive switch
        {
            "bool" => new ValueShape(ShapeKind.Boolean, "bool", true),
            "byte" => new ValueShape(ShapeKind.SByte, "sbyte", true),
            "short" => new ValueShape(ShapeKind.Int16, "short", true),
            "int" => new ValueShape(ShapeKind.Int32, "int", true),
            "long" => new ValueShape(ShapeKind.Int64, "long", true),
            "float" => new ValueShape(ShapeKind.Single, "float", true),
            "double" => new ValueShape(ShapeKind.Double, "double", true),
            "string" => new ValueShape(ShapeKind.String, "string", false),
            "indicator" => new ValueShape(ShapeKind.Indicator, "bool", true),
            "date" => new ValueShape(ShapeKind.DateOnly, "global::System.DateOnly", true),
            "datetime" => new ValueShape(ShapeKind.DateTimeOffset, "global::System.DateTimeOffset", true),
            "time" => new ValueShape(ShapeKind.TimeOnly, "global::System.TimeOnly", true),
            _ => new ValueShape(ShapeKind.FudgeMsg, "global::Fudge.FudgeMsg", false),
        };
    }

    /// <summary>For an extern enum: false when a .proto file of the project defines it with values, true when by name, null when none defines it.</summary>
    private bool? ExternEnumByName(ProtoExtern x)
        => _projectEnums.TryGetValue(_b.FullNames.TryGetValue(x, out var full) ? full : x.Name, out bool byName) ? byName : null;

    /// <summary>The shape of a value of <paramref name="t"/> with its array dimensions (innermost native arrays where Fudge has one).</summary>
    private ValueShape? Shape(BoundType t, string fieldName, Microsoft.CodeAnalysis.Text.TextSpan span)
    {
        var shape = ElementShape(t, fieldName, span);
        if (shape is null) return null;
        for (int i = 0; i < t.Dimensions.Count; i++)
        {
            if (i == 0 && t.Primitive is not null)
            {
                var native = t.Primitive switch
                {
                    "byte" => new ValueShape(ShapeKind.Bytes, "byte[]", false),
                    "short" => new ValueShape(ShapeKind.Int16Array, "short[]", false),
                    "int" => new ValueShape(ShapeKind.Int32Array, "int[]", false),
                    "long" => new ValueShape(ShapeKind.Int64Array, "long[]", false),
                    "float" => new ValueShape(ShapeKind.SingleArray, "float[]", false),
                    "double" => new ValueShape(ShapeKind.DoubleArray, "double[]", false),
                    _ => null,
                };
                if (native is not null) { shape = native; continue; }
            }
            if (i == 0 && (t.Enum is not null && !_b.NameEncodedEnums.Contains(t.Enum) || t.Extern is { Kind: "enum" } && ExternEnumByName(t.Extern) == false))
            {
                // Fudge-Proto's Java writes an array of an integer-encoded enum as an int[] of the values (type 8).
                shape = new ValueShape(ShapeKind.EnumInt32Array, shape.TypeName + "[]", false, Element: shape);
                continue;
            }
            shape = new ValueShape(ShapeKind.Collection, shape.TypeName + "[]", false, Collection: CollectionKind.Array, Element: shape);
        }
        return shape;
    }

    // ------------------------------------------------------------------ defaults

    private string Literal(ProtoLiteral literal, BoundType type)
    {
        if (type.Message is not null)
        {
            // A tuple sets the message's fields in order. Readonly fields can only be set through the constructor, so
            // a message with any is built with it (named arguments); the others go in the object initializer.
            var fields = Fields(type.Message);
            var chain = _b.Chain(type.Message) ?? new List<ProtoMessage> { type.Message };
            var ctorParams = CtorParams(type.Message);
            var args = new List<string>();
            var inits = new List<string>();
            for (int i = 0; i < fields.Count; i++)
            {
                var declaring = chain.First(m => m.Fields.Any(f => f.Name == fields[i].Name));
                var decl = declaring.Fields.First(f => f.Name == fields[i].Name);
                var param = ctorParams.FirstOrDefault(p => p.Field == decl);
                if (i < literal.Items.Count)
                {
                    string value = Literal(literal.Items[i], _b.FieldTypes[fields[i]]);
                    if (param is not null) args.Add(param.Name + ": " + value);
                    else inits.Add(Property(decl, declaring) + " = " + value);
                }
                else if (param is { Default: null })
                {
                    // A required readonly field the tuple leaves out: the constructor still needs a value.
                    args.Add(param.Name + ": default(" + param.Type.TrimEnd('?') + ")" + (_nullable && !param.IsValueType ? "!" : ""));
                }
            }
            if (ctorParams.Count == 0) return "new " + FullName(type.Message) + " { " + string.Join(", ", inits) + " }";
            return "new " + FullName(type.Message) + "(" + string.Join(", ", args) + ")" + (inits.Count > 0 ? " { " + string.Join(", ", inits) + " }" : "");
        }
        if (type.Enum is not null) return FullName(type.Enum) + "." + Escape(literal.Text);
        switch (type.Primitive)
        {
            case "bool": return literal.Text is "true" or "1" ? "true" : "false";
            case "long": return long.Parse(literal.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture) + "L";
            case "byte":
            case "short":
            case "int": return long.Parse(literal.Text, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture);
            case "float":
                return ((float)double.Parse(literal.Text.TrimEnd('f'), NumberStyles.Float, CultureInfo.InvariantCulture)).ToString("R", CultureInfo.InvariantCulture) + "F";
            case "double":
                return double.Parse(literal.Text.TrimEnd('f'), NumberStyles.Float, CultureInfo.InvariantCulture).ToString("R", CultureInfo.InvariantCulture) + "D";
            default:
                ProtoBinder.Unescape(literal.Text, out var s);
                return SymbolDisplay.FormatLiteral(s, quote: true);
        }
    }

    /// <summary>A message's fields with inherited ones first (a redeclared field keeps its base position, takes the new declaration).</summary>
    private List<ProtoField> Fields(ProtoMessage message)
    {
        var chain = _b.Chain(message) ?? new List<ProtoMessage> { message };
        var result = new List<ProtoField>();
        var index = new Dictionary<string, int>();
        foreach (var m in chain)
            foreach (var f in m.Fields)
            {
                if (index.TryGetValue(f.Name, out int i)) result[i] = f;
                else { index[f.Name] = result.Count; result.Add(f); }
            }
        return result;
    }
}
