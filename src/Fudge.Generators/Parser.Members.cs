using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

// The members a [FudgeMessage] type serializes: which ones (base types first, declaration order), how each is set,
// and which constructor parameter matches which member.
internal static partial class Parser
{
    private sealed class MemberCandidate
    {
        public MemberCandidate(ISymbol symbol, ITypeSymbol type, INamedTypeSymbol target, Compilation compilation)
        {
            Symbol = symbol;
            Type = type;
            Location = LocationInfo.From(symbol.Locations.FirstOrDefault());
            var field = FindAttribute(symbol, FieldAttribute);
            Explicit = field is not null;
            Ordinal = MemberModel.NoOrdinal;
            if (field is not null)
            {
                if (field.ConstructorArguments.Length == 1 && field.ConstructorArguments[0].Value is int o) Ordinal = o;
                foreach (var named in field.NamedArguments)
                {
                    if (named.Key == "Name" && named.Value.Value is string s) WireName = s;
                    if (named.Key == "Accuracy" && named.Value.Value is byte a && a != NanosecondAccuracy) Accuracy = a;
                    if (named.Key == "Repeated" && named.Value.Value is bool r) Repeated = r;
                }
            }
            IsRequired = IsRequiredMember(symbol);
            bool ownMember = SymbolEqualityComparer.Default.Equals(symbol.ContainingType, target);
            switch (symbol)
            {
                case IPropertySymbol property:
                    var setter = property.SetMethod;
                    // The formatter is nested in the target, so it reaches what the target reaches (through itself).
                    CanAssign = setter is not null && compilation.IsSymbolAccessibleWithin(setter, target, target);
                    bool privateSet = setter is { DeclaredAccessibility: Accessibility.Private, IsInitOnly: false };
                    // A private setter of a [FudgeMessage] base in this assembly: that base's formatter exposes it.
                    if (!ownMember && privateSet && property.ContainingType is { IsGenericType: false } declaring
                        && HasAttribute(declaring, MessageAttribute)
                        && SymbolEqualityComparer.Default.Equals(declaring.ContainingAssembly, target.ContainingAssembly))
                    {
                        CanAssign = true;
                        BaseSetter = declaring.ToDisplayString(FullyQualified) + ".FudgeFormatter.__Set_" + property.Name;
                    }
                    ExposesSetter = ownMember && privateSet && !target.IsSealed && !target.IsValueType;
                    IsInitOnly = setter is { IsInitOnly: true };
                    // `public List<T> Items { get; } = new();`: the reader fills the existing collection.
                    CanPopulate = setter is null && IsMutableCollection(property.Type) && (Explicit || IsAutoProperty(property));
                    break;
                case IFieldSymbol f:
                    CanAssign = !f.IsReadOnly && !f.IsConst;
                    break;
            }
        }

        public ISymbol Symbol { get; set; }
        public ITypeSymbol Type { get; set; }
        public LocationInfo? Location { get; }
        public bool Explicit { get; }
        public int Ordinal { get; }
        public string? WireName { get; }
        public int Accuracy { get; } = -1;
        /// <summary>[FudgeField(Repeated = true)]: each element of the list is a field of its own (Parser.Repeated.cs).</summary>
        public bool Repeated { get; }
        public bool IsRequired { get; }
        public bool CanAssign { get; }
        public bool IsInitOnly { get; }
        public bool CanPopulate { get; }
        public string? BaseSetter { get; }
        public bool ExposesSetter { get; }
    }

    private static List<MemberCandidate> CollectMembers(INamedTypeSymbol type, Compilation compilation, CancellationToken ct)
    {
        var chain = new List<INamedTypeSymbol>();
        for (var t = type; t is not null && t.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); t = t.BaseType)
            chain.Insert(0, t);
        bool extensible = type.AllInterfaces.Any(i => i.ToDisplayString() == ExtensibleInterface);

