using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.DocsCheck;

/// <summary>
/// The rule that a block pastes as shown: every type and extension method its visible code names without qualification
/// must come from a namespace that a new console project imports (its implicit usings), that the block's own
/// <c>using</c> lines import, or that encloses the code. Hidden setup is compiled with the library namespaces imported
/// (it is not pasted), and C# usings are per file, so this check is what keeps those namespaces from leaking into what
/// the reader sees.
/// </summary>
internal static class VisibleUsings
{
    /// <summary>The namespaces of <c>dotnet new console</c>'s implicit usings (ImplicitUsings=enable).</summary>
    public static readonly string[] ConsoleImplicit =
        ["System", "System.Collections.Generic", "System.IO", "System.Linq", "System.Net.Http", "System.Threading", "System.Threading.Tasks"];

    /// <summary>One message per namespace the block's visible code needs but does not import.</summary>
    public static IEnumerable<string> Missing(Compilation compilation, SyntaxTree tree, CompilationUnitSyntax blockCode, string file)
    {
        var imported = new HashSet<string>(ConsoleImplicit, StringComparer.Ordinal);
        foreach (var u in blockCode.Usings.Where(u => u.Alias is null && u.StaticKeyword.IsKind(SyntaxKind.None) && u.Name is not null))
            imported.Add(u.Name!.ToString());
        var model = compilation.GetSemanticModel(tree);
        var missing = new Dictionary<string, (int Line, string Name)>(StringComparer.Ordinal);
        foreach (var name in tree.GetRoot().DescendantNodes().OfType<SimpleNameSyntax>())
        {
            if (tree.GetLineVisibility(name.SpanStart) != LineVisibility.Visible) continue;
            if (name.Ancestors().OfType<UsingDirectiveSyntax>().Any()) continue;
            bool isMemberName = name.Parent is MemberAccessExpressionSyntax access && access.Name == name
                || name.Parent is QualifiedNameSyntax qualified && qualified.Right == name
                || name.Parent is MemberBindingExpressionSyntax
                || name.Parent is AliasQualifiedNameSyntax;
            if (name is IdentifierNameSyntax { IsVar: true } || name is IdentifierNameSyntax id && model.GetAliasInfo(id) is not null) continue;
            var symbol = model.GetSymbolInfo(name).Symbol;
            INamespaceSymbol? needs = null;
            if (!isMemberName)
            {
                var type = symbol switch
                {
                    INamedTypeSymbol t => t,
                    IMethodSymbol { MethodKind: MethodKind.Constructor } ctor => ctor.ContainingType,
                    _ => null,
                };
                if (type is not null && !SymbolEqualityComparer.Default.Equals(type.ContainingAssembly, compilation.Assembly))
                {
                    while (type.ContainingType is not null) type = type.ContainingType;
                    needs = type.ContainingNamespace;
                }
            }
            else if (symbol is IMethodSymbol { ReducedFrom: not null } extension && name.Parent is MemberAccessExpressionSyntax)
            {
                needs = extension.ContainingType.ContainingNamespace;
            }
            if (needs is null || needs.IsGlobalNamespace) continue;
            string ns = needs.ToDisplayString();
            if (imported.Contains(ns) || Enclosing(name).Any(e => e == ns || e.StartsWith(ns + ".", StringComparison.Ordinal))) continue;
            int line = name.GetLocation().GetMappedLineSpan().StartLinePosition.Line + 1;
            missing.TryAdd(ns, (line, name.Identifier.Text));
        }
        return missing.OrderBy(m => m.Value.Line).Select(m =>
            $"{file}:{m.Value.Line}: needs a using line the block does not show: '{m.Value.Name}' is in {m.Key}; add 'using {m.Key};' "
            + "to the block (a new console project imports only " + string.Join(", ", ConsoleImplicit) + ")");
    }

    private static IEnumerable<string> Enclosing(SyntaxNode node) =>
        node.Ancestors().OfType<BaseNamespaceDeclarationSyntax>().Select(n => n.Name.ToString());
}
