using System;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

/// <summary>
/// Writes an <see cref="InferredSchema"/> as one C# file of <c>[FudgeMessage]</c> partial types (classes or records),
/// with a comment per member saying what was seen. Samples with Fudge-Java class names get
/// <c>[assembly: FudgeJavaPackage]</c>, so the types read and write Java's bytes.
/// </summary>
internal static class CSharpSchemaWriter
{
    public static void Write(InferredSchema schema, TextWriter output, bool records)
    {
        var o = new StringBuilder();
        o.Append("// Inferred by `fudge schema infer` from ").Append(schema.Messages.ToString("#,0", CultureInfo.InvariantCulture)).Append(" messages")
            .Append(schema.Java ? " written by Fudge-Java's object mapping" : "").AppendLine(".");
        o.AppendLine("// Review the types (names, nullability, integer widths) before relying on them: they say what the samples held.");
        o.AppendLine("#nullable enable");
        o.AppendLine("using System;");
        o.AppendLine("using System.Collections.Generic;");
        o.AppendLine("using Fudge;");
        o.AppendLine("using Fudge.Serialization;");
        o.AppendLine();
        if (schema.Java)
        {
            o.Append("[assembly: FudgeJavaPackage(").Append(Literal(schema.Namespace)).Append(", ").Append(Literal(schema.JavaPackage)).AppendLine(")]");
            o.AppendLine();
        }
        o.Append("namespace ").Append(schema.Namespace).AppendLine(";");
        foreach (var e in schema.Enums)
        {
            o.AppendLine();
            o.Append("// Fudge-Java enum ").Append(Names.Comment(e.JavaClass)).AppendLine(".");
            string mapped = JavaName(schema, e.Name);
            if (mapped != e.JavaClass) o.Append("[FudgeEnum(TypeName = ").Append(Literal(e.JavaClass)).AppendLine(")]");
            o.Append("public enum ").AppendLine(e.Name);
            o.AppendLine("{");
            foreach (var (member, constant) in e.Members)
            {
                o.Append("    ");
                if (Names.ConstantName(member) != constant) o.Append("[FudgeField(Name = ").Append(Literal(constant)).Append(")] ");
                o.Append(member).AppendLine(",");
            }
            o.AppendLine("}");
        }
        string kind = records ? "record" : "class";
        foreach (var type in schema.Types)
        {
            o.AppendLine();
            o.Append("// ").Append(type.JavaClass is null ? "Seen in " : "Java class " + Names.Comment(type.JavaClass) + ": seen in ")
                .Append(type.Messages.ToString("#,0", CultureInfo.InvariantCulture)).Append(type.Messages == 1 ? " message" : " messages")
                .Append(ReferenceEquals(type, schema.Root) ? " (top level)" : "").AppendLine(".");
            foreach (var note in type.Notes) o.Append("// Note: ").AppendLine(note);
            o.Append("[FudgeMessage");
            var settings = new System.Collections.Generic.List<string>();
            if (type.Fields != "Names") settings.Add("Fields = FudgeFieldIds." + type.Fields);
            if (type.FudgeMapping) settings.Add("Mapping = FudgeObjectMapping.Fudge");
            if (type.JavaClass is not null && schema.Java && JavaName(schema, type.Name) != type.JavaClass) settings.Add("TypeName = " + Literal(type.JavaClass));
            // Class names before the fields (this library's unions): a root writes its TypeName (default: the .NET full
            // name), each derived type the name its base's [FudgeUnion] gives it.
            if (type.JavaClass is not null && !schema.Java && type.Base is null && schema.Namespace + "." + type.Name != type.JavaClass) settings.Add("TypeName = " + Literal(type.JavaClass));
            if (settings.Count > 0) o.Append('(').Append(string.Join(", ", settings)).Append(')');
            o.AppendLine("]");
            if (!schema.Java)
                foreach (var derived in schema.Types.Where(t => t.Base == type && t.JavaClass is not null))
                    o.Append("[FudgeUnion(").Append(Literal(derived.JavaClass!)).Append(", typeof(").Append(derived.Name).AppendLine("))]");
            o.Append("public partial ").Append(kind).Append(' ').Append(type.Name);
            if (type.Base is not null) o.Append(" : ").Append(type.Base.Name);
            if (type.Extensible) o.Append(type.Base is null ? " : " : ", ").Append("IFudgeExtensible");
            o.AppendLine();
            o.AppendLine("{");
            bool first = true;
            if (type.Extensible)
            {
                o.AppendLine("    // The fields no member stands for, kept when read and written back after the members.");
                o.AppendLine("    public FudgeMsg? ExtensionData { get; set; }");
                first = false;
            }
            foreach (var member in type.Members)
            {
                if (!first) o.AppendLine();
                first = false;
                o.Append("    // ").Append(member.Seen).AppendLine(".");
                if (!HasMember(member))
                {
                    string why = member.Key.IsAnonymous ? "a field with neither name nor ordinal is no member"
                        : member.OrdinalAside ? "a field with an ordinal among fields with names only (a [FudgeMessage] type writes one kind of key)"
                        : member.KeptRepeated ? "a repeated field a list member would not write back as it came (its key, or empty sub-messages among its objects)"
                        : member.Type is null ? "no C# member holds this wire type"
                        : "a field only ever seen as an indicator has no C# type";
                    o.Append("    // ").Append(Names.Comment(member.Key.ToString())).Append(": kept in ExtensionData, ").Append(why).AppendLine(".");
                    continue;
                }
                var attributes = new System.Collections.Generic.List<string>();
                string wireName = schema.Java && !type.FudgeMapping ? Names.BeanPropertyName(member.Name) : member.Name;
                if (member.Key.Ordinal is short ordinal)
                {
                    if (member.Key.Name is not null && member.Key.Name != member.Name) attributes.Add($"FudgeField({ordinal.ToString(CultureInfo.InvariantCulture)}, Name = {Literal(member.Key.Name)})");
                    else attributes.Add($"FudgeField({ordinal.ToString(CultureInfo.InvariantCulture)})");
                }
                else if (member.Key.Name != wireName)
                {
                    attributes.Add($"FudgeField(Name = {Literal(member.Key.Name!)})");
                }
                if (member.Repeated)
                {
                    // Each element a field of its own under the member's key (a List<T> member is otherwise one sub-message).
                    int at = attributes.FindIndex(x => x.StartsWith("FudgeField(", StringComparison.Ordinal));
                    if (at < 0) attributes.Add("FudgeField(Repeated = true)");
                    else attributes[at] = attributes[at].Substring(0, attributes[at].Length - 1) + ", Repeated = true)";
                }
                if (member.Accuracy is { } accuracy)
                {
                    string a = $"Accuracy = FudgeDateTimeAccuracy.{accuracy}";
                    int at = attributes.FindIndex(x => x.StartsWith("FudgeField(", StringComparison.Ordinal));
                    if (at < 0) attributes.Add($"FudgeField({a})");
                    else attributes[at] = attributes[at].Substring(0, attributes[at].Length - 1) + ", " + a + ")";
                }
                o.Append("    ");
                if (attributes.Count > 0) o.Append('[').Append(string.Join(", ", attributes)).Append("] ");
                var memberType = member.Type!;
                if (member.Repeated)
                {
                    // A repeated field is a list of its values (null ones seen as indicators); absent, the list stays empty.
                    o.Append("public List<").Append(TypeName(memberType)).Append(member.ElementNullable || IsObject(memberType) ? "?" : "")
                        .Append("> ").Append(member.Name).AppendLine(" { get; set; } = new();");
                    continue;
                }
                string typeName = TypeName(memberType);
                bool nullable = member.Nullable || memberType.Kind == TypeRefKind.Scalar && memberType.Scalar == "object";
                o.Append("public ").Append(typeName).Append(nullable ? "?" : "").Append(' ').Append(member.Name).Append(" { get; set; }");
                if (member.IndicatorWhenNull && Initializer(memberType) is { } init) o.Append(" = ").Append(init).Append(';');
                else if (!nullable && !memberType.IsValueType) o.Append(" = null!;");
                o.AppendLine();
            }
            o.AppendLine("}");
        }
        output.Write(o.ToString());
    }

