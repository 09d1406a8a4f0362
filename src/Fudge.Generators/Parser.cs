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
            // [FudgeField(Repeated = true)]: a list whose elements are fields of their own (Parser.Repeated.cs).
            if (candidate.Repeated && !IsRepeatable(candidate.Type))
            {
                diagnostics.Add(Diag(Diagnostics.RepeatedNotList, candidate.Location, name, candidate.Type.ToDisplayString(CSharpSpelling)));
                continue;
            }
            var shape = candidate.Repeated ? RepeatedShape(candidate.Type, java) : ResolveShape(candidate.Type, 0, java, member: true);
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
                if (candidate.Repeated && WithAccuracy(shape.Element!, candidate.Accuracy) is { } datedElement) shape = shape with { Element = datedElement };
                else if (!candidate.Repeated && WithAccuracy(shape, candidate.Accuracy) is { } dated) shape = dated;
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
            // A repeated member writes nothing for a null or empty list (its elements are the fields): no indicator of its own.
            bool nullIndicator = !candidate.Repeated && shape.CanBeNull && AbsenceIsNotNull(candidate, mode2, absentDefault, constructor,
                byParameter, type, context.SemanticModel.Compilation, ct);
            members.Add(new MemberModel(EscapeIdentifier(name), wireName, ordinal, shape, candidate.IsRequired, mode2,
                mode2 == SetMode.Assign ? candidate.BaseSetter : null, candidate.ExposesSetter, absentDefault,
                Repeated: candidate.Repeated, NullAsIndicator: nullIndicator));
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
}
