using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Generators;

// Whole-graph code (issue 42). A nested object whose type is a [FudgeMessage] type of the same compilation is written
// and read by that type's generated code directly, not through FudgeFormatterCache<T> and an interface call:
// - writing, through its formatter's static __WriteObject (its sub-message begun and ended with the type's own size
//   hint and the writer's depth guard); a small object of fixed-width members under ordinals (a "run leaf", which may
//   hold run leaves and be a union of them: Leaf) is written inside the field run of the object or list that holds it,
//   sub-message headers and sizes included (__WriteRun);
// - reading, with the same reader: the sub-message is entered in place (FudgeReader.TryEnterMessage and friends), read
//   by the type's Read, and left, instead of a new FudgeReader per object.
// The bytes are the per-object formatters' bytes. Left on the per-object path: types of other assemblies, generic
// types, Fudge-Java objects (as members and as holders), Fudge-Proto messages, and members of the value formatters.
internal sealed partial class Emitter
{
    private readonly EquatableArray<TypeModel> _references;

    /// <summary>
    /// The models of <paramref name="all"/> that <paramref name="model"/> holds through its members and union cases, and
    /// the models those hold in turn while they may be leaves: a holder asks whether a member's type is a run leaf (which
    /// may hold leaves and be a union of leaves) and whether an element type is a read leaf of the second level
    /// (Emitter.ReadLeaves.cs), and only these questions look deeper than the held type itself. The array is part of
    /// each type's pipeline input, so every model in it makes an edit of that model emit this type again: the walk does
    /// not go on through a type that can be no leaf (<see cref="MayBeLeaf"/>), whose holders' code does not depend on
    /// what it holds.
    /// </summary>
    public static EquatableArray<TypeModel> ReferencedModels(TypeModel model, ImmutableArray<TypeModel> all)
    {
        var names = new HashSet<string>(System.StringComparer.Ordinal);
        foreach (var member in model.Members) CollectMessageNames(member.Shape, names, 0);
        foreach (var union in model.Unions) names.Add(union.FullyQualifiedName);
        if (names.Count == 0) return default;
        var byName = new Dictionary<string, TypeModel>(System.StringComparer.Ordinal);
        foreach (var m in all) byName[m.FullyQualifiedName] = m;
        var pending = new Queue<string>(names);
        while (pending.Count > 0)
        {
            if (!byName.TryGetValue(pending.Dequeue(), out var held) || !MayBeLeaf(held)) continue;
            var found = new HashSet<string>(System.StringComparer.Ordinal);
            foreach (var member in held.Members) CollectMessageNames(member.Shape, found, 0);
            foreach (var union in held.Unions) found.Add(union.FullyQualifiedName);
            foreach (var name in found)
                if (names.Add(name)) pending.Enqueue(name);
        }
        return all.Where(m => names.Contains(m.FullyQualifiedName))
            .OrderBy(m => m.FullyQualifiedName, System.StringComparer.Ordinal)
            .ToEquatableArray();
    }

    /// <summary>
    /// False for a type that is certainly neither a run leaf (<see cref="Leaf"/>) nor a read leaf (<see cref="LeafLevel"/>)
    /// whatever the types it holds: both refuse a type on these tests of its own model, and a member with no ordinal,
    /// a repeated one, a dictionary or a collection of other things than objects fails the member tests of both, so no
    /// answer about such a type depends on the models it holds.
    /// </summary>
    private static bool MayBeLeaf(TypeModel m)
    {
        if (!GraphEligible(m) || m.FieldIds is not (1 or 3) || m.IsExtensible) return false;
        if (m.IsAbstract) return true; // a union of leaves: its cases are asked about
        foreach (var member in m.Members)
        {
            var shape = member.Shape;
            if (!member.HasOrdinal || member.Repeated || shape.Kind == ShapeKind.Dictionary
                || shape.Kind == ShapeKind.Collection && shape.Element?.Kind != ShapeKind.Message) return false;
        }
        return true;
    }

    private static void CollectMessageNames(ValueShape? shape, HashSet<string> names, int depth)
    {
        if (shape is null || depth > 16) return;
        if (shape.Kind == ShapeKind.Message) names.Add(shape.TypeName);
        CollectMessageNames(shape.Element, names, depth + 1);
        CollectMessageNames(shape.Key, names, depth + 1);
        foreach (var item in shape.Items) CollectMessageNames(item, names, depth + 1);
    }

