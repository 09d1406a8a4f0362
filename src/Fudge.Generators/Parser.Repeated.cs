using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// [FudgeField(Repeated = true)]: a list or array member whose elements are fields of their own under the member's key
// (a name repeated in the message), the form a Fudge-Proto `repeated` field takes (MemberModel.Repeated), instead of
// one sub-message of anonymous fields.
internal static partial class Parser
{
    /// <summary>The collection kind of a type a repeated member can have, or None: a one-dimensional array or a list interface List&lt;T&gt; implements.</summary>
    private static CollectionKind RepeatableKind(ITypeSymbol type)
    {
        if (type is IArrayTypeSymbol { Rank: 1 }) return CollectionKind.Array;
        if (type is not INamedTypeSymbol { IsGenericType: true } named) return CollectionKind.None;
        return named.OriginalDefinition.ToDisplayString() switch
        {
            "System.Collections.Generic.List<T>" => CollectionKind.List,
            "System.Collections.Generic.IList<T>" => CollectionKind.IList,
            "System.Collections.Generic.ICollection<T>" => CollectionKind.ICollection,
            "System.Collections.Generic.IEnumerable<T>" => CollectionKind.IEnumerable,
            "System.Collections.Generic.IReadOnlyList<T>" => CollectionKind.IReadOnlyList,
            "System.Collections.Generic.IReadOnlyCollection<T>" => CollectionKind.IReadOnlyCollection,
            _ => CollectionKind.None,
        };
    }

    /// <summary>True when a member of <paramref name="type"/> can be [FudgeField(Repeated = true)].</summary>
    private static bool IsRepeatable(ITypeSymbol type) => RepeatableKind(type) != CollectionKind.None;

    /// <summary>
    /// The shape of a repeated member: the collection, with the element shaped as a member's own value (each element is
    /// a field of the object, as the member would be); null when the element type has no mapping (FUDGE002 follows).
    /// </summary>
    private static ValueShape? RepeatedShape(ITypeSymbol type, bool java)
    {
        var kind = RepeatableKind(type);
        var elementType = type is IArrayTypeSymbol array ? array.ElementType : ((INamedTypeSymbol)type).TypeArguments[0];
        var element = ResolveShape(elementType, 1, java, member: true);
        if (element is null) return null;
        string name = WithoutNativeIntegerKeywords(type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified));
        return new ValueShape(ShapeKind.Collection, name, false, Collection: kind, Element: element);
    }
}
