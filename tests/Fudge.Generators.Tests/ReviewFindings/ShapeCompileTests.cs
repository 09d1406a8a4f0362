using System;
using System.Collections.Generic;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.ReviewFindings;

/// <summary>Shapes a demanding user tries: each either gets a formatter that compiles without warnings or a FUDGE diagnostic, never broken code.</summary>
public class ShapeCompileTests
{
    private const string Usings = "using System; using System.Collections.Generic; using System.Diagnostics.CodeAnalysis; using Fudge; using Fudge.Serialization;\n";

    public static IEnumerable<object[]> CleanShapes() => new[]
    {
        new object[] { "required member set by a constructor without [SetsRequiredMembers]",
            "namespace S { [FudgeMessage] public partial class P { public P(string name) { Name = name; } public required string Name { get; init; } public int Age { get; set; } } }" },
        new object[] { "required member set by a [SetsRequiredMembers] constructor",
            "namespace S { [FudgeMessage] public partial class P { [SetsRequiredMembers] public P(string name) { Name = name; } public required string Name { get; init; } } }" },
        new object[] { "class with only a primary constructor",
            "namespace S { [FudgeMessage] public partial class P(int a, string b) { public int A { get; } = a; public string B { get; } = b; } }" },
        new object[] { "readonly struct with a constructor",
            "namespace S { [FudgeMessage] public readonly partial struct P { public P(int a, double b) { A = a; B = b; } public int A { get; } public double B { get; } } }" },
        new object[] { "positional record struct",
            "namespace S { [FudgeMessage] public partial record struct P(int X, string? Y); }" },
        new object[] { "record with an explicit constructor and extra properties",
            "namespace S { [FudgeMessage] public partial record P { public P(int a) { A = a; } public int A { get; } public string? Extra { get; set; } public int Init { get; init; } } }" },
        new object[] { "types named like System types",
            "namespace S { [FudgeMessage] public partial class String { public int Value { get; set; } } [FudgeMessage] public partial class Action { public String? S { get; set; } public global::System.String? T { get; set; } public List<String>? L { get; set; } } public class Int32 { } public class Byte { } }" },
        new object[] { "a namespace named System inside the user's namespace",
            "namespace S.System { public class Object { } } namespace S { [FudgeMessage] public partial class P { public int A { get; set; } public global::System.Guid G { get; set; } } }" },
        new object[] { "keyword member names",
            "namespace S { [FudgeMessage] public partial class P { public int @class { get; set; } public string? @event; public List<int>? @params { get; set; } } }" },
        new object[] { "member hiding a base member with new",
            "namespace S { public class B { public int X { get; set; } public int Y { get; set; } } [FudgeMessage] public partial class P : B { public new string? X { get; set; } } }" },
        new object[] { "nested in a static class",
            "namespace S { public static partial class Holder { [FudgeMessage] public partial class P { public int A { get; set; } } } }" },
        new object[] { "nested in a readonly struct and a record struct",
            "namespace S { public readonly partial struct Holder { public partial record struct Inner { [FudgeMessage] internal partial class P { public int A { get; set; } } } } }" },
        new object[] { "nested in an interface",
            "namespace S { public partial interface IHolder { [FudgeMessage] public partial class P { public int A { get; set; } } } }" },
        new object[] { "internal nested type",
            "namespace S { public partial class Holder { [FudgeMessage] internal partial class P { public int A { get; set; } } [FudgeMessage] protected internal partial class Q { [FudgeField] private P? Child { get; set; } } } }" },
        new object[] { "enums of every underlying type",
            "namespace S { public enum E8 : sbyte { A = -1 } public enum EU8 : byte { A = 255 } public enum E16 : short { A } public enum EU16 : ushort { A = 65535 } public enum EU32 : uint { A = uint.MaxValue } public enum E64 : long { A = long.MinValue } [Flags] public enum EU64 : ulong { A = 1, B = ulong.MaxValue } [FudgeMessage] public partial class P { public E8 A { get; set; } public EU8 B { get; set; } public E16 C { get; set; } public EU16 D { get; set; } public EU32 E { get; set; } public E64 F { get; set; } public EU64 G { get; set; } public EU64? H { get; set; } public List<EU8>? I { get; set; } public Dictionary<EU64, E8>? J { get; set; } } }" },
        new object[] { "collections of nullables and nested collections",
            "namespace S { [FudgeMessage] public partial class P { public List<int?>? A { get; set; } public int?[]? B { get; set; } public List<string?>? C { get; set; } public List<List<int>>? D { get; set; } public Dictionary<string, List<P>>? E { get; set; } public Dictionary<Guid, DateTime>? F { get; set; } public Dictionary<DateTime, int>? G { get; set; } public IReadOnlyDictionary<char, decimal>? H { get; set; } public HashSet<string>? I { get; set; } public IEnumerable<int>? J { get; set; } public IReadOnlySet<long>? K { get; set; } public byte[][]? L { get; set; } public List<byte>? M { get; set; } public int?[][]? N { get; set; } public Dictionary<string, int?[]>? O { get; set; } public Memory<byte>? Q { get; set; } public ReadOnlyMemory<byte>? R { get; set; } public List<ReadOnlyMemory<byte>>? T { get; set; } public Dictionary<TimeSpan, DateOnly>? U { get; set; } } }" },
        new object[] { "nested struct messages, nullable and in collections",
            "namespace S { [FudgeMessage] public partial struct Pt { public int X; public int Y; } [FudgeMessage] public partial class P { public Pt? A { get; set; } public List<Pt?>? B { get; set; } public Pt[]? C { get; set; } public Dictionary<int, Pt?>? D { get; set; } } }" },
        new object[] { "private members opted in, private setters, protected setters on a base",
            "namespace S { public class B { public int Z { get; protected set; } } [FudgeMessage] public partial class P : B { [FudgeField] private int _a; [FudgeField] private string? Hidden { get; set; } public int Q { get; private set; } public int R { get; private init; } } }" },
        new object[] { "required field and required init in a struct",
            "namespace S { [FudgeMessage] public partial struct P { public required int A; public required string B { get; init; } } }" },
        new object[] { "required members inherited from a plain base",
            "namespace S { public class B { public required string Id { get; init; } } [FudgeMessage] public partial class P : B { public int A { get; set; } } }" },
        new object[] { "record with a required property and positional parameters",
            "namespace S { [FudgeMessage] public partial record P(int A) { public required string B { get; init; } } }" },
        new object[] { "sealed derived of an abstract union base, in another namespace",
            "namespace S { [FudgeMessage, FudgeUnion(\"D\", typeof(T.D))] public abstract partial class B { public int Id { get; set; } } } namespace S.T { [FudgeMessage] public sealed partial class D : S.B { public string? X { get; set; } } }" },
        new object[] { "members named like the generated locals and parameters",
            "namespace S { [FudgeMessage] public partial class P { public int value { get; set; } public int writer { get; set; } public int reader { get; set; } public int key { get; set; } public int __result { get; set; } public int __extra { get; set; } public int __start { get; set; } public List<int>? __sub { get; set; } public int Instance { get; set; } public int Read { get; set; } public int Write { get; set; } } }" },
        new object[] { "a type whose nested type names shadow the ones the generator uses",
            "namespace S { [FudgeMessage] public partial class P { public int A { get; set; } public List<int>? L { get; set; } public class Fudge { } public class System { } public class FudgeFormatterHelpers { } public class IFudgeFormatter<T> { } } }" },
        new object[] { "constructor parameter defaults of many kinds",
            "namespace S { public enum E { A, B } [FudgeMessage] public partial record P(int A = -1, long B = long.MinValue, double C = double.NaN, float D = -0.5f, string? E = \"q\\\"\\n\", char F = '\\'', decimal G = 1.50m, E H = E.B, bool I = true, int? J = null, E? K = E.B, uint L = 5, ulong M = ulong.MaxValue, short N = -3, byte O = 200, sbyte Q = -128, double R = double.PositiveInfinity, string? S = null, DateTime T = default); }" },
        new object[] { "get-only collection properties",
            "namespace S { [FudgeMessage] public partial class P { public List<int> A { get; } = new(); public IList<string?> B { get; } = new List<string?>(); public ICollection<int?> C { get; } = new List<int?>(); public HashSet<Guid> D { get; } = new(); public ISet<int> E { get; } = new HashSet<int>(); public Dictionary<string, List<int>> F { get; } = new(); public IDictionary<int, P?> G { get; } = new Dictionary<int, P?>(); [FudgeField] public List<long> H => _h; private readonly List<long> _h = new(); public List<int> Computed => new(); } }" },
        new object[] { "private setters on [FudgeMessage] bases, two levels deep, keyword names",
            "namespace S { [FudgeMessage] public partial class A { public int X { get; private set; } public string? @class { get; private set; } public int Y { get; protected init; } } [FudgeMessage] public partial class B : A { public int Z { get; private set; } } [FudgeMessage] public sealed partial class C : B { public int W { get; set; } } }" },
        new object[] { "an FudgeMsg member in a struct and extensible struct",
            "namespace S { [FudgeMessage] public partial struct P : IFudgeExtensible { public FudgeMsg? Msg { get; set; } public FudgeMsg? ExtensionData { get; set; } } }" },
    };

