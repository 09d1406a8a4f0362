using System.Globalization;
using System.Text;

namespace Fudge.Generators;

// Read leaves (issue 42): a small object whose whole message is a run of takeable scalar members under ordinals (the
// benchmark graph's Lot) is taken from a FudgeTakeRun over its sub-message, with no reader entered, built or left for
// it, and a list or array of such objects under an ordinal is taken whole inside its holder's expected run
// (FudgeTakeRun.TryPeekMessage, then each element's TryPeekAnonymousMessage and __TakeLeaf). Anything else (a member
// out of order, unknown or missing, an indicator, a value a take refuses, a list with another kind of element, a depth
// the reader must check) makes the take give null without moving the holder's run, and the list is read the general
// way from its first byte: the values and the errors are those of the general read. With the per-object path, a list
// is taken this way only while FudgeFormatterCache holds the element type's own generated formatter (a registered
// replacement is still called for each element).
internal sealed partial class Emitter
{
    private readonly System.Collections.Generic.Dictionary<ValueShape, string> _leafListTakers = new();

    /// <summary>
    /// True for a class whose generated Read creates it first and fills it (<see cref="ReadsInPlace"/>'s conditions),
    /// under ordinals, with no type names, every member under an ordinal.
    /// </summary>
    private static bool CanBeReadLeaf(TypeModel m)
    {
        if (!GraphEligible(m) || m.FieldIds is not (1 or 3) || m.IsValueType || m.IsAbstract || m.Unions.Count > 0 || m.IsExtensible
            || m.TypeNames.Count > 0 || m.CtorArgs.Count > 0 || m.Members.Count == 0) return false;
        foreach (var x in m.Members)
            if (x.SetMode != SetMode.Assign || x.BaseSetter is not null || x.AbsentDefault is not null || x.AbsentIsNull || !x.HasOrdinal
                || x.Repeated || x.FixedLength > 0 || x.Shape.Kind == ShapeKind.Indicator) return false;
        return true;
    }

    /// <summary>A read leaf of the first level: every member a scalar a <c>FudgeTakeRun</c> takes.</summary>
    private static bool IsScalarLeaf(TypeModel m)
    {
        if (!CanBeReadLeaf(m)) return false;
        for (int i = 0; i < m.Members.Count; i++)
            if (LeafTake(m.Members[i], i) is null) return false;
        return true;
    }

    /// <summary>
    /// How many levels of objects a take of <paramref name="m"/> walks: 1 for a leaf of scalars, 2 for one whose other
    /// members are lists or arrays of leaves of scalars (each list a level of sub-messages more), 0 for no read leaf.
    /// </summary>
    private int LeafLevel(TypeModel m)
    {
        if (!CanBeReadLeaf(m)) return 0;
        int level = 1;
        for (int i = 0; i < m.Members.Count; i++)
        {
            if (LeafTake(m.Members[i], i) is not null) continue;
            if (ListElement(m.Members[i]) is { } element && IsScalarLeaf(element)) { level = 2; continue; }
            return 0;
        }
        return level;
    }

    private static (string Test, string Value)? LeafTake(MemberModel member, int index)
    {
        var shape = member.Shape;
        var integer = shape.Kind == ShapeKind.Enum && !shape.Java ? shape.EnumUnderlying : shape.Kind;
        return TakeRunRead(shape, integer, $"(short){member.Ordinal.ToString(CultureInfo.InvariantCulture)}", index);
    }

