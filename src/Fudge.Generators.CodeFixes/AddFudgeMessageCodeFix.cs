using System.Collections.Generic;
using System.Collections.Immutable;
using System.Composition;
using System.Linq;
using System.Text.RegularExpressions;
using System.Threading;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CodeActions;
using Microsoft.CodeAnalysis.CodeFixes;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators.CodeFixes;

/// <summary>
/// The fix of FUDGE002 "... has no Fudge formatter; add [FudgeMessage] (and partial) to 'Ns.Address'": adds
/// <c>[FudgeMessage]</c> to the type the message names and <c>partial</c> to it and to the types it is nested in,
/// keeping comments and layout. Offered only when the message names a type declared in source (a type from another
/// assembly is reported as having no Fudge mapping, and nothing can be fixed here).
/// </summary>
[ExportCodeFixProvider(LanguageNames.CSharp, Name = nameof(AddFudgeMessageCodeFix)), Shared]
public sealed class AddFudgeMessageCodeFix : CodeFixProvider
{
    /// <summary>The generator's "Member type not supported" diagnostic.</summary>
    public const string DiagnosticId = "FUDGE002";

    private const string AttributeNamespace = "Fudge.Serialization";
    private const string AttributeName = "FudgeMessage";

    // The text Fudge.Generators writes (Parser.Diagnostics.cs): "add [FudgeMessage] (and partial) to 'Ns.Outer.Address'".
    private static readonly Regex Advice = new(@"add \[FudgeMessage\] \(and partial\) to '([^']+)'", RegexOptions.CultureInvariant);

    // The generator's DeclaredName format, so that the name in the message can be matched with a symbol.
    private static readonly SymbolDisplayFormat DeclaredName = new(
        globalNamespaceStyle: SymbolDisplayGlobalNamespaceStyle.Omitted,
        typeQualificationStyle: SymbolDisplayTypeQualificationStyle.NameAndContainingTypesAndNamespaces,
        genericsOptions: SymbolDisplayGenericsOptions.IncludeTypeParameters,
        miscellaneousOptions: SymbolDisplayMiscellaneousOptions.UseSpecialTypes | SymbolDisplayMiscellaneousOptions.EscapeKeywordIdentifiers);

    /// <inheritdoc />
    public override ImmutableArray<string> FixableDiagnosticIds { get; } = ImmutableArray.Create(DiagnosticId);

    /// <inheritdoc />
    public override FixAllProvider? GetFixAllProvider() => null;

