using System;
using System.Globalization;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

// Small helpers of the parser: accessibility, keywords, constant and default values as C# text, attributes, diagnostics.
internal static partial class Parser
{
    private static bool IsAccessibleFromAssembly(INamedTypeSymbol type)
    {
        for (var t = type; t is not null; t = t.ContainingType)
        {
            if (t.DeclaredAccessibility is Accessibility.Private or Accessibility.Protected or Accessibility.ProtectedAndInternal) return false;
            foreach (var reference in t.DeclaringSyntaxReferences)
                if (reference.GetSyntax() is TypeDeclarationSyntax d && d.Modifiers.Any(m => m.Text == "file")) return false;
        }
        return true;
    }

    private static string Keyword(INamedTypeSymbol type)
    {
        if (type.IsRecord) return type.IsValueType ? "record struct" : "record";
        return type.TypeKind switch
        {
            TypeKind.Struct => "struct",
            TypeKind.Interface => "interface",
            _ => "class",
        };
    }

    private static string FormatDefault(IParameterSymbol parameter)
        => FormatConstant(parameter.Type, parameter.HasExplicitDefaultValue, parameter.HasExplicitDefaultValue ? parameter.ExplicitDefaultValue : null);

    /// <summary>
    /// The value an init-only property's initializer gives it, as C# text, when that initializer is a compile-time
    /// constant (<c>= 3</c>, <c>= "x"</c>, <c>= Color.Red</c>); null when there is none or it is not constant.
    /// </summary>
    private static string? ConstantInitializer(ISymbol member, Compilation compilation, CancellationToken ct)
    {
        if (member is not IPropertySymbol property) return null;
        foreach (var reference in property.DeclaringSyntaxReferences)
        {
            if (reference.GetSyntax(ct) is not PropertyDeclarationSyntax { Initializer.Value: { } expression }) continue;
            var constant = compilation.GetSemanticModel(expression.SyntaxTree).GetConstantValue(expression, ct);
            return constant.HasValue ? FormatConstant(property.Type, true, constant.Value) : null;
        }
        return null;
    }

    private static string FormatConstant(ITypeSymbol declaredType, bool hasValue, object? value)
    {
        string typeName = declaredType.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified);
        if (!hasValue || value is null) return $"default({typeName})";
        var type = declaredType is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } n ? n.TypeArguments[0] : declaredType;
        if (type.TypeKind == TypeKind.Enum)
            return $"({typeName})({Convert.ToString(value, CultureInfo.InvariantCulture)})";
        string literal = value switch
        {
            string s => SymbolDisplay.FormatLiteral(s, quote: true),
            char c => SymbolDisplay.FormatLiteral(c, quote: true),
            bool b => b ? "true" : "false",
            float f => float.IsNaN(f) ? "float.NaN" : float.IsPositiveInfinity(f) ? "float.PositiveInfinity" : float.IsNegativeInfinity(f) ? "float.NegativeInfinity" : f.ToString("R", CultureInfo.InvariantCulture) + "F",
            double d => double.IsNaN(d) ? "double.NaN" : double.IsPositiveInfinity(d) ? "double.PositiveInfinity" : double.IsNegativeInfinity(d) ? "double.NegativeInfinity" : d.ToString("R", CultureInfo.InvariantCulture) + "D",
            decimal m => m.ToString(CultureInfo.InvariantCulture) + "M",
            ulong u => u.ToString(CultureInfo.InvariantCulture) + "UL",
            long l => l.ToString(CultureInfo.InvariantCulture) + "L",
            uint u => u.ToString(CultureInfo.InvariantCulture) + "U",
            IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
            _ => value.ToString() ?? "default",
        };
        return $"({typeName})({literal})";
    }

    private static string EscapeIdentifier(string name)
        => SyntaxFacts.GetKeywordKind(name) != SyntaxKind.None || SyntaxFacts.GetContextualKeywordKind(name) is SyntaxKind.AwaitKeyword ? "@" + name : name;

    private static bool HasAttribute(ISymbol symbol, string attributeName) => FindAttribute(symbol, attributeName) is not null;

    private static AttributeData? FindAttribute(ISymbol symbol, string attributeName)
    {
        foreach (var attribute in symbol.GetAttributes())
            if (attribute.AttributeClass?.ToDisplayString() == attributeName) return attribute;
        return null;
    }

    private static DiagnosticInfo Diag(DiagnosticDescriptor descriptor, LocationInfo? location, params string[] arguments)
        => new(descriptor, location, arguments.ToEquatableArray());
}