    /// <summary>True for a type whose formatter has the whole-graph entry points (and so can be called directly).</summary>
    private static bool GraphEligible(TypeModel m) => !m.IsGeneric && !m.Java && !m.ClassHeadersBelowDeclared && m.FieldIds != 4;

    /// <summary>The model of a nested object the writer writes by its generated code directly, or null for the per-object path.</summary>
    private TypeModel? GraphWriteTarget(ValueShape shape) => _options.GraphWrite ? GraphTarget(shape) : null;

    /// <summary>The model of a nested object the reader reads by its generated code in place, or null for the per-object path.</summary>
    private TypeModel? GraphReadTarget(ValueShape shape) => _options.GraphRead ? GraphTarget(shape) : null;

    /// <summary>The model of a nested object whole-graph code can write and read by its generated code directly, or null.</summary>
    private TypeModel? GraphTarget(ValueShape shape)
    {
        if (_references.IsEmpty || shape.Kind != ShapeKind.Message || shape.ClassHeaders || shape.Java || _model.Java) return null;
        foreach (var r in _references)
            if (r.FullyQualifiedName == shape.TypeName) return GraphEligible(r) ? r : null;
        return null;
    }

    /// <summary>The model of a type of this compilation by its full name, or null.</summary>
    private TypeModel? ReferencedModel(string fullyQualifiedName)
    {
        foreach (var r in _references)
            if (r.FullyQualifiedName == fullyQualifiedName) return r;
        return null;
    }

    /// <summary>True for a type whose whole message fits a field run (<see cref="Leaf"/>), so that a holder writes it in its own run.</summary>
    private bool IsRunLeaf(TypeModel m) => Leaf(m) is not null;

    /// <summary>The most levels of objects one run leaf holds inside another: a bound, and the end of a recursive type's search.</summary>
    private const int MaxLeafNesting = 4;

    /// <summary>
    /// For a "run leaf", a type whose whole message fits a field run: the constant part of its largest content and
    /// whether one string adds to it (__RunBytes then gives the whole); null for other types. A run leaf has ordinals
    /// only, no kept fields, constant type names if any (a [FudgeUnion] case's), and members that are run fields
    /// (fixed-width, a date, at most one string in all) or run leaves themselves (written inside its run, up to
    /// <see cref="MaxLeafNesting"/> levels); or it is an abstract [FudgeUnion] base whose cases are run leaves without
    /// text (its room the largest case's).
    /// </summary>
    private (int Constant, bool HasString)? Leaf(TypeModel m, int nesting = 0)
    {
        if (nesting > MaxLeafNesting || !GraphEligible(m) || m.FieldIds is not (1 or 3) || m.IsExtensible) return null;
        if (m.IsAbstract)
        {
            // Its Write dispatches to the cases in declaration order, and throws for any other type: so does its __WriteRun.
            if (m.Unions.Count == 0) return null;
            int most = 0;
            foreach (var union in m.Unions)
            {
                if (ReferencedModel(union.FullyQualifiedName) is not { } c || c.IsAbstract || c.Unions.Count > 0
                    || Leaf(c, nesting) is not { HasString: false } caseRoom) return null;
                most = System.Math.Max(most, caseRoom.Constant);
            }
            return (most, false);
        }
        if (m.Unions.Count > 0 || m.Members.Count == 0 && m.TypeNames.Count == 0) return null;
        int constant = 0, strings = 0;
        if (m.TypeNames.Count > 0)
        {
            if (TypeNameFields(m) is not { } names) return null;
            constant += names.Length;
        }
        foreach (var member in m.Members)
        {
            if (!member.HasOrdinal || member.Shape.Java || member.Repeated || member.FixedLength > 0 || member.SetMode == SetMode.WriteOnly
                || member.NullAsIndicator && member.Shape.Kind != ShapeKind.String
                || member.Shape.Kind == ShapeKind.Bytes) return null; // byte arrays join a holder's own run, not a leaf's
            if (RunFieldFor(member.Shape, (short)member.Ordinal, "v", member.NullAsIndicator) is { } field)
            {
                constant += field.MaxBytes;
                if (field.MaxBytesExpression is not null) strings++;
                continue;
            }
            // A held object: its header (5 bytes), 3 more for a size past 255 bytes, and its content.
            if (member.Shape.Kind != ShapeKind.Message || GraphWriteTarget(member.Shape) is not { } held || Leaf(held, nesting + 1) is not { } inner)
                return null;
            constant += 8;
            if (inner.HasString) strings++;
            else constant += inner.Constant;
        }
        return strings <= 1 && constant <= 60000 ? (constant, strings == 1) : null;
    }

