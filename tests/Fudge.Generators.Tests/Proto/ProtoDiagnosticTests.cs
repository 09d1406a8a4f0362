using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>Every syntax and semantic error of a .proto file is a diagnostic with an id, at the file's line and column.</summary>
public class ProtoDiagnosticTests
{
    /// <summary>Asserts exactly the diagnostic <paramref name="id"/> at 1-based <paramref name="line"/>:<paramref name="column"/> (first one if several).</summary>
    private static void AssertDiagnostic(string proto, string id, int line, int column)
    {
        var (diagnostics, _) = ProtoDriver.Run(proto, "errors.proto");
        var found = diagnostics.FirstOrDefault(d => d.Id == id);
        Assert.True(found is not null, $"no {id}; got: " + string.Join("; ", diagnostics));
        var position = found!.Location.GetLineSpan();
        Assert.Equal("errors.proto", position.Path);
        Assert.Equal((line, column), (position.StartLinePosition.Line + 1, position.StartLinePosition.Character + 1));
        Assert.False(string.IsNullOrWhiteSpace(found.GetMessage()));
    }

    [Theory]
    [InlineData("message A {\n  int x = 1\n}", "FUDGEP002", 3, 1)]                       // missing ';'
    [InlineData("message A {\n  int 5x;\n}", "FUDGEP002", 2, 7)]                          // not a field name
    [InlineData("mesage A { }", "FUDGEP002", 1, 1)]
    [InlineData("message A {\n  string s [default = \"open];\n}", "FUDGEP001", 2, 23)]    // unterminated string
    [InlineData("message A { int x; } /* open comment", "FUDGEP001", 1, 22)]
    [InlineData("message A {\n  int x; # \n}", "FUDGEP001", 2, 10)]                      // stray character
    [InlineData("message A {\n  Missing m;\n}", "FUDGEP004", 2, 3)]                       // unknown type
    [InlineData("message A extends Nope { }", "FUDGEP004", 1, 19)]                        // unknown base
    [InlineData("namespace foo {\n  message Foo { }\n}\nnamespace foo {\n  message Foo { }\n}", "FUDGEP003", 5, 11)] // duplicate definition
    [InlineData("message A {\n  int x;\n  long x;\n}", "FUDGEP005", 3, 8)]                // duplicate field name
    [InlineData("message A {\n  int x = 1;\n  int y = 1;\n}", "FUDGEP006", 3, 11)]        // duplicate ordinal
    [InlineData("message A {\n  int x = 0;\n}", "FUDGEP007", 2, 11)]                      // reserved ordinal
    [InlineData("message A {\n  int x = 40000;\n}", "FUDGEP007", 2, 11)]
    [InlineData("message A extends B { }\nmessage B extends A { }", "FUDGEP008", 1, 19)]   // cycle in extends
    [InlineData("enum E { X; }\nmessage A extends E { }", "FUDGEP009", 2, 19)]             // extends a non-message
    [InlineData("message A {\n  int x [default = \"s\"];\n}", "FUDGEP010", 2, 20)]        // bad default for the type
    [InlineData("message A {\n  byte x [default = 300];\n}", "FUDGEP010", 2, 21)]
    [InlineData("message A {\n  bool b [default = 2];\n}", "FUDGEP010", 2, 21)]
    [InlineData("message A {\n  string s [default = \"\\u12\"];\n}", "FUDGEP010", 2, 23)]
    [InlineData("message B { int i; }\nmessage A {\n  B b [default = (1, 2)];\n}", "FUDGEP010", 3, 18)]
    [InlineData("enum E { X; }\nmessage A {\n  E e [default = Y];\n}", "FUDGEP010", 3, 18)]
    [InlineData("message A {\n  int[0] x;\n}", "FUDGEP011", 2, 7)]                         // bad array size
    [InlineData("message A {\n  int[-3] x;\n}", "FUDGEP011", 2, 7)]
    [InlineData("taxonomy T {\n  import Nope;\n}", "FUDGEP012", 2, 10)]                    // import of an unknown message
    [InlineData("enum E { X; }\ntaxonomy T {\n  import E;\n}", "FUDGEP012", 3, 10)]
    [InlineData("enum E {\n  A = 1;\n  B = 1;\n}", "FUDGEP013", 3, 3)]                     // duplicate enum value
    [InlineData("enum E {\n  A;\n  A;\n}", "FUDGEP013", 3, 3)]
    [InlineData("taxonomy T {\n  A = 1;\n  B = 1;\n}", "FUDGEP013", 3, 7)]
    [InlineData("taxonomy T {\n  A;\n  A;\n}", "FUDGEP013", 3, 3)]                      // a name twice (Fudge-Proto: already defined)
    [InlineData("message M { int x = 1; }\ntaxonomy T {\n  A = 1;\n  import M;\n}", "FUDGEP013", 4, 10)] // an imported ordinal taken: at the import, as in Java
    [InlineData("message A { }\nmessage B { }\nmessage C extends A, B { }", "FUDGEP014", 3, 22)] // multiple inheritance
    [InlineData("message A {\n  int x;\n  binding CSharp { colour \"red\"; }\n}", "FUDGEP015", 3, 20)] // unknown C# binding key
    [InlineData("message A {\n  int foo;\n  int Foo;\n}", "FUDGEP017", 3, 7)]                // same C# property
    [InlineData("message A {\n  required optional int x;\n}", "FUDGEP018", 2, 25)]
    [InlineData("message A {\n  readonly mutable int x;\n}", "FUDGEP018", 2, 24)]
    [InlineData("message A { readonly int x; }\nmessage B extends A {\n  int x [default = 2];\n}", "FUDGEP018", 3, 7)]   // mutability differs from the base's (Java: CheckDefinitions)
    [InlineData("message A { int x; }\nmessage B extends A {\n  readonly int x [default = 2];\n}", "FUDGEP018", 3, 16)]
    // A redeclared inherited field that Fudge-Proto's compiler rejects (CheckDefinitions.checkMessageInheritance).
    [InlineData("message A { int x; }\nmessage B extends A {\n  long x [default = 2];\n}", "FUDGEP021", 3, 8)]      // another type
    [InlineData("message A { int[] x; }\nmessage B extends A {\n  int[4] x;\n}", "FUDGEP021", 3, 10)]                // a fixed size over a variable one
    [InlineData("message A { int x; }\nmessage B extends A {\n  repeated int x;\n}", "FUDGEP022", 3, 16)]            // repeated over single
    [InlineData("message A { repeated int x; }\nmessage B extends A {\n  int x [default = 2];\n}", "FUDGEP022", 3, 7)] // single over repeated
    [InlineData("message A { required int x; }\nmessage B extends A {\n  optional int x [default = 2];\n}", "FUDGEP023", 3, 16)]
    [InlineData("message A { required int x; }\nmessage B extends A {\n  int x [default = 2];\n}", "FUDGEP023", 3, 7)] // unmarked is optional
    public void Error_is_located(string proto, string id, int line, int column) => AssertDiagnostic(proto, id, line, column);

