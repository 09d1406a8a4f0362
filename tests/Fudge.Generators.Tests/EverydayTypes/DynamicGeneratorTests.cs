using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>The generator's side of object and interface members: what compiles, what is registered, what is refused.</summary>
public class DynamicGeneratorTests
{
    private const string Members = """
        using System.Collections.Generic;
        using Fudge.Serialization;
        namespace Dyn
        {
            [FudgeUnion("c", typeof(Circle))]
            public interface IShape { }
            public interface IPlain { }
            public abstract class Animal { }
            [FudgeMessage] public partial class Circle : IShape, IPlain { public double R { get; set; } }
            [FudgeMessage(TypeName = "acme.Dog")] public partial class Dog : Animal { public string Name { get; set; } }
            [FudgeMessage]
            public partial class Holder
            {
                public object Value { get; set; }
                public Dictionary<string, object> Bag { get; set; }
                public List<object> Items { get; set; }
                public object[] Array { get; set; }
                public IShape Shape { get; set; }
                public List<IShape> Shapes { get; set; }
                public Dictionary<string, IPlain> Plains { get; set; }
                public Animal Pet { get; set; }
            }
            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
            public partial class OrdinalHolder
            {
                [FudgeField(1)] public object Value { get; set; }
                [FudgeField(2)] public IShape Shape { get; set; }
            }
        }
        """;

    [Theory]
    [InlineData(LanguageVersion.CSharp7_3)]
    [InlineData(LanguageVersion.CSharp12)]
    public void Object_and_interface_members_compile_cleanly(LanguageVersion version)
    {
        var (output, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(version, nullable: false, Members));
        Assert.Empty(diagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
    }

    [Fact]
    public void Every_message_type_is_registered_under_the_name_an_object_member_writes()
    {
        var (_, _, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: false, Members));
        string registration = run.GeneratedTrees.Single(t => t.FilePath.EndsWith("FudgeFormatterRegistration.g.cs", StringComparison.Ordinal)).ToString();
        Assert.Contains("FudgeClassRegistry.Register<global::Dyn.Circle>(\"c\", true);", registration); // its union name, written by itself
        Assert.Contains("FudgeClassRegistry.Register<global::Dyn.Dog>(\"acme.Dog\", false);", registration); // its TypeName
        Assert.Contains("FudgeClassRegistry.Register<global::Dyn.Holder>(\"Dyn.Holder\", false);", registration); // its .NET name
    }

    [Theory]
    [InlineData("public class NotMessage : IShape { } [{|FudgeUnion(\"n\", typeof(NotMessage))|}] public interface IShape { }")]
    [InlineData("[FudgeMessage] public partial class Other { } [{|FudgeUnion(\"o\", typeof(Other))|}] public interface IShape { }")]
    [InlineData("[FudgeMessage] public partial class A : IShape { } [FudgeUnion(\"a\", typeof(A))] [{|FudgeUnion(\"a\", typeof(A))|}] public interface IShape { }")]
    public void A_wrong_FudgeUnion_on_an_interface_is_FUDGE011_at_the_attribute(string markedSource)
    {
        int start = markedSource.IndexOf("{|", StringComparison.Ordinal);
        int end = markedSource.IndexOf("|}", StringComparison.Ordinal);
        string expectedText = markedSource.Substring(start + 2, end - start - 2);
        string source = "using Fudge.Serialization;\nnamespace D {\n" + markedSource.Replace("{|", "").Replace("|}", "") + "\n}";
        var (_, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));
        var diagnostic = Assert.Single(diagnostics, d => d.Id == "FUDGE011");
        Assert.Equal(expectedText, source.Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
        Assert.Contains("D.IShape", diagnostic.GetMessage(System.Globalization.CultureInfo.InvariantCulture));
    }

    [Theory]
    [InlineData("System.IDisposable")]
    [InlineData("System.Collections.IList")]
    [InlineData("System.IO.Stream")]
    public void A_BCL_interface_or_abstract_class_is_still_refused(string type)
    {
        string source = "using Fudge.Serialization;\nnamespace D { [FudgeMessage] public partial class M { public " + type + " A { get; set; } } }";
        var (_, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: false, source));
        Assert.Contains(diagnostics, d => d.Id == "FUDGE002");
    }
}
