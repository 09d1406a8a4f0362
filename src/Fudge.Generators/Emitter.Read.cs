using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis.CSharp;

namespace Fudge.Generators;

// The reader half of the emitted formatter: Read (the general loop; the in-place run is in Emitter.ReadInPlace.cs), the collection readers and the key match.
internal sealed partial class Emitter
{
    // ------------------------------------------------------------------ read

    private void EmitRead(StringBuilder sb)
    {
        var m = _model;
        string t = m.FullyQualifiedName;
        sb.AppendLine("    /// <summary>Reads a value from the fields of the message the reader walks; unknown fields are skipped, absent ones keep their defaults.</summary>");
        sb.AppendLine($"    public {t} Read(ref {Reader} reader)");
        sb.AppendLine("    {");
        if (m.Unions.Count > 0 || m.IsAbstract)
        {
            // The writer puts the runtime type's name first: peeked at without moving, it picks the case, whose own
            // reader then reads the body from the start (it steps over the names itself). The case is called on its
            // generated formatter, not through FudgeFormatterCache: a [FudgeUnion] case derives from this type, so it
            // is compiled with it, by this generator. Only a body that does not start with a name the type knows pays
            // for the general scan, on a copy of the reader, in a method of its own (__FindCase): a copy here would
            // make every call zero a reader's worth of stack, the union's largest cost in a profile.
            bool own = !m.IsAbstract && m.TypeNames.Count > 0 && !m.Java;
            if (m.Unions.Count > 0 || own)
            {
                sb.AppendLine("        if (reader.TryPeekStringField((short)0, out var __firstName))");
                sb.AppendLine("        {");
                for (int i = 0; i < m.Unions.Count; i++)
                    sb.AppendLine($"            if ({H}.TypeNameEquals(__firstName, __u{i})) return {CaseFormatter(m.Unions[i])}.Read(ref reader);");
                if (own) sb.AppendLine($"            if ({H}.TypeNameEquals(__firstName, __t0)) goto __own;");
                sb.AppendLine("        }");
            }
            if (m.Java) EmitCaseScanInline(sb);
            else EmitCaseScanCall(sb);
            if (m.IsAbstract)
            {
                sb.AppendLine($"        throw {H}.UnknownTypeName(reader.ValueOffset, {Literal(m.DisplayName)});");
                sb.AppendLine("    }");
                return;
            }
            if (own) sb.AppendLine("        __own: ;");
        }
        if (ReadsInPlace())
        {
            EmitReadInPlace(sb);
            return;
        }
        if (m.Members.Any(x => x.IsRequired)) sb.AppendLine("        int __start = reader.ValueOffset;");
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            if (member.SetMode == SetMode.WriteOnly) continue; // written, never read
            sb.AppendLine($"        {member.Shape.TypeName} __v{i} = default({member.Shape.TypeName});");
            if (UsesPresence(i)) sb.AppendLine($"        bool __h{i} = false;");
            if (member.Repeated && RepeatedGathersApart(member)) sb.AppendLine($"        {RepeatedListType(member)} __r{i} = null;");
        }
        if (m.IsExtensible)
        {
            sb.AppendLine("        global::Fudge.FudgeMsg __extra = null;");
            sb.AppendLine("        int __namesMatched = 0;");
        }
        EmitDerivedLocals(sb);
        sb.AppendLine("        while (reader.Read())");
        sb.AppendLine("        {");
        sb.AppendLine("            switch (__Match(ref reader))");
        sb.AppendLine("            {");
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            sb.AppendLine($"                case {i}:");
            if (member.SetMode == SetMode.WriteOnly) { sb.AppendLine("                    break;"); continue; } // as Fudge-Java, a property without a setter is not read
            if (member.Repeated) EmitRepeatedElement(sb, member, RepeatedGathersApart(member) ? $"__r{i}" : $"__v{i}");
            else if (member.Shape.Kind == ShapeKind.Indicator) sb.AppendLine($"                    __v{i} = true;");
            else
            {
                // Where the array's value began, for the error: once read (in place, with whole-graph code) the reader has moved on.
                if (member.FixedLength > 0) sb.AppendLine($"                    int __at{i} = reader.ValueOffset;");
                sb.AppendLine($"                    if (reader.IsIndicator) __v{i} = default({member.Shape.TypeName});");
                sb.AppendLine($"                    else __v{i} = {ReadExpression(member.Shape, "reader")};");
                if (member.FixedLength > 0)
                    sb.AppendLine($"                    if (__v{i} != null && __v{i}.Length != {member.FixedLength}) throw {H}.WrongArrayLength(__at{i}, {Literal(m.DisplayName)}, {Literal(member.Name.TrimStart('@'))}, {member.FixedLength}, __v{i}.Length);");
            }
            if (UsesPresence(i)) sb.AppendLine($"                    __h{i} = true;");
            sb.AppendLine("                    break;");
        }
        sb.AppendLine("                case -2:");
        EmitDerivedCheck(sb, "                    ");
        if (m.IsExtensible) sb.AppendLine($"                    __extra = {H}.KeepTypeName(__extra, ref reader, __typeNamesUtf8, ref __namesMatched);");
        sb.AppendLine("                    break;");
        sb.AppendLine("                default:");
        if (m.IsExtensible) sb.AppendLine($"                    __extra = {H}.AddUnknownField(__extra, ref reader);");
        sb.AppendLine("                    break;");
        sb.AppendLine("            }");
        sb.AppendLine("        }");
        EmitRepeatedFinish(sb);
        EmitDerivedRead(sb);
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            if (member.IsRequired) EmitRequiredCheck(sb, member, i);
        }

        var args = m.CtorArgs.Select(a => a.MemberIndex < 0 ? a.DefaultLiteral!
            : a.DefaultLiteral is null ? $"__v{a.MemberIndex}"
            : $"(__h{a.MemberIndex} ? __v{a.MemberIndex} : {a.DefaultLiteral})");
        var initializers = new List<string>();
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            if (member.SetMode is not (SetMode.Initializer or SetMode.ConstructorAndInitializer)) continue;
            // An absent init-only member keeps its constant initializer's value (the initializer itself is overridden).
            initializers.Add(member.AbsentDefault is null ? $"{member.Name} = __v{i}" : $"{member.Name} = __h{i} ? __v{i} : {member.AbsentDefault}");
        }
        string init = initializers.Count == 0 ? "" : " { " + string.Join(", ", initializers) + " }";
        sb.AppendLine($"        var __result = new {t}({string.Join(", ", args)}){init};");
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            // A member whose absence means null (AbsentIsNull) is assigned either way: __v is null when it was absent.
            string when = member.AbsentIsNull ? "" : $"if (__h{i}) ";
            if (member.SetMode == SetMode.Assign && member.BaseSetter is not null) sb.AppendLine($"        {when}{member.BaseSetter}(__result, __v{i});");
            else if (member.SetMode == SetMode.Assign) sb.AppendLine($"        {when}__result.{member.Name} = __v{i};");
            else if (member.SetMode == SetMode.Populate) EmitPopulate(sb, member, i);
        }
        if (m.IsExtensible)
        {
            sb.AppendLine($"        {H}.SetExtensionData(ref __result, __extra);");
        }
        sb.AppendLine("        return __result;");
        sb.AppendLine("    }");
    }

    /// <summary>The generated formatter of a [FudgeUnion] case, called directly (its Read is a plain call on a sealed class).</summary>
    // The scan for a type name that is not the body's first field, in the reader: the Java mapping's, which also looks
    // up classes registered at run time.
    private void EmitCaseScanInline(StringBuilder sb)
    {
        var m = _model;
        sb.AppendLine("        var __scan = reader;");
        sb.AppendLine("        while (__scan.Read())");
        sb.AppendLine("        {");
        sb.AppendLine("            if (!__scan.HasOrdinal || __scan.Ordinal != 0 || __scan.TypeId != global::Fudge.FudgeTypeId.String) continue;");
        sb.AppendLine("            var __typeName = __scan.ValueSpan;");
        for (int i = 0; i < m.Unions.Count; i++)
            sb.AppendLine($"            if ({H}.TypeNameEquals(__typeName, __u{i})) return {CaseFormatter(m.Unions[i])}.Read(ref reader);");
        sb.AppendLine($"            if ({H}.IsRegisteredDerived<{m.FullyQualifiedName}>(__typeName)) return {H}.ReadRegisteredDerived<{m.FullyQualifiedName}>(ref reader, __typeName);");
        if (!m.IsAbstract && m.TypeNames.Count > 0) sb.AppendLine($"            if ({H}.TypeNameEquals(__typeName, __t0)) break;");
        sb.AppendLine("        }");
    }

    // The same scan out of line: __FindCase gives the index of the first case whose name it meets, or -1 when it meets
    // the type's own name first or no name at all (the type itself is read, or an abstract one refuses the body).
    private void EmitCaseScanCall(StringBuilder sb)
    {
        var m = _model;
        // With no case to find, whatever the scan met, the type itself is read next (or refused): nothing to scan for.
        if (m.Unions.Count == 0) return;
        sb.AppendLine("        switch (__FindCase(ref reader))");
        sb.AppendLine("        {");
        for (int i = 0; i < m.Unions.Count; i++)
            sb.AppendLine($"            case {i}: return {CaseFormatter(m.Unions[i])}.Read(ref reader);");
        sb.AppendLine("        }");
        var scan = new StringBuilder();
        scan.AppendLine("    [global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
        scan.AppendLine($"    private static int __FindCase(ref {Reader} reader)");
        scan.AppendLine("    {");
        scan.AppendLine("        var __scan = reader;");
        scan.AppendLine("        while (__scan.Read())");
        scan.AppendLine("        {");
        scan.AppendLine("            if (!__scan.HasOrdinal || __scan.Ordinal != 0 || __scan.TypeId != global::Fudge.FudgeTypeId.String) continue;");
        scan.AppendLine("            var __typeName = __scan.ValueSpan;");
        for (int i = 0; i < m.Unions.Count; i++)
            scan.AppendLine($"            if ({H}.TypeNameEquals(__typeName, __u{i})) return {i};");
        if (!m.IsAbstract && m.TypeNames.Count > 0) scan.AppendLine($"            if ({H}.TypeNameEquals(__typeName, __t0)) return -1;");
        scan.AppendLine("        }");
        scan.AppendLine("        return -1;");
        scan.AppendLine("    }");
        _helpers.AppendLine().Append(scan);
    }

    private static string CaseFormatter(UnionModel union) => $"{union.FullyQualifiedName}.FudgeFormatter.Instance";

    /// <summary>One element of a repeated member (one field per element) added to <paramref name="list"/>, created at the first (Emitter.Repeated.cs).</summary>
    private void EmitRepeatedElement(StringBuilder sb, MemberModel member, string list)
    {
        var element = member.Shape.Element!;
        sb.AppendLine($"                    if ({list} == null) {list} = new {RepeatedListType(member)}();");
        // An element of a repeated indicator is an indicator field: each one is a true.
        string value = element.Kind == ShapeKind.Indicator ? "true" : $"reader.IsIndicator ? default({element.TypeName}) : {ReadExpression(element, "reader")}";
        sb.AppendLine($"                    {list}.Add({value});");
    }

    /// <summary>The check, once the message is read, that required member <paramref name="index"/> was present.</summary>
    private void EmitRequiredCheck(StringBuilder sb, MemberModel member, int index)
        => sb.AppendLine($"        if (!__h{index}) throw {H}.MissingRequiredMember(__start, {Literal(_model.DisplayName)}, {Literal(member.Name.TrimStart('@'))}, {Literal(member.WireName)});");

    // The current field's value, or the type's default for an indicator (how the general reader treats a null).
    private string ValueOrDefault(ValueShape shape) => $"reader.IsIndicator ? default({shape.TypeName}) : {ReadExpression(shape, "reader")}";

    /// <summary>Static setters for the members whose setter is private, so that derived types' formatters can read them too.</summary>
    private void EmitSetters(StringBuilder sb)
    {
        foreach (var member in _model.Members.Where(x => x.ExposesSetter))
        {
            sb.AppendLine();
            sb.AppendLine($"    /// <summary>Sets <c>{member.Name.TrimStart('@')}</c> (its setter is private) for the formatters of derived types.</summary>");
            sb.AppendLine("    [global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]");
            sb.AppendLine($"    internal static void {member.SetterMethodName}({_model.FullyQualifiedName} target, {member.Shape.TypeName} value)");
            sb.AppendLine("    {");
            sb.AppendLine($"        target.{member.Name} = value;");
            sb.AppendLine("    }");
        }
    }

    /// <summary>Fills a get-only collection property from the collection read into <c>__v{index}</c> (left alone when the field was absent or null).</summary>
    private static void EmitPopulate(StringBuilder sb, MemberModel member, int index)
    {
        bool map = member.Shape.Kind == ShapeKind.Dictionary;
        sb.AppendLine($"        if (__v{index} != null)");
        sb.AppendLine("        {");
        sb.AppendLine($"            var __p{index} = __result.{member.Name};");
        sb.AppendLine($"            if (__p{index} != null)");
        sb.AppendLine("            {");
        sb.AppendLine($"                __p{index}.Clear();");
        string type = member.Shape.TypeName;
        if (type.StartsWith("global::System.Collections.Generic.Stack<", System.StringComparison.Ordinal))
        {
            // The stack read enumerates top first: pushed bottom first, the member's stack has the order written.
            sb.AppendLine($"                var __a{index} = __v{index}.ToArray();");
            sb.AppendLine($"                for (int __i = __a{index}.Length - 1; __i >= 0; __i--) __p{index}.Push(__a{index}[__i]);");
        }
        else
        {
            string add = map ? $"__p{index}[__e.Key] = __e.Value;"
                : type.StartsWith("global::System.Collections.Generic.Queue<", System.StringComparison.Ordinal)
                  || type.StartsWith("global::System.Collections.Concurrent.ConcurrentQueue<", System.StringComparison.Ordinal) ? $"__p{index}.Enqueue(__e);"
                : type.StartsWith("global::System.Collections.Generic.LinkedList<", System.StringComparison.Ordinal) ? $"__p{index}.AddLast(__e);"
                : $"__p{index}.Add(__e);";
            sb.AppendLine($"                foreach (var __e in __v{index}) " + add);
        }
        sb.AppendLine("            }");
        sb.AppendLine("        }");
    }

    /// <summary>True when the reader needs to know whether member <paramref name="index"/> was present.</summary>
    private bool UsesPresence(int index)
    {
        var member = _model.Members[index];
        return member.IsRequired || (member.SetMode == SetMode.Assign && !member.AbsentIsNull) || member.AbsentDefault is not null
            || _model.CtorArgs.Any(a => a.MemberIndex == index && a.DefaultLiteral is not null);
    }

    private string ReadExpression(ValueShape shape, string r)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Boolean: return $"{r}.GetBoolean()";
            case ShapeKind.SByte: return $"{r}.GetSByte()";
            case ShapeKind.Byte: return $"{H}.ReadByte(ref {r})";
            case ShapeKind.Int16: return $"{r}.GetInt16()";
            case ShapeKind.UInt16: return $"{H}.ReadUInt16(ref {r})";
            case ShapeKind.Int32: return $"{r}.GetInt32()";
            case ShapeKind.UInt32: return $"{H}.ReadUInt32(ref {r})";
            case ShapeKind.Int64: return $"{r}.GetInt64()";
            case ShapeKind.UInt64: return $"{H}.ReadUInt64(ref {r})";
            case ShapeKind.Single: return $"{r}.GetSingle()";
            case ShapeKind.Double: return $"{r}.GetDouble()";
            case ShapeKind.Char: return $"{H}.ReadChar(ref {r})";
            case ShapeKind.Decimal: return $"{H}.ReadDecimal(ref {r})";
            case ShapeKind.String: return $"{r}.GetString()";
            case ShapeKind.Guid: return $"{H}.ReadGuid(ref {r})";
            case ShapeKind.DateTime: return $"{H}.ReadDateTime(ref {r})";
            case ShapeKind.DateTimeOffset: return $"{H}.ReadDateTimeOffset(ref {r})";
            case ShapeKind.DateOnly: return $"{H}.ReadDateOnly(ref {r})";
            case ShapeKind.TimeOnly: return $"{H}.ReadTimeOnly(ref {r})";
            case ShapeKind.TimeSpan: return $"{H}.ReadTimeSpan(ref {r})";
            case ShapeKind.Enum: return $"{EnumReader(shape)}(ref {r})";
            case ShapeKind.Bytes: return $"{r}.GetBytes()";
            case ShapeKind.ReadOnlyMemoryBytes: return $"new global::System.ReadOnlyMemory<byte>({r}.GetBytes())";
            case ShapeKind.MemoryBytes: return $"new global::System.Memory<byte>({r}.GetBytes())";
            case ShapeKind.Int16Array: return $"{r}.GetInt16Array()";
            case ShapeKind.Int32Array: return $"{r}.GetInt32Array()";
            case ShapeKind.Int64Array: return $"{r}.GetInt64Array()";
            case ShapeKind.SingleArray: return $"{r}.GetSingleArray()";
            case ShapeKind.DoubleArray: return $"{r}.GetDoubleArray()";
            case ShapeKind.Indicator: return "true";
            case ShapeKind.EnumName: return $"{shape.TypeName}FudgeEncoding.Read(ref {r})";
            case ShapeKind.ExternEnumName: return $"{H}.ReadEnumName<{shape.TypeName}>(ref {r})";
            case ShapeKind.EnumInt32Array: return $"{EnumArrayReader(shape)}(ref {r})";
            case ShapeKind.FudgeMsg: return $"{H}.ReadMessage(ref {r})";
            case ShapeKind.Message when GraphReadTarget(shape) is { } target: return $"{target.FullyQualifiedName}.FudgeFormatter.__ReadObject(ref {r})";
            case ShapeKind.Message: return $"{H}.ReadObject<{shape.TypeName}>(ref {r})";
            case ShapeKind.Nullable: return $"new {shape.TypeName}({ReadExpression(shape.Element!, r)})";
            case ShapeKind.Collection when shape.Collection >= CollectionKind.ImmutableArray:
            case ShapeKind.Dictionary when shape.Collection >= CollectionKind.ImmutableArray:
            case ShapeKind.Tuple:
                return $"{MoreCollectionReader(shape)}(ref {r})";
            case ShapeKind.Collection:
            case ShapeKind.Dictionary:
                return $"{CollectionReader(shape)}(ref {r})";
            case ShapeKind.Object:
            case ShapeKind.Registered:
                return DynamicReadExpression(shape, r);
            case ShapeKind.TypeParameter: return TypeParameterRead(shape, r);
            default:
                return ScalarReadExpression(shape, r) ?? throw new System.InvalidOperationException("unexpected shape " + shape.Kind);
        }
    }

    private string CollectionReader(ValueShape shape)
    {
        // The in-place reader asks for a member's reader twice (expected run and general loop): one helper serves both.
        if (_collectionReaders.TryGetValue(shape, out var existing)) return existing;
        string name = "__Read" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        _collectionReaders.Add(shape, name);
        var sb = new StringBuilder();
        sb.AppendLine($"    private static {shape.TypeName} {name}(ref {Reader} reader)");
        sb.AppendLine("    {");
        // Whole-graph code (issue 42): the collection's sub-message is entered in place and walked by the caller's reader.
        // {name}Entered reads it once entered: the in-place reader's expected run enters it on its header bytes
        // (TryEnterMessage) and calls that directly.
        bool inPlace = _options.GraphRead;
        if (inPlace)
        {
            sb.AppendLine("        var __collectionFrame = reader.EnterMessage();");
            sb.AppendLine($"        return {name}Entered(ref reader, in __collectionFrame);");
            sb.AppendLine("    }");
            sb.AppendLine();
            sb.AppendLine($"    private static {shape.TypeName} {name}Entered(ref {Reader} reader, in {Reader}.MessageFrame __collectionFrame)");
            sb.AppendLine("    {");
            sb.AppendLine($"        ref {Reader} __sub = ref reader;");
        }
        else sb.AppendLine("        var __sub = reader.ReadMessage();");
        string leave = inPlace ? "        reader.LeaveMessage(in __collectionFrame);\n" : "";
        if (shape.Kind == ShapeKind.Dictionary)
        {
            var key = shape.Key!;
            var value = shape.Element!;
            string keyList = $"global::System.Collections.Generic.List<{key.TypeName}>";
            sb.AppendLine($"        var __keys = new {keyList}();");
            sb.AppendLine("        var __scan = __sub;");
            sb.AppendLine("        while (__scan.Read())");
            sb.AppendLine("        {");
            sb.AppendLine($"            if (!{H}.IsMapKey(ref __scan)) continue;");
            sb.AppendLine($"            if (__scan.IsIndicator) __keys.Add(default({key.TypeName}));");
            sb.AppendLine($"            else __keys.Add({ReadExpression(key, "__scan")});");
            sb.AppendLine("        }");
            string dictionary = $"global::System.Collections.Generic.Dictionary<{key.TypeName}, {value.TypeName}>";
            sb.AppendLine($"        var __result = new {dictionary}(__keys.Count);");
            sb.AppendLine("        int __i = 0;");
            sb.AppendLine("        while (__sub.Read())");
            sb.AppendLine("        {");
            sb.AppendLine($"            if (!{H}.IsMapValue(ref __sub)) continue;");
            sb.AppendLine("            if (__i >= __keys.Count) break;");
            sb.AppendLine("            var __key = __keys[__i++];");
            if (key.CanBeNull) sb.AppendLine("            if (__key == null) continue;");
            sb.AppendLine($"            {value.TypeName} __value;");
            sb.AppendLine($"            if (__sub.IsIndicator) __value = default({value.TypeName});");
            sb.AppendLine($"            else __value = {ReadExpression(value, "__sub")};");
            sb.AppendLine("            __result[__key] = __value;");
            sb.AppendLine("        }");
            sb.Append(leave).AppendLine("        return __result;");
        }
        else
        {
            var element = shape.Element!;
            string e = element.TypeName;
            bool array = shape.Collection is CollectionKind.Array or CollectionKind.IEnumerable or CollectionKind.IReadOnlyList or CollectionKind.IReadOnlyCollection;
            bool set = shape.Collection is CollectionKind.HashSet or CollectionKind.ISet;
            sb.AppendLine("        int __n = __sub.CountCollectionElements();");
            if (array)
            {
                sb.AppendLine($"        var __result = {NewArray(e, "__n")};");
                sb.AppendLine("        int __i = 0;");
            }
            else if (set) sb.AppendLine($"        var __result = new global::System.Collections.Generic.HashSet<{e}>();");
            else sb.AppendLine($"        var __result = new global::System.Collections.Generic.List<{e}>(__n);");
            // Read leaves (Emitter.ReadLeaves.cs): each taken from a run over its sub-message while they last, with no
            // reader entered or built for it (per object: while FudgeFormatterCache holds the generated formatter).
            var leaf = GraphTarget(element) is { } leafTarget && LeafLevel(leafTarget) > 0 ? leafTarget : null;
            if (leaf is not null)
            {
                string depth = $"__sub.CanTakeNested(2 * {e}.FudgeFormatter.__LeafLevels - 1)";
                sb.AppendLine(_options.GraphRead ? $"        bool __leaves = {depth};"
                    : $"        bool __leaves = {depth} && object.ReferenceEquals(global::Fudge.Serialization.FudgeFormatterCache<{e}>.Formatter, {e}.FudgeFormatter.Instance);");
            }
            sb.AppendLine("        while (true)");
            sb.AppendLine("        {");
            if (leaf is not null)
            {
                sb.AppendLine("            if (__leaves)");
                sb.AppendLine("            {");
                sb.AppendLine("                var __run = __sub.BeginTakeRun();");
                sb.AppendLine("                if (__run.TryPeekAnonymousMessage(out var __l))");
                sb.AppendLine("                {");
                sb.AppendLine($"                    var __lv = {e}.FudgeFormatter.__TakeLeaf(__l.RemainingFields);");
                sb.AppendLine("                    if (__lv != null)");
                sb.AppendLine("                    {");
                sb.AppendLine("                        __run.Skip(in __l);");
                sb.AppendLine("                        __sub.EndTakeRun(in __run);");
                sb.AppendLine(array ? "                        __result[__i++] = __lv;" : "                        __result.Add(__lv);");
                sb.AppendLine("                        continue;");
                sb.AppendLine("                    }");
                sb.AppendLine("                }");
                sb.AppendLine("            }");
            }
            if (GraphReadTarget(element) is { } target)
            {
                // Objects of this compilation's types: each entered in place and read with this same reader.
                sb.AppendLine("            if (__sub.TryEnterAnonymousMessage(out var __frame))");
                sb.AppendLine("            {");
                string read = $"{target.FullyQualifiedName}.FudgeFormatter.__ReadEntered(ref __sub, in __frame)";
                sb.AppendLine(array ? $"                __result[__i++] = {read};" : $"                __result.Add({read});");
                sb.AppendLine("                continue;");
                sb.AppendLine("            }");
            }
            else if (element.Kind == ShapeKind.Message)
            {
                // Lists of objects are sub-messages without name or ordinal: take each on its header bytes first.
                sb.AppendLine("            if (__sub.TryTakeAnonymousMessage(out var __message))");
                sb.AppendLine("            {");
                string read = $"{H}.ReadObjectFrom<{e}>(ref __message)";
                sb.AppendLine(array ? $"                __result[__i++] = {read};" : $"                __result.Add({read});");
                sb.AppendLine("                continue;");
                sb.AppendLine("            }");
            }
            sb.AppendLine("            if (!__sub.Read()) break;");
            sb.AppendLine($"            if (!{H}.IsCollectionElement(ref __sub)) continue;");
            sb.AppendLine($"            {e} __element;");
            // An element of an indicator array is an indicator field: each one is a true (Fudge-Proto writes the trues).
            if (element.Kind == ShapeKind.Indicator) sb.AppendLine("            if (__sub.IsIndicator) __element = true;");
            else sb.AppendLine($"            if (__sub.IsIndicator) __element = default({e});");
            sb.AppendLine($"            else __element = {ReadExpression(element, "__sub")};");
            sb.AppendLine(array ? "            __result[__i++] = __element;" : "            __result.Add(__element);");
            sb.AppendLine("        }");
            sb.Append(leave).AppendLine("        return __result;");
        }
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    /// <summary>
    /// The reader of an array of an integer-encoded Fudge-Proto enum: an int[] (a short[] is widened) as
    /// Fudge-Proto's Java writes it, or the sub-message of integers earlier versions of this generator wrote.
    /// </summary>
    private string EnumArrayReader(ValueShape shape)
    {
        if (_collectionReaders.TryGetValue(shape, out var existing)) return existing;
        var element = shape.Element!;
        string legacy = CollectionReader(new ValueShape(ShapeKind.Collection, shape.TypeName, false, Collection: CollectionKind.Array, Element: element));
        string name = "__Read" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        _collectionReaders.Add(shape, name);
        var sb = new StringBuilder();
        sb.AppendLine($"    private static {shape.TypeName} {name}(ref {Reader} reader)");
        sb.AppendLine("    {");
        sb.AppendLine($"        if (reader.TypeId == global::Fudge.FudgeTypeId.Message) return {legacy}(ref reader);");
        sb.AppendLine("        var __values = reader.GetInt32Array();");
        sb.AppendLine($"        var __result = {NewArray(element.TypeName, "__values.Length")};");
        sb.AppendLine($"        for (int __i = 0; __i < __values.Length; __i++) __result[__i] = ({element.TypeName})__values[__i];");
        sb.AppendLine("        return __result;");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    /// <summary><c>new E[n]</c>, written <c>new int[n][]</c> (or <c>new int[n][,]</c>) when E is itself an array type.</summary>
    private static string NewArray(string elementType, string length) => "new " + Parser.ArrayOf(elementType, "[" + length + "]");

    private void EmitMatch(StringBuilder sb)
    {
        var m = _model;
        // Called once per field read: inlining it lets the JIT fold the key match into the member switch.
        sb.AppendLine("    [global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]");
        sb.AppendLine($"    private static int __Match(ref {Reader} reader)");
        sb.AppendLine("    {");
        sb.AppendLine("        if (reader.HasOrdinal)");
        sb.AppendLine("        {");
        sb.AppendLine("            switch (reader.Ordinal)");
        sb.AppendLine("            {");
        sb.AppendLine("                case 0: return -2;");
        for (int i = 0; i < m.Members.Count; i++)
            if (m.Members[i].HasOrdinal) sb.AppendLine($"                case {m.Members[i].Ordinal.ToString(CultureInfo.InvariantCulture)}: return {i};");
        sb.AppendLine("            }");
        sb.AppendLine("        }");
        if (m.Members.Count > 0)
        {
            sb.AppendLine("        if (reader.HasName)");
            sb.AppendLine("        {");
            sb.AppendLine("            var __name = reader.NameUtf8;");
            sb.AppendLine("            switch (__name.Length)");
            sb.AppendLine("            {");
            foreach (var group in m.Members.Select((member, index) => (member, index))
                         .GroupBy(x => Encoding.UTF8.GetByteCount(x.member.WireName)).OrderBy(g => g.Key))
            {
                sb.AppendLine($"                case {group.Key.ToString(CultureInfo.InvariantCulture)}:");
                foreach (var (_, index) in group)
                    sb.AppendLine($"                    if ({Span}(__name, __n{index})) return {index};");
                sb.AppendLine("                    break;");
            }
            sb.AppendLine("            }");
            EmitJavaNameMatch(sb);
            sb.AppendLine("        }");
            // Spec 13.2: an ordinal-only field takes its name from the envelope's taxonomy, when the reader has one.
            sb.AppendLine("        else if (reader.HasOrdinal && reader.Taxonomy != null)");
            sb.AppendLine("        {");
            sb.AppendLine("            switch (reader.Taxonomy.GetName(reader.Ordinal))");
            sb.AppendLine("            {");
            for (int i = 0; i < m.Members.Count; i++)
                sb.AppendLine($"                case {Literal(m.Members[i].WireName)}: return {i};");
            sb.AppendLine("            }");
            sb.AppendLine("        }");
        }
        sb.AppendLine("        return -1;");
        sb.AppendLine("    }");
    }

    /// <summary>
    /// Fudge-Java writes a name outside the Basic Multilingual Plane as CESU-8, which the byte match above misses: for
    /// the members that have such a name (and only then), a name holding a 0xED byte is decoded and matched as text
    /// (an undecodable one matches nothing, as before: an unknown field is skipped, not an error).
    /// </summary>
    private void EmitJavaNameMatch(StringBuilder sb)
    {
        var members = _model.Members.Select((member, index) => (member, index))
            .Where(x => x.member.WireName.Any(char.IsSurrogate)).ToList();
        if (members.Count == 0) return;
        sb.AppendLine($"            switch ({H}.DecodeJavaName(__name))");
        sb.AppendLine("            {");
        foreach (var (member, index) in members)
            sb.AppendLine($"                case {Literal(member.WireName)}: return {index};");
        sb.AppendLine("            }");
    }
}
