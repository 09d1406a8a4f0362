using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

// The null rule: a null member is left out of the message, unless the reader, finding it absent, would leave something
// other than null in it. Then the null is written as an indicator (type 0), which every reader (this one, Fudge-Java's)
// reads as null. Ordinary members (no initializer, no constructor filling them) keep their bytes: nothing is written.
internal static partial class Parser
{
    /// <summary>
    /// True when the reader, finding member <paramref name="candidate"/> absent, would leave a value other than null in
    /// it: a required member (absence is an error), an init-only member's constant default, a constructor parameter's
    /// non-null default, or, for a member assigned after construction, a non-null initializer or an assignment in the
    /// body of a constructor the reader's constructor runs. When in doubt (a call that might fill it) it is false: only
    /// what can be seen to fill the member counts.
    /// </summary>
    private static bool AbsenceIsNotNull(MemberCandidate candidate, SetMode mode, string? absentDefault, IMethodSymbol? constructor,
        Dictionary<IParameterSymbol, MemberCandidate> byParameter, INamedTypeSymbol type, Compilation compilation, CancellationToken ct)
    {
        if (candidate.IsRequired) return true; // a null required member must arrive, or the reader reports it missing
        switch (mode)
        {
            case SetMode.Initializer:
                return absentDefault is not null && !absentDefault.StartsWith("default(", System.StringComparison.Ordinal);
            case SetMode.Constructor:
            case SetMode.ConstructorAndInitializer:
                foreach (var pair in byParameter)
                    if (pair.Value == candidate)
                        return pair.Key.HasExplicitDefaultValue && pair.Key.ExplicitDefaultValue is not null;
                return false;
            case SetMode.Assign:
                // A struct's implicit parameterless constructor runs no initializer and no constructor body.
                if (constructor is { IsImplicitlyDeclared: true } && type.IsValueType) return false;
                return HasNonNullInitializer(candidate.Symbol, compilation, ct) || AssignedByConstructor(candidate.Symbol, constructor, compilation, ct);
            default:
                // Populate: a get-only collection cannot be set to null; the reader keeps the one the object holds.
                return false;
        }
    }

    /// <summary>True when the member's declaration has an initializer that is not the constant null (<c>= 3</c>, <c>= new()</c>).</summary>
    private static bool HasNonNullInitializer(ISymbol member, Compilation compilation, CancellationToken ct)
    {
        foreach (var reference in member.DeclaringSyntaxReferences)
        {
            ExpressionSyntax? value = reference.GetSyntax(ct) switch
            {
                PropertyDeclarationSyntax p => p.Initializer?.Value,
                VariableDeclaratorSyntax v => v.Initializer?.Value,
                _ => null,
            };
            if (value is not null && !IsNullConstant(value, compilation, ct)) return true;
        }
        return false;
    }

    /// <summary>True for <c>null</c>, <c>default</c>, <c>null!</c> and other constant nulls.</summary>
    private static bool IsNullConstant(ExpressionSyntax expression, Compilation compilation, CancellationToken ct)
    {
        while (expression is PostfixUnaryExpressionSyntax { RawKind: (int)SyntaxKind.SuppressNullableWarningExpression } bang) expression = bang.Operand;
        while (expression is ParenthesizedExpressionSyntax parenthesized) expression = parenthesized.Expression;
        if (expression.IsKind(SyntaxKind.NullLiteralExpression) || expression.IsKind(SyntaxKind.DefaultLiteralExpression)) return true;
        var constant = compilation.GetSemanticModel(expression.SyntaxTree).GetConstantValue(expression, ct);
        return constant.HasValue && constant.Value is null;
    }

    /// <summary>
    /// True when the body of <paramref name="constructor"/>, or of a constructor it chains to (<c>: this(...)</c>,
    /// <c>: base(...)</c>, the implicit <c>base()</c>), assigns <paramref name="member"/> something other than null.
    /// </summary>
    private static bool AssignedByConstructor(ISymbol member, IMethodSymbol? constructor, Compilation compilation, CancellationToken ct)
    {
        var seen = new HashSet<IMethodSymbol>(SymbolEqualityComparer.Default);
        for (var c = constructor; c is not null && seen.Add(c);)
        {
            IMethodSymbol? next = null;
            bool explicitChain = false;
            foreach (var reference in c.DeclaringSyntaxReferences)
            {
                if (reference.GetSyntax(ct) is not ConstructorDeclarationSyntax declaration) continue;
                var model = compilation.GetSemanticModel(declaration.SyntaxTree);
                SyntaxNode? body = (SyntaxNode?)declaration.Body ?? declaration.ExpressionBody;
                if (body is not null)
                {
                    foreach (var assignment in body.DescendantNodes().OfType<AssignmentExpressionSyntax>())
                    {
                        if (IsNullConstant(assignment.Right, compilation, ct)) continue;
                        var target = model.GetSymbolInfo(assignment.Left, ct).Symbol;
                        if (target is not null && SymbolEqualityComparer.Default.Equals(target.OriginalDefinition, member.OriginalDefinition)) return true;
                    }
                }
                if (declaration.Initializer is { } chain)
                {
                    explicitChain = true;
                    next = model.GetSymbolInfo(chain, ct).Symbol as IMethodSymbol;
                }
            }
            if (!explicitChain && c.ContainingType.BaseType is { SpecialType: not (SpecialType.System_Object or SpecialType.System_ValueType) } baseType)
                next = baseType.InstanceConstructors.FirstOrDefault(b => b.Parameters.Length == 0 || b.Parameters.All(p => p.IsOptional));
            c = next;
        }
        return false;
    }
}
