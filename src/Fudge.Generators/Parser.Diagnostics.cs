using System.Linq;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// Why a member's type has no shape: the text of FUDGE002, built only once ResolveShape has refused the type, so that
// the resolution itself stays as it is. The explanation walks the type as ResolveShape does and names the innermost
// part that fails (the element of a collection, the key or the value of a dictionary), in C# spelling.
internal static partial class Parser
{
    /// <summary>Types as a C# programmer writes them: <c>List&lt;Address&gt;</c>, <c>int[,]</c>, <c>int?</c>, no <c>global::</c> or namespaces.</summary>
    internal static readonly SymbolDisplayFormat CSharpSpelling = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypes,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
        miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes
            | SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers
            | SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>A type's full name as it is declared: <c>Ns.Outer.Address</c>, <c>Ns.Page&lt;T&gt;</c>.</summary>
    internal static readonly SymbolDisplayFormat DeclaredName = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
        miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes | SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers);

    /// <summary>Why a member's type is refused.</summary>
    /// <param name="Text">The explanation (the third argument of FUDGE002); null when <paramref name="ReportedElsewhere"/>.</param>
    /// <param name="ReportedElsewhere">
    /// The cause already has its own error (a generic or otherwise refused <c>[FudgeMessage]</c> type reports FUDGE006 at
    /// its declaration): the member gets no second one, and its type no formatter.
    /// </param>
    internal sealed record Unsupported(string? Text, bool ReportedElsewhere);

    /// <summary>
    /// Explains why <see cref="ResolveShape"/> refused <paramref name="type"/>. <paramref name="genericRefused"/>: the
    /// type being parsed is generic and has reported FUDGE006, so a member typed by its type parameters is the same cause.
    /// </summary>
    private static Unsupported WhyUnsupported(ITypeSymbol type, bool java, bool genericRefused)
        => Explain(type, "", 0, java, genericRefused)
           ?? new Unsupported(Subject("", type) + " has no Fudge mapping; use a supported type (see " + Diagnostics.SupportedTypesLink + ")", false);

    // The failure in `type`, or null when the type resolves on its own. `path`: the way from the member's type to this
    // one: "" (the member's own type), "element", "key", "element's value"...
    private static Unsupported? Explain(ITypeSymbol type, string path, int depth, bool java, bool genericRefused)
    {
        if (depth > 8)
            return new Unsupported("it nests collections more than 8 levels deep; put an inner level in a [FudgeMessage] type", false);

        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
            return Explain(nullable.TypeArguments[0], path, depth + 1, java, genericRefused);

        if (type is ITypeParameterSymbol)
        {
            return genericRefused
                ? new Unsupported(null, true)
                : new Unsupported(Subject(path, type) + " is a type parameter, which has no Fudge mapping", false);
        }

        if (type is IArrayTypeSymbol array)
        {
            if (ResolveShape(array.ElementType, depth + 1, java) is null)
                return Explain(array.ElementType, Step(path, "element"), depth + 1, java, genericRefused);
            if (array.Rank != 1 && ResolveShape(type, depth, java) is null)
            {
                // Rectangular arrays are mapped (Parser.Scalars.cs), but not of rectangular arrays.
                string jagged = ArrayOf(array.ElementType.ToDisplayString(CSharpSpelling), string.Concat(Enumerable.Repeat("[]", array.Rank)));
                return new Unsupported(Subject(path, type) + " is a multi-dimensional array of multi-dimensional arrays, which has no Fudge mapping; use a jagged array of them ('" + jagged + "') or a list", false);
            }
            return ResolveShape(type, depth, java) is null ? NoMapping(path, type) : null;
        }

        if (type is not INamedTypeSymbol named) return ResolveShape(type, depth, java) is null ? NoMapping(path, type) : null;

        // The parts first: a List<Address> fails because of Address, whatever list types are supported.
        if (named.IsGenericType)
        {
            var arguments = named.TypeArguments;
            bool dictionary = arguments.Length == 2 && IsDictionaryLike(named);
            bool collection = arguments.Length == 1 && IsEnumerableOf(named, arguments[0]);
            // Other generic types (Lazy<T>, a Holder<T> of the user's) are the problem themselves, whatever their arguments.
            bool container = dictionary || collection || named.IsTupleType || HasAttribute(named, MessageAttribute);
            for (int i = 0; container && i < arguments.Length; i++)
            {
                if (ResolveShape(arguments[i], depth + 1, java) is not null) continue;
                string role = dictionary ? (i == 0 ? "key" : "value") : collection ? "element" : named.IsTupleType ? "item" : "argument";
                return Explain(arguments[i], Step(path, role), depth + 1, java, genericRefused);
            }
            if (ResolveShape(type, depth, java) is not null) return null;
            if (dictionary && ResolveShape(arguments[0], depth + 1, java) is { } key && !IsScalar(key.Kind))
            {
                return new Unsupported(Subject(Step(path, "key"), arguments[0])
                    + " cannot be a dictionary key; use a scalar key type (a number, string, enum, Guid, date or time), a tuple of such keys, or a [FudgeMessage] struct or record (equal by value)", false);
            }
        }
        else if (ResolveShape(type, depth, java) is not null)
        {
            return null;
        }

        if (HasAttribute(named, MessageAttribute))
        {
            // A [FudgeMessage] type of this compilation reports why it gets no formatter where it is declared.
            if (named.OriginalDefinition.Locations.Any(l => l.IsInSource)) return new Unsupported(null, true);
            return new Unsupported(Subject(path, type) + " is a [FudgeMessage] type without a generated formatter", false);
        }

        if (named.OriginalDefinition.Locations.Any(l => l.IsInSource) && named.TypeKind is TypeKind.Class or TypeKind.Struct
            && !named.IsStatic && !named.IsRefLikeType && named.TypeKind != TypeKind.Delegate)
        {
            string declared = named.OriginalDefinition.ToDisplayString(DeclaredName);
            string fix = "add [FudgeMessage] (and partial) to '" + declared + "'";
            if (named.IsAbstract) fix += ", and a [FudgeUnion] for each derived type";
            return new Unsupported(Subject(path, type) + " has no Fudge formatter; " + fix, false);
        }
        return NoMapping(path, type);
    }

    /// <summary>True when <paramref name="type"/> is (or is nested in) a generic type and FUDGE006 was reported for it.</summary>
    private static bool IsGenericRefused(INamedTypeSymbol type, System.Collections.Generic.List<DiagnosticInfo> diagnostics)
    {
        if (!diagnostics.Any(d => d.Descriptor == Diagnostics.UnsupportedTypeShape)) return false;
        for (var t = type; t is not null; t = t.ContainingType)
            if (t.IsGenericType) return true;
        return false;
    }

    private static Unsupported NoMapping(string path, ITypeSymbol type)
        => new(Subject(path, type) + " has no Fudge mapping; use a supported type (see " + Diagnostics.SupportedTypesLink + ")", false);

    /// <summary><c>it</c> for the member's own type (the message has just named it), <c>its element type 'Address'</c> for a part of it.</summary>
    private static string Subject(string path, ITypeSymbol type)
        => path.Length == 0 ? "it" : "its " + path + " type '" + type.ToDisplayString(CSharpSpelling) + "'";

    private static string Step(string path, string role) => path.Length == 0 ? role : path + "'s " + role;

    private static bool IsDictionaryLike(INamedTypeSymbol type)
    {
        foreach (var candidate in new[] { type }.Concat(type.AllInterfaces))
        {
            string name = candidate.OriginalDefinition.ToDisplayString();
            if (name is "System.Collections.Generic.IDictionary<TKey, TValue>" or "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>"
                or "System.Collections.Generic.KeyValuePair<TKey, TValue>")
                return true;
        }
        return false;
    }

    private static bool IsEnumerableOf(INamedTypeSymbol type, ITypeSymbol element)
    {
        foreach (var candidate in new[] { type }.Concat(type.AllInterfaces))
        {
            if (candidate.OriginalDefinition.SpecialType == SpecialType.System_Collections_Generic_IEnumerable_T
                && SymbolEqualityComparer.Default.Equals(candidate.TypeArguments[0], element))
                return true;
        }
        return false;
    }
}