    /// <summary>
    /// The write of a nested object through its generated code: inside a run of its own when it is a run leaf under a
    /// key a run can write (anonymous, or an ordinal alone), else through its formatter's __WriteObject.
    /// </summary>
    private string GraphWriteStatement(TypeModel target, string key, string v)
    {
        string f = target.FullyQualifiedName + ".FudgeFormatter";
        if (Leaf(target) is { } leaf && LeafHeader(key) is { } header)
        {
            var (constant, hasString) = leaf;
            // The sub-message's header, its content, and the 1 or 3 bytes a size past 255 bytes slides the content by.
            int fixedRoom = header.Bytes + 3;
            string room = hasString ? $"{fixedRoom.ToString(CultureInfo.InvariantCulture)} + {f}.__RunBytes({v})" : (fixedRoom + constant).ToString(CultureInfo.InvariantCulture);
            string run = NextLocal(), marker = NextLocal();
            return $"{{ {H}.CheckObjectDepth<{target.FullyQualifiedName}>(ref writer); var {run} = writer.BeginFieldRun({room}); var {marker} = {run}.BeginMessage({header.Argument}); {f}.__WriteRun(ref writer, ref {run}, {v}, 1); {run}.EndMessage({marker}); writer.EndFieldRun(in {run}); }}";
        }
        // A list's element: its anonymous header is written with no key to ask about (__WriteElement).
        if (key == $"{H}.ListElementKey") return $"{f}.__WriteElement(ref writer, {v});";
        return $"{f}.__WriteObject(ref writer, in {key}, {v});";
    }

    /// <summary>
    /// The body of a list, array or read-only list writer whose elements are run leaves (Emitter.Write.cs's
    /// CollectionWriter, after the list's sub-message is begun): the elements written many to a field run. A run is
    /// begun with room for its first element and takes the next ones while the room the writer's buffer already has
    /// holds them (<c>FudgeFieldRun.BytesFree</c>: one compare per element, no pass over the list first); it ends at a
    /// null (written through the writer as the indicator the per-element loop writes) or when the room runs short, and
    /// the next run asks the writer for more. The depth guard is checked once per run (every element of the list is at
    /// the same depth). The bytes are those of one run per element. False, and nothing emitted, for other elements.
    /// </summary>
    private bool EmitLeafListRuns(StringBuilder sb, ValueShape element, string countProperty)
    {
        if (GraphWriteTarget(element) is not { } target || Leaf(target) is not { } leaf) return false;
        var (constant, hasString) = leaf;
        string f = target.FullyQualifiedName + ".FudgeFormatter";
        string inv(int n) => n.ToString(CultureInfo.InvariantCulture);
        // Each element: its 3-byte header, 3 more for a size past 255 bytes, and its content.
        string each(string x) => hasString ? $"{inv(6)} + {f}.__RunBytes({x})" : inv(6 + constant);
        sb.AppendLine("        int __at = 0;");
        sb.AppendLine($"        while (__at < value.{countProperty})");
        sb.AppendLine("        {");
        sb.AppendLine("            var __first = value[__at];");
        if (element.CanBeNull)
            sb.AppendLine($"            if (__first == null) {{ writer.WriteIndicator(in {H}.ListElementKey); __at++; continue; }}");
        sb.AppendLine($"            {H}.CheckObjectDepth<{target.FullyQualifiedName}>(ref writer);");
        sb.AppendLine($"            var __leaves = writer.BeginFieldRun({each("__first")});");
        sb.AppendLine("            do");
        sb.AppendLine("            {");
        sb.AppendLine("                var __x = value[__at];");
        if (element.CanBeNull) sb.AppendLine("                if (__x == null) break;");
        // The run's first element is always written (its room was asked for); a later one only while the room holds it.
        sb.AppendLine($"                if (__leaves.BytesWritten != 0 && __leaves.BytesFree < {each("__x")}) break;");
        sb.AppendLine("                var __leaf = __leaves.BeginMessage();");
        sb.AppendLine($"                {f}.__WriteRun(ref writer, ref __leaves, __x, 1);");
        sb.AppendLine("                __leaves.EndMessage(__leaf);");
        sb.AppendLine("                __at++;");
        sb.AppendLine($"            }} while (__at < value.{countProperty});");
        sb.AppendLine("            writer.EndFieldRun(in __leaves);");
        sb.AppendLine("        }");
        return true;
    }