    [Theory]
    [MemberData(nameof(CleanShapes))]
    public void Shape_gets_a_formatter_that_compiles_without_warnings(string shape, string source)
    {
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, Usings + source));
        Assert.True(diagnostics.IsEmpty, shape + ": " + string.Join("; ", diagnostics));
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, shape + Environment.NewLine + string.Join(Environment.NewLine, problems)
            + Environment.NewLine + string.Join(Environment.NewLine, run.GeneratedTrees.Select(t => t.ToString())));
        Assert.Contains(run.GeneratedTrees, t => t.ToString().Contains("class FudgeFormatter", StringComparison.Ordinal));
    }

    [Fact]
    public void The_review_fixes_emit_code_that_compiles_as_csharp_7_3()
    {
        const string source = """
            using System.Collections.Generic;
            using Fudge;
            using Fudge.Serialization;
            namespace Old
            {
                [FudgeMessage, FudgeUnion("D", typeof(Derived))]
                public partial class Base : IFudgeExtensible
                {
                    private readonly List<int> _items = new List<int>();
                    public List<int> Items { get { return _items; } }
                    [FudgeField] public Dictionary<string, int> Map { get { return _map; } }
                    private readonly Dictionary<string, int> _map = new Dictionary<string, int>();
                    public string Id { get; private set; }
                    public FudgeMsg ExtensionData { get; set; }
                }
                [FudgeMessage]
                public partial class Derived : Base { public int X { get; set; } }
            }
            """;
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp7_3, nullable: false, source));
        Assert.Empty(diagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems) + Environment.NewLine
            + string.Join(Environment.NewLine, run.GeneratedTrees.Select(t => t.ToString())));
        string generated = string.Join("\n", run.GeneratedTrees.Select(t => t.ToString()));
        Assert.Contains("__Set_Id", generated);        // Derived sets Base.Id through Base's formatter
        Assert.Contains(".Clear();", generated);        // the explicit get-only Map is filled in place
    }

    [Fact]
    public void Generated_public_api_is_documented_for_projects_that_require_xml_docs()
    {
        const string source = """
            using System.Collections.Generic;
            using Fudge;
            using Fudge.Serialization;
            namespace Documented
            {
                /// <summary>A base.</summary>
                [FudgeMessage, FudgeUnion("D", typeof(Derived))]
                public partial class Base : IFudgeExtensible
                {
                    /// <summary>Id.</summary>
                    public string? Id { get; private set; }
                    /// <summary>Items.</summary>
                    public List<int> Items { get; } = new();
                    /// <summary>Map.</summary>
                    public Dictionary<string, List<int?>>? Map { get; set; }
                    /// <summary>Extras.</summary>
                    public FudgeMsg? ExtensionData { get; set; }
                }
                /// <summary>A derived type.</summary>
                [FudgeMessage] public partial class Derived : Base { /** <summary>X.</summary> */ public required int X { get; init; } }
                /// <summary>A compact type.</summary>
                [FudgeMessage(Fields = FudgeFieldIds.Taxonomy, TaxonomyId = 3)] public partial record Compact([property: FudgeField(1)] int A);
            }
            """;
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source);
        var options = ((CSharpParseOptions)compilation.SyntaxTrees.First().Options).WithDocumentationMode(DocumentationMode.Diagnose);
        compilation = compilation.ReplaceSyntaxTree(compilation.SyntaxTrees.First(), CSharpSyntaxTree.ParseText(source, options, "Source0.cs"));
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(compilation);
        Assert.Empty(diagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems) + Environment.NewLine
            + string.Join(Environment.NewLine, run.GeneratedTrees.Select(t => t.ToString())));
    }

    public static IEnumerable<object[]> RejectedShapes() => new[]
    {
        new object[] { "FUDGE002", "namespace S { [FudgeMessage] public partial class P { public int[,][,]? A { get; set; } } }" }, // Half, Int128, nint, int[,], object, List<object>: mapped since issue 41
        new object[] { "FUDGE002", "namespace S { [FudgeMessage] public partial class P { public Dictionary<int?, int>? A { get; set; } } }" },
        // A type nested in a generic type is supported now (EverydayTypes/GenericTests); a generic union case is not.
        new object[] { "FUDGE006", "namespace S { [FudgeMessage] [FudgeUnion(\"C\", typeof(C<int>))] public abstract partial class B { } [FudgeMessage] public partial class C<T> : B { } }" },
        new object[] { "FUDGE005", "namespace S { public partial class H { [FudgeMessage] private partial class P { public int A { get; set; } } } }" },
    };

    [Fact]
    public void A_member_of_an_unknown_type_gets_only_the_compiler_error()
    {
        // Finding: while the user types a type name, FUDGE002 claimed the (unknown) type "has no Fudge mapping".
        const string source = "namespace S { [FudgeMessage] public partial class P { public int A { get; set; } public List<Unknwn>? B { get; set; } public Missing? C { get; set; } } }";
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, Usings + source));
        Assert.Empty(diagnostics);
        Assert.DoesNotContain(run.GeneratedTrees, t => t.ToString().Contains("class FudgeFormatter", StringComparison.Ordinal));
        Assert.Equal(new[] { "CS0246", "CS0246" }, output.GetDiagnostics().Where(d => d.Severity == DiagnosticSeverity.Error).Select(d => d.Id).ToArray());
    }

    [Theory]
    [MemberData(nameof(RejectedShapes))]
    public void Unsupported_shape_gets_a_diagnostic_and_no_broken_code(string id, string source)
    {
        var (output, diagnostics, _) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, Usings + source));
        Assert.Contains(diagnostics, d => d.Id == id);
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error);
    }
}