    /// <summary>A read leaf's __TakeLeaf: its whole message from a run over the sub-message's fields, or null.</summary>
    private void EmitReadLeaf(StringBuilder sb)
    {
        var m = _model;
        int level = LeafLevel(m);
        if (level == 0) return;
        string t = m.FullyQualifiedName;
        sb.AppendLine();
        sb.AppendLine("    /// <summary>How many levels of sub-messages <see cref=\"__TakeLeaf\"/> walks, this type's included.</summary>");
        sb.AppendLine($"    internal const int __LeafLevels = {level.ToString(CultureInfo.InvariantCulture)};");
        sb.AppendLine();
        sb.AppendLine("    /// <summary>");
        sb.AppendLine("    /// The value of the sub-message whose fields are <paramref name=\"__fields\"/> when it holds exactly this type's members in order, as Read");
        sb.AppendLine("    /// reads them; null for anything else (Read then reads or refuses it). The caller answers for the depth.");
        sb.AppendLine("    /// </summary>");
        sb.AppendLine(Never);
        if (level == 1) sb.AppendLine(Inline);
        // The sub-message's fields come as a span (two registers), not as the run that peeked at them (24 bytes, copied
        // through the stack at each call, where the copy's wide loads wait on the narrow stores that made it).
        sb.AppendLine($"    internal static {t} __TakeLeaf(global::System.ReadOnlySpan<byte> __fields)");
        sb.AppendLine("    {");
        sb.AppendLine("        var __t = new global::Fudge.FudgeTakeRun(__fields);");
        // As Read: the object made first, each member in declaration order set from its field when the next field is
        // its own (an absent member keeps the constructor's value, as in the general loop), and the message ending
        // after the last (else it held something the general loop must read: null, and the holder reads it so).
        sb.AppendLine($"        var __result = new {t}();");
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            string n = i.ToString(CultureInfo.InvariantCulture);
            // A required member's absence is the general loop's error to report.
            string absent = member.IsRequired ? " else return null;" : "";
            if (LeafTake(member, i) is { } take)
            {
                sb.AppendLine($"        if ({take.Test}) __result.{member.Name} = {take.Value};{absent}");
                continue;
            }
            sb.AppendLine($"        if (__t.TryPeekMessage((short){member.Ordinal.ToString(CultureInfo.InvariantCulture)}, out var __m{n}))");
            sb.AppendLine("        {");
            sb.AppendLine($"            var __e{n} = {LeafListTaker(member.Shape, ListElement(member)!)}(__m{n}.RemainingFields);");
            sb.AppendLine($"            if (__e{n} == null) return null;");
            sb.AppendLine($"            __t.Skip(in __m{n});");
            sb.AppendLine($"            __result.{member.Name} = __e{n};");
            sb.AppendLine("        }");
            if (member.IsRequired) sb.AppendLine("        else return null;");
        }
        sb.AppendLine("        return __t.IsAtEnd ? __result : null;");
        sb.AppendLine("    }");
    }

    /// <summary>The model of the objects of a list or array member under an ordinal, when they are of this compilation, or null.</summary>
    private TypeModel? ListElement(MemberModel member)
    {
        var shape = member.Shape;
        if (!member.HasOrdinal || member.Repeated || member.FixedLength > 0 || shape.Kind != ShapeKind.Collection
            || shape.Collection is CollectionKind.None or CollectionKind.HashSet or CollectionKind.ISet || shape.Collection >= CollectionKind.ImmutableArray
            || shape.Element is null || shape.Element.Kind != ShapeKind.Message) return null;
        return GraphTarget(shape.Element);
    }

    /// <summary>
    /// The model of the elements of a list or array member that the expected run can take whole (read leaves of this
    /// compilation), or null.
    /// </summary>
    private TypeModel? LeafListElement(MemberModel member)
        => ListElement(member) is { } target && LeafLevel(target) > 0 ? target : null;

    /// <summary>
    /// The helper that takes a whole list or array of read leaves from a run over its sub-message: the collection,
    /// or null (nothing moved) when an element is not a leaf's message or something follows them.
    /// </summary>
    private string LeafListTaker(ValueShape shape, TypeModel element)
    {
        // The run's step and a second-level leaf's own take may both ask for it: one helper serves both.
        if (_leafListTakers.TryGetValue(shape, out var existing)) return existing;
        string name = "__Leaves" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        _leafListTakers.Add(shape, name);
        string e = element.FullyQualifiedName;
        bool array = shape.Collection is CollectionKind.Array or CollectionKind.IEnumerable or CollectionKind.IReadOnlyList or CollectionKind.IReadOnlyCollection;
        var sb = new StringBuilder();
        sb.AppendLine($"    private static {shape.TypeName} {name}(global::System.ReadOnlySpan<byte> __fields)");
        sb.AppendLine("    {");
        sb.AppendLine("        var __m = new global::Fudge.FudgeTakeRun(__fields);");
        // The per-object path reads each element through FudgeFormatterCache: taken here only while that is the
        // generated formatter (whole-graph code calls the generated code whatever is registered).
        if (!_options.GraphRead)
            sb.AppendLine($"        if (!object.ReferenceEquals(global::Fudge.Serialization.FudgeFormatterCache<{e}>.Formatter, {e}.FudgeFormatter.Instance)) return null;");
        // A long list (a graph's thousands of positions) is gathered as it is read and copied once: counting it first
        // would walk bytes larger than the cache twice, the count's hops each waiting on memory.
        sb.AppendLine($"        if (__m.IsLongCollection) return {name}Long(__fields);");
        sb.AppendLine("        int __n = __m.CountCollectionElements();");
        if (array)
        {
            sb.AppendLine($"        var __result = {NewArray(e, "__n")};");
            sb.AppendLine("        int __i = 0;");
        }
        else
        {
            // A list is filled as an array is, through its span (its count set first: no Add per element) where the
            // framework has CollectionsMarshal.SetCount; a list given up (null returned) is dropped whole.
            sb.AppendLine($"        var __list = new global::System.Collections.Generic.List<{e}>(__n);");
            sb.AppendLine("#if NET8_0_OR_GREATER");
            sb.AppendLine("        global::System.Runtime.InteropServices.CollectionsMarshal.SetCount(__list, __n);");
            sb.AppendLine("        var __result = global::System.Runtime.InteropServices.CollectionsMarshal.AsSpan(__list);");
            sb.AppendLine("        int __i = 0;");
            sb.AppendLine("#endif");
        }
        sb.AppendLine("        while (__m.TryPeekAnonymousMessage(out var __e))");
        sb.AppendLine("        {");
        sb.AppendLine($"            var __v = {e}.FudgeFormatter.__TakeLeaf(__e.RemainingFields);");
        sb.AppendLine("            if (__v == null) return null;");
        sb.AppendLine("            __m.Skip(in __e);");
        if (!array) sb.AppendLine("#if NET8_0_OR_GREATER");
        sb.AppendLine("            if (__i == __result.Length) return null;");
        sb.AppendLine("            __result[__i++] = __v;");
        if (!array)
        {
            sb.AppendLine("#else");
            sb.AppendLine("            __list.Add(__v);");
            sb.AppendLine("#endif");
        }
        sb.AppendLine("        }");
        if (array) sb.AppendLine("        return __m.IsAtEnd && __i == __result.Length ? __result : null;");
        else
        {
            sb.AppendLine("#if NET8_0_OR_GREATER");
            sb.AppendLine("        return __m.IsAtEnd && __i == __result.Length ? __list : null;");
            sb.AppendLine("#else");
            sb.AppendLine("        return __m.IsAtEnd ? __list : null;");
            sb.AppendLine("#endif");
        }
        sb.AppendLine("    }");
        sb.AppendLine();
        // The same elements gathered in a pooled array (FudgeGatheredElements) instead of a collection sized by a count.
        sb.AppendLine($"    private static {shape.TypeName} {name}Long(global::System.ReadOnlySpan<byte> __fields)");
        sb.AppendLine("    {");
        sb.AppendLine("        var __m = new global::Fudge.FudgeTakeRun(__fields);");
        sb.AppendLine($"        var __gathered = new global::Fudge.Serialization.FudgeGatheredElements<{e}>(__m.RemainingBytes);");
        sb.AppendLine("        while (__m.TryPeekAnonymousMessage(out var __e))");
        sb.AppendLine("        {");
        sb.AppendLine($"            var __v = {e}.FudgeFormatter.__TakeLeaf(__e.RemainingFields);");
        sb.AppendLine("            if (__v == null) break;");
        sb.AppendLine("            __m.Skip(in __e);");
        sb.AppendLine("            __gathered.Add(__v);");
        sb.AppendLine("        }");
        sb.AppendLine("        if (!__m.IsAtEnd)");
        sb.AppendLine("        {");
        sb.AppendLine("            __gathered.Release();");
        sb.AppendLine("            return null;");
        sb.AppendLine("        }");
        sb.AppendLine(array ? "        return __gathered.ToArray();" : "        return __gathered.ToList();");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    /// <summary>
    /// The expected run's step for a list or array of read leaves under an ordinal (run <paramref name="run"/> begun):
    /// the list taken whole, or the run ended and the general loop read the rest.
    /// </summary>
    private void EmitLeafListStep(StringBuilder sb, MemberModel member, int index, TypeModel element, string run)
    {
        string miss = $"{{ reader.EndTakeRun(in {run}); goto __general; }}";
        string i = index.ToString(CultureInfo.InvariantCulture);
        // The list is one level below this message, its elements two, and their own lists' elements four: taken
        // unchecked only where the reader's entering them would pass its checks (else the general loop enters them).
        sb.AppendLine($"        if (!reader.CanTakeNested(2 * {element.FullyQualifiedName}.FudgeFormatter.__LeafLevels) || !{run}.TryPeekMessage((short){member.Ordinal.ToString(CultureInfo.InvariantCulture)}, out var __m{i})) {miss}");
        sb.AppendLine($"        var __e{i} = {LeafListTaker(member.Shape, element)}(__m{i}.RemainingFields);");
        sb.AppendLine($"        if (__e{i} == null) {miss}");
        sb.AppendLine($"        {run}.Skip(in __m{i});");
        sb.AppendLine($"        __result.{member.Name} = __e{i};");
    }
}