    /// <summary>
    /// A member that is a list, array or read-only list of run leaves, under an ordinal, as the last field of its
    /// holder's run (issue 42: a position's lots in the position's run, not a call, a sub-message begun through the
    /// writer and a run of their own): the list's sub-message begun in the run with its size bytes reserved by the
    /// collection writer's estimate (the count times the bytes per element of the last list it missed), each element's
    /// header, fields and size in the run while the run's room holds it and the 3 bytes a wider list size may take
    /// (one compare per element, as EmitLeafListRuns has), a null element the indicator the per-element loop writes,
    /// the depth checked at each object as the collection writer checks it, and the size back-patched in the minimal
    /// width. When the room runs short the run is committed and the rest of the list is written through the writer
    /// (a helper), which ends the sub-message; the holder's run then goes on empty. The room asked for with the
    /// holder's is a guess (the list's header and its count times an element's constant part): any value is safe.
    /// The bytes are the collection writer's. Null for other members.
    /// </summary>
    private RunField? LeafListRunField(MemberModel member, string local)
    {
        var shape = member.Shape;
        if (shape.Kind != ShapeKind.Collection || shape.Java || member.Repeated || member.FixedLength > 0
            || shape.Collection is not (CollectionKind.Array or CollectionKind.List or CollectionKind.IList or CollectionKind.IReadOnlyList)
            || shape.Element is not { } element || GraphWriteTarget(element) is not { } target || Leaf(target) is not { } leaf)
            return null;
        var (constant, hasString) = leaf;
        string f = target.FullyQualifiedName + ".FudgeFormatter";
        string inv(int n) => n.ToString(CultureInfo.InvariantCulture);
        string count = shape.Collection == CollectionKind.Array ? "Length" : "Count";
        string o = "(short)" + inv(member.Ordinal);
        string name = "__RunList" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        // Each element: its 3-byte header, 3 more for its own size past 255 bytes, its content, and 3 for the list's size.
        string each(string x) => hasString ? $"{inv(9)} + {f}.__RunBytes({x})" : inv(9 + constant);
        string n = NextLocal(), size = NextLocal(), lm = NextLocal(), i = NextLocal(), e = NextLocal(), lf = NextLocal();
        string elementType = element.TypeName;

        // The rest of a list whose run ran short, through the writer, as the collection writer writes each element.
        var rest = new StringBuilder();
        rest.AppendLine();
        rest.AppendLine($"    private static int {name}ElementSize;");
        rest.AppendLine();
        rest.AppendLine("    /// <summary>Writes the list's elements from <paramref name=\"at\"/> on through the writer and ends its sub-message (its run ran short).</summary>");
        rest.AppendLine("    [global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]");
        rest.AppendLine($"    private static void {name}Rest(ref {Writer} writer, {shape.TypeName} value, int at, {Writer}.SubMessageMarker message)");
        rest.AppendLine("    {");
        rest.AppendLine($"        for (int __i = at; __i < value.{count}; __i++)");
        rest.AppendLine("        {");
        rest.AppendLine("            var __e = value[__i];");
        WriteValue(rest, "            ", element, $"{H}.ListElementKey", "__e", nullAsIndicator: true);
        rest.AppendLine("        }");
        rest.AppendLine("        int __size = -1;");
        rest.AppendLine("        writer.EndMessage(message, ref __size);");
        rest.AppendLine($"        if (__size >= 0 && value.{count} > 0) {name}ElementSize = __size / value.{count};");
        rest.AppendLine("    }");
        _helpers.Append(rest);

        var st = new StringBuilder();
        st.AppendLine($"if ({local} != null)");
        st.AppendLine("        {");
        st.AppendLine($"            int {n} = {local}.{count}, {i} = 0;");
        st.AppendLine($"            var {lm} = __run.BeginMessage({o}, {n} * {name}ElementSize);");
        st.AppendLine($"            for (; {i} < {n}; {i}++)");
        st.AppendLine("            {");
        st.AppendLine($"                var {e} = {local}[{i}];");
        if (element.CanBeNull)
            st.AppendLine($"                if ({e} == null) {{ if (__run.BytesFree < 5) break; __run.WriteIndicator(); continue; }}");
        st.AppendLine($"                if (__run.BytesFree < {each(e)}) break;");
        st.AppendLine($"                {H}.CheckObjectDepth<{target.FullyQualifiedName}>(ref writer);");
        st.AppendLine($"                var {lf} = __run.BeginMessage();");
        st.AppendLine($"                {f}.__WriteRun(ref writer, ref __run, {e}, 1);");
        st.AppendLine($"                __run.EndMessage({lf});");
        st.AppendLine("            }");
        st.AppendLine($"            if ({i} == {n})");
        st.AppendLine("            {");
        // The size comes back only when the estimate had reserved another width (the estimate is not kept in a register).
        st.AppendLine($"                int {size} = -1;");
        st.AppendLine($"                __run.EndMessage({lm}, ref {size});");
        st.AppendLine($"                if ({size} >= 0 && {n} > 0) {name}ElementSize = {size} / {n};");
        st.AppendLine("            }");
        st.AppendLine("            else");
        st.AppendLine("            {");
        st.AppendLine("                writer.EndFieldRun(in __run);");
        st.AppendLine($"                {name}Rest(ref writer, {local}, {i}, {lm});");
        st.AppendLine("                __run = writer.BeginFieldRun(0);");
        st.AppendLine("            }");
        st.Append("        }");
        if (member.NullAsIndicator) st.AppendLine().Append($"        else __run.WriteIndicator({o});");
        int perElement = 6 + constant + (hasString ? 8 : 0);
        string room = $"({local} != null ? (int)global::System.Math.Min(2147418111L, 8L + (long){local}.{count} * {inv(perElement)}) : 4)";
        // The guess: the list's header, and its elements at the size the last list whose size bytes were guessed wrong had.
        string guess = $"({local} != null ? 6 + {local}.{count} * {name}ElementSize : 4)";
        return new RunField(st.ToString(), 0, room, NeedsRun: true, IsList: true, Guess: guess);
    }

