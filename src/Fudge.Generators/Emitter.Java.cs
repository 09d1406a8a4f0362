using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Generators;

// The parts of the emitted formatter that take Fudge-Java's forms (FudgeObjectMapping.Java), and the enum readers
// every formatter uses (an enum reads as a number, a name or Java's sub-message in every mapping).
internal sealed partial class Emitter
{
    private readonly Dictionary<ValueShape, string> _enumWriters = new();
    private readonly Dictionary<ValueShape, string> _enumReaders = new();

    /// <summary>The write of a value in Fudge-Java's form, or null when it is the same as this library's.</summary>
    private string? JavaWriteStatement(ValueShape shape, string key, string v, bool withoutClassNames)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Enum: return $"{EnumWriter(shape)}(ref writer, in {key}, {v});";
            case ShapeKind.Decimal: return $"{H}.WriteJavaDecimal(ref writer, in {key}, {v});";
            case ShapeKind.Char: return $"{H}.WriteJavaChar(ref writer, in {key}, {v});";
            case ShapeKind.Single: return $"writer.WriteSingle(in {key}, {H}.JavaNaN({v}));";
            case ShapeKind.Double: return $"writer.WriteDouble(in {key}, {H}.JavaNaN({v}));";
            case ShapeKind.DateOnly: return $"{H}.WriteJavaDateOnly(ref writer, in {key}, {v});";
            // Only Fudge-Proto's Java-compatible mapping marks DateTime: its Java type is LocalDateTime.
            case ShapeKind.DateTime:
            case ShapeKind.DateTimeOffset: return $"{H}.WriteJavaLocalDateTime(ref writer, in {key}, {v});";
            case ShapeKind.SingleArray: return $"{H}.WriteJavaSingleArray(ref writer, in {key}, {v});";
            case ShapeKind.DoubleArray: return $"{H}.WriteJavaDoubleArray(ref writer, in {key}, {v});";
            case ShapeKind.Bytes: return $"writer.WriteVariableBytes(in {key}, {v});";
            case ShapeKind.ReadOnlyMemoryBytes:
            case ShapeKind.MemoryBytes: return $"writer.WriteVariableBytes(in {key}, {v}.Span);";
            case ShapeKind.Message when withoutClassNames:
                return $"{H}.WriteObjectWithoutClassNames<{shape.TypeName}>(ref writer, in {key}, {v});";
            default: return null;
        }
    }

    /// <summary>The helper writing an enum as Fudge-Java's <c>EnumBuilder</c> does: <c>{0: class name, 1: constant}</c>.</summary>
    private string EnumWriter(ValueShape shape)
    {
        if (_enumWriters.TryGetValue(shape, out var existing)) return existing;
        string name = "__WriteEnum" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        _enumWriters.Add(shape, name);
        var sb = new StringBuilder();
        sb.AppendLine($"    private static global::System.ReadOnlySpan<byte> {name}Class => {ByteArray(shape.JavaClassName ?? shape.TypeName)};");
        var seen = new HashSet<string>();
        var members = shape.EnumMembers.Where(m => seen.Add(m.Value)).ToList(); // aliases: the first name of a value
        for (int i = 0; i < members.Count; i++)
            sb.AppendLine($"    private static global::System.ReadOnlySpan<byte> {name}_{i} => {ByteArray(members[i].JavaConstant)};");
        sb.AppendLine();
        sb.AppendLine($"    private static void {name}(ref {Writer} writer, in {Key} key, {shape.TypeName} value)");
        sb.AppendLine("    {");
        sb.AppendLine("        switch (value)");
        sb.AppendLine("        {");
        // Names with no character outside the BMP are the same bytes in either string encoding: written as they are.
        bool bmp = !(shape.JavaClassName ?? "").Any(char.IsSurrogate) && !members.Any(x => x.JavaConstant.Any(char.IsSurrogate));
        string write = bmp ? "WriteBmpJavaEnum" : "WriteJavaEnum";
        for (int i = 0; i < members.Count; i++)
            sb.AppendLine($"            case ({shape.TypeName})({members[i].Value}): {H}.{write}(ref writer, in key, {name}Class, {name}_{i}); return;");
        sb.AppendLine("        }");
        sb.AppendLine($"        throw {H}.NoJavaConstant({Literal(shape.TypeName.Replace("global::", ""))}, value);");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    /// <summary>
    /// The helper reading an enum in any of its forms: a number (this library's), a string naming a member (its Java
    /// constant or its .NET name), or Fudge-Java's <c>{0: class name, 1: constant}</c> sub-message.
    /// </summary>
    private string EnumReader(ValueShape shape)
    {
        if (_enumReaders.TryGetValue(shape, out var existing)) return existing;
        string name = "__ReadEnum" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        _enumReaders.Add(shape, name);
        var sb = new StringBuilder();
        var names = new List<(string Text, string Value)>();
        foreach (var member in shape.EnumMembers)
        {
            names.Add((member.JavaConstant, member.Value));
            if (member.Name != member.JavaConstant) names.Add((member.Name, member.Value));
        }
        for (int i = 0; i < names.Count; i++)
            sb.AppendLine($"    private static global::System.ReadOnlySpan<byte> {name}_{i} => {ByteArray(names[i].Text)};");
        if (names.Count > 0) sb.AppendLine();
        string display = Literal(shape.TypeName.Replace("global::", ""));
        string number = ReadExpression(new ValueShape(shape.EnumUnderlying, UnderlyingKeyword(shape.EnumUnderlying), true), "reader");
        sb.AppendLine($"    private static {shape.TypeName} {name}(ref {Reader} reader)");
        sb.AppendLine("    {");
        sb.AppendLine($"        if ({H}.IsEnumNumber(ref reader)) return ({shape.TypeName}){number};");
        sb.AppendLine($"        var __name = {H}.ReadEnumConstant(ref reader, {display});");
        for (int i = 0; i < names.Count; i++)
            sb.AppendLine($"        if ({Span}(__name, {name}_{i})) return ({shape.TypeName})({names[i].Value});");
        sb.AppendLine($"        throw {H}.UnknownEnumConstant(reader.ValueOffset, {display}, __name);");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    // ------------------------------------------------------------------ reading derived Java types

    /// <summary>True when the reader looks for a registered derived type among the class names (a Java type that can have one).</summary>
    private bool FindsDerivedTypes => _model.Java && !_model.IsSealed && !_model.IsAbstract;

    /// <summary>The locals the derived-type look-up needs: where the message starts, and the name of the derived type.</summary>
    private void EmitDerivedLocals(StringBuilder sb)
    {
        if (!FindsDerivedTypes) return;
        sb.AppendLine("        var __origin = reader;");
        sb.AppendLine("        global::System.ReadOnlySpan<byte> __derived = default(global::System.ReadOnlySpan<byte>);");
        sb.AppendLine("        bool __classKnown = false;");
    }

    /// <summary>
    /// At a class name (ordinal 0): Java writes the runtime class first, so the first name this type or a registered
    /// derived type has decides what the message is.
    /// </summary>
    private void EmitDerivedCheck(StringBuilder sb, string indent)
    {
        if (!FindsDerivedTypes) return;
        string t = _model.FullyQualifiedName;
        sb.AppendLine($"{indent}if (!__classKnown && reader.TypeId == global::Fudge.FudgeTypeId.String)");
        sb.AppendLine($"{indent}{{");
        sb.AppendLine($"{indent}    if ({H}.TypeNameEquals(reader.ValueSpan, __t0)) __classKnown = true;");
        sb.AppendLine($"{indent}    else if ({H}.IsRegisteredDerived<{t}>(reader.ValueSpan)) {{ __derived = reader.ValueSpan; __classKnown = true; }}");
        sb.AppendLine($"{indent}}}");
    }

    /// <summary>Once the fields are read: a message of a derived type is read again, from its start, as that type.</summary>
    private void EmitDerivedRead(StringBuilder sb)
    {
        if (!FindsDerivedTypes) return;
        sb.AppendLine($"        if (!__derived.IsEmpty) return {H}.ReadRegisteredDerived<{_model.FullyQualifiedName}>(ref __origin, __derived);");
    }
}
