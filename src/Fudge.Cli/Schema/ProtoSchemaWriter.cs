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
        "indicator", "int", "long", "short", "string", "time", "taxonomy", "typedef", "uses",
        // The type aliases are keywords of Fudge-Proto's lexer too (its grammar's literal tokens).
        "boolean", "int8", "int16", "int32", "uint32", "sint32", "fixed32", "sfixed32", "integer", "int64", "uint64",
        "sint64", "fixed64", "sfixed64", "float32", "float64",
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
            for (int i = 0; i < e.Members.Count; i++) o.Append(Identifier(e.Members[i].Constant) ?? "_" + i.ToString(CultureInfo.InvariantCulture)).Append("; ");
            o.AppendLine("}");
        }
        foreach (var type in schema.Types)
        {
            o.AppendLine();
            o.Append("  // Seen in ").Append(type.Messages.ToString("#,0", CultureInfo.InvariantCulture)).AppendLine(type.Messages == 1 ? " message." : " messages.");
            o.Append("  message ").Append(type.Name);
            if (type.Base is not null) o.Append(" extends ").Append(type.Base.Name);
            o.AppendLine(" {");
            // Fudge-Proto refuses two fields of one name in a message: a name seen with two ordinals is declared once,
            // and an ordinal-only field's made-up name steps aside for a real one.
            var names = new HashSet<string>(type.Members.Where(m => m.Key.Name is not null).Select(m => Identifier(m.Key.Name!) ?? ""), System.StringComparer.Ordinal);
            var declared = new HashSet<string>(System.StringComparer.Ordinal);
            // Both code generators name a field's accessors by upper-casing its first letter (Fudge-Proto's Java also
            // its key constant, BID_SIZE_KEY): two fields that meet there cannot be in one message of either.
            var accessors = new HashSet<string>(System.StringComparer.Ordinal) { "FudgeFormatter" };
            var constants = new HashSet<string>(System.StringComparer.Ordinal);
            foreach (var member in type.Members)
            {
                o.Append("    // ").Append(member.Seen).AppendLine(".");
                string? typeName = member.Type is null ? null : ProtoType(member.Type);
                string? name = member.Key.IsAnonymous ? null : member.Key.Name is null ? OrdinalName(member.Key.Ordinal!.Value, names) : Identifier(member.Key.Name);
                bool twice = name is not null && typeName is not null && !declared.Add(name);
                bool clash = name is not null && typeName is not null && !twice && (accessors.Contains(Accessor(name)) || constants.Contains(JavaConstant(name)));
                if (typeName is null || name is null || twice || clash)
                {
                    o.Append("    // Left out: ").Append(typeName is null ? "no Fudge-Proto type holds these values"
                        : twice ? "a field of this name is declared above"
                        : clash ? $"its accessors ({Accessor(name!)}) or Java key constant ({JavaConstant(name!)}_KEY) would be those of a field above, which Fudge-Proto's Java and this library's generator refuse"
                        : "the name is no Fudge-Proto identifier").Append(" (field ").Append(Names.Comment(member.Key.ToString())).AppendLine(").");
                    continue;
                }
                accessors.Add(Accessor(name));
                constants.Add(JavaConstant(name));
                o.Append("    ").Append(member.Repeated ? "repeated " : member.Nullable ? "optional " : "required ").Append(typeName).Append(' ').Append(name);
                if (member.Key.Name is null && member.Key.Ordinal is short ordinal) o.Append(" = ").Append(ordinal.ToString(CultureInfo.InvariantCulture));
                o.AppendLine(";");
            }
            o.AppendLine("  }");
        }
        o.AppendLine("}");
        output.Write(o.ToString());
    }

    /// <summary>The accessor stem both generators make of a field name: <c>bidSize</c> gives <c>BidSize</c> (C# property, Java getBidSize).</summary>
    private static string Accessor(string name)
    {
        string bare = name.TrimStart('$');
        return char.ToUpperInvariant(bare[0]) + bare.Substring(1);
    }

    /// <summary>Fudge-Proto's Java constant stem of a field name (JavaClassCode.fieldConstant): <c>bidSize</c> and <c>bid_size</c> give <c>BID_SIZE</c>.</summary>
    private static string JavaConstant(string name)
    {
        var sb = new StringBuilder();
        bool lower = false;
        foreach (char c in name.TrimStart('$'))
        {
            if (char.IsUpper(c))
            {
                if (lower) sb.Append('_');
                lower = false;
                sb.Append(c);
            }
            else if (c == '_')
            {
                sb.Append(c);
                lower = false;
            }
            else
            {
                sb.Append(char.ToUpperInvariant(c));
                lower = true;
            }
        }
        return sb.ToString();
    }

    /// <summary>A name for a field known by its ordinal only (<c>field5</c>, <c>field_5</c> for -5) that no named field of the message has.</summary>
    private static string OrdinalName(short ordinal, HashSet<string> names)
    {
        string name = "field" + ordinal.ToString(CultureInfo.InvariantCulture).Replace('-', '_');
        while (names.Contains(name)) name = "_" + name;
        names.Add(name);
        return name;
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