    /// <summary>The argument of FudgeFieldRun.BeginMessage for <paramref name="key"/> and the header's bytes, or null for a key with a name.</summary>
    private (string Argument, int Bytes)? LeafHeader(string key)
    {
        if (key == $"{H}.ListElementKey") return ("", 3);
        if (key == $"{H}.SetElementKey" || key == $"{H}.MapKeyKey") return ("(short)1", 5);
        if (key == $"{H}.MapValueKey") return ("(short)2", 5);
        if (_model.FieldIds is 1 or 3 && key.StartsWith("__k", System.StringComparison.Ordinal)
            && int.TryParse(key.Substring(3), NumberStyles.None, CultureInfo.InvariantCulture, out int index)
            && index < _model.Members.Count && _model.Members[index].HasOrdinal)
            return ("(short)" + _model.Members[index].Ordinal.ToString(CultureInfo.InvariantCulture), 5);
        return null;
    }

    /// <summary>
    /// A member holding a run leaf, as a field of its holder's run: the object's header, fields and size in the run
    /// (a null one left out, as the writer leaves it out), with the depth check WriteObject makes.
    /// </summary>
    private RunField? LeafRunField(MemberModel member, string local) => LeafRunField(member, local, null);

    /// <summary>
    /// <see cref="LeafRunField(MemberModel, string)"/> in a holder's Write (<paramref name="holderLevel"/> null: the
    /// object is one level below the writer's) or in a run leaf's __WriteRun (<paramref name="holderLevel"/> the
    /// expression of the leaf's own level below the writer's, <c>__level</c>): the depth checked is the one the
    /// object would reach through the writer, and the object's own __WriteRun is told its level.
    /// </summary>
    private RunField? LeafRunField(MemberModel member, string local, string? holderLevel)
    {
        if (member.NullAsIndicator || GraphWriteTarget(member.Shape) is not { } target || Leaf(target) is not { } leaf) return null;
        var (constant, hasString) = leaf;
        string f = target.FullyQualifiedName + ".FudgeFormatter";
        string o = "(short)" + member.Ordinal.ToString(CultureInfo.InvariantCulture);
        string marker = NextLocal();
        string check = holderLevel is null
            ? $"{H}.CheckObjectDepth<{target.FullyQualifiedName}>(ref writer);"
            : $"{H}.CheckObjectDepth<{target.FullyQualifiedName}>(ref writer, {holderLevel});";
        string level = holderLevel is null ? "1" : holderLevel + " + 1";
        string body = $"{check} var {marker} = __run.BeginMessage({o}); {f}.__WriteRun(ref writer, ref __run, {local}, {level}); __run.EndMessage({marker});";
        bool nullable = member.Shape.CanBeNull;
        string statement = nullable ? $"if ({local} != null) {{ {body} }}" : $"{{ {body} }}";
        if (!hasString) return new RunField(statement, 8 + constant, NeedsRun: true);
        string expression = nullable ? $"({local} != null ? {f}.__RunBytes({local}) : 0)" : $"{f}.__RunBytes({local})";
        return new RunField(statement, 8, expression, NeedsRun: true);
    }

