using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;

namespace Fudge.Generators;

/// <summary>
/// Writes a Fudge formatter (a nested <c>FudgeFormatter</c> class) for every partial type marked
/// <c>[Fudge.Serialization.FudgeMessage]</c>, and registers the formatters from a module initializer.
/// </summary>
[Generator(LanguageNames.CSharp)]
public sealed class FudgeGenerator : IIncrementalGenerator
{
    /// <summary>Tracking names of the pipeline steps, for incremental-generation tests.</summary>
    public static class Steps
    {
        /// <summary>Parse results (model and diagnostics) per attributed type.</summary>
        public const string Parse = "Parse";

        /// <summary>Models of the types that get a formatter.</summary>
        public const string Models = "Models";

        /// <summary>Options that shape the emitted text.</summary>
        public const string EmitOptions = "EmitOptions";

        /// <summary>The collected registrations.</summary>
        public const string Registrations = "Registrations";

        /// <summary>The registrations of closed types in use (generic [FudgeMessage] types, collections as values).</summary>
        public const string Uses = "Uses";

        /// <summary>Each model with the models of the [FudgeMessage] types its members hold (whole-graph code).</summary>
        public const string GraphInputs = "GraphInputs";

        /// <summary>Per Fudge-Proto file: parsed, checked and mapped to declarations and models.</summary>
        public const string ProtoParse = Proto.ProtoPipeline.ParseStep;
    }