    // Fudge-Proto's compiler warns of these too (BuildSemanticRepresentation); warnings do not stop generation.
    [Theory]
    [InlineData("message M { int x; }\ntaxonomy T {\n  import M;\n  x;\n}", "FUDGEP019", 4, 3)]    // given after an import brought it
    [InlineData("message M { int x; }\ntaxonomy T {\n  x;\n  import M;\n}", "FUDGEP019", 3, 3)]    // imported after it was given: Java warns at the given entry too
    [InlineData("message M { message Inner { int deep; } }\ntaxonomy T {\n  deep;\n  import M;\n}", "FUDGEP019", 3, 3)] // through a nested message
    [InlineData("taxonomy T { A; }\nmessage M uses T {\n  int a;\n}", "FUDGEP020", 2, 16)]          // uses: ignored (at the taxonomy's name, as Java)
    [InlineData("message A { int x; }\nmessage B extends A {\n  int x;\n}", "FUDGEP024", 3, 7)]                       // redundant override
    [InlineData("message A { int x [default = 1]; }\nmessage B extends A {\n  int x [default = 1];\n}", "FUDGEP024", 3, 7)] // the same default
    [InlineData("message A { required int x [default = 1]; }\nmessage B extends A {\n  required int x [default = 2];\n}", "FUDGEP024", 3, 16)] // another default of the same kind: no change to Fudge-Proto
    public void Warning_is_located(string proto, string id, int line, int column)
    {
        AssertDiagnostic(proto, id, line, column);
        var (diagnostics, output) = ProtoDriver.Run(proto, "errors.proto");
        Assert.Equal(DiagnosticSeverity.Warning, Assert.Single(diagnostics).Severity);
        Assert.True(output.SyntaxTrees.Count() > 1);
    }

