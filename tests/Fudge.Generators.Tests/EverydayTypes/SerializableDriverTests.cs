using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// The generator on [assembly: FudgeSerializable(typeof(...))]: the declared closed type gets what a FudgeSerializer
/// call's type argument gets (its generic formatter and generated value formatters, registered), and FUDGE017 at the
/// typeof when the type cannot be serialized.
/// </summary>
public class SerializableDriverTests
{
    private const string Table = "https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/generator-types.md#wire-mapping";

    private const string Models = """
        [FudgeMessage] public partial class Page<T> { public T? Item { get; set; } public System.Collections.Generic.List<T>? Items { get; set; } }
        [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class OrdinalPage<T> { [FudgeField(1)] public T? Item { get; set; } }
        public interface IShape { }
        public class Address { }
        """;

    private static string Source(string attributes)
        => "using Fudge.Serialization;\nusing System.Collections.Immutable;\nusing D;\n" + attributes + "\nnamespace D {\n" + Models + "\n}";

    private static (Compilation Output, System.Collections.Immutable.ImmutableArray<Diagnostic> Diagnostics, string Registration) Run(string attributes)
    {
        string source = Source(attributes);
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));
        string registration = run.GeneratedTrees.SingleOrDefault(t => t.FilePath.EndsWith("FudgeFormatterRegistration.g.cs", StringComparison.Ordinal))?.ToString() ?? "";
        return (output, diagnostics, registration.Replace("global::Fudge.Serialization.", "").Replace("global::System.Collections.Immutable.", "").Replace("global::D.", ""));
    }

    [Fact]
    public void A_declared_closed_type_is_registered_with_its_value_formatters_in_both_field_modes()
    {
        var (output, diagnostics, registration) = Run("""
            [assembly: FudgeSerializable(typeof(Page<ImmutableList<int>>))]
            [assembly: Fudge.Serialization.FudgeSerializableAttribute(typeof(OrdinalPage<(int, string)>))]
            """);
        Assert.Empty(diagnostics);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
        Assert.Contains("FudgeFormatterCache<Page<ImmutableList<int>>>.Register(Page<ImmutableList<int>>.FudgeFormatter.Instance);", registration, StringComparison.Ordinal);
        Assert.Contains("FudgeValueFormatterCache<ImmutableList<int>>.Register(new __FudgeValue_", registration, StringComparison.Ordinal);
        Assert.Contains("FudgeFormatterCache<OrdinalPage<(int, string)>>.Register(OrdinalPage<(int, string)>.FudgeFormatter.Instance);", registration, StringComparison.Ordinal);
        Assert.Contains("FudgeValueFormatterCache<(int, string)>.Register(new __FudgeValue_", registration, StringComparison.Ordinal);
    }

    [Fact]
    public void A_declared_collection_object_or_interface_gets_a_value_formatter()
    {
        var (output, diagnostics, registration) = Run("""
            [assembly: FudgeSerializable(typeof(ImmutableHashSet<string>))]
            [assembly: FudgeSerializable(typeof(object))]
            [assembly: FudgeSerializable(typeof(IShape))]
            [assembly: FudgeSerializable(typeof(int))]
            """);
        Assert.Empty(diagnostics);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
        Assert.Equal(3, registration.Split("private sealed class __FudgeValue_").Length - 1); // not int: the runtime's own
        Assert.Contains("FudgeValueFormatterCache<ImmutableHashSet<string>>.Register(", registration, StringComparison.Ordinal);
        Assert.Contains("FudgeValueFormatterCache<object>.Register(", registration, StringComparison.Ordinal);
        Assert.Contains("FudgeValueFormatterCache<IShape>.Register(", registration, StringComparison.Ordinal);
    }

    [Fact]
    public void Without_the_declaration_nothing_is_registered()
        => Assert.DoesNotContain("ImmutableList<int>", Run("").Registration, StringComparison.Ordinal);

    [Theory]
    [InlineData("typeof(Page<>)", "Page<>", "'Page<>' is an open generic type; name each closed use, such as 'Page<int>'")]
    [InlineData("typeof(System.IO.Stream)", "Stream", "it has no Fudge mapping; use a supported type (see " + Table + ")")]
    [InlineData("typeof(Address)", "Address", "it has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address'")]
    [InlineData("typeof(ImmutableList<System.Action>)", "ImmutableList<Action>", "its element type 'Action' has no Fudge mapping; use a supported type (see " + Table + ")")]
    public void A_type_that_cannot_be_serialized_is_FUDGE017_at_the_typeof(string typeOf, string shown, string why)
    {
        string attribute = $"[assembly: FudgeSerializable({typeOf})]";
        var (_, diagnostics, _) = Run(attribute);
        var diagnostic = Assert.Single(diagnostics);
        Assert.Equal("FUDGE017", diagnostic.Id);
        Assert.Equal(DiagnosticSeverity.Error, diagnostic.Severity);
        Assert.Equal($"[assembly: FudgeSerializable(typeof({shown}))] declares a type Fudge cannot serialize: {why}", diagnostic.GetMessage());
        Assert.Equal(typeOf, Source(attribute).Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
        Assert.Equal("https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/generator.md#fudge017", diagnostic.Descriptor.HelpLinkUri);
    }

    [Fact]
    public void A_declared_generic_type_with_an_unsupported_type_argument_is_FUDGE016()
    {
        var (_, diagnostics, _) = Run("[assembly: FudgeSerializable(typeof(Page<System.Lazy<int>>))]");
        Assert.Equal("FUDGE016", Assert.Single(diagnostics).Id);
    }
}
