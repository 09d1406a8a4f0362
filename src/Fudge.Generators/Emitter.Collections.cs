using System.Collections.Generic;
using System.Globalization;
using System.Text;

namespace Fudge.Generators;

// Issue 41, collections: the writers and readers of the collection kinds after CollectionKind.ImmutableArray and of
// tuples. Lists, sets and maps take the bytes of List<T>, HashSet<T> and Dictionary<K,V>; a tuple is a sub-message of
// its components at ordinals 1..n.
internal sealed partial class Emitter
{
    private readonly HashSet<int> _componentKeys = new();

    private const string GenericNs = "global::System.Collections.Generic.";

    private string MoreCollectionWriter(ValueShape shape)
    {
        if (shape.Kind == ShapeKind.Tuple) return TupleWriter(shape);
        string name = "__Write" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        var sb = new StringBuilder();
        sb.AppendLine($"    private static int {name}Size;");
        sb.AppendLine();
        sb.AppendLine($"    private static void {name}(ref {Writer} writer, in {Key} key, {shape.TypeName} value)");
        sb.AppendLine("    {");
        sb.AppendLine($"        var __message = writer.BeginMessage(in key, {name}Size);");
        bool added = shape.Collection is CollectionKind.AddedList or CollectionKind.AddedSet or CollectionKind.AddedMap;
        if (shape.Kind == ShapeKind.Dictionary)
        {
            // A class of the initializer shape is enumerated as the IDictionary it is (its own GetEnumerator may differ).
            string source = added ? $"(global::System.Collections.Generic.IEnumerable<{GenericNs}KeyValuePair<{shape.Key!.TypeName}, {shape.Element!.TypeName}>>)value" : "value";
            WriteMapEntries(sb, shape, source);
        }
        else
        {
            string elementKey = shape.Collection is CollectionKind.BuiltSet or CollectionKind.AddedSet ? $"{H}.SetElementKey" : $"{H}.ListElementKey";
            string e = NextLocal();
            if (shape.Reverse)
            {
                // A stack enumerates from its top: written from its bottom, as Java's Stack (a Vector) lists it.
                sb.AppendLine("        var __items = global::System.Linq.Enumerable.ToArray(value);");
                sb.AppendLine("        for (int __i = __items.Length - 1; __i >= 0; __i--)");
                sb.AppendLine("        {");
                sb.AppendLine($"            var {e} = __items[__i];");
            }
            else
            {
                string source = added ? $"(global::System.Collections.Generic.IEnumerable<{shape.Element!.TypeName}>)value" : "value";
                sb.AppendLine($"        foreach (var {e} in {source})");
                sb.AppendLine("        {");
            }
            WriteValue(sb, "            ", shape.Element!, elementKey, e, nullAsIndicator: true);
            sb.AppendLine("        }");
        }
        sb.AppendLine($"        writer.EndMessage(__message, ref {name}Size);");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    /// <summary>A tuple's writer: its components at ordinals 1..n, a null one as an indicator (Java's MapBuilder reads a pair's {1: key, 2: value} as a one-entry map).</summary>
    private string TupleWriter(ValueShape shape)
    {
        string name = "__Write" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        var sb = new StringBuilder();
        sb.AppendLine($"    private static int {name}Size;");
        sb.AppendLine();
        sb.AppendLine($"    private static void {name}(ref {Writer} writer, in {Key} key, {shape.TypeName} value)");
        sb.AppendLine("    {");
        sb.AppendLine($"        var __message = writer.BeginMessage(in key, {name}Size);");
        for (int i = 0; i < shape.Items.Count; i++)
        {
            string c = NextLocal();
            sb.AppendLine($"        var {c} = value.{shape.Accessors[i]};");
            WriteValue(sb, "        ", shape.Items[i], ComponentKey(i + 1), c, nullAsIndicator: true);
        }
        sb.AppendLine($"        writer.EndMessage(__message, ref {name}Size);");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    /// <summary>The cached key of ordinal <paramref name="ordinal"/> (a tuple's component).</summary>
    private string ComponentKey(int ordinal)
    {
        string field = "__ck" + ordinal.ToString(CultureInfo.InvariantCulture);
        if (_componentKeys.Add(ordinal))
            _helpers.AppendLine().AppendLine($"    private static readonly {Key} {field} = {Key}.FromOrdinal((short){ordinal.ToString(CultureInfo.InvariantCulture)});");
        return field;
    }

    private string MoreCollectionReader(ValueShape shape)
    {
        if (_collectionReaders.TryGetValue(shape, out var existing)) return existing;
        string name = "__Read" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        _collectionReaders.Add(shape, name);
        var sb = new StringBuilder();
        sb.AppendLine($"    private static {shape.TypeName} {name}(ref {Reader} reader)");
        sb.AppendLine("    {");
        sb.AppendLine("        var __sub = reader.ReadMessage();");
        if (shape.Kind == ShapeKind.Tuple) EmitTupleRead(sb, shape);
        else if (shape.Kind == ShapeKind.Dictionary) EmitMapRead(sb, shape);
        else EmitElementsRead(sb, shape);
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    private void EmitTupleRead(StringBuilder sb, ValueShape shape)
    {
        for (int i = 0; i < shape.Items.Count; i++)
            sb.AppendLine($"        {shape.Items[i].TypeName} __c{i} = default({shape.Items[i].TypeName});");
        sb.AppendLine("        while (__sub.Read())");
        sb.AppendLine("        {");
        // An absent component or an indicator is the component type's default (a null).
        sb.AppendLine("            if (!__sub.HasOrdinal || __sub.IsIndicator) continue;");
        sb.AppendLine("            switch (__sub.Ordinal)");
        sb.AppendLine("            {");
        for (int i = 0; i < shape.Items.Count; i++)
            sb.AppendLine($"                case {(i + 1).ToString(CultureInfo.InvariantCulture)}: __c{i} = {ReadExpression(shape.Items[i], "__sub")}; break;");
        sb.AppendLine("            }");
        sb.AppendLine("        }");
        string build = shape.Build!;
        for (int i = shape.Items.Count - 1; i >= 0; i--)
            build = build.Replace("{" + i.ToString(CultureInfo.InvariantCulture) + "}", "__c" + i.ToString(CultureInfo.InvariantCulture));
        sb.AppendLine($"        return {build};");
    }

    private void EmitElementsRead(StringBuilder sb, ValueShape shape)
    {
        var element = shape.Element!;
        string e = element.TypeName;
        sb.AppendLine("        int __n = __sub.CountCollectionElements();");
        string result;
        switch (shape.Collection)
        {
            case CollectionKind.ImmutableArray:
                // Filled to its capacity, the builder hands over its array without a copy.
                sb.AppendLine($"        var __result = global::System.Collections.Immutable.ImmutableArray.CreateBuilder<{e}>(__n);");
                result = "__result.Count == __result.Capacity ? __result.MoveToImmutable() : __result.ToImmutable()";
                break;
            case CollectionKind.AddedList:
            case CollectionKind.AddedSet:
                sb.AppendLine($"        var __result = new {shape.TypeName}();");
                result = "__result";
                break;
            default:
                sb.AppendLine($"        var __result = new {GenericNs}List<{e}>(__n);");
                result = shape.Build!.Replace("{0}", "__result");
                break;
        }
        sb.AppendLine("        while (__sub.Read())");
        sb.AppendLine("        {");
        sb.AppendLine($"            if (!{H}.IsCollectionElement(ref __sub)) continue;");
        sb.AppendLine($"            __result.Add(__sub.IsIndicator ? default({e}) : {ReadExpression(element, "__sub")});");
        sb.AppendLine("        }");
        sb.AppendLine($"        return {result};");
    }

    private void EmitMapRead(StringBuilder sb, ValueShape shape)
    {
        var key = shape.Key!;
        var value = shape.Element!;
        sb.AppendLine($"        var __keys = new {GenericNs}List<{key.TypeName}>();");
        sb.AppendLine("        var __scan = __sub;");
        sb.AppendLine("        while (__scan.Read())");
        sb.AppendLine("        {");
        sb.AppendLine($"            if (!{H}.IsMapKey(ref __scan)) continue;");
        sb.AppendLine($"            __keys.Add(__scan.IsIndicator ? default({key.TypeName}) : {ReadExpression(key, "__scan")});");
        sb.AppendLine("        }");
        string result;
        if (shape.Collection == CollectionKind.AddedMap)
        {
            sb.AppendLine($"        var __made = new {shape.TypeName}();");
            sb.AppendLine($"        var __result = (global::System.Collections.Generic.IDictionary<{key.TypeName}, {value.TypeName}>)__made;");
            result = "__made";
        }
        else
        {
            sb.AppendLine($"        var __result = new {GenericNs}Dictionary<{key.TypeName}, {value.TypeName}>(__keys.Count);");
            result = shape.Build!.Replace("{0}", "__result");
        }
        sb.AppendLine("        int __i = 0;");
        sb.AppendLine("        while (__sub.Read())");
        sb.AppendLine("        {");
        sb.AppendLine($"            if (!{H}.IsMapValue(ref __sub)) continue;");
        sb.AppendLine("            if (__i >= __keys.Count) break;");
        sb.AppendLine("            var __key = __keys[__i++];");
        if (key.CanBeNull) sb.AppendLine("            if (__key == null) continue;");
        sb.AppendLine($"            __result[__key] = __sub.IsIndicator ? default({value.TypeName}) : {ReadExpression(value, "__sub")};");
        sb.AppendLine("        }");
        sb.AppendLine($"        return {result};");
    }
}