    /// <summary>
    /// The static entry points a holder of this type's objects calls (emitted for every type that can be a graph target):
    /// with the writer's half on, __WriteObject, and for a run leaf __RunBytes and __WriteRun; with the reader's half on,
    /// __ReadObject and __ReadEntered.
    /// </summary>
    private void EmitGraphEntryPoints(StringBuilder sb)
    {
        var m = _model;
        if (!_options.WholeGraph || !GraphEligible(m)) return;
        string t = m.FullyQualifiedName;
        if (_options.GraphRead) EmitGraphReadEntryPoints(sb, t);
        if (!_options.GraphWrite) return;
        sb.AppendLine();
        sb.AppendLine("    /// <summary>The size of a recent sub-message of this type written by a generated holder, which the next reserves its size bytes by.</summary>");
        sb.AppendLine("    internal static int __GraphSizeHint;");
        sb.AppendLine();
        // The two sub-message writers: one body, the sub-message begun under a key or as a list's (anonymous) element.
        void SubMessageWriter(string summary, bool inline, string parameters, string begin)
        {
            sb.AppendLine($"    /// <summary>Writes <paramref name=\"value\"/> {summary}</summary>");
            sb.AppendLine(Never);
            if (inline) sb.AppendLine(Inline);
            sb.AppendLine($"    internal static void {parameters}");
            sb.AppendLine("    {");
            sb.AppendLine($"        var __m = {H}.{begin}, {(_sizeGuess is null ? "__GraphSizeHint" : "__SizeGuess(value)")});");
            sb.AppendLine("        Instance.Write(ref writer, value);");
            sb.AppendLine($"        {H}.EndObject(ref writer, __m, ref __GraphSizeHint);");
            sb.AppendLine("    }");
        }
        SubMessageWriter("as a sub-message under <paramref name=\"key\"/>, as FudgeFormatterHelpers.WriteObject does, without the formatter cache.",
            inline: false, $"__WriteObject(ref {Writer} writer, in {Key} key, {t} value)", $"BeginObject<{t}>(ref writer, in key");
        sb.AppendLine();
        SubMessageWriter("as a list's element (an anonymous sub-message), as __WriteObject does with the list element key.",
            inline: true, $"__WriteElement(ref {Writer} writer, {t} value)", $"BeginElementObject<{t}>(ref writer");
        if (_sizeGuess is not null)
        {
            // The sub-message's size bytes are reserved by this guess of the value's own size, not by the last size of
            // the type's messages: a position holding two lots takes one size byte and one holding three takes two, so a
            // list of them alternating moved a third of them by a byte when their size was known (EndMessageResized).
            // Any guess writes the same bytes; a wrong one costs that move.
            sb.AppendLine();
            sb.AppendLine("    /// <summary>About the size of <paramref name=\"value\"/>'s message (strings as one byte a character, lists at their elements' recent size), which its size bytes are reserved by.</summary>");
            sb.AppendLine(Never);
            sb.AppendLine(Inline);
            sb.AppendLine($"    internal static int __SizeGuess({t} value)");
            sb.AppendLine("    {");
            sb.AppendLine($"        return {_sizeGuess};");
            sb.AppendLine("    }");
        }
        if (Leaf(m) is not { } leaf) return;
        int constant = leaf.Constant;
        var room = new StringBuilder(constant.ToString(CultureInfo.InvariantCulture));
        var body = new StringBuilder();
        if (m.IsAbstract)
        {
            // A union of leaves: the case's __WriteRun, tried in the order Write tries them; any other type throws as Write does.
            foreach (var union in m.Unions)
                body.AppendLine($"        if (value is {union.FullyQualifiedName}) {{ {union.FullyQualifiedName}.FudgeFormatter.__WriteRun(ref writer, ref __run, ({union.FullyQualifiedName})value, __level); return; }}");
            body.AppendLine($"        throw {H}.UndeclaredDerivedType(value.GetType(), {Literal(m.DisplayName)});");
        }
        else
        {
            if (m.TypeNames.Count > 0) body.AppendLine("        __run.WriteEncoded(__typeNameFields);");
            for (int i = 0; i < m.Members.Count; i++)
            {
                var member = m.Members[i];
                string local = NextLocal();
                var field = RunFieldFor(member.Shape, (short)member.Ordinal, local, member.NullAsIndicator) ?? LeafRunField(member, local, "__level")!;
                body.AppendLine($"        var {local} = value.{member.Name};");
                body.AppendLine("        " + field.Statement);
                if (field.MaxBytesExpression is not null) room.Append(" + ").Append(field.MaxBytesExpression.Replace(local, "value." + member.Name));
            }
        }
        sb.AppendLine();
        sb.AppendLine("    /// <summary>The most bytes <see cref=\"__WriteRun\"/> writes for <paramref name=\"value\"/>.</summary>");
        sb.AppendLine(Never);
        sb.AppendLine(Inline);
        sb.AppendLine($"    internal static int __RunBytes({t} value)");
        sb.AppendLine("    {");
        sb.AppendLine($"        return {room};");
        sb.AppendLine("    }");
        sb.AppendLine();
        sb.AppendLine("    /// <summary>");
        sb.AppendLine("    /// Writes the fields of <paramref name=\"value\"/>'s message into a holder's field run (the bytes of Write), the value");
        sb.AppendLine("    /// <paramref name=\"__level\"/> levels of objects below the writer's (objects it holds are checked against the writer's depth guard).");
        sb.AppendLine("    /// </summary>");
        sb.AppendLine(Never);
        sb.AppendLine(Inline);
        sb.AppendLine($"    internal static void __WriteRun(ref {Writer} writer, ref global::Fudge.FudgeFieldRun __run, {t} value, int __level)");
        sb.AppendLine("    {");
        sb.Append(body);
        sb.AppendLine("    }");
    }

