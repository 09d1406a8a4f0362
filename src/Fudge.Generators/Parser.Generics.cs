using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

// Generic [FudgeMessage] types: their shapes, and the closed types in use that the module initializer registers so
// that FudgeFormatterCache<T> and FudgeValueFormatterCache<T> need no reflection (NativeAOT).
internal static partial class Parser
{
    private const string SerializerType = "Fudge.Serialization.FudgeSerializer";
    private const string Cache = "global::Fudge.Serialization.FudgeFormatterCache";
    private const string ValueCache = "global::Fudge.Serialization.FudgeValueFormatterCache";
    private const string Formatters = "global::Fudge.Serialization.";

    /// <summary>The FudgeSerializer methods whose type argument is a value serialized at the top level.</summary>
    public static readonly HashSet<string> SerializerMethods = new(System.StringComparer.Ordinal)
    {
        "Serialize", "SerializeAsync", "Deserialize", "DeserializeAsync", "ToFudgeMsg", "FromFudgeMsg", "GetFormatter",
    };

    /// <summary>True for a generic type or a type nested in one.</summary>
    private static bool IsGeneric(INamedTypeSymbol type)
    {
        for (var t = type; t is not null; t = t.ContainingType)
            if (t.IsGenericType) return true;
        return false;
    }

    /// <summary>The type's own type parameter list as C# declares it (<c>&lt;T, U&gt;</c>), or "".</summary>
    private static string TypeParameterList(INamedTypeSymbol type)
        => type.TypeParameters.Length == 0 ? "" : "<" + string.Join(", ", type.TypeParameters.Select(p => p.Name)) + ">";

    /// <summary>The generated file's name: the namespace, the containing types and the type, with a generic type's arity (<c>Page`1</c>).</summary>
    private static string HintName(INamedTypeSymbol type, string? ns)
    {
        var names = new List<string>();
        for (var t = type; t is not null; t = t.ContainingType)
            names.Insert(0, t.Arity == 0 ? t.Name : t.Name + "`" + t.Arity.ToString(System.Globalization.CultureInfo.InvariantCulture));
        return (ns is null ? "" : ns + ".") + string.Join(".", names) + ".Fudge.g.cs";
    }

    /// <summary>A member whose type is a type parameter: written and read through the value formatter of its argument.</summary>
    private static ValueShape TypeParameterShape(ITypeParameterSymbol parameter, string name)
        => new(ShapeKind.TypeParameter, name, parameter.HasValueTypeConstraint || parameter.HasUnmanagedTypeConstraint);

    private static bool ContainsTypeParameters(ITypeSymbol type) => type switch
    {
        ITypeParameterSymbol => true,
        IArrayTypeSymbol array => ContainsTypeParameters(array.ElementType),
        INamedTypeSymbol named => named.TypeArguments.Any(ContainsTypeParameters) || named.ContainingType is { } c && ContainsTypeParameters(c),
        _ => false,
    };

    // ------------------------------------------------------------------ closed types in use

    /// <summary>The registrations the member types of a [FudgeMessage] type need: the closed generic [FudgeMessage] types among them.</summary>
    private static EquatableArray<RegistrationUse> MemberUses(GeneratorAttributeSyntaxContext context, CancellationToken ct)
    {
        if (context.TargetSymbol is not INamedTypeSymbol type) return default;
        var compilation = context.SemanticModel.Compilation;
        var uses = new List<RegistrationUse>();
        var seen = new HashSet<(ITypeSymbol, bool)>(new TypeFlagComparer());
        foreach (var candidate in CollectMembers(type, compilation, ct))
            CollectUses(candidate.Type, false, compilation, uses, seen, 0, candidate.Location);
        return uses.ToEquatableArray();
    }

    /// <summary>The registrations a FudgeSerializer call needs for its type argument (a value at the top level), or none.</summary>
    public static EquatableArray<RegistrationUse> CallSiteUses(GeneratorSyntaxContext context, CancellationToken ct)
    {
        if (context.SemanticModel.GetSymbolInfo(context.Node, ct).Symbol is not IMethodSymbol { IsGenericMethod: true } method
            || method.ContainingType?.ToDisplayString() != SerializerType || method.TypeArguments.Length != 1)
            return default;
        var uses = new List<RegistrationUse>();
        using var scalars = EnterCompilation(context.SemanticModel.Compilation);
        CollectUses(method.TypeArguments[0], true, context.SemanticModel.Compilation, uses, new HashSet<(ITypeSymbol, bool)>(new TypeFlagComparer()), 0,
            LocationInfo.From(context.Node.GetLocation()));
        return uses.ToEquatableArray();
    }

