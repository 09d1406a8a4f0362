using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Generators;

// The cold path of a failed write (IFudgeWriteFailureLocator): after a generated writer raised something, FudgeSerializer
// asks the formatter which member it was. Each member is written again alone into a scratch buffer; objects, collections
// and maps are descended into, so that the path names the element (Trade.Legs[2].Symbol). Writing itself is unchanged.
internal sealed partial class Emitter
{
    private const string Locator = "global::Fudge.Serialization.IFudgeWriteFailureLocator";

    private void EmitLocator(StringBuilder sb)
    {
        var m = _model;
        string t = m.FullyQualifiedName;
        sb.AppendLine();
        sb.AppendLine("    /// <summary>After a failed write: the path below <paramref name=\"value\"/> of the first member that cannot be written alone, or null.</summary>");
        sb.AppendLine("    [global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
        sb.AppendLine($"    public string LocateWriteFailure({t} value, global::Fudge.FudgeWriterOptions options, int depth)");
        sb.AppendLine("    {");
        if (!m.IsValueType) sb.AppendLine("        if (value == null) return null;");
        foreach (var u in m.Unions)
            sb.AppendLine($"        if (value is {u.FullyQualifiedName}) return {u.FullyQualifiedName}.FudgeFormatter.Instance.LocateWriteFailure(({u.FullyQualifiedName})value, options, depth);");
        if (m.IsAbstract)
        {
            sb.AppendLine("        return null;");
            sb.AppendLine("    }");
            return;
        }
        if (m.Members.Count > 0) sb.AppendLine("        string __p;");
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            string local = NextLocal();
            sb.AppendLine($"        var {local} = value.{member.Name};");
            sb.AppendLine($"        __p = {LocateExpression(member.Shape, local, $"__k{i}")};");
            sb.AppendLine($"        if (__p != null) return {Literal("." + member.Name.TrimStart('@'))} + __p;");
        }
        sb.AppendLine("        return null;");
        sb.AppendLine("    }");
    }

    /// <summary>
    /// An expression giving null when <paramref name="v"/> (a local, parameter or a pure call on one) can be written
    /// under <paramref name="key"/>, else the path below it of what cannot ("" for the value itself).
    /// </summary>
    private string LocateExpression(ValueShape shape, string v, string key)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Nullable:
                return $"({v}.HasValue ? {LocateExpression(shape.Element!, v + ".GetValueOrDefault()", key)} : null)";
            case ShapeKind.Message:
                return $"{H}.LocateObject<{shape.TypeName}>({v}, options, depth + 1)";
            case ShapeKind.Collection when shape.Collection is CollectionKind.Array or CollectionKind.List or CollectionKind.IList
                or CollectionKind.ICollection or CollectionKind.IEnumerable or CollectionKind.IReadOnlyList or CollectionKind.IReadOnlyCollection
                or CollectionKind.HashSet or CollectionKind.ISet:
            {
                string e = "__e" + (++_localCount).ToString(CultureInfo.InvariantCulture);
                string elementKey = shape.Collection is CollectionKind.HashSet or CollectionKind.ISet ? $"{H}.SetElementKey" : $"{H}.ListElementKey";
                return $"({v} == null ? null : {H}.LocateElements<{shape.Element!.TypeName}>({v}, {e} => {LocateExpression(shape.Element!, e, elementKey)}))";
            }
            case ShapeKind.Dictionary when shape.Collection is CollectionKind.Dictionary or CollectionKind.IDictionary or CollectionKind.IReadOnlyDictionary:
            {
                string k = "__e" + (++_localCount).ToString(CultureInfo.InvariantCulture);
                string e = "__e" + (++_localCount).ToString(CultureInfo.InvariantCulture);
                return $"({v} == null ? null : {H}.LocateEntries<{shape.Key!.TypeName}, {shape.Element!.TypeName}>({v}, {k} => {LocateExpression(shape.Key!, k, $"{H}.MapKeyKey")}, {e} => {LocateExpression(shape.Element!, e, $"{H}.MapValueKey")}))";
            }
            default:
            {
                // Any other value (every scalar, and shapes this method does not descend into): written alone.
                var body = new StringBuilder();
                WriteValue(body, "", shape, key, v, nullAsIndicator: false);
                string statements = string.Join(" ", body.ToString().Split('\n').Select(l => l.Trim()).Where(l => l.Length > 0));
                return $"{H}.TryWrite(options, (ref {Writer} writer) => {{ {statements} }})";
            }
        }
    }
}