    [Theory]
    [InlineData("message M { int x; }\nmessage N { int x; }\ntaxonomy T { import M; import N; }")]   // two imports: Java says nothing
    [InlineData("message M { int x; }\ntaxonomy T { import M; x = 5; }")]                              // given with an ordinal
    [InlineData("message M { int x; }\ntaxonomy T { x = 5; import M; }")]
    public void Taxonomies_Java_does_not_warn_of_are_not_warned_of(string proto)
        => Assert.Empty(ProtoDriver.Run(proto, "errors.proto").Diagnostics);

    [Fact]
    public void A_name_given_and_imported_keeps_its_first_entry()
    {
        // The warning changes nothing: x keeps the automatic ordinal the import gave it (1); y takes 1 too, since the
        // count restarts after an import (docs/proto.md, wire rule 10).
        var (_, output) = ProtoDriver.Run("message M { int x; }\ntaxonomy T { import M; x; y; }", "errors.proto");
        var taxonomy = output.GetTypeByMetadataName("T")!;
        Assert.Equal((short)1, taxonomy.GetMembers("x").OfType<IFieldSymbol>().Single().ConstantValue);
        Assert.Equal((short)1, taxonomy.GetMembers("y").OfType<IFieldSymbol>().Single().ConstantValue);
    }

    [Theory]
    [InlineData("message A { int x; }\nmessage B extends A { repeated long x; }", "FUDGEP021")]               // type first, as Java
    [InlineData("message A { readonly int x; }\nmessage B extends A { repeated mutable int x; }", "FUDGEP018")] // then mutability
    [InlineData("message A { required int x; }\nmessage B extends A { repeated int x; }", "FUDGEP022")]      // then repeat
    public void A_redeclaration_gets_one_diagnostic_in_Java_s_order(string proto, string id)
        => Assert.Equal(id, Assert.Single(ProtoDriver.Run(proto, "errors.proto").Diagnostics).Id);

    [Fact]
    public void Redeclarations_are_kept_or_dropped_as_Fudge_Protos_compiler_does()
    {
        // A default where the base had none is kept (x, also made required); a default of the same kind as the base's
        // counts as no change to Fudge-Proto's compiler (LiteralValue.equals), so y, e and s are dropped, with a warning.
        const string proto = "enum E { P; Q; }\nmessage A { int x; double y [default = 1]; E e [default = P]; readonly string s [default = \"a\"]; }\n"
            + "message B extends A { required int x [default = 3]; double y [default = 2]; E e [default = Q]; readonly string s [default = \"b\"]; }";
        var (diagnostics, output) = ProtoDriver.Run(proto, "errors.proto");
        Assert.Equal(new[] { "FUDGEP024", "FUDGEP024", "FUDGEP024" }, diagnostics.Select(d => d.Id));
        Assert.All(diagnostics, d => Assert.Contains("dropped", d.GetMessage(), StringComparison.Ordinal));
        Assert.NotNull(output.GetTypeByMetadataName("B"));
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
    }

    [Theory]
    [InlineData("")]
    [InlineData("// only a comment\n/** and a documentation comment */\n")]
    public void A_file_without_definitions_is_warned_of_at_its_start(string proto)
    {
        var (diagnostics, _) = ProtoDriver.Run(proto, "errors.proto");
        var warning = Assert.Single(diagnostics);
        Assert.Equal(("FUDGEP025", DiagnosticSeverity.Warning), (warning.Id, warning.Severity));
        var position = warning.Location.GetLineSpan();
        Assert.Equal(("errors.proto", 0, 0), (position.Path, position.StartLinePosition.Line, position.StartLinePosition.Character));
    }

    [Theory]
    [InlineData("namespace n { }")]        // a definition, though an empty one: Java's parser finds a root object
    [InlineData("extern message M;")]
    public void A_file_with_any_definition_is_not_warned_of(string proto)
        => Assert.Empty(ProtoDriver.Run(proto, "errors.proto").Diagnostics);