    /// <summary>The name an invocation calls a method by (<c>FudgeSerializer.Serialize(...)</c>, <c>Deserialize&lt;T&gt;(...)</c>), or null.</summary>
    public static string? InvokedName(SyntaxNode node) => node is InvocationExpressionSyntax invocation
        ? invocation.Expression switch
        {
            MemberAccessExpressionSyntax access => access.Name.Identifier.ValueText,
            SimpleNameSyntax simple => simple.Identifier.ValueText,
            _ => null,
        }
        : null;

    /// <summary>
    /// Adds the registrations <paramref name="type"/> needs. <paramref name="asValue"/>: the type is used through
    /// FudgeValueFormatterCache (a type argument of a generic [FudgeMessage] type, an element of such a collection, or
    /// a value at the top level), so a collection or nullable gets its generic formatter registered; a closed generic
    /// [FudgeMessage] type gets its nested formatter registered wherever it is used, its type arguments as values.
    /// </summary>
    private static void CollectUses(ITypeSymbol type, bool asValue, Compilation compilation, List<RegistrationUse> uses, HashSet<(ITypeSymbol, bool)> seen, int depth,
        LocationInfo? location)
    {
        if (depth > 8 || ContainsTypeParameters(type) || ContainsErrorType(type) || !seen.Add((type, asValue))) return;
        if (!compilation.IsSymbolAccessibleWithin(type, compilation.Assembly)) return;
        string name = type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified);
        if (asValue && GeneratedValueShape(type) is { } generated)
        {
            // A shape the runtime has no value formatter of: one is generated, written as a member of the type is.
            string className = ValueFormatterClassName(generated.TypeName);
            uses.Add(new RegistrationUse($"{ValueCache}<{name}>.Register(new {className}());", null, generated, className));
            CollectTypeArguments(type, compilation, uses, seen, depth, location);
            return;
        }

        if (type is IArrayTypeSymbol array)
        {
            if (array.Rank != 1)
            {
                CollectUses(array.ElementType, false, compilation, uses, seen, depth + 1, location); // generic [FudgeMessage] elements
                return;
            }
            if (array.ElementType.SpecialType is SpecialType.System_Byte or SpecialType.System_Int16
                    or SpecialType.System_Int32 or SpecialType.System_Int64 or SpecialType.System_Single or SpecialType.System_Double)
                return; // scalars
            string element = Display(array.ElementType);
            if (asValue) uses.Add(new RegistrationUse($"{ValueCache}<{name}>.Register(new {Formatters}FudgeListFormatter<{name}, {element}>());", null));
            CollectUses(array.ElementType, asValue, compilation, uses, seen, depth + 1, location);
            return;
        }
        if (type is not INamedTypeSymbol named) return;

        if (named.OriginalDefinition.SpecialType == SpecialType.System_Nullable_T)
        {
            if (asValue) uses.Add(new RegistrationUse($"{ValueCache}<{name}>.Register(new {Formatters}FudgeNullableFormatter<{Display(named.TypeArguments[0])}>());", null));
            CollectUses(named.TypeArguments[0], asValue, compilation, uses, seen, depth + 1, location);
            return;
        }

        string? formatter = named.OriginalDefinition.ToDisplayString() switch
        {
            "System.Collections.Generic.List<T>" or "System.Collections.Generic.IList<T>" or "System.Collections.Generic.ICollection<T>"
                or "System.Collections.Generic.IEnumerable<T>" or "System.Collections.Generic.IReadOnlyList<T>"
                or "System.Collections.Generic.IReadOnlyCollection<T>" => "FudgeListFormatter",
            "System.Collections.Generic.HashSet<T>" or "System.Collections.Generic.ISet<T>" or "System.Collections.Generic.IReadOnlySet<T>" => "FudgeSetFormatter",
            "System.Collections.Generic.Dictionary<TKey, TValue>" or "System.Collections.Generic.IDictionary<TKey, TValue>"
                or "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>" => "FudgeMapFormatter",
            _ => null,
        };
        if (formatter is not null)
        {
            string arguments = string.Join(", ", named.TypeArguments.Select(Display));
            if (asValue) uses.Add(new RegistrationUse($"{ValueCache}<{name}>.Register(new {Formatters}{formatter}<{name}, {arguments}>());", null));
            foreach (var argument in named.TypeArguments) CollectUses(argument, asValue, compilation, uses, seen, depth + 1, location);
            return;
        }

