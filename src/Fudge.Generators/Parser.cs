using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

/// <summary>Turns a <c>[FudgeMessage]</c> type symbol into an equatable <see cref="TypeModel"/> plus diagnostics.</summary>
internal static partial class Parser
{
    public const string MessageAttribute = "Fudge.Serialization.FudgeMessageAttribute";
    private const string FieldAttribute = "Fudge.Serialization.FudgeFieldAttribute";
    private const string IgnoreAttribute = "Fudge.Serialization.FudgeIgnoreAttribute";
    private const string ConstructorAttribute = "Fudge.Serialization.FudgeConstructorAttribute";
    private const string UnionAttribute = "Fudge.Serialization.FudgeUnionAttribute";
    private const string ExtensibleInterface = "Fudge.Serialization.IFudgeExtensible";
    private const string RequiredMemberAttribute = "System.Runtime.CompilerServices.RequiredMemberAttribute";
    private const string SetsRequiredMembersAttribute = "System.Diagnostics.CodeAnalysis.SetsRequiredMembersAttribute";

    private const byte NanosecondAccuracy = 10;

    private const int FieldIdsNames = 0, FieldIdsOrdinals = 1, FieldIdsNamesAndOrdinals = 2, FieldIdsTaxonomy = 3;

    private static readonly SymbolDisplayFormat FullyQualified = SymbolDisplayFormat.FullyQualifiedFormat;

    public static ParseResult Parse(GeneratorAttributeSyntaxContext context, CancellationToken cancellationToken)
    {
        var diagnostics = new List<DiagnosticInfo>();
        using var scalars = EnterCompilation(context.SemanticModel.Compilation);
        var model = ParseType(context, diagnostics, cancellationToken);
        bool failed = diagnostics.Any(d => d.Descriptor.DefaultSeverity == DiagnosticSeverity.Error);
        return new ParseResult(failed ? null : model, diagnostics.ToEquatableArray(), MemberUses(context, cancellationToken));
    }

