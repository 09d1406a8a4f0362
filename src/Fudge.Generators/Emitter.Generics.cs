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
    private static void EmitClosedTypes(StringBuilder sb, EquatableArray<string> statements)
    {
        foreach (var statement in statements)
            sb.AppendLine("            " + statement);
    }
}
