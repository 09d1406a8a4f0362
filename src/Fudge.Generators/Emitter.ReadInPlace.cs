using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Generators;

// The in-place reader of the emitted formatter: the object made first, then a run expecting the fields in the order the
// generated writer writes them, falling back to the general loop at the first surprise.
internal sealed partial class Emitter
{
    /// <summary>
    /// True when the object can be created first and filled as fields arrive: a parameterless constructor and plain
    /// settable members (required and repeated ones included: the in-place reader tracks those), nothing else that needs
    /// to know afterwards which fields were present (constructor arguments, init-only defaults, indicators), no kept
    /// unknown fields and no derived types. Type names (a [FudgeUnion] case's own) are skipped as they arrive: nothing
    /// but an extensible type keeps them.
    /// </summary>
    private bool ReadsInPlace()
    {
        var m = _model;
        return !m.IsExtensible && !m.IsAbstract && m.Unions.Count == 0 && m.CtorArgs.Count == 0
            && m.Members.All(x => x.SetMode is SetMode.Assign or SetMode.WriteOnly && x.BaseSetter is null && x.AbsentDefault is null
                && x.Shape.Kind != ShapeKind.Indicator // flags across fields: the general reader does that
                && x.FixedLength == 0); // fixed-size arrays are length-checked by the general reader
    }