    private static TypeModel? ParseType(GeneratorAttributeSyntaxContext context, List<DiagnosticInfo> diagnostics, CancellationToken ct)
    {
        if (context.TargetSymbol is not INamedTypeSymbol type || context.TargetNode is not TypeDeclarationSyntax syntax) return null;
        // [FudgeMessage] on two partial declarations is already a compiler error (CS0579); generate nothing twice.
        if (type.GetAttributes().Count(a => a.AttributeClass?.ToDisplayString() == MessageAttribute) > 1) return null;
        var typeLocation = LocationInfo.From(syntax.Identifier.GetLocation());
        string display = type.ToDisplayString();

        // ---- shape of the type itself
        for (var node = (SyntaxNode)syntax; node is TypeDeclarationSyntax declaration; node = node.Parent!)
        {
            if (!declaration.Modifiers.Any(SyntaxKind.PartialKeyword))
            {
                diagnostics.Add(Diag(Diagnostics.TypeNotPartial, typeLocation, display));
                break;
            }
        }
        if (syntax.Parent is not (BaseNamespaceDeclarationSyntax or CompilationUnitSyntax or TypeDeclarationSyntax))
            diagnostics.Add(Diag(Diagnostics.UnsupportedTypeShape, typeLocation, display, "it is not declared in a namespace or type"));
        if (type.IsRefLikeType) diagnostics.Add(Diag(Diagnostics.UnsupportedTypeShape, typeLocation, display, "ref struct types cannot be serialized"));
        if (type.IsStatic) diagnostics.Add(Diag(Diagnostics.UnsupportedTypeShape, typeLocation, display, "static classes have no instances"));
        if (type.TypeKind is not (TypeKind.Class or TypeKind.Struct))
            diagnostics.Add(Diag(Diagnostics.UnsupportedTypeShape, typeLocation, display, "only classes, structs and records are supported"));
        if (!IsAccessibleFromAssembly(type)) diagnostics.Add(Diag(Diagnostics.InaccessibleType, typeLocation, display));
        if (type.Name == "FudgeFormatter" || type.GetMembers("FudgeFormatter").Length > 0)
            diagnostics.Add(Diag(Diagnostics.UnsupportedTypeShape, typeLocation, display, "the name FudgeFormatter is taken by the generated nested formatter class; rename the type or member"));

        // ---- attribute settings
        var attribute = context.Attributes.FirstOrDefault();
        int fieldIds = FieldIdsNames;
        short taxonomyId = 0;
        string? typeNameSetting = null;
        int mapping = JavaConventions.MappingFromAssembly;
        if (attribute is not null)
        {
            foreach (var named in attribute.NamedArguments)
            {
                switch (named.Key)
                {
                    case "Fields" when named.Value.Value is int f: fieldIds = f; break;
                    case "TaxonomyId" when named.Value.Value is short id: taxonomyId = id; break;
                    case "TypeName" when named.Value.Value is string s: typeNameSetting = s; break;
                    case "Mapping" when named.Value.Value is int mode: mapping = mode; break;
                }
            }
        }
        if (fieldIds == FieldIdsTaxonomy && taxonomyId == 0) diagnostics.Add(Diag(Diagnostics.TaxonomyIdRequired, typeLocation, display));
        bool java = JavaConventions.IsJava(type, mapping);
        if (java && IsGeneric(type))
            diagnostics.Add(Diag(Diagnostics.UnsupportedTypeShape, typeLocation, display, "a generic type (or a type nested in one) cannot be mapped as a Fudge-Java object: Java erases type arguments, so its class name cannot say what they are"));

        ct.ThrowIfCancellationRequested();

        // ---- members, base types first, declaration order
        var candidates = CollectMembers(type, context.SemanticModel.Compilation, ct);

        // ---- constructor
        var settable = candidates.Where(c => c.CanAssign).ToList();
        IMethodSymbol? constructor = null;
        var ctorArgs = new List<CtorArgModel>();
        if (!type.IsAbstract && !type.IsStatic) // a static class has FUDGE006 already: no FUDGE009 for the same cause
        {
            constructor = ChooseConstructor(type, candidates, diagnostics, typeLocation, display);
            if (constructor is null) return null;
        }

        // members covered by the constructor
        var byParameter = new Dictionary<IParameterSymbol, MemberCandidate>(SymbolEqualityComparer.Default);
        if (constructor is not null)
        {
            foreach (var parameter in constructor.Parameters)
            {
                var match = MatchParameter(parameter, candidates);
                if (match is not null) byParameter[parameter] = match;
            }
        }

        bool setsRequiredMembers = constructor is not null && HasAttribute(constructor, SetsRequiredMembersAttribute);
        var members = new List<MemberModel>();
        var included = new List<MemberCandidate>();
        var writeOnly = new HashSet<MemberCandidate>();
        foreach (var candidate in candidates)
        {
            bool viaCtor = byParameter.Values.Contains(candidate);
            if (!viaCtor && !candidate.CanAssign && !candidate.CanPopulate && !type.IsAbstract)
            {
                if (candidate.Explicit && !java) diagnostics.Add(Diag(Diagnostics.MemberNotSettable, candidate.Location, candidate.Symbol.Name));
                else if (UnsettableMember(candidate, type, typeLocation, java, fieldIds, diagnostics)) { writeOnly.Add(candidate); included.Add(candidate); }
                continue; // a computed or read-only member: not read from the message
            }
            included.Add(candidate);
        }

        // ---- names, ordinals, shapes
        bool hasErrorType = false;
        var seenNames = new Dictionary<string, string>(StringComparer.Ordinal);
        var seenOrdinals = new Dictionary<int, string>();
        foreach (var candidate in included)
        {
            ct.ThrowIfCancellationRequested();
            var symbol = candidate.Symbol;
            string name = symbol.Name;
            if (ContainsErrorType(candidate.Type))
            {
                // The compiler already reports the unknown type (while the user types, in an IDE); say nothing more
                // and generate nothing for this type until it compiles.
                hasErrorType = true;
                continue;
            }
            var shape = ResolveShape(candidate.Type, 0, java, member: true);
            if (shape is null && writeOnly.Contains(candidate)) continue; // a computed value Java would write, of a type with no mapping: left out
            if (shape is null)
            {
                var why = WhyUnsupported(candidate.Type, java, genericRefused: IsGenericRefused(type, diagnostics));
                // A cause that has its own error (FUDGE006 at a [FudgeMessage] type) gets no second one here; no formatter either.
                if (why.ReportedElsewhere) hasErrorType = true;
                else diagnostics.Add(Diag(Diagnostics.UnsupportedMemberType, candidate.Location, name, candidate.Type.ToDisplayString(CSharpSpelling), why.Text!));
                continue;
            }
            if (candidate.Accuracy >= 0)
            {
                if (WithAccuracy(shape, candidate.Accuracy) is { } dated) shape = dated;
                else diagnostics.Add(Diag(Diagnostics.SettingWithoutEffect, candidate.Location, name,
                    "Accuracy applies to DateTime and DateTimeOffset members only"));
            }
            string wireName = candidate.WireName ?? (java ? JavaConventions.BeanPropertyName(name) : name);
            int utf8Length = Encoding.UTF8.GetByteCount(wireName);
            if (utf8Length is 0 or > 255) diagnostics.Add(Diag(Diagnostics.InvalidName, candidate.Location, name, wireName));
            int ordinal = candidate.Ordinal;
            if (ordinal != MemberModel.NoOrdinal)
            {
                if (ordinal < short.MinValue || ordinal > short.MaxValue)
                    diagnostics.Add(Diag(Diagnostics.OrdinalOutOfRange, candidate.Location, name, ordinal.ToString(CultureInfo.InvariantCulture)));
                else if (ordinal == 0)
                    diagnostics.Add(Diag(Diagnostics.ReservedOrdinal, candidate.Location, name));
                else if (seenOrdinals.TryGetValue(ordinal, out var other))
                    diagnostics.Add(Diag(Diagnostics.DuplicateField, candidate.Location, name, "ordinal " + ordinal.ToString(CultureInfo.InvariantCulture), other));
                else seenOrdinals[ordinal] = name;
            }
            else if (fieldIds != FieldIdsNames)
            {
                string mode = fieldIds switch { FieldIdsOrdinals => "ordinals", FieldIdsNamesAndOrdinals => "names and ordinals", _ => "taxonomy ordinals" };
                diagnostics.Add(Diag(Diagnostics.OrdinalRequired, candidate.Location, name, display, mode));
            }
            if (seenNames.TryGetValue(wireName, out var sameName))
                diagnostics.Add(Diag(Diagnostics.DuplicateField, candidate.Location, name, "name \"" + wireName + "\"", sameName));
            else seenNames[wireName] = name;

            bool viaCtor = byParameter.Values.Contains(candidate);
            var mode2 = writeOnly.Contains(candidate) ? SetMode.WriteOnly
                : viaCtor && candidate.IsRequired && !setsRequiredMembers ? SetMode.ConstructorAndInitializer
                : viaCtor ? SetMode.Constructor
                : candidate.CanPopulate && !candidate.CanAssign ? SetMode.Populate
                : candidate.IsRequired || candidate.IsInitOnly ? SetMode.Initializer
                : SetMode.Assign;
            string? absentDefault = mode2 == SetMode.Initializer && !candidate.IsRequired
                ? ConstantInitializer(symbol, context.SemanticModel.Compilation, ct) : null;
            bool nullIndicator = shape.CanBeNull && AbsenceIsNotNull(candidate, mode2, absentDefault, constructor,
                byParameter, type, context.SemanticModel.Compilation, ct);
            members.Add(new MemberModel(EscapeIdentifier(name), wireName, ordinal, shape, candidate.IsRequired, mode2,
                mode2 == SetMode.Assign ? candidate.BaseSetter : null, candidate.ExposesSetter, absentDefault,
                NullAsIndicator: nullIndicator));
        }

        if (hasErrorType) return null;
        // Fudge-Java's bean introspection lists properties sorted by name, inherited ones among them: so does the writer.
        if (java) members = JavaConventions.InJavaOrder(members);

        // constructor arguments, in parameter order
        if (constructor is not null)
        {
            foreach (var parameter in constructor.Parameters)
            {
                if (byParameter.TryGetValue(parameter, out var member))
                {
                    int index = members.FindIndex(m => m.Name == EscapeIdentifier(member.Symbol.Name));
                    if (index < 0) return null; // the member failed; an error was reported
                    ctorArgs.Add(new CtorArgModel(index, parameter.HasExplicitDefaultValue ? FormatDefault(parameter) : null));
                }
                else
                {
                    ctorArgs.Add(new CtorArgModel(-1, FormatDefault(parameter)));
                }
            }
        }

        // ---- polymorphism
        var unions = ParseUnions(type, diagnostics, typeLocation, display);
        if (!java && IsGeneric(type) && (unions.Count > 0 || AncestorHasUnions(type)))
            diagnostics.Add(Diag(Diagnostics.UnsupportedTypeShape, typeLocation, display, "a generic type (or a type nested in one) cannot take part in a [FudgeUnion] hierarchy: its type name could not say what its type arguments are"));
        var typeNames = new List<string>();
        bool polymorphic = unions.Count > 0 || AncestorHasUnions(type) || InterfaceUnionName(type) is not null;
        if (java)
        {
            // Java names every object's class chain and finds derived types by those names (FudgeClassRegistry).
            if (unions.Count > 0) diagnostics.Add(Diag(Diagnostics.SettingWithoutEffect, typeLocation, display,
                "[FudgeUnion] is not used by a type mapped as a Fudge-Java object: derived types are found by their Java class names, which their own [FudgeMessage] gives"));
            unions.Clear();
            typeNames.AddRange(JavaConventions.ClassChain(type, typeNameSetting ?? JavaConventions.ClassName(type)));
        }
        // TypeName on any other type is the name an object or interface member holding one writes (RegistryName).
        else if (polymorphic)
        {
            typeNames.Add(WireTypeName(type, typeNameSetting));
            for (var b = type.BaseType; b is not null; b = b.BaseType)
                if (HasAttribute(b, MessageAttribute)) typeNames.Add(WireTypeName(b, null));
        }

        bool extensible = type.AllInterfaces.Any(i => i.ToDisplayString() == ExtensibleInterface);
        bool hides = false;
        for (var b = type.BaseType; b is not null && !hides; b = b.BaseType)
            hides = HasAttribute(b, MessageAttribute) || b.GetMembers("FudgeFormatter").Length > 0;

        var containers = new List<ContainerModel>();
        for (var c = type.ContainingType; c is not null; c = c.ContainingType)
            containers.Insert(0, new ContainerModel(Keyword(c), c.Name + TypeParameterList(c)));

        string? ns = type.ContainingNamespace is { IsGlobalNamespace: false } n ? n.ToDisplayString() : null;
        string fqn = type.ToDisplayString(FullyQualified);
        string hint = HintName(type, ns);

        return new TypeModel(
            ns, containers.ToEquatableArray(), Keyword(type), type.Name, fqn, display, hint,
            type.IsValueType, type.IsAbstract, hides, fieldIds, taxonomyId,
            members.ToEquatableArray(), ctorArgs.ToEquatableArray(), extensible,
            typeNames.ToEquatableArray(), unions.ToEquatableArray(),
            Java: java, IsSealed: type.IsSealed || type.IsValueType,
            RegistryName: java || type.IsAbstract || type.IsGenericType ? null : typeNames.Count > 0 ? typeNames[0] : WireTypeName(type, typeNameSetting),
            TypeParameters: TypeParameterList(type));
    }

