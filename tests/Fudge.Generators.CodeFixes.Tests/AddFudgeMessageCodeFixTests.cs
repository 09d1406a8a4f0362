using System;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Generators.CodeFixes;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Testing;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Testing;
using Xunit;

namespace Fudge.Generators.CodeFixes.Tests;

/// <summary>
/// The IDE fix of FUDGE002 for a member whose type is a class or struct of the user's without [FudgeMessage]: it adds
/// the attribute and <c>partial</c>, keeps comments and layout, and is offered for nothing else (a type from another
/// assembly, a type with no mapping at all).
/// </summary>
public class AddFudgeMessageCodeFixTests
{
    [Fact]
    public Task Adds_the_attribute_and_partial_to_a_class_keeping_its_comment_and_modifiers() => Verify(
        """
        using Fudge.Serialization;

        namespace Shop
        {
            [FudgeMessage]
            public partial class Order
            {
                public Address? {|FUDGE002:Ship|} { get; set; }
            }

            /// <summary>Where an order goes.</summary>
            public sealed class Address // the street address
            {
                public string? City { get; set; }
            }
        }
        """,
        """
        using Fudge.Serialization;

        namespace Shop
        {
            [FudgeMessage]
            public partial class Order
            {
                public Address? Ship { get; set; }
            }

            /// <summary>Where an order goes.</summary>
            [FudgeMessage]
            public sealed partial class Address // the street address
            {
                public string? City { get; set; }
            }
        }
        """);

    [Fact]
    public Task Works_for_a_struct_without_modifiers_as_an_element_type() => Verify(
        """
        using System.Collections.Generic;
        using Fudge.Serialization;

        [FudgeMessage]
        partial class Path
        {
            public List<Point>? {|FUDGE002:Points|} { get; set; }
        }

        struct Point
        {
            public int X { get; set; }
        }
        """,
        """
        using System.Collections.Generic;
        using Fudge.Serialization;

        [FudgeMessage]
        partial class Path
        {
            public List<Point>? Points { get; set; }
        }

        [FudgeMessage]
        partial struct Point
        {
            public int X { get; set; }
        }
        """);

    [Fact]
    public Task Works_for_records_and_record_structs() => Verify(
        """
        using Fudge.Serialization;

        [FudgeMessage]
        public partial class Trade
        {
            public Money? {|FUDGE002:Price|} { get; set; }
            public Venue {|FUDGE002:Where|} { get; set; }
        }

        public record Money(decimal Amount, string Currency);

        public readonly record struct Venue(string Mic);
        """,
        """
        using Fudge.Serialization;

        [FudgeMessage]
        public partial class Trade
        {
            public Money? Price { get; set; }
            public Venue Where { get; set; }
        }

        [FudgeMessage]
        public partial record Money(decimal Amount, string Currency);

        [FudgeMessage]
        public readonly partial record struct Venue(string Mic);
        """,
        iterations: 2);

    [Fact]
    public Task Adds_the_using_when_the_attribute_is_not_in_scope() => Verify(
        """
        namespace Shop
        {
            [Fudge.Serialization.FudgeMessage]
            public partial class Order
            {
                public Address? {|FUDGE002:Ship|} { get; set; }
            }

            public class Address
            {
                public string? City { get; set; }
            }
        }
        """,
        """
        using Fudge.Serialization;

        namespace Shop
        {
            [Fudge.Serialization.FudgeMessage]
            public partial class Order
            {
                public Address? Ship { get; set; }
            }

            [FudgeMessage]
            public partial class Address
            {
                public string? City { get; set; }
            }
        }
        """);

    [Fact]
    public Task Makes_the_containing_type_partial_too() => Verify(
        """
        using Fudge.Serialization;

        [FudgeMessage]
        public partial class Order
        {
            public Outer.Line? {|FUDGE002:Line|} { get; set; }
        }

        public static class Outer
        {
            public class Line
            {
                public int Quantity { get; set; }
            }
        }
        """,
        """
        using Fudge.Serialization;

        [FudgeMessage]
        public partial class Order
        {
            public Outer.Line? Line { get; set; }
        }

        public static partial class Outer
        {
            [FudgeMessage]
            public partial class Line
            {
                public int Quantity { get; set; }
            }
        }
        """);

    [Fact]
    public Task Offers_nothing_for_a_type_from_another_assembly()
    {
        const string source = """
            using System.Text;
            using Fudge.Serialization;

            [FudgeMessage]
            public partial class Note
            {
                public StringBuilder? {|FUDGE002:Text|} { get; set; }
            }
            """;
        return Verify(source, source);
    }

