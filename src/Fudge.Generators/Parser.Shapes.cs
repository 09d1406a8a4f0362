using System.Linq;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// The shape of a member's type: the scalar, collection, dictionary, message or other form its value takes.
internal static partial class Parser
{
    /// <summary>
    /// The shape of a member's type. <paramref name="java"/>: the member belongs to a Fudge-Java object, so values
    /// take Java's forms; <paramref name="member"/>: the type is the member's own (not an element of it), where an
    /// object's class names below the declared type are written.
    /// </summary>
    private static ValueShape? ResolveShape(ITypeSymbol type, int depth, bool java, bool member = false)
    {
        if (depth > 8) return null;
        string name = WithoutNativeIntegerKeywords(type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified));
        bool isValue = type.IsValueType;

        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            var inner = ResolveShape(nullable.TypeArguments[0], depth + 1, java, member);
            if (inner is null || inner.Kind == ShapeKind.Nullable) return null;
            return new ValueShape(ShapeKind.Nullable, name, true, Element: inner);
        }

        ShapeKind? simple = type.SpecialType switch
        {
            SpecialType.System_Boolean => ShapeKind.Boolean,
            SpecialType.System_SByte => ShapeKind.SByte,
            SpecialType.System_Byte => ShapeKind.Byte,
            SpecialType.System_Int16 => ShapeKind.Int16,
            SpecialType.System_UInt16 => ShapeKind.UInt16,
            SpecialType.System_Int32 => ShapeKind.Int32,
            SpecialType.System_UInt32 => ShapeKind.UInt32,
            SpecialType.System_Int64 => ShapeKind.Int64,
            SpecialType.System_UInt64 => ShapeKind.UInt64,
            SpecialType.System_Single => ShapeKind.Single,
            SpecialType.System_Double => ShapeKind.Double,
            SpecialType.System_Char => ShapeKind.Char,
            SpecialType.System_Decimal => ShapeKind.Decimal,
            SpecialType.System_String => ShapeKind.String,
            SpecialType.System_DateTime => ShapeKind.DateTime,
            _ => null,
        };
        if (simple is { } kind) return new ValueShape(kind, name, isValue, Java: java && kind is ShapeKind.Decimal or ShapeKind.Char or ShapeKind.Single or ShapeKind.Double);
        if (ResolveScalar(type, name, java) is { } scalar) return scalar;
        if (type.SpecialType == SpecialType.System_Object) return new ValueShape(ShapeKind.Object, name, false, Java: java);

        if (type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol { EnumUnderlyingType: { } underlying } enumType)
        {
            var u = ResolveShape(underlying, depth + 1, false);
            return u is null ? null : new ValueShape(ShapeKind.Enum, name, true, EnumUnderlying: u.Kind, Java: java,
                EnumMembers: JavaConventions.EnumMembers(enumType), JavaClassName: java ? JavaConventions.EnumClassName(enumType) : null);
        }

        if (type is ITypeParameterSymbol parameter) return TypeParameterShape(parameter, name);

        if (type is IArrayTypeSymbol array)
        {
            if (array.Rank != 1) return ResolveRectangular(array, name, depth, java);
            switch (array.ElementType.SpecialType)
            {
                case SpecialType.System_Byte: return new ValueShape(ShapeKind.Bytes, name, false, Java: java);
                case SpecialType.System_Int16: return new ValueShape(ShapeKind.Int16Array, name, false);
                case SpecialType.System_Int32: return new ValueShape(ShapeKind.Int32Array, name, false);
                case SpecialType.System_Int64: return new ValueShape(ShapeKind.Int64Array, name, false);
                case SpecialType.System_Single: return new ValueShape(ShapeKind.SingleArray, name, false, Java: java);
                case SpecialType.System_Double: return new ValueShape(ShapeKind.DoubleArray, name, false, Java: java);
            }
            var element = ResolveShape(array.ElementType, depth + 1, java);
            return element is null ? null : new ValueShape(ShapeKind.Collection, name, false, Collection: CollectionKind.Array, Element: element, Java: java);
        }

        if (type is not INamedTypeSymbol named) return null;
        string original = named.OriginalDefinition.ToDisplayString();
        switch (original)
        {
            case "System.Guid": return new ValueShape(ShapeKind.Guid, name, true);
            case "System.DateTimeOffset": return new ValueShape(ShapeKind.DateTimeOffset, name, true);
            case "System.DateOnly": return new ValueShape(ShapeKind.DateOnly, name, true, Java: java);
            case "System.TimeOnly": return new ValueShape(ShapeKind.TimeOnly, name, true);
            case "System.TimeSpan": return new ValueShape(ShapeKind.TimeSpan, name, true);
            case "Fudge.FudgeMsg": return new ValueShape(ShapeKind.FudgeMsg, name, false);
            case "System.ReadOnlyMemory<T>" when named.TypeArguments[0].SpecialType == SpecialType.System_Byte:
                return new ValueShape(ShapeKind.ReadOnlyMemoryBytes, name, true, Java: java);
            case "System.Memory<T>" when named.TypeArguments[0].SpecialType == SpecialType.System_Byte:
                return new ValueShape(ShapeKind.MemoryBytes, name, true, Java: java);
        }

        var collection = original switch
        {
            "System.Collections.Generic.List<T>" => CollectionKind.List,
            "System.Collections.Generic.IList<T>" => CollectionKind.IList,
            "System.Collections.Generic.ICollection<T>" => CollectionKind.ICollection,
            "System.Collections.Generic.IEnumerable<T>" => CollectionKind.IEnumerable,
            "System.Collections.Generic.IReadOnlyList<T>" => CollectionKind.IReadOnlyList,
            "System.Collections.Generic.IReadOnlyCollection<T>" => CollectionKind.IReadOnlyCollection,
            "System.Collections.Generic.HashSet<T>" => CollectionKind.HashSet,
            "System.Collections.Generic.ISet<T>" => CollectionKind.ISet,
            "System.Collections.Generic.IReadOnlySet<T>" => CollectionKind.ISet,
            "System.Collections.Generic.Dictionary<TKey, TValue>" => CollectionKind.Dictionary,
            "System.Collections.Generic.IDictionary<TKey, TValue>" => CollectionKind.IDictionary,
            "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>" => CollectionKind.IReadOnlyDictionary,
            _ => CollectionKind.None,
        };
        if (collection is CollectionKind.Dictionary or CollectionKind.IDictionary or CollectionKind.IReadOnlyDictionary)
        {
            var key = ResolveShape(named.TypeArguments[0], depth + 1, java);
            var value = ResolveShape(named.TypeArguments[1], depth + 1, java);
            if (key is null || value is null || !IsKey(key, named.TypeArguments[0])) return null;
            return new ValueShape(ShapeKind.Dictionary, name, false, Collection: collection, Element: value, Key: key);
        }
        if (collection != CollectionKind.None)
        {
            var element = ResolveShape(named.TypeArguments[0], depth + 1, java);
            return element is null ? null : new ValueShape(ShapeKind.Collection, name, false, Collection: collection, Element: element);
        }

        if (TryResolveMoreCollection(named, original, name, depth, java, out var more)) return more;

        if (HasAttribute(named, MessageAttribute))
            return new ValueShape(ShapeKind.Message, name, named.IsValueType, ClassHeaders: java && member, Java: java);
        return ResolveInitializerShape(named, name, depth, java) ?? RegisteredShape(named, name, java);
    }

    /// <summary>A DateTime or DateTimeOffset shape (or a nullable one) written with <paramref name="accuracy"/>; null for any other.</summary>
    private static ValueShape? WithAccuracy(ValueShape shape, int accuracy) => shape.Kind switch
    {
        ShapeKind.DateTime or ShapeKind.DateTimeOffset => shape with { Accuracy = accuracy },
        ShapeKind.Nullable when WithAccuracy(shape.Element!, accuracy) is { } inner => shape with { Element = inner },
        _ => null,
    };

    private static bool ContainsErrorType(ITypeSymbol type) => type switch
    {
        { TypeKind: TypeKind.Error } => true,
        IArrayTypeSymbol array => ContainsErrorType(array.ElementType),
        INamedTypeSymbol named => named.TypeArguments.Any(ContainsErrorType),
        _ => false,
    };

    private static bool IsScalar(ShapeKind kind) => kind is not (ShapeKind.Collection or ShapeKind.Dictionary or ShapeKind.Message
        or ShapeKind.ArraySegmentBytes or ShapeKind.RectangularArray
        or ShapeKind.FudgeMsg or ShapeKind.Nullable or ShapeKind.Bytes or ShapeKind.ReadOnlyMemoryBytes or ShapeKind.MemoryBytes
        or ShapeKind.Int16Array or ShapeKind.Int32Array or ShapeKind.Int64Array or ShapeKind.SingleArray or ShapeKind.DoubleArray);
}
