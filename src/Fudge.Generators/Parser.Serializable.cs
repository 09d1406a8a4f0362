using System.Collections.Generic;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

// [assembly: FudgeSerializable(typeof(Page<ImmutableList<int>>))]: a closed type the generator cannot see used (closed
// only inside a generic method, or in another assembly) gets what a FudgeSerializer call's type argument gets: its
// generic [FudgeMessage] formatter and the value formatters of its type arguments, registered; FUDGE017 when it cannot.
internal static partial class Parser
{
    private const string SerializableAttribute = "Fudge.Serialization.FudgeSerializableAttribute";

    /// <summary>An assembly attribute that may be <c>[FudgeSerializable(...)]</c> (the name only; the symbol is checked later).</summary>
    public static bool IsSerializableAttribute(SyntaxNode node)
        => node is AttributeSyntax { Parent: AttributeListSyntax { Target.Identifier.ValueText: "assembly" } } attribute
           && RightmostName(attribute.Name) is "FudgeSerializable" or "FudgeSerializableAttribute";

    private static string? RightmostName(NameSyntax name) => name switch
    {
        QualifiedNameSyntax q => q.Right.Identifier.ValueText,
        AliasQualifiedNameSyntax a => a.Name.Identifier.ValueText,
        SimpleNameSyntax s => s.Identifier.ValueText,
        _ => null,
    };

    /// <summary>The registrations the type a <c>[assembly: FudgeSerializable(typeof(T))]</c> names needs, or FUDGE017.</summary>
    public static EquatableArray<RegistrationUse> SerializableUses(GeneratorSyntaxContext context, CancellationToken ct)
    {
        var attribute = (AttributeSyntax)context.Node;
        var model = context.SemanticModel;
        if (model.GetSymbolInfo(attribute, ct).Symbol is not IMethodSymbol { ContainingType: { } attributeType }
            || attributeType.ToDisplayString() != SerializableAttribute)
            return default;
        // Anything but typeof(...) is already a compiler error (the argument is a Type).
        if (attribute.ArgumentList is not { Arguments.Count: 1 } arguments || arguments.Arguments[0].Expression is not TypeOfExpressionSyntax typeOf)
            return default;
        var location = LocationInfo.From(typeOf.GetLocation());
        if (model.GetTypeInfo(typeOf.Type, ct).Type is not { } type) return default;
        var compilation = model.Compilation;
        using var scalars = EnterCompilation(compilation);

        if (WhyNotSerializable(type, compilation) is { } why)
        {
            var refusal = Diag(Diagnostics.UnsupportedSerializableType, location,
                type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(CSharpSpelling), why);
            return new[] { new RegistrationUse("", null, Refusal: refusal) }.ToEquatableArray();
        }
        var uses = new List<RegistrationUse>();
        CollectUses(type, true, compilation, uses, new HashSet<(ITypeSymbol, bool)>(new TypeFlagComparer()), 0, location);
        return uses.ToEquatableArray();
    }

    /// <summary>Why the generator cannot write what serializing <paramref name="type"/> needs; null when it can (or the compiler already reports the type).</summary>
    private static string? WhyNotSerializable(ITypeSymbol type, Compilation compilation)
    {
        if (type is INamedTypeSymbol { IsUnboundGenericType: true } open)
            return $"'{open.ToDisplayString(CSharpSpelling)}' is an open generic type; name each closed use, such as '{open.Name}<int>'";
        if (ContainsErrorType(type)) return null; // the compiler reports the unknown type
        if (!compilation.IsSymbolAccessibleWithin(type, compilation.Assembly))
            return "it is not accessible from this assembly's generated code";
        if (ResolveShape(type, 0, java: false) is not null) return null;
        var why = WhyUnsupported(type, java: false, genericRefused: false);
        return why.ReportedElsewhere ? null : why.Text;
    }
}
