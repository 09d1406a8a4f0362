using System.Text;

namespace Fudge.Generators;

// Generic [FudgeMessage] types: members whose type is a type parameter, and the registrations of closed types in use.
internal sealed partial class Emitter
{
    private const string ValueFormatter = "global::Fudge.Serialization.FudgeValueFormatterCache";

    /// <summary>A value of a type parameter, written as one field through the value formatter of its type argument.</summary>
    private static string TypeParameterWrite(ValueShape shape, string key, string v)
        => $"{ValueFormatter}<{shape.TypeName}>.Formatter.WriteField(ref writer, in {key}, {v});";

    /// <summary>The current field read as a type parameter's value through the value formatter of its type argument.</summary>
    private static string TypeParameterRead(ValueShape shape, string r)
        => $"{ValueFormatter}<{shape.TypeName}>.Formatter.ReadField(ref {r})";

    /// <summary>
    /// The registrations of closed types in use: the nested formatters of closed generic [FudgeMessage] types, and the
    /// generic formatters of collections used as type arguments or top-level values (module initializers cannot
    /// register open generic types; these make FudgeFormatterCache and FudgeValueFormatterCache need no reflection).
    /// </summary>
    private static void EmitClosedTypes(StringBuilder sb, EquatableArray<RegistrationUse> uses)
    {
        foreach (var use in uses)
            sb.AppendLine("            " + use.Statement);
    }

    /// <summary>The model a value formatter's code is emitted for: nothing of it but the helpers' home is used.</summary>
    private static readonly TypeModel ValueFormatterModel = new(null, default, "class", "__FudgeValue", "__FudgeValue", "__FudgeValue",
        "", false, false, false, 0, 0, default, default, false, default, default);

    /// <summary>
    /// The value formatters of the shapes the runtime has none of (type arguments and top-level values of issue 41's
    /// collections, rectangular arrays, tuples, object and interfaces), nested in the registration class: each writes
    /// and reads its value with the very code a member of that type gets, so the bytes are a member's.
    /// </summary>
    private static void EmitValueFormatters(StringBuilder sb, EquatableArray<RegistrationUse> uses)
    {
        foreach (var use in uses)
        {
            if (use.Shape is not { } shape || use.ClassName is null) continue;
            var e = new Emitter(ValueFormatterModel, new EmitOptions(false)) { _memberPath = shape.TypeName.Replace("global::", "") };
            var body = new StringBuilder();
            body.AppendLine($"    public void WriteField(ref {Writer} writer, in {Key} key, {shape.TypeName} value)");
            body.AppendLine("    {");
            e.WriteValue(body, "        ", shape, "key", "value", nullAsIndicator: true);
            body.AppendLine("    }");
            body.AppendLine();
            body.AppendLine($"    public {shape.TypeName} ReadField(ref {Reader} reader)");
            body.AppendLine("    {");
            body.AppendLine($"        return {e.ReadExpression(shape, "reader")};");
            body.AppendLine("    }");
            if (e._helpers.Length > 0) body.Append(e._helpers);
            const string contract = "global::Fudge.Serialization.IFudgeValueFormatter";
            sb.AppendLine();
            sb.AppendLine($"        /// <summary>Writes and reads <c>{shape.TypeName.Replace("global::", "").Replace("<", "&lt;").Replace(">", "&gt;")}</c> as a member of that type is written and read.</summary>");
            sb.AppendLine($"        private sealed class {use.ClassName} : {contract}<{shape.TypeName}>");
            sb.AppendLine("        {");
            foreach (var line in body.ToString().Split('\n'))
            {
                string l = line.TrimEnd('\r');
                sb.AppendLine(l.Length == 0 ? "" : "        " + l);
            }
            sb.AppendLine("        }");
        }
    }
}