    /// <inheritdoc/>
    public void Initialize(IncrementalGeneratorInitializationContext context)
    {
        Parser.RegisterUnionInterfaces(context);

        var results = context.SyntaxProvider
            .ForAttributeWithMetadataName(
                Parser.MessageAttribute,
                static (node, _) => node is ClassDeclarationSyntax or StructDeclarationSyntax or RecordDeclarationSyntax,
                static (ctx, ct) => Parser.Parse(ctx, ct))
            .WithTrackingName(Steps.Parse);

        var diagnostics = results.SelectMany(static (r, _) => r.Diagnostics);
        context.RegisterSourceOutput(diagnostics, static (spc, d) => spc.ReportDiagnostic(d.ToDiagnostic()));

        var models = results
            .Where(static r => r.Model is not null)
            .Select(static (r, _) => r.Model!)
            .WithTrackingName(Steps.Models);

        var languageVersion = context.ParseOptionsProvider
            .Select(static (o, _) => o is CSharpParseOptions cs ? (int)cs.LanguageVersion : (int)LanguageVersion.Latest);
        // Whole-graph code (issue 42) is off unless a build sets FudgeWholeGraph: true for both halves, write or read for
        // one (docs/generator.md). The coordinator of the measurements decides the default; until then both are off.
        var wholeGraph = context.AnalyzerConfigOptionsProvider
            .Select(static (o, _) => EmitOptions.ParseWholeGraph(o.GlobalOptions.TryGetValue("build_property.FudgeWholeGraph", out var v) ? v : null));
        var emitOptions = languageVersion
            .Combine(wholeGraph)
            .Select(static (x, _) => new EmitOptions(NullableDirectives: x.Left >= (int)LanguageVersion.CSharp8, GraphWrite: x.Right.Write, GraphRead: x.Right.Read))
            .WithTrackingName(Steps.EmitOptions);

        // Each type with the models of the [FudgeMessage] types its members hold (Emitter.Graph.cs): a type is emitted
        // again only when it or one of those changes.
        var graphInputs = models
            .Combine(models.Collect())
            .Select(static (x, _) => new GraphInput(x.Left, Emitter.ReferencedModels(x.Left, x.Right)))
            .WithTrackingName(Steps.GraphInputs);

        context.RegisterSourceOutput(graphInputs.Combine(emitOptions),
            static (spc, pair) => spc.AddSource(pair.Left.Model.HintName, Emitter.Emit(pair.Left.Model, pair.Right, pair.Left.References)));

        // Fudge-Proto schema files (AdditionalFiles with FudgeProto="true"): declarations plus the same formatters.
        var protoFiles = Proto.ProtoPipeline.Register(context, emitOptions);
        context.RegisterSourceOutput(protoFiles.Combine(emitOptions), static (spc, pair) =>
        {
            foreach (var d in pair.Left.Diagnostics) spc.ReportDiagnostic(d.ToDiagnostic());
            if (pair.Left.Declarations is null) return;
            spc.AddSource(pair.Left.DeclarationsHintName, pair.Left.Declarations);
            foreach (var model in pair.Left.Models) spc.AddSource(model.HintName, Emitter.Emit(model, pair.Right));
        });
        var protoNames = protoFiles.SelectMany(static (f, _) => f.Models.Select(m => new RegistrationEntry(m.FullyQualifiedName, null))).Collect();

        // A generic type's formatter is registered per closed use (the uses below): an open one cannot be.
        var registrations = models
            .Where(static m => !m.IsGeneric)
            .Select(static (m, _) => new RegistrationEntry(m.FullyQualifiedName, m.Java ? m.TypeNames[0] : null, m.RegistryName, m.TypeNames.Count > 0))
            .Collect()
            .Combine(protoNames)
            .Select(static (names, _) => names.Left.AddRange(names.Right).Sort(static (a, b) => System.StringComparer.Ordinal.Compare(a.TypeName, b.TypeName)).ToEquatableArray())
            .WithTrackingName(Steps.Registrations);
        var moduleInitializer = context.CompilationProvider
            .Select(static (c, _) => c.GetTypeByMetadataName("System.Runtime.CompilerServices.ModuleInitializerAttribute") is { } a
                                     && c.IsSymbolAccessibleWithin(a, c.Assembly))
            .Combine(languageVersion)
            .Combine(context.CompilationProvider.Select(static (c, _) => c.AssemblyName ?? "Assembly"))
            .Select(static (x, _) => new RegistrationOptions(x.Right, x.Left.Left && x.Left.Right >= (int)LanguageVersion.CSharp9));
        QueryMetadata.Register(context, models, moduleInitializer);   // typed queries (issue 43): members' wire keys

        // Closed types in use (generics): the generic [FudgeMessage] types members and FudgeSerializer calls name with
        // their type arguments, and the collections used as type arguments or top-level values. Registered so that a
        // NativeAOT app never makes a generic type at run time.
        var callSites = context.SyntaxProvider
            .CreateSyntaxProvider(
                static (node, _) => Parser.InvokedName(node) is { } name && Parser.SerializerMethods.Contains(name),
                static (ctx, ct) => Parser.CallSiteUses(ctx, ct))
            .Where(static u => !u.IsEmpty)
            .SelectMany(static (u, _) => u);
        // [assembly: FudgeSerializable(typeof(...))]: closed types used where the generator cannot see them, taken as calls' type arguments are.
        var declared = context.SyntaxProvider
            .CreateSyntaxProvider(static (node, _) => Parser.IsSerializableAttribute(node), static (ctx, ct) => Parser.SerializableUses(ctx, ct))
            .Where(static u => !u.IsEmpty)
            .SelectMany(static (u, _) => u);
        context.RegisterSourceOutput(declared.Where(static u => u.Refusal is not null), static (spc, u) => spc.ReportDiagnostic(u.Refusal!.ToDiagnostic()));
        var valueUses = callSites.Where(static u => u.Refusal is null).Collect()
            .Combine(declared.Where(static u => u.Refusal is null).Collect())
            .Select(static (x, _) => x.Left.AddRange(x.Right));
        var modelNames = models.Select(static (m, _) => m.FullyQualifiedName).Collect();
        var memberUses = results.SelectMany(static (r, _) => r.Uses);
        // A type argument Fudge cannot serialize is refused where the closed type is used (FUDGE016), never at run time.
        context.RegisterSourceOutput(memberUses.Where(static u => u.Refusal is not null), static (spc, u) => spc.ReportDiagnostic(u.Refusal!.ToDiagnostic()));
        context.RegisterSourceOutput(callSites.Where(static u => u.Refusal is not null), static (spc, u) => spc.ReportDiagnostic(u.Refusal!.ToDiagnostic()));
        var uses = memberUses
            .Where(static u => u.Refusal is null)
            .Collect()
            .Combine(valueUses)
            .Combine(modelNames)
            .Select(static (x, _) =>
            {
                var made = new System.Collections.Generic.HashSet<string>(x.Right, System.StringComparer.Ordinal);
                return x.Left.Left.Concat(x.Left.Right)
                    .Where(u => u.RequiresModel is null || made.Contains(u.RequiresModel))
                    .GroupBy(u => u.Statement, System.StringComparer.Ordinal)
                    .Select(g => g.First() with { RequiresModel = null })
                    .OrderBy(u => u.Statement, System.StringComparer.Ordinal)
                    .ToEquatableArray();
            })
            .WithTrackingName(Steps.Uses);

        context.RegisterSourceOutput(registrations.Combine(uses).Combine(moduleInitializer), static (spc, pair) =>
        {
            // Without module initializers (C# < 9 or an old target framework), FudgeFormatterCache finds each
            // formatter through its nested FudgeFormatter.Instance on first use instead.
            var (types, closed) = pair.Left;
            if (types.IsEmpty && closed.IsEmpty || !pair.Right.ModuleInitializer) return;
            spc.AddSource("FudgeFormatterRegistration.g.cs", Emitter.EmitRegistration(types, pair.Right, closed));
        });
    }
}