    // ------------------------------------------------------------------ members

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

    private static IMethodSymbol? ChooseConstructor(INamedTypeSymbol type, List<MemberCandidate> candidates, List<DiagnosticInfo> diagnostics, LocationInfo? location, string display)
    {
        var constructors = type.InstanceConstructors
            .Where(c => !(c.Parameters.Length == 1 && SymbolEqualityComparer.Default.Equals(c.Parameters[0].Type, type))) // record copy constructors
            .ToList();
        var marked = constructors.Where(c => FindAttribute(c, ConstructorAttribute) is not null).ToList();
        if (marked.Count > 1)
        {
            diagnostics.Add(Diag(Diagnostics.NoConstructor, location, display, "more than one constructor is marked [FudgeConstructor]"));
            return null;
        }
        if (marked.Count == 1)
        {
            var chosen = marked[0];
            foreach (var parameter in chosen.Parameters)
            {
                if (MatchParameter(parameter, candidates) is null && !parameter.HasExplicitDefaultValue && !IsIgnoredMember(parameter, type))
                {
                    diagnostics.Add(Diag(Diagnostics.NoConstructor, location, display,
                        $"parameter '{parameter.Name}' of the [FudgeConstructor] matches no member (same name, any case, and same type) and has no default value"));
                    return null;
                }
            }
            return chosen;
        }

        var parameterless = constructors.FirstOrDefault(c => c.Parameters.Length == 0);
        bool allAssignable = candidates.All(c => c.CanAssign || c.CanPopulate);
        // A struct's implicit parameterless constructor ignores the defaults of the constructor the user declared (a
        // positional record struct's above all); prefer the declared one when it is usable.
        bool implicitStructDefault = parameterless is { IsImplicitlyDeclared: true } && type.IsValueType;
        if (parameterless is not null && allAssignable && !implicitStructDefault) return parameterless;

        IMethodSymbol? best = null;
        int bestMatched = -1;
        foreach (var constructor in constructors)
        {
            if (constructor.Parameters.Length == 0) continue;
            int matched = 0;
            bool usable = true;
            foreach (var parameter in constructor.Parameters)
            {
                if (MatchParameter(parameter, candidates) is not null) matched++;
                else if (!parameter.HasExplicitDefaultValue && !IsIgnoredMember(parameter, type)) { usable = false; break; }
            }
            if (!usable) continue;
            bool better = matched > bestMatched
                || matched == bestMatched && best is not null && best.DeclaredAccessibility != Accessibility.Public && constructor.DeclaredAccessibility == Accessibility.Public;
            if (better)
            {
                best = constructor;
                bestMatched = matched;
            }
        }
        if (best is not null) return best;
        if (parameterless is not null) return parameterless;
        diagnostics.Add(Diag(Diagnostics.NoConstructor, location, display,
            "it needs a parameterless constructor, or one whose parameters all match members (same name, any case, and same type) or have default values, or one marked [FudgeConstructor]"));
        return null;
    }