    /// <summary>True when the member is written as a C# member; false when its field can only be kept in <c>ExtensionData</c>.</summary>
    public static bool HasMember(MemberDef member)
        => member.Type is not null && !member.KeptRepeated && !member.Key.IsAnonymous && !member.OrdinalAside && !(member.Type.Kind == TypeRefKind.Scalar && member.Type.Scalar == "indicator");

    private static bool IsObject(TypeRef type) => type.Kind == TypeRefKind.Scalar && type.Scalar == "object";

    /// <summary>The Java class name the generator would give a type of the namespace without a TypeName.</summary>
    private static string JavaName(InferredSchema schema, string typeName)
        => schema.JavaPackage.Length == 0 ? typeName : schema.JavaPackage + "." + typeName;

    public static string TypeName(TypeRef type) => type.Kind switch
    {
        TypeRefKind.Scalar => type.Scalar,
        TypeRefKind.Type => type.Type!.Name,
        TypeRefKind.Enum => type.Enum!.Name,
        TypeRefKind.FudgeMsg => "FudgeMsg",
        TypeRefKind.List => $"List<{Element(type)}>",
        TypeRefKind.Array => $"{Element(type)}[]",
        TypeRefKind.Set => $"HashSet<{Element(type)}>",
        TypeRefKind.Map => $"Dictionary<{TypeName(type.Key!)}, {Element(type)}>",
        _ => "object",
    };

    private static string Element(TypeRef type)
        => TypeName(type.Element!) + (type.ElementNullable || type.Element!.Kind == TypeRefKind.Scalar && type.Element.Scalar == "object" ? "?" : "");

    /// <summary>A non-null initial value, so the generator writes a null member as an indicator (the null rule).</summary>
    private static string? Initializer(TypeRef type) => type.Kind switch
    {
        TypeRefKind.Scalar when type.Scalar == "string" => "\"\"",
        TypeRefKind.Scalar when type.Scalar is "bool" => "false",
        TypeRefKind.Scalar when type.Scalar is "sbyte" or "short" or "int" or "long" or "float" or "double" => "0",
        TypeRefKind.List or TypeRefKind.Set or TypeRefKind.Map or TypeRefKind.FudgeMsg => "new()",
        _ => null,
    };

    public static string Literal(string text)
    {
        var sb = new StringBuilder("\"");
        foreach (char c in text)
        {
            if (c is '"' or '\\') sb.Append('\\').Append(c);
            else if (c < 0x20 || c > 0x7e) sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
            else sb.Append(c);
        }
        return sb.Append('"').ToString();
    }
}