    /// <inheritdoc />
    public override async Task RegisterCodeFixesAsync(CodeFixContext context)
    {
        foreach (var diagnostic in context.Diagnostics)
        {
            var match = Advice.Match(diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
            if (!match.Success) continue;
            string declared = match.Groups[1].Value;
            var compilation = await context.Document.Project.GetCompilationAsync(context.CancellationToken).ConfigureAwait(false);
            if (compilation is null) continue;
            var type = FindSourceType(compilation, declared, context.CancellationToken);
            if (type is null) continue;
            string title = "Add [FudgeMessage] (and partial) to '" + type.Name + "'";
            context.RegisterCodeFix(
                CodeAction.Create(title, ct => FixAsync(context.Document.Project.Solution, type, ct), equivalenceKey: DiagnosticId + ":" + declared),
                diagnostic);
        }
    }

    /// <summary>The class or struct declared in this compilation's source whose declared name is <paramref name="declared"/>.</summary>
    private static INamedTypeSymbol? FindSourceType(Compilation compilation, string declared, CancellationToken cancellationToken)
    {
        string plain = Regex.Replace(declared, "<[^<>]*>", "");
        string simpleName = plain.Substring(plain.LastIndexOf('.') + 1).TrimStart('@');
        return compilation.GetSymbolsWithName(simpleName, SymbolFilter.Type, cancellationToken)
            .OfType<INamedTypeSymbol>()
            .FirstOrDefault(t => t.TypeKind is TypeKind.Class or TypeKind.Struct
                && t.DeclaringSyntaxReferences.Length > 0
                && t.ToDisplayString(DeclaredName) == declared);
    }

    private static async Task<Solution> FixAsync(Solution solution, INamedTypeSymbol type, CancellationToken cancellationToken)
    {
        // Every declaration to edit, by document: the type's own (the first gets the attribute) and those of the types
        // it is nested in, which must be partial too for the generator to add to it.
        var edits = new List<(SyntaxReference Reference, bool AddAttribute)>();
        edits.AddRange(type.DeclaringSyntaxReferences.Select((r, i) => (r, i == 0)));
        for (var outer = type.ContainingType; outer is not null; outer = outer.ContainingType)
            edits.AddRange(outer.DeclaringSyntaxReferences.Select(r => (r, false)));

        foreach (var byTree in edits.GroupBy(e => e.Reference.SyntaxTree))
        {
            var document = solution.GetDocument(byTree.Key);
            if (document is null) continue;
            var root = await byTree.Key.GetRootAsync(cancellationToken).ConfigureAwait(false);
            var semanticModel = await document.GetSemanticModelAsync(cancellationToken).ConfigureAwait(false);
            var targets = byTree
                .Select(e => (Node: e.Reference.GetSyntax(cancellationToken) as TypeDeclarationSyntax, e.AddAttribute))
                .Where(e => e.Node is not null)
                .ToDictionary(e => e.Node!, e => e.AddAttribute);
            bool needsUsing = false;
            string endOfLine = root.DescendantTrivia().FirstOrDefault(t => t.IsKind(SyntaxKind.EndOfLineTrivia)).ToString() is { Length: > 0 } eol ? eol : "\n";
            var newRoot = root.ReplaceNodes(targets.Keys, (original, rewritten) =>
            {
                var result = MakePartial((TypeDeclarationSyntax)rewritten);
                if (targets[original])
                {
                    bool resolves = semanticModel is not null && AttributeResolves(semanticModel, original.SpanStart);
                    needsUsing |= !resolves;
                    result = AddAttribute(result, endOfLine);
                }
                return result;
            });
            if (needsUsing && newRoot is CompilationUnitSyntax unit)
                newRoot = AddUsing(unit, endOfLine);
            solution = solution.WithDocumentSyntaxRoot(document.Id, newRoot);
        }
        return solution;
    }

    private static bool AttributeResolves(SemanticModel semanticModel, int position)
        => semanticModel.LookupNamespacesAndTypes(position, name: AttributeName + "Attribute")
            .Any(s => s.ToDisplayString() == AttributeNamespace + "." + AttributeName + "Attribute");

    /// <summary>Adds <c>partial</c> right before <c>class</c>/<c>struct</c>/<c>record</c>, after the other modifiers.</summary>
    private static TypeDeclarationSyntax MakePartial(TypeDeclarationSyntax declaration)
    {
        if (declaration.Modifiers.Any(SyntaxKind.PartialKeyword)) return declaration;
        var partial = SyntaxFactory.Token(SyntaxKind.PartialKeyword).WithTrailingTrivia(SyntaxFactory.Space);
        if (declaration.Modifiers.Count == 0)
        {
            // The keyword's leading trivia (indentation, or a comment) moves to the new first token.
            var keyword = declaration.Keyword;
            return declaration
                .WithKeyword(keyword.WithLeadingTrivia())
                .WithModifiers(SyntaxFactory.TokenList(partial.WithLeadingTrivia(keyword.LeadingTrivia)));
        }
        return declaration.WithModifiers(declaration.Modifiers.Add(partial));
    }

    /// <summary>
    /// Puts <c>[FudgeMessage]</c> on its own line above the declaration: the declaration's leading trivia (documentation
    /// comment, indentation) goes before the attribute, and the declaration keeps the indentation.
    /// </summary>
    private static TypeDeclarationSyntax AddAttribute(TypeDeclarationSyntax declaration, string endOfLine)
    {
        var leading = declaration.GetLeadingTrivia();
        var indentation = SyntaxFactory.TriviaList(leading.Reverse().TakeWhile(t => t.IsKind(SyntaxKind.WhitespaceTrivia)).Reverse());
        var attribute = SyntaxFactory.AttributeList(SyntaxFactory.SingletonSeparatedList(SyntaxFactory.Attribute(SyntaxFactory.IdentifierName(AttributeName))))
            .WithLeadingTrivia(leading)
            .WithTrailingTrivia(SyntaxFactory.EndOfLine(endOfLine));
        var bare = declaration.WithLeadingTrivia(indentation);
        return bare.WithAttributeLists(bare.AttributeLists.Insert(0, attribute));
    }

    /// <summary>Adds <c>using Fudge.Serialization;</c> after the file's other using directives.</summary>
    private static CompilationUnitSyntax AddUsing(CompilationUnitSyntax unit, string endOfLine)
    {
        var directive = SyntaxFactory.UsingDirective(SyntaxFactory.ParseName(AttributeNamespace))
            .WithUsingKeyword(SyntaxFactory.Token(SyntaxKind.UsingKeyword).WithTrailingTrivia(SyntaxFactory.Space))
            .WithTrailingTrivia(SyntaxFactory.EndOfLine(endOfLine));
        if (unit.Usings.Count > 0) return unit.WithUsings(unit.Usings.Add(directive));
        // No usings: the directive goes first, the file's leading trivia (a header comment) before it, a blank line after.
        var first = unit.GetLeadingTrivia();
        return unit.WithoutLeadingTrivia()
            .WithUsings(SyntaxFactory.SingletonList(directive.WithLeadingTrivia(first).WithTrailingTrivia(SyntaxFactory.EndOfLine(endOfLine), SyntaxFactory.EndOfLine(endOfLine))));
    }
}
