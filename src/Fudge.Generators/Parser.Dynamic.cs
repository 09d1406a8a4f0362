using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

// Interface members: [FudgeUnion] on an interface names its cases (checked here, as on a base class); any other
// interface, and an abstract class that is no [FudgeMessage] type, takes the class registry's path.
internal static partial class Parser
{
    /// <summary>Reports the errors of the [FudgeUnion] attributes on interfaces (the cases must be [FudgeMessage] types implementing it).</summary>
    public static void RegisterUnionInterfaces(IncrementalGeneratorInitializationContext context)
    {
        var diagnostics = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                UnionAttribute,
                static (node, _) => node is InterfaceDeclarationSyntax,
                static (ctx, _) =>
                {
                    var list = new List<DiagnosticInfo>();
                    if (ctx.TargetSymbol is INamedTypeSymbol type && ctx.TargetNode is InterfaceDeclarationSyntax syntax)
                        ParseUnions(type, list, LocationInfo.From(syntax.Identifier.GetLocation()), type.ToDisplayString());
                    return list.ToEquatableArray();
                })
            .SelectMany(static (d, _) => d);
        context.RegisterSourceOutput(diagnostics, static (spc, d) => spc.ReportDiagnostic(d.ToDiagnostic()));
    }

    /// <summary>The name an interface's [FudgeUnion] gives <paramref name="type"/>, or null when no interface names it.</summary>
    private static string? InterfaceUnionName(INamedTypeSymbol type)
    {
        foreach (var iface in type.AllInterfaces)
        {
            foreach (var attribute in iface.GetAttributes())
            {
                if (attribute.AttributeClass?.ToDisplayString() == UnionAttribute && attribute.ConstructorArguments.Length == 2
                    && attribute.ConstructorArguments[1].Value is INamedTypeSymbol t && SymbolEqualityComparer.Default.Equals(t, type)
                    && attribute.ConstructorArguments[0].Value is string name && name.Length > 0)
                    return name;
            }
        }
        return null;
    }

    /// <summary>
    /// The shape of a member declared as a user's interface, or as an abstract class that is no [FudgeMessage] type:
    /// its values are registered types (every [FudgeMessage] type is), named at ordinal 0. Null for the BCL's own
    /// interfaces and classes (System.*), which the registry cannot hold.
    /// </summary>
    private static ValueShape? RegisteredShape(INamedTypeSymbol type, string name, bool java)
    {
        bool registryPath = type.TypeKind == TypeKind.Interface || (type.TypeKind == TypeKind.Class && type.IsAbstract && !type.IsStatic);
        if (!registryPath || InSystemNamespace(type)) return null;
        return new ValueShape(ShapeKind.Registered, name, false, Java: java);
    }

    private static bool InSystemNamespace(INamedTypeSymbol type)
    {
        var ns = type.ContainingNamespace;
        while (ns is { IsGlobalNamespace: false, ContainingNamespace.IsGlobalNamespace: false }) ns = ns.ContainingNamespace;
        return ns is { IsGlobalNamespace: false, Name: "System" or "Microsoft" };
    }
}