    private static async Task Verify(string source, string fixedSource, int iterations = 1)
    {
        var test = new Test { TestCode = source, FixedCode = fixedSource };
        if (iterations != 1) test.NumberOfIncrementalIterations = iterations;
        await test.RunAsync();
    }

    /// <summary>
    /// The code-fix test with the generator's FUDGE002 as its analyzer's, and the references of this process (no
    /// reference-assembly package is downloaded).
    /// </summary>
    private sealed class Test : CSharpCodeFixTest<GeneratorDiagnostics, AddFudgeMessageCodeFix, DefaultVerifier>
    {
        public Test()
        {
            ReferenceAssemblies = new ReferenceAssemblies("net10.0");
            // One fix per type: no fix-all provider. The shim below reports from a compilation action, so its diagnostics
            // are not "local" to a document as the framework wants an analyzer's to be; the generator's are no analyzer's.
            CodeFixTestBehaviors = CodeFixTestBehaviors.SkipFixAllCheck | CodeFixTestBehaviors.SkipLocalDiagnosticCheck;
            // The generator's diagnostics come through GeneratorDiagnostics below, which #pragma warning disable does not reach.
            TestBehaviors |= TestBehaviors.SkipSuppressionCheck;
            var trusted = ((string)AppContext.GetData("TRUSTED_PLATFORM_ASSEMBLIES")!).Split(System.IO.Path.PathSeparator);
            foreach (var path in trusted.Where(p => System.IO.Path.GetFileName(p) is var f && (f.StartsWith("System.", StringComparison.Ordinal) || f is "mscorlib.dll" or "netstandard.dll")))
                TestState.AdditionalReferences.Add(MetadataReference.CreateFromFile(path));
            TestState.AdditionalReferences.Add(MetadataReference.CreateFromFile(typeof(Fudge.Serialization.FudgeMessageAttribute).Assembly.Location));
        }

        protected override ParseOptions CreateParseOptions()
            => ((CSharpParseOptions)base.CreateParseOptions()).WithLanguageVersion(LanguageVersion.Latest);

        protected override CompilationOptions CreateCompilationOptions()
            => ((CSharpCompilationOptions)base.CreateCompilationOptions()).WithNullableContextOptions(NullableContextOptions.Enable);
    }
}

/// <summary>
/// Runs the Fudge source generator on the compilation and reports its FUDGE002 diagnostics as an analyzer would, so
/// that the code-fix test framework (which takes diagnostics from analyzers) sees what the IDE shows from the generator.
/// </summary>
[DiagnosticAnalyzer(LanguageNames.CSharp)]
public sealed class GeneratorDiagnostics : DiagnosticAnalyzer
{
    private static readonly DiagnosticDescriptor Fudge002 = new(
        AddFudgeMessageCodeFix.DiagnosticId, "Member type not supported", "{0}", "Fudge", DiagnosticSeverity.Error, isEnabledByDefault: true);

    public override ImmutableArray<DiagnosticDescriptor> SupportedDiagnostics { get; } = ImmutableArray.Create(Fudge002);

    public override void Initialize(AnalysisContext context)
    {
        context.ConfigureGeneratedCodeAnalysis(GeneratedCodeAnalysisFlags.None);
        context.EnableConcurrentExecution();
        context.RegisterCompilationAction(c =>
        {
            var parseOptions = (CSharpParseOptions)c.Compilation.SyntaxTrees.First().Options;
            var driver = CSharpGeneratorDriver.Create(new[] { new FudgeGenerator().AsSourceGenerator() }, parseOptions: parseOptions);
            foreach (var d in driver.RunGenerators(c.Compilation, c.CancellationToken).GetRunResult().Diagnostics)
            {
                if (d.Id != Fudge002.Id) continue;
                // The generator reports at Location.Create(path, span, lineSpan), a location outside any syntax tree (its
                // incremental model keeps no trees); the IDE finds the document by the path, the test framework only by
                // the tree, and without one it offers the diagnostic to no fix (RegisterByHandTests). Put it in its tree.
                var tree = c.Compilation.SyntaxTrees.Single(t => t.FilePath == d.Location.GetLineSpan().Path);
                c.ReportDiagnostic(Diagnostic.Create(Fudge002, Location.Create(tree, d.Location.SourceSpan), d.GetMessage(System.Globalization.CultureInfo.InvariantCulture)));
            }
        });
    }
}