    [Theory]
    [InlineData("samples/proto")]
    [InlineData("benchmarks/Fudge.Proto.Benchmarks/FudgeProtos")]
    public void The_repository_s_other_schemas_give_no_diagnostic(string folder)
    {
        // The test schemas are compiled by this project (warnings are errors); these belong to projects this test run
        // does not build, so a new rule that flags them would otherwise only show when the sample or benchmarks build.
        var dir = new System.IO.DirectoryInfo(System.AppContext.BaseDirectory);
        while (dir is not null && !System.IO.Directory.Exists(System.IO.Path.Combine(dir.FullName, folder))) dir = dir.Parent;
        Assert.NotNull(dir);
        var files = System.IO.Directory.GetFiles(System.IO.Path.Combine(dir!.FullName, folder), "*.proto")
            .Select(f => new ProtoDriver.ProtoText(System.IO.Path.GetFileName(f), System.IO.File.ReadAllText(f))).ToArray();
        Assert.NotEmpty(files);
        var compilation = GeneratorDriverTests.Compile(Microsoft.CodeAnalysis.CSharp.LanguageVersion.CSharp12, nullable: true, "namespace Host { }");
        ProtoDriver.Create(compilation, files).RunGeneratorsAndUpdateCompilation(compilation, out _, out var diagnostics);
        Assert.Empty(diagnostics);
    }

    [Fact]
    public void A_redeclaration_keeps_the_mutability_of_the_base_field_under_the_file_default()
    {
        // Under FudgeProtoDefaultMutability="readonly" an unmarked redeclaration is readonly, like its unmarked base field.
        const string proto = "message A { int x; }\nmessage B extends A { int x [default = 2]; }";
        Assert.Empty(ProtoDriver.Run(proto, defaultMutability: "readonly").Diagnostics);
        var (diagnostics, _) = ProtoDriver.Run("message A { int x; }\nmessage B extends A { mutable int x [default = 2]; }", defaultMutability: "readonly");
        Assert.Equal("FUDGEP018", Assert.Single(diagnostics).Id);
    }

    [Fact]
    public void Nesting_beyond_the_limit_is_a_diagnostic_not_a_stack_overflow()
    {
        string deep = string.Concat(Enumerable.Repeat("namespace n { ", 10_000)) + string.Concat(Enumerable.Repeat("} ", 10_000));
        var (diagnostics, _) = ProtoDriver.Run(deep, "errors.proto");
        Assert.Contains(diagnostics, d => d.Id == "FUDGEP016");
        string tuple = "message B { int i; }\nmessage A { B b [default = " + new string('(', 5000) + "]; }";
        Assert.Contains(ProtoDriver.Run(tuple, "errors.proto").Diagnostics, d => d.Id is "FUDGEP016" or "FUDGEP002");
    }

    [Fact]
    public void Fudge_proto_duplicate_identifier_rules()
    {
        // Fudge-Proto's E201002221611a case: the same name in different namespaces, an extern before or after its
        // definition, and a repeated extern are all fine; only the second definition of foo.Foo is an error.
        const string proto = """
            namespace foo { message Safe1 { } }
            namespace bar { message Safe1 { } }
            namespace foo { extern message Safe2; message Safe2 { } }
            namespace foo { message Safe3 { } extern message Safe3; }
            namespace foo { extern message Safe4; extern message Safe4; }
            namespace foo { message Foo { } }
            namespace foo { message Foo { } }
            """;
        var (diagnostics, _) = ProtoDriver.Run(proto, "errors.proto");
        var error = Assert.Single(diagnostics);
        Assert.Equal("FUDGEP003", error.Id);
        Assert.Equal(6, error.Location.GetLineSpan().StartLinePosition.Line);
    }

    [Fact]
    public void A_file_with_errors_generates_no_csharp()
    {
        var (diagnostics, output) = ProtoDriver.Run("message A { int x; }\nmessage B { Missing m; }");
        Assert.NotEmpty(diagnostics);
        Assert.Single(output.SyntaxTrees);
    }

    [Fact]
    public void Warnings_do_not_stop_generation()
    {
        var (diagnostics, output) = ProtoDriver.Run("message A {\n  int x;\n  binding CSharp { colour \"red\"; }\n}");
        Assert.Equal(DiagnosticSeverity.Warning, Assert.Single(diagnostics).Severity);
        Assert.True(output.SyntaxTrees.Count() > 1);
    }
}
