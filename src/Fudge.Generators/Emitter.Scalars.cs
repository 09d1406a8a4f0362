using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Generators;

// Scalars without a Fudge type of their own (issue 41): how each is written and read (the forms are in
// FudgeFormatterHelpers.Scalars.cs and docs/generator.md), and the writer and reader of rectangular arrays.
internal sealed partial class Emitter
{
    /// <summary>The write of a scalar this file maps, or null for another shape.</summary>
    private string? ScalarWriteStatement(ValueShape shape, string key, string v)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Uri: return $"{H}.WriteUri(ref writer, in {key}, {v});";
            case ShapeKind.Version: return $"{H}.WriteVersion(ref writer, in {key}, {v});";
            case ShapeKind.BigInteger: return $"{H}.WriteBigInteger(ref writer, in {key}, {v});";
            case ShapeKind.Int128: return $"{H}.WriteInt128(ref writer, in {key}, {v});";
            case ShapeKind.UInt128: return $"{H}.WriteUInt128(ref writer, in {key}, {v});";
            case ShapeKind.Half: return $"{H}.WriteHalf(ref writer, in {key}, {v});";
            case ShapeKind.IntPtr: return $"writer.WriteInt64(in {key}, (long){v});";
            case ShapeKind.UIntPtr: return $"{H}.WriteUInt64(ref writer, in {key}, (ulong){v});";
            case ShapeKind.ArraySegmentBytes:
                // A default segment (no array) is an empty span: written as empty bytes.
                string span = $"new global::System.ReadOnlySpan<byte>({v}.Array, {v}.Offset, {v}.Count)";
                return shape.Java ? $"writer.WriteVariableBytes(in {key}, {span});" : $"writer.WriteBytes(in {key}, {span});";
            case ShapeKind.RectangularArray: return $"{RectangularWriter(shape)}(ref writer, in {key}, {v});";
            default: return null;
        }
    }

    /// <summary>The read of a scalar this file maps, or null for another shape.</summary>
    private string? ScalarReadExpression(ValueShape shape, string r)
    {
        switch (shape.Kind)
        {
            case ShapeKind.Uri: return $"{H}.ReadUri(ref {r})";
            case ShapeKind.Version: return $"{H}.ReadVersion(ref {r})";
            case ShapeKind.BigInteger: return $"{H}.ReadBigInteger(ref {r})";
            case ShapeKind.Int128: return $"{H}.ReadInt128(ref {r})";
            case ShapeKind.UInt128: return $"{H}.ReadUInt128(ref {r})";
            case ShapeKind.Half: return $"{H}.ReadHalf(ref {r})";
            case ShapeKind.IntPtr: return $"{H}.ReadIntPtr(ref {r})";
            case ShapeKind.UIntPtr: return $"{H}.ReadUIntPtr(ref {r})";
            case ShapeKind.ArraySegmentBytes: return $"new global::System.ArraySegment<byte>({r}.GetBytes())";
            case ShapeKind.RectangularArray: return $"{RectangularReader(shape)}(ref {r})";
            default: return null;
        }
    }

    /// <summary>
    /// The writer of a rectangular array: a sub-message holding one anonymous field per index of the first
    /// dimension, each a sub-message of the next dimension, down to the rows, each written as the element's
    /// one-dimensional array is (an <c>int[,]</c> is the bytes of the <c>int[][]</c> of its rows, which is what
    /// Fudge-Java writes for an <c>int[][]</c>). The lengths go in an int[] at ordinal -3 only when the rows cannot
    /// tell them (a zero-length dimension before a non-zero one, as in <c>new int[0, 5]</c>).
    /// </summary>
    private string RectangularWriter(ValueShape shape)
    {
        string name = "__Write" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        int rank = shape.Rank;
        var row = shape.Key!;
        var sb = new StringBuilder();
        sb.AppendLine($"    private static void {name}(ref {Writer} writer, in {Key} key, {shape.TypeName} value)");
        sb.AppendLine("    {");
        for (int d = 0; d < rank; d++)
            sb.AppendLine($"        int __d{d} = value.GetLength({d});");
        sb.AppendLine("        var __m0 = writer.BeginMessage(in key);");
        string last = $"__d{rank - 1}";
        sb.AppendLine($"        var __row = {NewArray(shape.Element!.TypeName, last)};");
        string indent = "        ";
        for (int d = 0; d < rank - 1; d++)
        {
            if (d > 0)
            {
                sb.AppendLine($"{indent}var __m{d} = writer.BeginMessage(in {H}.ListElementKey);");
            }
            sb.AppendLine($"{indent}for (int __i{d} = 0; __i{d} < __d{d}; __i{d}++)");
            sb.AppendLine(indent + "{");
            indent += "    ";
        }
        string indices = string.Join(", ", Enumerable.Range(0, rank - 1).Select(d => $"__i{d}"));
        sb.AppendLine($"{indent}for (int __j = 0; __j < {last}; __j++) __row[__j] = value[{indices}, __j];");
        sb.AppendLine(indent + WriteStatement(row, $"{H}.ListElementKey", "__row"));
        for (int d = rank - 2; d >= 0; d--)
        {
            indent = indent.Substring(4);
            sb.AppendLine(indent + "}");
            if (d > 0) sb.AppendLine($"{indent}writer.EndMessage(__m{d});");
        }
        sb.AppendLine($"        {H}.WriteArrayLengths(ref writer, value);");
        sb.AppendLine("        writer.EndMessage(__m0);");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }

    /// <summary>
    /// The reader of a rectangular array: the nested messages read as the jagged array of rows they are, checked to be
    /// rectangular and copied; the lengths at ordinal -3, when present, give the shape of an array without elements.
    /// </summary>
    private string RectangularReader(ValueShape shape)
    {
        if (_collectionReaders.TryGetValue(shape, out var existing)) return existing;
        int rank = shape.Rank;
        // The jagged shape: rows (the element's T[]), then an array of those per remaining dimension.
        var jagged = shape.Key!;
        for (int d = 0; d < rank - 1; d++)
            jagged = new ValueShape(ShapeKind.Collection, Parser.ArrayOf(jagged.TypeName, "[]"), false, Collection: CollectionKind.Array, Element: jagged);
        string jaggedReader = CollectionReader(jagged);
        string name = "__Read" + (++_helperCount).ToString(CultureInfo.InvariantCulture);
        _collectionReaders.Add(shape, name);
        var sb = new StringBuilder();
        sb.AppendLine($"    private static {shape.TypeName} {name}(ref {Reader} reader)");
        sb.AppendLine("    {");
        sb.AppendLine("        int __offset = reader.ValueOffset;");
        sb.AppendLine($"        var __lengths = {H}.ReadArrayLengths(ref reader, {rank});");
        sb.AppendLine($"        var __a0 = {jaggedReader}(ref reader);");
        // The lengths the data shows: each known while every dimension before it is non-zero.
        sb.AppendLine($"        var __dims = new int[{rank}];");
        sb.AppendLine("        __dims[0] = __a0.Length;");
        string path = "__a0";
        for (int d = 1; d < rank; d++)
        {
            string condition = string.Join(" && ", Enumerable.Range(0, d).Select(k => $"__dims[{k}] > 0"));
            sb.AppendLine($"        if ({condition} && {path}[0] != null) __dims[{d}] = {path}[0].Length;");
            path += "[0]";
        }
        sb.AppendLine($"        __dims = {H}.ArrayLengths(__dims, __lengths, __offset);");
        string dims = string.Join(", ", Enumerable.Range(0, rank).Select(d => $"__dims[{d}]"));
        string elementName = shape.Element!.TypeName;
        sb.AppendLine($"        var __result = new {Parser.ArrayOf(elementName, "[" + dims + "]")};");
        string indent = "        ";
        for (int d = 0; d < rank; d++)
        {
            sb.AppendLine($"{indent}for (int __i{d} = 0; __i{d} < __dims[{d}]; __i{d}++)");
            sb.AppendLine(indent + "{");
            indent += "    ";
            if (d < rank - 1)
            {
                sb.AppendLine($"{indent}var __a{d + 1} = __a{d}[__i{d}];");
                sb.AppendLine($"{indent}if (__a{d + 1} == null || __a{d + 1}.Length != __dims[{d + 1}]) throw {H}.NotRectangular(__offset);");
            }
        }
        string indices = string.Join(", ", Enumerable.Range(0, rank).Select(d => $"__i{d}"));
        sb.AppendLine($"{indent}__result[{indices}] = __a{rank - 1}[__i{rank - 1}];");
        for (int d = rank - 1; d >= 0; d--)
        {
            indent = indent.Substring(4);
            sb.AppendLine(indent + "}");
        }
        sb.AppendLine("        return __result;");
        sb.AppendLine("    }");
        _helpers.AppendLine().Append(sb);
        return name;
    }
}
