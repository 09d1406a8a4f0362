using System;
using System.Collections.Generic;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

// Polymorphism: the [FudgeUnion] cases of a type, and the type name written at ordinal 0.
internal static partial class Parser
{
    private static List<UnionModel> ParseUnions(INamedTypeSymbol type, List<DiagnosticInfo> diagnostics, LocationInfo? location, string display)
    {
        var result = new List<(UnionModel Model, int Depth)>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        foreach (var attribute in type.GetAttributes())
        {
            if (attribute.AttributeClass?.ToDisplayString() != UnionAttribute) continue;
            var attributeLocation = LocationInfo.From(attribute.ApplicationSyntaxReference?.GetSyntax().GetLocation()) ?? location;
            if (attribute.ConstructorArguments.Length != 2) continue;
            string? name = attribute.ConstructorArguments[0].Value as string;
            var derived = attribute.ConstructorArguments[1].Value as INamedTypeSymbol;
            if (type.IsValueType)
            {
                diagnostics.Add(Diag(Diagnostics.InvalidUnion, attributeLocation, display, "structs cannot have derived types"));
                continue;
            }
            if (string.IsNullOrEmpty(name) || Encoding.UTF8.GetByteCount(name) > 255)
            {
                diagnostics.Add(Diag(Diagnostics.InvalidUnion, attributeLocation, display, "the type name must be 1 to 255 UTF-8 bytes"));
                continue;
            }
            if (derived is null || !DerivesFrom(derived, type))
            {
                diagnostics.Add(Diag(Diagnostics.InvalidUnion, attributeLocation, display, $"'{derived?.ToDisplayString() ?? "?"}' does not derive from it"));
                continue;
            }
            if (IsGeneric(derived))
            {
                diagnostics.Add(Diag(Diagnostics.InvalidUnion, attributeLocation, display, $"'{derived.ToDisplayString()}' is generic (or nested in a generic type), and generic types cannot be [FudgeUnion] cases"));
                continue;
            }
            if (!HasAttribute(derived, MessageAttribute))
            {
                diagnostics.Add(Diag(Diagnostics.InvalidUnion, attributeLocation, display, $"'{derived.ToDisplayString()}' is not marked [FudgeMessage]"));
                continue;
            }
            if (!names.Add(name!))
            {
                diagnostics.Add(Diag(Diagnostics.InvalidUnion, attributeLocation, display, $"the type name \"{name}\" is used twice"));
                continue;
            }
            int depth = 0;
            for (var b = derived.BaseType; b is not null; b = b.BaseType) depth++;
            result.Add((new UnionModel(name!, derived.ToDisplayString(FullyQualified)), depth));
        }
        // Most derived first, so that an "is" test never shadows a more specific one.
        return result.OrderByDescending(r => r.Depth).Select(r => r.Model).ToList();
    }

    private static bool AncestorHasUnions(INamedTypeSymbol type)
    {
        for (var b = type.BaseType; b is not null; b = b.BaseType)
            if (b.GetAttributes().Any(a => a.AttributeClass?.ToDisplayString() == UnionAttribute)) return true;
        return false;
    }

    /// <summary>The name written at ordinal 0: the [FudgeUnion] name a base gives it, else TypeName, else the .NET full name.</summary>
    private static string WireTypeName(INamedTypeSymbol type, string? setting)
    {
        for (var b = type.BaseType; b is not null; b = b.BaseType)
        {
            foreach (var attribute in b.GetAttributes())
            {
                if (attribute.AttributeClass?.ToDisplayString() == UnionAttribute && attribute.ConstructorArguments.Length == 2
                    && attribute.ConstructorArguments[1].Value is INamedTypeSymbol t && SymbolEqualityComparer.Default.Equals(t, type)
                    && attribute.ConstructorArguments[0].Value is string name && name.Length > 0)
                    return name;
            }
        }
        if (InterfaceUnionName(type) is { } caseName) return caseName;
        if (setting is null)
        {
            var attribute = FindAttribute(type, MessageAttribute);
            if (attribute is not null)
                foreach (var named in attribute.NamedArguments)
                    if (named.Key == "TypeName" && named.Value.Value is string s) setting = s;
        }
        if (!string.IsNullOrEmpty(setting)) return setting!;
        var sb = new StringBuilder(type.Name);
        for (var c = type.ContainingType; c is not null; c = c.ContainingType) sb.Insert(0, c.Name + "+");
        if (type.ContainingNamespace is { IsGlobalNamespace: false } ns) sb.Insert(0, ns.ToDisplayString() + ".");
        return sb.ToString();
    }

    private static bool DerivesFrom(INamedTypeSymbol type, INamedTypeSymbol baseType)
    {
        if (baseType.TypeKind == TypeKind.Interface) return type.AllInterfaces.Contains(baseType, SymbolEqualityComparer.Default);
        for (var b = type.BaseType; b is not null; b = b.BaseType)
            if (SymbolEqualityComparer.Default.Equals(b, baseType)) return true;
        return false;
    }
}