        var result = new List<MemberCandidate>();
        foreach (var declaring in chain)
        {
            ct.ThrowIfCancellationRequested();
            bool own = SymbolEqualityComparer.Default.Equals(declaring, type);
            foreach (var member in declaring.GetMembers())
            {
                if (member.IsStatic || member.IsImplicitlyDeclared && member is IFieldSymbol) continue;
                ITypeSymbol memberType;
                switch (member)
                {
                    case IPropertySymbol p when !p.IsIndexer && p.GetMethod is not null && !p.ReturnsByRef && !p.ReturnsByRefReadonly:
                        memberType = p.Type;
                        if (p.DeclaredAccessibility == Accessibility.Public && p.GetMethod.DeclaredAccessibility != Accessibility.Public && FindAttribute(p, FieldAttribute) is null) continue;
                        break;
                    case IFieldSymbol f when !f.IsConst && f.CanBeReferencedByName:
                        memberType = f.Type;
                        break;
                    default:
                        continue;
                }
                if (FindAttribute(member, IgnoreAttribute) is not null) continue;
                bool isExplicit = FindAttribute(member, FieldAttribute) is not null;
                if (!isExplicit && member.DeclaredAccessibility != Accessibility.Public) continue;
                // A base member the type cannot reach (private, or internal to another assembly) cannot be written.
                if (!own && !compilation.IsSymbolAccessibleWithin(member is IPropertySymbol { GetMethod: { } getter } ? getter : member, type, type)) continue;
                if (extensible && member.Name == "ExtensionData" && memberType.ToDisplayString().TrimEnd('?') == "Fudge.FudgeMsg") continue;
                if (member.Name == "EqualityContract" && declaring.IsRecord) continue;

                var candidate = new MemberCandidate(member, memberType, type, compilation);
                int existing = result.FindIndex(r => r.Symbol.Name == member.Name);
                if (existing >= 0) result[existing] = candidate; // an override or a hiding member replaces the base one
                else result.Add(candidate);
            }
        }
        return result;
    }

    private static bool IsAutoProperty(IPropertySymbol property)
    {
        foreach (var member in property.ContainingType.GetMembers())
            if (member is IFieldSymbol { AssociatedSymbol: { } associated } && SymbolEqualityComparer.Default.Equals(associated, property)) return true;
        return false;
    }

    /// <summary>Collection types the reader can fill in place (Clear, then Add or the indexer).</summary>
    private static bool IsMutableCollection(ITypeSymbol type) => type is INamedTypeSymbol { IsGenericType: true } named
        && named.OriginalDefinition.ToDisplayString() is "System.Collections.Generic.List<T>" or "System.Collections.Generic.IList<T>"
            or "System.Collections.Generic.ICollection<T>" or "System.Collections.Generic.HashSet<T>" or "System.Collections.Generic.ISet<T>"
            or "System.Collections.Generic.Dictionary<TKey, TValue>" or "System.Collections.Generic.IDictionary<TKey, TValue>"
        || IsMoreMutableCollection(type);

    private static bool IsRequiredMember(ISymbol symbol)
    {
        if (FindAttribute(symbol, RequiredMemberAttribute) is not null) return true;
        foreach (var reference in symbol.DeclaringSyntaxReferences)
        {
            var node = reference.GetSyntax();
            SyntaxTokenList modifiers = node switch
            {
                PropertyDeclarationSyntax p => p.Modifiers,
                VariableDeclaratorSyntax { Parent.Parent: FieldDeclarationSyntax f } => f.Modifiers,
                _ => default,
            };
            foreach (var modifier in modifiers)
                if (modifier.Text == "required") return true;
        }
        return false;
    }

    private static MemberCandidate? MatchParameter(IParameterSymbol parameter, List<MemberCandidate> candidates)
    {
        foreach (var candidate in candidates)
        {
            if (string.Equals(candidate.Symbol.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
                && SymbolEqualityComparer.Default.Equals(candidate.Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated), parameter.Type.WithNullableAnnotation(NullableAnnotation.NotAnnotated)))
                return candidate;
        }
        return null;
    }

    /// <summary>True when the parameter sets a [FudgeIgnore] member (a positional record's <c>[property: FudgeIgnore]</c>): it gets <c>default</c>.</summary>
    private static bool IsIgnoredMember(IParameterSymbol parameter, INamedTypeSymbol type)
    {
        for (var t = type; t is not null; t = t.BaseType)
            foreach (var member in t.GetMembers())
                if (member is IPropertySymbol or IFieldSymbol && string.Equals(member.Name, parameter.Name, StringComparison.OrdinalIgnoreCase)
                    && FindAttribute(member, IgnoreAttribute) is not null)
                    return true;
        return false;
    }
}