        if (!HasAttribute(named.OriginalDefinition, MessageAttribute))
        {
            // Tuples, immutable and other collections as members: the generic [FudgeMessage] types among their parts.
            CollectTypeArguments(named, compilation, uses, seen, depth, location);
            return;
        }
        if (!IsGeneric(named)) return;
        var definition = named.OriginalDefinition;
        string? requires = null;
        if (definition.Locations.Any(l => l.IsInSource)) requires = definition.ToDisplayString(FullyQualified);
        else if (definition.GetTypeMembers("FudgeFormatter").Length == 0) return; // compiled without a formatter
        uses.Add(new RegistrationUse($"{Cache}<{name}>.Register({name}.FudgeFormatter.Instance);", requires));
        for (var t = named; t is not null; t = t.ContainingType)
        {
            foreach (var argument in t.TypeArguments)
            {
                if (RefusedTypeArgument(named, argument, location) is { } refusal) uses.Add(refusal);
                else CollectUses(argument, true, compilation, uses, seen, depth + 1, location);
            }
        }
        // Its members, with the type arguments in place: the generic [FudgeMessage] types they use get registered too.
        foreach (var member in named.GetMembers())
        {
            if (member.IsStatic) continue;
            var memberType = member switch
            {
                IPropertySymbol { IsIndexer: false } p => p.Type,
                IFieldSymbol { IsConst: false } f => f.Type,
                _ => null,
            };
            if (memberType is not null) CollectUses(memberType, false, compilation, uses, seen, depth + 1, location);
        }
    }

    /// <summary>The parts of a type its generated code writes inline (a tuple's items, an immutable list's elements), as members.</summary>
    private static void CollectTypeArguments(ITypeSymbol type, Compilation compilation, List<RegistrationUse> uses, HashSet<(ITypeSymbol, bool)> seen, int depth, LocationInfo? location)
    {
        if (type is IArrayTypeSymbol array) CollectUses(array.ElementType, false, compilation, uses, seen, depth + 1, location);
        else if (type is INamedTypeSymbol named)
            foreach (var argument in named.TypeArguments) CollectUses(argument, false, compilation, uses, seen, depth + 1, location);
    }

    /// <summary>
    /// The shape of a type argument (or top-level value) that <c>FudgeValueFormatterCache</c> has no formatter for at
    /// run time, so the generator writes one (the immutable and other collections, rectangular arrays, tuples, object
    /// and interface shapes of issue 41); null for the shapes the runtime knows (the scalars, Uri, Version, BigInteger,
    /// Int128, Half... included, enums, byte and numeric arrays, lists, sets, dictionaries, nullables, [FudgeMessage]
    /// types) and for types without a shape.
    /// </summary>
    private static ValueShape? GeneratedValueShape(ITypeSymbol type)
    {
        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T }) return null; // FudgeNullableFormatter, then its argument
        var shape = ResolveShape(type, 0, java: false);
        if (shape is null) return null;
        return shape.Kind switch
        {
            ShapeKind.RectangularArray or ShapeKind.Tuple or ShapeKind.Object or ShapeKind.Registered => shape,
            ShapeKind.Collection or ShapeKind.Dictionary when shape.Collection >= CollectionKind.ImmutableArray => shape,
            _ => null,
        };
    }

    /// <summary>A generated value formatter's class name, the same for the same type in every compilation (FNV-1a of its name).</summary>
    private static string ValueFormatterClassName(string typeName)
    {
        uint hash = 2166136261;
        foreach (char c in typeName) hash = (hash ^ c) * 16777619;
        return "__FudgeValue_" + hash.ToString("x8", System.Globalization.CultureInfo.InvariantCulture);
    }

    /// <summary>FUDGE016 for a type argument of the closed generic [FudgeMessage] type <paramref name="closed"/> that has no Fudge mapping; null when it has one.</summary>
    private static RegistrationUse? RefusedTypeArgument(INamedTypeSymbol closed, ITypeSymbol argument, LocationInfo? location)
    {
        if (ContainsTypeParameters(argument) || ContainsErrorType(argument) || ResolveShape(argument, 0, java: false) is not null) return null;
        var why = WhyUnsupported(argument, java: false, genericRefused: false);
        if (why.ReportedElsewhere) return null; // a [FudgeMessage] type of this compilation that has its own error
        var diagnostic = Diag(Diagnostics.UnsupportedTypeArgument, location,
            closed.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(CSharpSpelling), argument.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(CSharpSpelling), why.Text!);
        return new RegistrationUse("", null, Refusal: diagnostic);
    }

    private static string Display(ITypeSymbol type) => type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified);

    private sealed class TypeFlagComparer : IEqualityComparer<(ITypeSymbol Type, bool Flag)>
    {
        public bool Equals((ITypeSymbol Type, bool Flag) x, (ITypeSymbol Type, bool Flag) y)
            => x.Flag == y.Flag && SymbolEqualityComparer.Default.Equals(x.Type, y.Type);

        public int GetHashCode((ITypeSymbol Type, bool Flag) obj) => SymbolEqualityComparer.Default.GetHashCode(obj.Type) * 2 + (obj.Flag ? 1 : 0);
    }
}
