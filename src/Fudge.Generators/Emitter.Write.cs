using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis.CSharp;

namespace Fudge.Generators;

// The writer half of the emitted formatter: Write, its value statements and the collection writers.
internal sealed partial class Emitter
{
    // ------------------------------------------------------------------ write

    private void EmitWrite(StringBuilder sb)
    {
        var m = _model;
        string t = m.FullyQualifiedName;
        bool belowDeclared = m.ClassHeadersBelowDeclared;
        if (m.Java)
        {
            EmitJavaWriteEntryPoints(sb);
        }
        else if (belowDeclared)
        {
            // Fudge-Proto: the class names a value writes depend on where it is written (top level or a field of a
            // declared type), so both entry points pass how many names of the chain to leave out to one writer.
            string n = m.TypeNames.Count.ToString(CultureInfo.InvariantCulture);
            sb.AppendLine("    /// <summary>Writes the fields of <paramref name=\"value\"/>'s message at the top level: no class names, as Fudge-Proto's Java writes it (no envelope; no allocation).</summary>");
            sb.AppendLine($"    public void Write(ref {Writer} writer, {t} value)");
            sb.AppendLine("    {");
            sb.AppendLine("        WriteBelow(ref writer, value, int.MaxValue);");
            sb.AppendLine("    }");
            sb.AppendLine();
            sb.AppendLine($"    /// <summary>Writes the fields of <paramref name=\"value\"/>'s message as the value of a field declared as <see cref=\"{m.CrefName}\"/>: first the class names of its runtime class and its bases below <see cref=\"{m.CrefName}\"/>, as Fudge-Proto's Java writes them.</summary>");
            sb.AppendLine($"    public void WriteAsField(ref {Writer} writer, {t} value)");
            sb.AppendLine("    {");
            sb.AppendLine($"        WriteBelow(ref writer, value, {n});");
            sb.AppendLine("    }");
            sb.AppendLine();
            sb.AppendLine("    /// <summary>Writes the fields of <paramref name=\"value\"/>'s message after the class names of its class chain but the last <paramref name=\"declaredNames\"/> (those of the declared type and its bases).</summary>");
            sb.AppendLine("    [global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
            sb.AppendLine($"    internal void WriteBelow(ref {Writer} writer, {t} value, int declaredNames)");
        }
        else
        {
            sb.AppendLine("    /// <summary>Writes the fields of <paramref name=\"value\"/>'s message (no envelope; no allocation).</summary>");
            sb.AppendLine("    [global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
            sb.AppendLine($"    public void Write(ref {Writer} writer, {t} value)");
        }
        sb.AppendLine("    {");
        if (!m.IsValueType) sb.AppendLine("        if (value == null) throw new global::System.ArgumentNullException(\"value\");");
        if (m.Java && !m.IsSealed)
        {
            // A derived type Java would name by its own class: written through its registered formatter.
            sb.AppendLine($"        if (value.GetType() != typeof({t}) && {H}.WriteRegisteredDerived<{t}>(ref writer, value, declaredNames)) return;");
        }
        if (m.Unions.Count > 0 || m.IsAbstract)
        {
            sb.AppendLine($"        if (value.GetType() != typeof({t}))");
            sb.AppendLine("        {");
            for (int i = 0; i < m.Unions.Count; i++)
            {
                var u = m.Unions[i];
                // A Fudge-Proto derived message is in the same file, so its formatter has WriteBelow.
                if (belowDeclared)
                    sb.AppendLine($"            if (value is {u.FullyQualifiedName}) {{ {u.FullyQualifiedName}.FudgeFormatter.Instance.WriteBelow(ref writer, ({u.FullyQualifiedName})value, declaredNames); return; }}");
                else
                    // A case derives from the base, so it is compiled with it by this generator: its formatter is
                    // called directly, as the reader does, not through an interface dispatch per value.
                    sb.AppendLine($"            if (value is {u.FullyQualifiedName}) {{ {u.FullyQualifiedName}.FudgeFormatter.Instance.Write(ref writer, ({u.FullyQualifiedName})value); return; }}");
            }
            if (m.IsAbstract) sb.AppendLine($"            throw {H}.UndeclaredDerivedType(value.GetType(), {Literal(m.DisplayName)});");
            sb.AppendLine("        }");
        }
        if (m.IsAbstract)
        {
            sb.AppendLine($"        throw {H}.UndeclaredDerivedType(value.GetType(), {Literal(m.DisplayName)});");
            sb.AppendLine("    }");
            return;
        }
        if (m.IsExtensible) sb.AppendLine($"        var __extra = {H}.GetExtensionData(ref value);");
        if (!m.Java && !belowDeclared && !m.IsExtensible)
        {
            EmitMembersInRuns(sb);
        }
        else
        {
            if (!m.Java) EmitTypeNames(sb);
            for (int i = 0; i < m.Members.Count; i++) EmitMember(sb, i);
        }
        if (m.IsExtensible) sb.AppendLine($"        {H}.WriteExtensionData(ref writer, __extra);");
        // Fudge-Java adds the class names once the bean's fields are in the message.
        if (m.Java) EmitTypeNames(sb);
        sb.AppendLine("    }");
    }

    /// <summary>Reads member <paramref name="i"/> into a local and writes it through the writer.</summary>
    private void EmitMember(StringBuilder sb, int i)
    {
        var m = _model;
        var member = m.Members[i];
        _memberPath = m.DisplayName + "." + member.Name.TrimStart('@');
        string local = NextLocal();
        sb.AppendLine($"        var {local} = value.{member.Name};");
        if (member.Repeated) { WriteRepeated(sb, member, $"__k{i}", local); return; }
        if (member.FixedLength > 0)
            sb.AppendLine($"        if ({local} != null && {local}.Length != {member.FixedLength}) throw {H}.ArrayLengthToWrite({Literal(m.DisplayName)}, {Literal(member.Name.TrimStart('@'))}, {member.FixedLength}, {local}.Length);");
        // A null the reader would not restore by itself (NullAsIndicator) is an indicator, written under the cached key.
        string? direct = m.FieldIds is 1 or 3 && member.HasOrdinal && !member.Shape.Java && !member.NullAsIndicator ? OrdinalWriteStatement(member.Shape, (short)member.Ordinal, local) : null;
        if (direct is not null) sb.AppendLine("        " + direct);
        else WriteValue(sb, "        ", member.Shape, $"__k{i}", local, nullAsIndicator: member.NullAsIndicator);
    }

    /// <summary>
    /// The class names at ordinal 0 (those the data brought, for an extensible type that read a derived type it did
    /// not know, else its own), each only when it is below the declared type where the writer is told so.
    /// </summary>
    private void EmitTypeNames(StringBuilder sb)
    {
        var m = _model;
        bool belowDeclared = m.ClassHeadersBelowDeclared || m.Java;
        string namesIndent = "        ";
        if (m.IsExtensible)
        {
            // Type names kept from the data (a derived type this version does not know) go back out instead of ours.
            if (m.TypeNames.Count > 0)
            {
                sb.AppendLine($"        if (!{H}.WriteKeptTypeNames(ref writer, __extra))");
                sb.AppendLine("        {");
                namesIndent = "            ";
            }
            else sb.AppendLine($"        {H}.WriteKeptTypeNames(ref writer, __extra);");
        }
        for (int i = 0; i < m.TypeNames.Count; i++)
        {
            // Name i (0 the runtime class) is below the declared type when fewer than Count - i names are declared.
            string condition = belowDeclared ? $"if (declaredNames < {(m.TypeNames.Count - i).ToString(CultureInfo.InvariantCulture)}) " : "";
            // A name with no character outside the BMP is the same bytes in either string encoding: no scan needed.
            string write = m.TypeNames[i].Any(char.IsSurrogate) ? "WriteTypeName" : "WriteBmpTypeName";
            sb.AppendLine($"{namesIndent}{condition}{H}.{write}(ref writer, __t{i});");
        }
        if (m.IsExtensible && m.TypeNames.Count > 0) sb.AppendLine("        }");
    }

    /// <summary>
    /// The entry points of a Fudge-Java object's writer: <c>Write</c> with every class name (the top level, and
    /// elements of lists, sets and maps), <c>WriteAsField</c> with those below the declared type (a property), and
    /// the <c>WriteFields</c> both call, whose body follows.
    /// </summary>
    private void EmitJavaWriteEntryPoints(StringBuilder sb)
    {
        var m = _model;
        string t = m.FullyQualifiedName;
        string n = m.TypeNames.Count.ToString(CultureInfo.InvariantCulture);
        sb.AppendLine("    /// <summary>Writes the fields of <paramref name=\"value\"/>'s message and then the names of its Java class chain, as Fudge-Java writes an object at the top level or in a collection (no envelope; no allocation).</summary>");
        sb.AppendLine($"    public void Write(ref {Writer} writer, {t} value)");
        sb.AppendLine("    {");
        sb.AppendLine("        WriteFields(ref writer, value, 0);");
        sb.AppendLine("    }");
        sb.AppendLine();
        sb.AppendLine($"    /// <summary>Writes the fields of <paramref name=\"value\"/>'s message as the value of a property declared as <see cref=\"{m.CrefName}\"/>: then the class names of its runtime class and its bases below <see cref=\"{m.CrefName}\"/>, as Fudge-Java's JavaBeanBuilder writes them.</summary>");
        sb.AppendLine($"    public void WriteAsField(ref {Writer} writer, {t} value)");
        sb.AppendLine("    {");
        sb.AppendLine($"        WriteFields(ref writer, value, {n});");
        sb.AppendLine("    }");
        sb.AppendLine();
        sb.AppendLine("    /// <summary>Writes the fields of <paramref name=\"value\"/>'s message, then the class names of its chain but the last <paramref name=\"declaredNames\"/>.</summary>");
        sb.AppendLine("    [global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
        sb.AppendLine($"    public void WriteFields(ref {Writer} writer, {t} value, int declaredNames)");
    }

    /// <summary>A repeated member (Fudge-Proto, [FudgeField(Repeated = true)]): one field per element, all under the member's key.</summary>
    private void WriteRepeated(StringBuilder sb, MemberModel member, string key, string list)
    {
        string e = NextLocal();
        sb.AppendLine($"        if ({list} != null)");
        EmitRepeatedLoopHead(sb, member, list, e);
        WriteValue(sb, "                ", member.Shape.Element!, key, e, nullAsIndicator: true);
        sb.AppendLine("            }");
    }

    /// <summary>Writes <paramref name="value"/> (a local or parameter, evaluated more than once) under <paramref name="key"/>.</summary>
    private void WriteValue(StringBuilder sb, string indent, ValueShape shape, string key, string value, bool nullAsIndicator, bool withoutClassNames = false)
    {
        if (shape.CanBeNull)
        {
            string test = shape.Kind == ShapeKind.Nullable ? $"{value}.HasValue"
                : shape.Collection == CollectionKind.ImmutableArray ? $"!{value}.IsDefault" : $"{value} != null";
            sb.AppendLine($"{indent}if ({test})");
            sb.AppendLine(indent + "{");
            if (shape.Kind == ShapeKind.Nullable)
            {
                string inner = NextLocal();
                sb.AppendLine($"{indent}    var {inner} = {value}.GetValueOrDefault();");
                WriteValue(sb, indent + "    ", shape.Element!, key, inner, nullAsIndicator, withoutClassNames);
            }
            else
            {
                sb.AppendLine(indent + "    " + WriteStatement(shape, key, value, withoutClassNames));
            }
            sb.AppendLine(indent + "}");
            if (nullAsIndicator) sb.AppendLine($"{indent}else writer.WriteIndicator(in {key});");
            return;
        }
        sb.AppendLine(indent + WriteStatement(shape, key, value, withoutClassNames));
    }

    private string WriteStatement(ValueShape shape, string key, string v, bool withoutClassNames = false)
    {
        if (shape.Java && JavaWriteStatement(shape, key, v, withoutClassNames) is { } java) return java;
        switch (shape.Kind)
        {
            case ShapeKind.Boolean: return $"writer.WriteBoolean(in {key}, {v});";
            case ShapeKind.SByte: return $"writer.WriteSByte(in {key}, {v});";
            case ShapeKind.Byte: return $"writer.WriteInt16(in {key}, {v});";
            case ShapeKind.Int16: return $"writer.WriteInt16(in {key}, {v});";
            case ShapeKind.UInt16: return $"writer.WriteInt32(in {key}, {v});";
            case ShapeKind.Int32: return $"writer.WriteInt32(in {key}, {v});";
            case ShapeKind.UInt32: return $"writer.WriteInt64(in {key}, {v});";
            case ShapeKind.Int64: return $"writer.WriteInt64(in {key}, {v});";
            case ShapeKind.UInt64: return $"{H}.WriteUInt64(ref writer, in {key}, {v});";
            case ShapeKind.Single: return $"writer.WriteSingle(in {key}, {v});";
            case ShapeKind.Double: return $"writer.WriteDouble(in {key}, {v});";
            case ShapeKind.Char: return $"{H}.WriteChar(ref writer, in {key}, {v});";
            case ShapeKind.Decimal: return $"{H}.WriteDecimal(ref writer, in {key}, {v});";
            case ShapeKind.String: return $"writer.WriteString(in {key}, {v});";
            case ShapeKind.Guid: return $"{H}.WriteGuid(ref writer, in {key}, {v});";
            case ShapeKind.DateTime when shape.Accuracy >= 0:
                return $"{H}.WriteDateTime(ref writer, in {key}, {v}, (global::Fudge.FudgeDateTimeAccuracy){shape.Accuracy});";
            case ShapeKind.DateTimeOffset when shape.Accuracy >= 0:
                return $"{H}.WriteDateTimeOffset(ref writer, in {key}, {v}, (global::Fudge.FudgeDateTimeAccuracy){shape.Accuracy});";
            case ShapeKind.DateTime: return $"{H}.WriteDateTime(ref writer, in {key}, {v});";
            case ShapeKind.DateTimeOffset: return $"{H}.WriteDateTimeOffset(ref writer, in {key}, {v});";
            case ShapeKind.DateOnly: return $"{H}.WriteDateOnly(ref writer, in {key}, {v});";
            case ShapeKind.TimeOnly: return $"{H}.WriteTimeOnly(ref writer, in {key}, {v});";
            case ShapeKind.TimeSpan: return $"writer.WriteInt64(in {key}, {v}.Ticks);";
            case ShapeKind.Enum:
                string underlying = UnderlyingKeyword(shape.EnumUnderlying);
                return WriteStatement(new ValueShape(shape.EnumUnderlying, underlying, true), key, $"({underlying}){v}");
            case ShapeKind.Bytes: return $"writer.WriteBytes(in {key}, {v});";
            case ShapeKind.ReadOnlyMemoryBytes:
            case ShapeKind.MemoryBytes: return $"writer.WriteBytes(in {key}, {v}.Span);";
            case ShapeKind.Int16Array: return $"writer.WriteInt16Array(in {key}, {v});";
            case ShapeKind.Int32Array: return $"writer.WriteInt32Array(in {key}, {v});";
            case ShapeKind.Int64Array: return $"writer.WriteInt64Array(in {key}, {v});";
            case ShapeKind.SingleArray: return $"writer.WriteSingleArray(in {key}, {v});";
            case ShapeKind.DoubleArray: return $"writer.WriteDoubleArray(in {key}, {v});";
            case ShapeKind.Indicator: return $"if ({v}) writer.WriteIndicator(in {key});";
            case ShapeKind.EnumName: return $"writer.WriteString(in {key}, {shape.TypeName}FudgeEncoding.ToName({v}));";
            case ShapeKind.ExternEnumName: return $"{H}.WriteEnumName<{shape.TypeName}>(ref writer, in {key}, {v});";
            case ShapeKind.EnumInt32Array:
                // Fudge-Proto enums are C# enums over int, so the array is reinterpreted, not copied.
                string enumType = shape.Element!.TypeName;
                return $"writer.WriteInt32Array(in {key}, global::System.Runtime.InteropServices.MemoryMarshal.Cast<{enumType}, int>(new global::System.ReadOnlySpan<{enumType}>({v})));";
            case ShapeKind.FudgeMsg: return $"{H}.WriteMessage(ref writer, in {key}, {v});";
            case ShapeKind.Message when GraphWriteTarget(shape) is { } target:
                return GraphWriteStatement(target, key, v);
            case ShapeKind.Message:
                return shape.ClassHeaders
                    ? $"{H}.WriteObjectWithClassHeaders<{shape.TypeName}>(ref writer, in {key}, {v});"
                    : $"{H}.WriteObject<{shape.TypeName}>(ref writer, in {key}, {v});";
            case ShapeKind.Collection when shape.Collection >= CollectionKind.ImmutableArray:
            case ShapeKind.Dictionary when shape.Collection >= CollectionKind.ImmutableArray:
            case ShapeKind.Tuple:
                return $"{MoreCollectionWriter(shape)}(ref writer, in {key}, {v});";
            case ShapeKind.Collection:
            case ShapeKind.Dictionary:
                return $"{CollectionWriter(shape)}(ref writer, in {key}, {v});";
            case ShapeKind.Object:
            case ShapeKind.Registered:
                return DynamicWriteStatement(shape, key, v);
            case ShapeKind.TypeParameter: return TypeParameterWrite(shape, key, v);
            default:
                return ScalarWriteStatement(shape, key, v) ?? throw new System.InvalidOperationException("unexpected shape " + shape.Kind);
        }
    }

    /// <summary>
    /// The write of a fixed-width value, a date or a string under an ordinal alone through the writer's ordinal
    /// overloads (one header store, no questions about the key), or null for shapes that have none. The bytes are those of
    /// <see cref="WriteStatement"/> with the member's cached key: integers are reduced to the same smallest width.
    /// </summary>
    private static string? OrdinalWriteStatement(ValueShape shape, short ordinal, string v)
    {
        string o = "(short)" + ordinal.ToString(CultureInfo.InvariantCulture);
        switch (shape.Kind)
        {
            case ShapeKind.Boolean: return $"writer.WriteBoolean({o}, {v});";
            case ShapeKind.SByte:
            case ShapeKind.Byte:
            case ShapeKind.Int16:
            case ShapeKind.UInt16:
            case ShapeKind.Int32: return $"writer.WriteInt32({o}, {v});";
            case ShapeKind.UInt32:
            case ShapeKind.Int64: return $"writer.WriteInt64({o}, {v});";
            // The same 64 bits as WriteUInt64 writes, reduced alike (timestamps and prices of market data are ulong).
            case ShapeKind.UInt64: return $"writer.WriteInt64({o}, unchecked((long){v}));";
            case ShapeKind.Single: return $"writer.WriteSingle({o}, {v});";
            case ShapeKind.Double: return $"writer.WriteDouble({o}, {v});";
            case ShapeKind.DateTime when shape.Accuracy < 0: return $"{H}.WriteDateTime(ref writer, {o}, {v});";
            case ShapeKind.DateOnly: return $"{H}.WriteDateOnly(ref writer, {o}, {v});";
            // As WriteValue does for a member, a null string writes nothing.
            case ShapeKind.String: return $"if ({v} != null) writer.WriteString({o}, {v});";
            case ShapeKind.Enum:
                string underlying = UnderlyingKeyword(shape.EnumUnderlying);
                return OrdinalWriteStatement(new ValueShape(shape.EnumUnderlying, underlying, true), ordinal, $"({underlying}){v}");
            default: return null;
        }
    }

    /// <summary>The loop writing each entry of a map as its key at ordinal 1 and its value at ordinal 2 (nulls as indicators).</summary>
    private void WriteMapEntries(StringBuilder sb, ValueShape shape, string source)
    {
        string kv = NextLocal();
        sb.AppendLine($"        foreach (var {kv} in {source})");
        sb.AppendLine("        {");
        string k = NextLocal(), v = NextLocal();
        sb.AppendLine($"            var {k} = {kv}.Key;");
        WriteValue(sb, "            ", shape.Key!, $"{H}.MapKeyKey", k, nullAsIndicator: true);
        sb.AppendLine($"            var {v} = {kv}.Value;");
        WriteValue(sb, "            ", shape.Element!, $"{H}.MapValueKey", v, nullAsIndicator: true);
        sb.AppendLine("        }");
    }

    private string CollectionWriter(ValueShape shape)
    {
        string name = "__Write" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        var sb = new StringBuilder();
        // Collections of one member tend to keep their size class: each reserves the size bytes the last one needed,
        // so that a long collection is not moved after it is written (a stale hint from another thread costs a move).
        // A list whose count is known reserves by its count times the bytes per element of the last list the estimate
        // missed: lists of similar elements but varying length (a feed's batches) then rarely move.
        bool counted = shape.Kind != ShapeKind.Dictionary && shape.Collection is CollectionKind.Array or CollectionKind.List or CollectionKind.IList or CollectionKind.IReadOnlyList;
        string countProperty = shape.Collection == CollectionKind.Array ? "Length" : "Count";
        sb.AppendLine(counted ? $"    private static int {name}ElementSize;" : $"    private static int {name}Size;");
        sb.AppendLine();
        sb.AppendLine($"    private static void {name}(ref {Writer} writer, in {Key} key, {shape.TypeName} value)");
        sb.AppendLine("    {");
        if (counted)
        {
            sb.AppendLine($"        int __count = value.{countProperty};");
            sb.AppendLine($"        int __estimate = __count * {name}ElementSize, __size = __estimate;");
            sb.AppendLine("        var __message = writer.BeginMessage(in key, __estimate);");
        }
        else sb.AppendLine($"        var __message = writer.BeginMessage(in key, {name}Size);");
        if (shape.Kind == ShapeKind.Dictionary)
        {
            WriteMapEntries(sb, shape, "value");
        }
        else if (counted && EmitLeafListRuns(sb, shape.Element!, countProperty))
        {
            // Small objects of this compilation (whole-graph code), many to a field run: emitted by Emitter.Graph.cs.
        }
        else
        {
            string elementKey = shape.Collection is CollectionKind.HashSet or CollectionKind.ISet ? $"{H}.SetElementKey" : $"{H}.ListElementKey";
            string e = NextLocal();
            switch (shape.Collection)
            {
                case CollectionKind.Array:
                case CollectionKind.List:
                case CollectionKind.IList:
                case CollectionKind.IReadOnlyList:
                    string count = shape.Collection == CollectionKind.Array ? "Length" : "Count";
                    sb.AppendLine($"        for (int __i = 0; __i < value.{count}; __i++)");
                    sb.AppendLine("        {");
                    sb.AppendLine($"            var {e} = value[__i];");
                    break;
                default:
                    sb.AppendLine($"        foreach (var {e} in value)");
                    sb.AppendLine("        {");
                    break;
            }
            // Fudge-Java's ArrayBuilder writes the objects of an array without their class names (its lists name them).
            bool withoutClassNames = shape.Java && shape.Collection == CollectionKind.Array;
            WriteValue(sb, "            ", shape.Element!, elementKey, e, nullAsIndicator: true, withoutClassNames);
            sb.AppendLine("        }");
        }
        if (counted)
        {
            // The size comes back only when the estimate had reserved another width.
            sb.AppendLine("        writer.EndMessage(__message, ref __size);");
            sb.AppendLine($"        if (__size != __estimate && __count > 0) {name}ElementSize = __size / __count;");
        }
        else sb.AppendLine($"        writer.EndMessage(__message, ref {name}Size);");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }
}