    // ------------------------------------------------------------------ shapes

    /// <summary>
    /// The shape of a member's type. <paramref name="java"/>: the member belongs to a Fudge-Java object, so values
    /// take Java's forms; <paramref name="member"/>: the type is the member's own (not an element of it), where an
    /// object's class names below the declared type are written.
    /// </summary>
    private static ValueShape? ResolveShape(ITypeSymbol type, int depth, bool java, bool member = false)
    {
        if (depth > 8) return null;
        string name = WithoutNativeIntegerKeywords(type.WithNullableAnnotation(NullableAnnotation.NotAnnotated).ToDisplayString(FullyQualified));
        bool isValue = type.IsValueType;

        if (type is INamedTypeSymbol { OriginalDefinition.SpecialType: SpecialType.System_Nullable_T } nullable)
        {
            var inner = ResolveShape(nullable.TypeArguments[0], depth + 1, java, member);
            if (inner is null || inner.Kind == ShapeKind.Nullable) return null;
            return new ValueShape(ShapeKind.Nullable, name, true, Element: inner);
        }

        ShapeKind? simple = type.SpecialType switch
        {
            SpecialType.System_Boolean => ShapeKind.Boolean,
            SpecialType.System_SByte => ShapeKind.SByte,
            SpecialType.System_Byte => ShapeKind.Byte,
            SpecialType.System_Int16 => ShapeKind.Int16,
            SpecialType.System_UInt16 => ShapeKind.UInt16,
            SpecialType.System_Int32 => ShapeKind.Int32,
            SpecialType.System_UInt32 => ShapeKind.UInt32,
            SpecialType.System_Int64 => ShapeKind.Int64,
            SpecialType.System_UInt64 => ShapeKind.UInt64,
            SpecialType.System_Single => ShapeKind.Single,
            SpecialType.System_Double => ShapeKind.Double,
            SpecialType.System_Char => ShapeKind.Char,
            SpecialType.System_Decimal => ShapeKind.Decimal,
            SpecialType.System_String => ShapeKind.String,
            SpecialType.System_DateTime => ShapeKind.DateTime,
            _ => null,
        };
        if (simple is { } kind) return new ValueShape(kind, name, isValue, Java: java && kind is ShapeKind.Decimal or ShapeKind.Char or ShapeKind.Single or ShapeKind.Double);
        if (ResolveScalar(type, name, java) is { } scalar) return scalar;
        if (type.SpecialType == SpecialType.System_Object) return new ValueShape(ShapeKind.Object, name, false, Java: java);

        if (type.TypeKind == TypeKind.Enum && type is INamedTypeSymbol { EnumUnderlyingType: { } underlying } enumType)
        {
            var u = ResolveShape(underlying, depth + 1, false);
            return u is null ? null : new ValueShape(ShapeKind.Enum, name, true, EnumUnderlying: u.Kind, Java: java,
                EnumMembers: JavaConventions.EnumMembers(enumType), JavaClassName: java ? JavaConventions.EnumClassName(enumType) : null);
        }

        if (type is ITypeParameterSymbol parameter) return TypeParameterShape(parameter, name);

        if (type is IArrayTypeSymbol array)
        {
            if (array.Rank != 1) return ResolveRectangular(array, name, depth, java);
            switch (array.ElementType.SpecialType)
            {
                case SpecialType.System_Byte: return new ValueShape(ShapeKind.Bytes, name, false, Java: java);
                case SpecialType.System_Int16: return new ValueShape(ShapeKind.Int16Array, name, false);
                case SpecialType.System_Int32: return new ValueShape(ShapeKind.Int32Array, name, false);
                case SpecialType.System_Int64: return new ValueShape(ShapeKind.Int64Array, name, false);
                case SpecialType.System_Single: return new ValueShape(ShapeKind.SingleArray, name, false, Java: java);
                case SpecialType.System_Double: return new ValueShape(ShapeKind.DoubleArray, name, false, Java: java);
            }
            var element = ResolveShape(array.ElementType, depth + 1, java);
            return element is null ? null : new ValueShape(ShapeKind.Collection, name, false, Collection: CollectionKind.Array, Element: element, Java: java);
        }

        if (type is not INamedTypeSymbol named) return null;
        string original = named.OriginalDefinition.ToDisplayString();
        switch (original)
        {
            case "System.Guid": return new ValueShape(ShapeKind.Guid, name, true);
            case "System.DateTimeOffset": return new ValueShape(ShapeKind.DateTimeOffset, name, true);
            case "System.DateOnly": return new ValueShape(ShapeKind.DateOnly, name, true, Java: java);
            case "System.TimeOnly": return new ValueShape(ShapeKind.TimeOnly, name, true);
            case "System.TimeSpan": return new ValueShape(ShapeKind.TimeSpan, name, true);
            case "Fudge.FudgeMsg": return new ValueShape(ShapeKind.FudgeMsg, name, false);
            case "System.ReadOnlyMemory<T>" when named.TypeArguments[0].SpecialType == SpecialType.System_Byte:
                return new ValueShape(ShapeKind.ReadOnlyMemoryBytes, name, true, Java: java);
            case "System.Memory<T>" when named.TypeArguments[0].SpecialType == SpecialType.System_Byte:
                return new ValueShape(ShapeKind.MemoryBytes, name, true, Java: java);
        }

        var collection = original switch
        {
            "System.Collections.Generic.List<T>" => CollectionKind.List,
            "System.Collections.Generic.IList<T>" => CollectionKind.IList,
            "System.Collections.Generic.ICollection<T>" => CollectionKind.ICollection,
            "System.Collections.Generic.IEnumerable<T>" => CollectionKind.IEnumerable,
            "System.Collections.Generic.IReadOnlyList<T>" => CollectionKind.IReadOnlyList,
            "System.Collections.Generic.IReadOnlyCollection<T>" => CollectionKind.IReadOnlyCollection,
            "System.Collections.Generic.HashSet<T>" => CollectionKind.HashSet,
            "System.Collections.Generic.ISet<T>" => CollectionKind.ISet,
            "System.Collections.Generic.IReadOnlySet<T>" => CollectionKind.ISet,
            "System.Collections.Generic.Dictionary<TKey, TValue>" => CollectionKind.Dictionary,
            "System.Collections.Generic.IDictionary<TKey, TValue>" => CollectionKind.IDictionary,
            "System.Collections.Generic.IReadOnlyDictionary<TKey, TValue>" => CollectionKind.IReadOnlyDictionary,
            _ => CollectionKind.None,
        };
        if (collection is CollectionKind.Dictionary or CollectionKind.IDictionary or CollectionKind.IReadOnlyDictionary)
        {
            var key = ResolveShape(named.TypeArguments[0], depth + 1, java);
            var value = ResolveShape(named.TypeArguments[1], depth + 1, java);
            if (key is null || value is null || !IsKey(key, named.TypeArguments[0])) return null;
            return new ValueShape(ShapeKind.Dictionary, name, false, Collection: collection, Element: value, Key: key);
        }
        if (collection != CollectionKind.None)
        {
            var element = ResolveShape(named.TypeArguments[0], depth + 1, java);
            return element is null ? null : new ValueShape(ShapeKind.Collection, name, false, Collection: collection, Element: element);
        }

        if (TryResolveMoreCollection(named, original, name, depth, java, out var more)) return more;

        if (HasAttribute(named, MessageAttribute))
            return new ValueShape(ShapeKind.Message, name, named.IsValueType, ClassHeaders: java && member, Java: java);
        return ResolveInitializerShape(named, name, depth, java) ?? RegisteredShape(named, name, java);
    }