    /// <summary>
    /// The reader of a type that <see cref="ReadsInPlace"/>: the result is created once and each field's value goes
    /// straight into its member. First comes a run that expects the fields in declaration order (the order the
    /// generated writer uses) and checks each header against the expected key before reading; at the first surprise
    /// it drops into the general loop, which takes the remaining fields in any order. Absent members keep the values
    /// the constructor gave them, as in the general reader.
    /// </summary>
    private void EmitReadInPlace(StringBuilder sb)
    {
        var m = _model;
        // Required members are remembered as they arrive, to be checked at the end; repeated members (one field per
        // element, Fudge-Proto's form) gather their elements in a list assigned once the message is read.
        if (m.Members.Any(x => x.IsRequired)) sb.AppendLine("        int __start = reader.ValueOffset;");
        for (int i = 0; i < m.Members.Count; i++)
        {
            if (m.Members[i].IsRequired) sb.AppendLine($"        bool __h{i} = false;");
            if (m.Members[i].Repeated) sb.AppendLine($"        {RepeatedListType(m.Members[i])} __v{i} = null;");
        }
        EmitDerivedLocals(sb);
        sb.AppendLine($"        var __result = new {m.FullyQualifiedName}();");
        // Fields whose absence means null start null; the constructor's defaults are for writers.
        foreach (var member in m.Members.Where(x => x.AbsentIsNull))
            sb.AppendLine($"        __result.{member.Name} = null;");
        // A union case's writer puts its type names (ordinal 0) before the members: step over them the same quick way.
        if (m.TypeNames.Count > 0 && !m.Java) sb.AppendLine("        reader.SkipFields((short)0);");
        bool expected = false;
        // Consecutive fields the reader can take from a local (FudgeTakeRun) share one: begun before the first, ended
        // after the last and before any jump to the general loop.
        string? run = null;
        int runs = 0;
        for (int i = 0; i < m.Members.Count; i++)
        {
            if (m.Members[i].Repeated) break; // any number of fields: the general loop takes them
            if (m.Members[i].SetMode == SetMode.WriteOnly) break; // a Java property without a setter: the general loop skips it
            if (m.FieldIds is 1 or 3 && LeafListElement(m.Members[i]) is { } leaf)
            {
                // A list or array of read leaves (Emitter.ReadLeaves.cs): taken whole inside the run.
                if (run is null)
                {
                    run = "__t" + (++runs).ToString(CultureInfo.InvariantCulture);
                    sb.AppendLine($"        var {run} = reader.BeginTakeRun();");
                }
                EmitLeafListStep(sb, m.Members[i], i, leaf, run);
                if (m.Members[i].IsRequired) sb.AppendLine($"        __h{i} = true;");
                expected = true;
                continue;
            }
            var step = ExpectedFieldRead(m.Members[i], i);
            if (step is null) break;
            if (step.Value.InRun && run is null)
            {
                run = "__t" + (++runs).ToString(CultureInfo.InvariantCulture);
                sb.AppendLine($"        var {run} = reader.BeginTakeRun();");
            }
            else if (!step.Value.InRun && run is not null)
            {
                sb.AppendLine($"        reader.EndTakeRun(in {run});");
                run = null;
            }
            string test = run is null ? step.Value.Test : step.Value.Test.Replace("__t.", run + ".");
            string miss = run is null ? "goto __general;" : $"{{ reader.EndTakeRun(in {run}); goto __general; }}";
            sb.AppendLine($"        if (!{test}) {miss}");
            sb.AppendLine($"        __result.{m.Members[i].Name} = {step.Value.Value};");
            if (m.Members[i].IsRequired) sb.AppendLine($"        __h{i} = true;");
            expected = true;
        }
        if (run is not null) sb.AppendLine($"        reader.EndTakeRun(in {run});");
        if (expected) sb.AppendLine("        __general:");
        if (m.Members.Count == 0 && !FindsDerivedTypes)
        {
            sb.AppendLine("        while (reader.Read()) { }"); // every field is unknown: skip them all (still validated)
            sb.AppendLine("        return __result;");
            sb.AppendLine("    }");
            return;
        }
        sb.AppendLine("        while (reader.Read())");
        sb.AppendLine("        {");
        sb.AppendLine("            switch (__Match(ref reader))");
        sb.AppendLine("            {");
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            sb.AppendLine($"                case {i}:");
            if (member.SetMode == SetMode.WriteOnly) { sb.AppendLine("                    break;"); continue; }
            if (member.Repeated)
            {
                EmitRepeatedElement(sb, member, $"__v{i}");
            }
            else sb.AppendLine($"                    __result.{member.Name} = {ValueOrDefault(member.Shape)};");
            if (member.IsRequired) sb.AppendLine($"                    __h{i} = true;");
            sb.AppendLine("                    break;");
        }
        if (FindsDerivedTypes)
        {
            sb.AppendLine("                case -2:");
            EmitDerivedCheck(sb, "                    ");
            sb.AppendLine("                    break;");
        }
        sb.AppendLine("            }");
        sb.AppendLine("        }");
        EmitDerivedRead(sb);
        for (int i = 0; i < m.Members.Count; i++)
        {
            var member = m.Members[i];
            if (member.IsRequired) EmitRequiredCheck(sb, member, i);
            if (member.Repeated) sb.AppendLine($"        if (__v{i} != null) __result.{member.Name} = {RepeatedValue(member, $"__v{i}")};");
        }
        sb.AppendLine("        return __result;");
        sb.AppendLine("    }");
    }

    /// <summary>
    /// One step of the expected-order run for member <paramref name="index"/>: the test that reads it if it is the
    /// next field (else the run jumps to the general loop), and the value to assign after it. Null when the member's key cannot be predicted from the header alone (names and
    /// ordinals together, or an ordinal-only mode member without an ordinal), which ends the run.
    /// </summary>
    private (string Test, string Value, bool InRun)? ExpectedFieldRead(MemberModel member, int index)
    {
        bool ordinals = _model.FieldIds is 1 or 3; // Ordinals, Taxonomy: ordinals alone on the wire
        bool names = _model.FieldIds == 0;          // Names: names alone on the wire
        if (ordinals && !member.HasOrdinal || !ordinals && !names) return null;
        // The reader's expected-field calls take the key as an ordinal or as the name's UTF-8 bytes alike.
        string key = ordinals ? $"(short){member.Ordinal.ToString(CultureInfo.InvariantCulture)}" : $"__n{index}";
        var shape = member.Shape;
        bool enumOf(ShapeKind kind) => shape.Kind == ShapeKind.Enum && shape.EnumUnderlying == kind && !shape.Java; // Java's is a message
        var integer = shape.Kind == ShapeKind.Enum && !shape.Java ? shape.EnumUnderlying : shape.Kind;
        // Ordinals: the scalar fields are taken from a FudgeTakeRun (__t, renamed by the caller), a local holding the
        // reader's bytes and position in registers: one header compare and the value's load per field. Each take
        // accepts what Read() and the member's getter accept and gives the same value; anything else (an out-of-range
        // integer, text that is not strict UTF-8, another type or key) is left to the general loop, which reads or
        // reports it as before.
        if (ordinals && TakeRunRead(shape, integer, key, index) is { } taken) return (taken.Test, taken.Value, true);
        // Integers and doubles: header check and value read in one call, no second look at the type. The Take forms move
        // past the field without making it the current one: nothing here reads that state, and setting it per field
        // cost a generated reader about a tenth of its time on messages of small fields.
        if (shape.Kind == ShapeKind.Int64 || enumOf(ShapeKind.Int64))
            return ($"reader.TryTakeInt64({key}, out long __e{index})", $"({shape.TypeName})__e{index}", false);
        if (shape.Kind == ShapeKind.Int32 || enumOf(ShapeKind.Int32))
            return ($"reader.TryTakeInt32({key}, out int __e{index})", $"({shape.TypeName})__e{index}", false);
        // The other integers take the same fused read and are narrowed as their general reads narrow (a ulong by its
        // bits, as it was written): no call to GetInt64 and no second look at the type per field.
        if (shape.Kind == ShapeKind.UInt64 || enumOf(ShapeKind.UInt64))
            return ($"reader.TryTakeInt64({key}, out long __e{index})", $"({shape.TypeName})unchecked((ulong)__e{index})", false);
        string? narrow = integer switch
        {
            ShapeKind.Byte => "ToByte",
            ShapeKind.SByte => "ToSByte",
            ShapeKind.Int16 => "ToInt16",
            ShapeKind.UInt16 => "ToUInt16",
            ShapeKind.UInt32 => "ToUInt32",
            _ => null,
        };
        if (narrow is not null)
            return ($"reader.TryTakeInt64({key}, out long __e{index})", $"({shape.TypeName}){H}.{narrow}(ref reader, __e{index})", false);
        if (shape.Kind == ShapeKind.Double)
            return ($"reader.TryTakeDouble({key}, out double __e{index})", $"__e{index}", false);
        // Nested objects (ordinals only): the sub-message's header checked and entered in one call.
        // A type of this compilation (issue 42): entered in place, read by its Read with this same reader, and left.
        if (ordinals && GraphReadTarget(shape) is { } target)
            return ($"reader.TryEnterMessage({key}, out var __f{index})", $"{target.FullyQualifiedName}.FudgeFormatter.__ReadEntered(ref reader, in __f{index})", false);
        // A list, array, set or dictionary with whole-graph reading: its sub-message entered on its header bytes and
        // read by the collection reader from there (no Read() and no second look at the field's type).
        if (ordinals && _options.GraphRead && shape.Kind is ShapeKind.Collection or ShapeKind.Dictionary && shape.Collection < CollectionKind.ImmutableArray)
            return ($"reader.TryEnterMessage({key}, out var __f{index})", $"{CollectionReader(shape)}Entered(ref reader, in __f{index})", false);
        if (ordinals && shape.Kind == ShapeKind.Message)
            return ($"reader.TryTakeMessage({key}, out var __s{index})", $"{H}.ReadObjectFrom<{shape.TypeName}>(ref __s{index})", false);
        return ($"reader.TryReadField({key})", ValueOrDefault(shape), false);
    }

    /// <summary>
    /// The take of a scalar member under an ordinal from the run <c>__t</c>, or null for shapes no take reads. The
    /// narrower integers give the range their getter accepts, so that a value out of it is reported by the general read.
    /// </summary>
    private static (string Test, string Value)? TakeRunRead(ValueShape shape, ShapeKind integer, string key, int index)
    {
        string e = "__e" + index.ToString(CultureInfo.InvariantCulture);
        string cast = "(" + shape.TypeName + ")";
        bool isEnum = shape.Kind == ShapeKind.Enum && !shape.Java;
        if (shape.Kind == ShapeKind.Enum && !isEnum) return null;
        switch (integer)
        {
            case ShapeKind.Int64: return ($"__t.TryTakeInt64({key}, out long {e})", cast + e);
            case ShapeKind.UInt64: return ($"__t.TryTakeInt64({key}, out long {e})", $"{cast}unchecked((ulong){e})");
            case ShapeKind.Int32: return ($"__t.TryTakeInt32({key}, out int {e})", cast + e);
            // The members narrower than an int: one 32-bit load and a range test (what writers write, an int8 or int16, fits).
            case ShapeKind.SByte: return Ranged32("-128", "127");
            case ShapeKind.Byte: return Ranged32("0", "255");
            case ShapeKind.Int16: return Ranged32("-32768", "32767");
            case ShapeKind.UInt16: return Ranged32("0", "65535");
            case ShapeKind.UInt32: return Ranged("0L", "4294967295L");
        }
        if (isEnum) return null;
        switch (shape.Kind)
        {
            case ShapeKind.Boolean: return ($"__t.TryTakeBoolean({key}, out bool {e})", e);
            case ShapeKind.Single: return ($"__t.TryTakeSingle({key}, out float {e})", e);
            case ShapeKind.Double: return ($"__t.TryTakeDouble({key}, out double {e})", e);
            case ShapeKind.String: return ($"__t.TryTakeString({key}, out string {e})", e);
            case ShapeKind.Bytes: return ($"__t.TryTakeBytes({key}, out byte[] {e})", e);
            case ShapeKind.DateTime: return ($"__t.TryTakeDateTime({key}, out global::System.DateTime {e})", e);
            case ShapeKind.DateOnly: return ($"__t.TryTakeDateOnly({key}, out global::System.DateOnly {e})", e);
        }
        // Arrays of numbers, each of its own wire type only (the getters' widening reads are the general loop's); a
        // Java-mapped one is left to the general read.
        if (shape.Java) return null;
        switch (shape.Kind)
        {
            case ShapeKind.Int16Array: return ($"__t.TryTakeInt16Array({key}, out short[] {e})", e);
            case ShapeKind.Int32Array: return ($"__t.TryTakeInt32Array({key}, out int[] {e})", e);
            case ShapeKind.Int64Array: return ($"__t.TryTakeInt64Array({key}, out long[] {e})", e);
            case ShapeKind.SingleArray: return ($"__t.TryTakeSingleArray({key}, out float[] {e})", e);
            case ShapeKind.DoubleArray: return ($"__t.TryTakeDoubleArray({key}, out double[] {e})", e);
            default: return null;
        }

        (string, string) Ranged(string min, string max) => ($"__t.TryTakeInt64({key}, {min}, {max}, out long {e})", cast + e);
        (string, string) Ranged32(string min, string max) => ($"__t.TryTakeInt32({key}, {min}, {max}, out int {e})", cast + e);
    }
}