    private const string Never = "    [global::System.ComponentModel.EditorBrowsable(global::System.ComponentModel.EditorBrowsableState.Never)]";
    private const string Inline = "    [global::System.Runtime.CompilerServices.MethodImpl(global::System.Runtime.CompilerServices.MethodImplOptions.AggressiveInlining)]";

    /// <summary>The reader's entry points: __ReadObject (the current field entered in place) and __ReadEntered.</summary>
    private static void EmitGraphReadEntryPoints(StringBuilder sb, string t)
    {
        sb.AppendLine();
        sb.AppendLine("    /// <summary>Reads the reader's current field, a sub-message, as a value of this type with the same reader (entered in place and left).</summary>");
        sb.AppendLine(Never);
        sb.AppendLine($"    internal static {t} __ReadObject(ref {Reader} reader)");
        sb.AppendLine("    {");
        sb.AppendLine("        var __f = reader.EnterMessage();");
        sb.AppendLine("        var __v = Instance.Read(ref reader);");
        sb.AppendLine("        reader.LeaveMessage(in __f);");
        sb.AppendLine("        return __v;");
        sb.AppendLine("    }");
        sb.AppendLine();
        sb.AppendLine("    /// <summary>Reads the sub-message the reader has entered (<paramref name=\"frame\"/>) as a value of this type, and leaves it.</summary>");
        sb.AppendLine(Never);
        sb.AppendLine(Inline);
        sb.AppendLine($"    internal static {t} __ReadEntered(ref {Reader} reader, in {Reader}.MessageFrame frame)");
        sb.AppendLine("    {");
        sb.AppendLine("        var __v = Instance.Read(ref reader);");
        sb.AppendLine("        reader.LeaveMessage(in frame);");
        sb.AppendLine("        return __v;");
        sb.AppendLine("    }");
    }
}