    /// <summary>A DateTime or DateTimeOffset shape (or a nullable one) written with <paramref name="accuracy"/>; null for any other.</summary>
    private static ValueShape? WithAccuracy(ValueShape shape, int accuracy) => shape.Kind switch
    {
        ShapeKind.DateTime or ShapeKind.DateTimeOffset => shape with { Accuracy = accuracy },
        ShapeKind.Nullable when WithAccuracy(shape.Element!, accuracy) is { } inner => shape with { Element = inner },
        _ => null,
    };

    private static bool ContainsErrorType(ITypeSymbol type) => type switch
    {
        { TypeKind: TypeKind.Error } => true,
        IArrayTypeSymbol array => ContainsErrorType(array.ElementType),
        INamedTypeSymbol named => named.TypeArguments.Any(ContainsErrorType),
        _ => false,
    };

    private static bool IsScalar(ShapeKind kind) => kind is not (ShapeKind.Collection or ShapeKind.Dictionary or ShapeKind.Message
        or ShapeKind.ArraySegmentBytes or ShapeKind.RectangularArray
        or ShapeKind.FudgeMsg or ShapeKind.Nullable or ShapeKind.Bytes or ShapeKind.ReadOnlyMemoryBytes or ShapeKind.MemoryBytes
        or ShapeKind.Int16Array or ShapeKind.Int32Array or ShapeKind.Int64Array or ShapeKind.SingleArray or ShapeKind.DoubleArray);

    // ------------------------------------------------------------------ polymorphism

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

    // ------------------------------------------------------------------ helpers

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
