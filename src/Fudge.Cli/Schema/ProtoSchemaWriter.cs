using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

/// <summary>
/// Writes an <see cref="InferredSchema"/> as a Fudge-Proto file (docs/proto.md): one message per type, fields by name
/// (or by ordinal where the samples had only ordinals), <c>required</c> where every sample had the field, repeated
/// fields as <c>repeated</c>, lists as arrays, sets and maps as anonymous messages.
/// </summary>
internal static class ProtoSchemaWriter
{
    private static readonly HashSet<string> Keywords = new(System.StringComparer.Ordinal)
    {
        "abstract", "binding", "default", "enum", "extends", "extern", "import", "message", "mutable", "namespace",
        "optional", "readonly", "repeated", "required", "bool", "byte", "date", "datetime", "double", "float",
        "indicator", "int", "long", "short", "string", "time", "taxonomy", "typedef", "uses", "boolean",
    };

    public static void Write(InferredSchema schema, TextWriter output)
    {
        var o = new StringBuilder();
        o.Append("// Inferred by `fudge schema infer --proto` from ").Append(schema.Messages.ToString("#,0", CultureInfo.InvariantCulture)).AppendLine(" messages.");
        if (schema.Java)
            o.AppendLine("// The samples were written by Fudge-Java's object mapping, whose bytes Fudge-Proto's classes do not write (enums, class names): use --csharp to talk to it.");
        string ns = schema.Java && schema.JavaPackage.Length > 0 ? schema.JavaPackage : schema.Namespace;
        o.Append("namespace ").Append(ns).AppendLine(" {");
        foreach (var e in schema.Enums)
        {
            o.AppendLine();
            o.Append("  enum ").Append(e.Name).Append(" { ");
            foreach (var (_, constant) in e.Members) o.Append(Identifier(constant) ?? "_" + e.Members.Count).Append("; ");
            o.AppendLine("}");
        }
        foreach (var type in schema.Types)
        {
            o.AppendLine();
            o.Append("  // Seen in ").Append(type.Messages.ToString("#,0", CultureInfo.InvariantCulture)).AppendLine(type.Messages == 1 ? " message." : " messages.");
            o.Append("  message ").Append(type.Name);
            if (type.Base is not null) o.Append(" extends ").Append(type.Base.Name);
            o.AppendLine(" {");
            foreach (var member in type.Members)
            {
                o.Append("    // ").Append(member.Seen).AppendLine(".");
                string? typeName = member.Type is null ? null : ProtoType(member.Type);
                string? name = member.Key.IsAnonymous ? null : member.Key.Name is null ? "field" + member.Key.Ordinal!.Value.ToString(CultureInfo.InvariantCulture).Replace('-', '_') : Identifier(member.Key.Name);
                if (typeName is null || name is null)
                {
                    o.Append("    // Left out: ").Append(typeName is null ? "no Fudge-Proto type holds these values" : "the name is no Fudge-Proto identifier").Append(" (field ").Append(member.Key).AppendLine(").");
                    continue;
                }
                o.Append("    ").Append(member.Repeated ? "repeated " : member.Nullable ? "optional " : "required ").Append(typeName).Append(' ').Append(name);
                if (member.Key.Name is null && member.Key.Ordinal is short ordinal) o.Append(" = ").Append(ordinal.ToString(CultureInfo.InvariantCulture));
                o.AppendLine(";");
            }
            o.AppendLine("  }");
        }
        o.AppendLine("}");
        output.Write(o.ToString());
    }

    /// <summary>The name as a Fudge-Proto field name whose wire name is the name itself (a keyword escaped with '$'), or null.</summary>
    private static string? Identifier(string name)
    {
        if (name.Length == 0 || !(char.IsAsciiLetter(name[0]) || name[0] == '_')) return null;
        if (!name.All(c => char.IsAsciiLetterOrDigit(c) || c == '_')) return null;
        return Keywords.Contains(name) ? "$" + name : name;
    }

    private static string? ProtoType(TypeRef type) => type.Kind switch
    {
        TypeRefKind.Scalar => type.Scalar switch
        {
            "sbyte" => "byte",
            "short" or "int" or "long" or "float" or "double" or "bool" or "string" => type.Scalar,
            "DateOnly" => "date",
            "TimeOnly" => "time",
            "DateTime" or "DateTimeOffset" => "datetime",
            "byte[]" => "byte[]",
            "Guid" => "byte[16]",
            "short[]" or "int[]" or "long[]" or "float[]" or "double[]" => type.Scalar,
            "char" => "message",
            "indicator" => "indicator",
            _ => null,
        },
        TypeRefKind.Type => type.Type!.Name,
        TypeRefKind.Enum => type.Enum!.Name,
        // Arrays of byte..double are the native Fudge arrays in Fudge-Proto; a list of such numbers is a sub-message.
        TypeRefKind.List or TypeRefKind.Array => ProtoType(type.Element!) is { } e && !e.EndsWith(']') && e is not ("byte" or "short" or "int" or "long" or "float" or "double" or "message") ? e + "[]" : "message",
        _ => "message",
    };
}
