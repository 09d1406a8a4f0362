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
        var emitOptions = languageVersion
            .Select(static (v, _) => new EmitOptions(NullableDirectives: v >= (int)LanguageVersion.CSharp8))
            .WithTrackingName(Steps.EmitOptions);

        context.RegisterSourceOutput(models.Combine(emitOptions),
            static (spc, pair) => spc.AddSource(pair.Left.HintName, Emitter.Emit(pair.Left, pair.Right)));

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

        var registrations = models
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

        context.RegisterSourceOutput(registrations.Combine(moduleInitializer), static (spc, pair) =>
        {
            // Without module initializers (C# < 9 or an old target framework), FudgeFormatterCache finds each
            // formatter through its nested FudgeFormatter.Instance on first use instead.
            if (pair.Left.IsEmpty || !pair.Right.ModuleInitializer) return;
            spc.AddSource("FudgeFormatterRegistration.g.cs", Emitter.EmitRegistration(pair.Left, pair.Right));
        });
    }
}
