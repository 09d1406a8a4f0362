using System;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// Scalars without a Fudge type of their own (issue 41): Uri, Version, BigInteger, Int128, UInt128, Half, nint, nuint,
// ArraySegment<byte>, and rectangular arrays (T[,], T[,,]...).
internal static partial class Parser
{
    private const string HelpersType = "Fudge.Serialization.FudgeFormatterHelpers";

    // The compilation being parsed, for the question whether the Fudge assembly it references has the helpers of the
    // types .NET Standard lacks (Half, Int128, UInt128): a net6.0 project sees Half but gets Fudge's netstandard2.0
    // build. Set for the length of one Parse call on this thread; the pipeline carries no symbol.
    [ThreadStatic] private static Compilation? s_compilation;

    private static CompilationScope EnterCompilation(Compilation compilation)
    {
        var previous = s_compilation;
        s_compilation = compilation;
        return new CompilationScope(previous);
    }

    private readonly struct CompilationScope : IDisposable
    {
        private readonly Compilation? _previous;

        public CompilationScope(Compilation? previous) => _previous = previous;

        public void Dispose() => s_compilation = _previous;
    }

    /// <summary>True when the referenced Fudge assembly has the helper <paramref name="method"/> (or when it cannot be told).</summary>
    private static bool HasHelper(string method)
    {
        var helpers = s_compilation?.GetTypeByMetadataName(HelpersType);
        return helpers is null ? s_compilation is null : helpers.GetMembers(method).Length > 0;
    }

    private static readonly Regex NativeIntegerKeyword = new(@"(?<![\w.:@])n(u?)int(?!\w)", RegexOptions.CultureInvariant);

    /// <summary>
    /// A type's name with the keywords <c>nint</c> and <c>nuint</c> spelled as the structs they are (Roslyn spells
    /// <c>IntPtr</c> so on .NET 7 and later), so that the generated code compiles in C# before 9 too.
    /// </summary>
    private static string WithoutNativeIntegerKeywords(string name)
        => name.IndexOf("int", StringComparison.Ordinal) < 0 ? name
            : NativeIntegerKeyword.Replace(name, m => m.Groups[1].Length > 0 ? "global::System.UIntPtr" : "global::System.IntPtr");

    /// <summary>The shape of a scalar this file maps, or null.</summary>
    private static ValueShape? ResolveScalar(ITypeSymbol type, string name, bool java)
    {
        switch (type.SpecialType)
        {
            // nint and IntPtr are one type; spelled as the struct so that the text compiles in any language version.
            case SpecialType.System_IntPtr: return new ValueShape(ShapeKind.IntPtr, "global::System.IntPtr", true);
            case SpecialType.System_UIntPtr: return new ValueShape(ShapeKind.UIntPtr, "global::System.UIntPtr", true);
        }
        if (type is not INamedTypeSymbol named) return null;
        switch (named.OriginalDefinition.ToDisplayString())
        {
            case "System.Uri": return new ValueShape(ShapeKind.Uri, name, false);
            case "System.Version": return new ValueShape(ShapeKind.Version, name, false);
            case "System.Numerics.BigInteger": return new ValueShape(ShapeKind.BigInteger, name, true);
            case "System.Int128" when HasHelper("WriteInt128"): return new ValueShape(ShapeKind.Int128, name, true);
            case "System.UInt128" when HasHelper("WriteUInt128"): return new ValueShape(ShapeKind.UInt128, name, true);
            case "System.Half" when HasHelper("WriteHalf"): return new ValueShape(ShapeKind.Half, name, true);
            case "System.ArraySegment<T>" when named.TypeArguments[0].SpecialType == SpecialType.System_Byte:
                return new ValueShape(ShapeKind.ArraySegmentBytes, name, true, Java: java);
        }
        return null;
    }

    /// <summary>
    /// A rectangular array: Element is the element's shape, Key the shape of one row (the element's <c>T[]</c>, as a
    /// one-dimensional array of it maps), Rank the number of dimensions. Elements that are rectangular arrays
    /// themselves are not supported.
    /// </summary>
    private static ValueShape? ResolveRectangular(IArrayTypeSymbol array, string name, int depth, bool java)
    {
        if (!array.IsSZArray && array.Rank == 1) return null; // a single dimension with a lower bound: not C#'s
        var element = ResolveShape(array.ElementType, depth + 1, java);
        if (element is null || element.Kind == ShapeKind.RectangularArray) return null;
        if (array.ElementType is IArrayTypeSymbol { Rank: > 1 }) return null;
        string elementName = element.TypeName;
        string rowName = ArrayOf(elementName, "[]");
        ValueShape row = array.ElementType.SpecialType switch
        {
            SpecialType.System_Byte => new ValueShape(ShapeKind.Bytes, rowName, false, Java: java),
            SpecialType.System_Int16 => new ValueShape(ShapeKind.Int16Array, rowName, false),
            SpecialType.System_Int32 => new ValueShape(ShapeKind.Int32Array, rowName, false),
            SpecialType.System_Int64 => new ValueShape(ShapeKind.Int64Array, rowName, false),
            SpecialType.System_Single => new ValueShape(ShapeKind.SingleArray, rowName, false, Java: java),
            SpecialType.System_Double => new ValueShape(ShapeKind.DoubleArray, rowName, false, Java: java),
            _ => new ValueShape(ShapeKind.Collection, rowName, false, Collection: CollectionKind.Array, Element: element, Java: java),
        };
        string rank = "[" + new string(',', array.Rank - 1) + "]";
        return new ValueShape(ShapeKind.RectangularArray, ArrayOf(elementName, rank), false, Element: element, Key: row, Java: java, Rank: array.Rank);
    }

    /// <summary>
    /// The C# name of an array of <paramref name="elementName"/> with the rank specifier <paramref name="rank"/>: the
    /// specifier goes before those the element's own name ends with (an array of <c>int[]</c> is <c>int[][]</c>, of
    /// <c>int[,]</c> is <c>int[][,]</c>).
    /// </summary>
    internal static string ArrayOf(string elementName, string rank)
    {
        int end = elementName.Length;
        while (end > 0 && elementName[end - 1] == ']')
        {
            int open = elementName.LastIndexOf('[', end - 1);
            if (open < 0) break;
            end = open;
        }
        return elementName.Substring(0, end) + rank + elementName.Substring(end);
    }
}
