using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Generators.Proto;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.Proto;

/// <summary>Every construct of the dialect generates C# that compiles cleanly; editing one file regenerates only its outputs; no text crashes the parser.</summary>
public class ProtoGenerationTests
{
    /// <summary>The whole dialect in one file: each type with each modifier, as arrays, repeated, nested arrays, fixed sizes.</summary>
    public const string Corpus = """
        // Every construct of the Fudge-Proto dialect.
        extern message ext.Money;
        extern enum ext.Colour;
        extern typedef ext.Code = string;
        message Forward;

        /**
         * Documented namespace member.
         */
        namespace corpus.types {
          message Sub { required int $int; required string $string; }
          enum Custom { FIRST; SECOND; THIRD; }
          enum IntegerAssumed { ZERO = 0; ONE; TWO; THREE; }
          enum StringAlias { ZERO = "zero"; ONE = 1; TWO; }

          message Plain {
            bool a; byte b; double c; float d; indicator e; int f; long g; short h; string i; Sub j; Custom k;
            optional message l; date m; datetime n; time o; IntegerAssumed p; StringAlias q;
            int8 r; int16 s; int64 t; uint32 u; sint64 v; fixed32 w; sfixed64 x; float32 y; integer z;
          }
          message Required {
            required bool a; required byte b; required double c; required float d; required indicator e; required int f;
            required long g; required short h; required string i; required Sub j; required Custom k; required message l;
            required date m; required datetime n; required time o;
          }
          message Arrays {
            bool[] a; byte[] b; double[] c; float[] d; indicator[] e; int[] f; long[] g; short[] h; string[] i; Sub[] j;
            Custom[] k; optional message[] l; date[] m; datetime[] n; time[] o;
          }
          message Repeated {
            repeated bool a; repeated byte b; repeated double c; repeated float d; repeated indicator e; repeated int f;
            repeated long g; repeated short h; repeated string i; repeated Sub j; repeated Custom k; repeated message l;
            repeated date m; repeated datetime n; repeated time o;
          }
          message RepeatedArrays {
            required repeated bool[] a; repeated byte[] b; repeated double[][] c; repeated Sub[] j; mutable repeated message[] l;
          }
          message Jagged { bool[][] a; int[][] f; string[][] i; Sub[][] j; required message[][] l; }
          message EnumArrays { IntegerAssumed[] a; IntegerAssumed[][] b; IntegerAssumed[3] c; repeated IntegerAssumed[] d; Custom[] e; StringAlias[] f; }
          message Fixed { int[42] a; int[42][] b; int[][42] c; required int[4][4] d; byte[16] e; }
          message Mutables { required mutable int a; readonly int b; mutable string c; required readonly int d; }
          message RoTuple { required readonly int v; readonly string w; mutable int z; }
          message RoPair { required readonly string a; required readonly int b; }
          message RoBase { required readonly string $string; readonly RoTuple tuple; readonly int n; readonly int $class; readonly RoTuple based [default = (3, "x", 4)]; }
          message RoDerived extends RoBase {
            readonly RoTuple tuple [default = (5)]; required readonly long m; repeated readonly int r; readonly indicator i;
            required repeated readonly string rs; readonly int n [default = 6]; readonly RoPair pair [default = ("q")];
          }
          abstract message RoAbstract { required readonly int a; readonly Custom c [default = SECOND]; readonly StringAlias q; }
          message RoConcrete extends RoAbstract { readonly Sub s [default = (1, "y")]; readonly date d; readonly int[] arr; readonly message any; }
          message RoUser { RoTuple t [default = (7)]; RoConcrete c; RoAbstract[] all; }
          message Ordinals { required int a = 1; optional string b = 2; repeated long c = 3; int d = -5; string named; }
          message UsesExtern { ext.Money price; ext.Colour colour; ext.Code code; ext.Money[] history; }
          message ExtendsExtern extends ext.Money { int extra; }
          typedef Alias = string;
          message Aliased { Alias a; Alias[] b; }
          abstract message Abstract uses Taxon { required int a; }
          message Concrete extends Abstract { int b; required int a [default = 3]; }
          message UsesAbstract { Abstract a; Abstract[] b; repeated Concrete c; }
          message Literals {
            double zero [default = 0]; double pos [default = +4]; double neg [default = -4]; double big [default = 3.0e8];
            float tiny [default = 3.0e-8]; string esc [default = "\"\\\r\n\"\0\377\u0041"]; bool t [default = true];
            boolean f [default = 0]; Sub sub [default = (42, "x")]; Custom c [default = SECOND]; long l [default = -9000000000];
          }
          taxonomy Taxon { APPLE = 1; BANANA; import Plain; binding Java { body <<<JAVA
              public static void foo () {}
        JAVA;
            }
          }
          message Outer {
            message Inner { message Innermost { int x; } Innermost deep; }
            Inner inner;
            enum Local { A; B; }
            Local local;
            typedef LocalAlias = int;
            LocalAlias alias;
          }
          message WithBindings {
            string name;
            binding Java { implements "java.io.Serializable"; body <<<JAVA
              public void javaOnly () {}
        JAVA;
            }
            binding CSharp { name "Renamed"; implements "global::System.IDisposable"; body "public void Dispose() { }"; }
          }
        }
        namespace corpus.types.deeper { message D { corpus.types.Sub s; types.Custom c; } }
        namespace corpus { namespace nested { message N { types.Sub s; } } }
        message Forward { int f; }
        """;

    private const string ExternTypes = """
        using Fudge.Serialization;
        namespace ext
        {
            public enum Colour { Red, Green }
            [FudgeMessage] public partial class Money { public decimal Amount { get; set; } }
        }
        """;

    private static void AssertCompilesCleanly(LanguageVersion version, bool nullable)
    {
        var compilation = GeneratorDriverTests.Compile(version, nullable, ExternTypes);
        ProtoDriver.Create(compilation, new[] { new ProtoDriver.ProtoText("corpus.proto", Corpus) })
            .RunGeneratorsAndUpdateCompilation(compilation, out var output, out var diagnostics);
        // The one diagnostic: Fudge-Proto's warning that the uses clause (of Abstract) is ignored.
        Assert.True(diagnostics.Select(d => d.Id).SequenceEqual(new[] { "FUDGEP020" }), string.Join(Environment.NewLine, diagnostics));
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems.Take(20))
            + Environment.NewLine + string.Join(Environment.NewLine, output.SyntaxTrees.Skip(1).Select(t => t.ToString())));
        Assert.NotNull(output.GetTypeByMetadataName("corpus.types.Renamed"));
        Assert.NotNull(output.GetTypeByMetadataName("corpus.types.Outer+Inner+Innermost"));
        Assert.NotNull(output.GetTypeByMetadataName("corpus.nested.N"));
        Assert.NotNull(output.GetTypeByMetadataName("Forward"));
    }

    [Fact]
    public void The_whole_dialect_compiles_without_warnings() => AssertCompilesCleanly(LanguageVersion.CSharp12, nullable: true);

    [Fact]
    public void The_whole_dialect_compiles_as_CSharp_7_3() => AssertCompilesCleanly(LanguageVersion.CSharp7_3, nullable: false);

    [Fact]
    public void Namespaces_are_mappable()
    {
        var (diagnostics, output) = ProtoDriver.Run("namespace org.example.a { message M { int x; } }\nnamespace other { message O { } }",
            namespaceMap: "org.example=Company.Schemas;other=");
        Assert.Empty(diagnostics);
        Assert.NotNull(output.GetTypeByMetadataName("Company.Schemas.a.M"));
        Assert.NotNull(output.GetTypeByMetadataName("O"));
    }

    [Fact]
    public void Property_names_are_pascal_case()
    {
        var (_, output) = ProtoDriver.Run("message M { int camelCase; string $class; int M; }");
        var type = output.GetTypeByMetadataName("M")!;
        Assert.Contains(type.GetMembers(), m => m.Name == "CamelCase");
        Assert.Contains(type.GetMembers(), m => m.Name == "Class");
        Assert.Contains(type.GetMembers(), m => m.Name == "MValue");   // a member cannot share its type's name
    }

    // ------------------------------------------------------------------ incrementality

    [Fact]
    public void Editing_one_proto_file_regenerates_only_its_outputs()
    {
        var a = new ProtoDriver.ProtoText("a.proto", "namespace p { message A { int x = 1; } }");
        var b = new ProtoDriver.ProtoText("b.proto", "namespace p { message B { int y = 1; } }");
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, "namespace Host { }");
        var driver = ProtoDriver.Create(compilation, new[] { a, b }).RunGenerators(compilation);

        var editedB = new ProtoDriver.ProtoText("b.proto", "namespace p { message B { long y = 1; } }");
        var result = driver.ReplaceAdditionalText(b, editedB).RunGenerators(compilation).GetRunResult().Results.Single();

        var parse = result.TrackedSteps[FudgeGenerator.Steps.ProtoParse].SelectMany(s => s.Outputs).ToList();
        Assert.Equal(2, parse.Count);
        var byPath = parse.ToDictionary(o => ((ProtoFileOutput)o.Value).Path, o => o.Reason);
        Assert.True(byPath["a.proto"] is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, byPath["a.proto"].ToString());
        Assert.Equal(IncrementalStepRunReason.Modified, byPath["b.proto"]);

        // The source output of a.proto is not redone; only b.proto's is.
        var outputs = result.TrackedOutputSteps.SelectMany(s => s.Value).SelectMany(s => s.Outputs).ToList();
        Assert.Contains(outputs, o => o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged);
        Assert.Contains(outputs, o => o.Reason == IncrementalStepRunReason.Modified);
        Assert.Contains(result.GeneratedSources, s => s.SourceText.ToString().Contains("long? Y"));
    }

    [Fact]
    public void An_extern_enum_follows_its_definition_in_another_file_and_is_written_by_name_without_one()
    {
        var uses = new ProtoDriver.ProtoText("uses.proto", "extern enum p.E;\nnamespace q { message M { p.E[] es; p.E e; } }");
        var values = new ProtoDriver.ProtoText("enums.proto", "namespace p { enum E { X = 1; Y; } }");
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, "namespace Host { }");
        string Formatter(GeneratorDriver d) => d.GetRunResult().Results.Single().GeneratedSources.Single(s => s.HintName.StartsWith("q.M", StringComparison.Ordinal)).SourceText.ToString();

        var driver = ProtoDriver.Create(compilation, new[] { uses, values }).RunGenerators(compilation);
        Assert.Contains("writer.WriteInt32Array(", Formatter(driver));                 // defined with values: an int[]

        var byName = new ProtoDriver.ProtoText("enums.proto", "namespace p { enum E { X; Y; } }");
        driver = driver.ReplaceAdditionalText(values, byName).RunGenerators(compilation);
        Assert.Contains("global::p.EFudgeEncoding.ToName(", Formatter(driver));        // defined without: its names

        driver = driver.RemoveAdditionalTexts(System.Collections.Immutable.ImmutableArray.Create<AdditionalText>(byName)).RunGenerators(compilation);
        Assert.Contains("WriteEnumName<global::p.E>(", Formatter(driver));             // defined nowhere: by name, as Java
    }

    [Fact]
    public void A_csharp_edit_leaves_the_proto_steps_cached()
    {
        var a = new ProtoDriver.ProtoText("a.proto", "namespace p { message A { int x = 1; } }");
        var compilation = GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, "namespace Host { public class C { } }");
        var driver = ProtoDriver.Create(compilation, new[] { a }).RunGenerators(compilation);
        var tree = compilation.SyntaxTrees.Single();
        var edited = compilation.ReplaceSyntaxTree(tree, tree.WithChangedText(Microsoft.CodeAnalysis.Text.SourceText.From("namespace Host { public class C { int z; } }")));
        var result = driver.RunGenerators(edited).GetRunResult().Results.Single();
        var parse = result.TrackedSteps[FudgeGenerator.Steps.ProtoParse].SelectMany(s => s.Outputs).ToList();
        Assert.NotEmpty(parse);
        Assert.All(parse, o => Assert.True(o.Reason is IncrementalStepRunReason.Cached or IncrementalStepRunReason.Unchanged, o.Reason.ToString()));
    }

    // ------------------------------------------------------------------ hostile text

    [Fact]
    public async Task Random_and_truncated_text_gives_diagnostics_never_an_exception()
    {
        string schema = System.IO.File.ReadAllText(System.IO.Path.Combine(AppContext.BaseDirectory, "Proto", "Schemas", "Trading.proto"));
        var sources = new[] { Corpus, schema };
        var random = new Random(20110316);
        const string alphabet = "{}[]();=,.\"\\/*<>$+-0123456789eEf \n\tabcmessageintrequiredrepeatednamespaceextendsdefault";
        var work = Task.Run(() =>
        {
            int cases = 0;
            foreach (var text in sources)
            {
                // every truncation point of a few hundred, plus single-character damage
                for (int cut = 0; cut < text.Length; cut += Math.Max(1, text.Length / 300), cases++)
                    Compile(text.Substring(0, cut));
                for (int i = 0; i < 300; i++, cases++)
                {
                    var chars = text.ToCharArray();
                    for (int k = 0; k < 1 + random.Next(4); k++) chars[random.Next(chars.Length)] = alphabet[random.Next(alphabet.Length)];
                    Compile(new string(chars));
                }
            }
            for (int i = 0; i < 300; i++, cases++)
            {
                var chars = new char[random.Next(400)];
                for (int k = 0; k < chars.Length; k++) chars[k] = random.Next(10) == 0 ? (char)random.Next(0x3000) : alphabet[random.Next(alphabet.Length)];
                Compile(new string(chars));
            }
            return cases;
        });
        // Not a speed check: a guard that turns a hang into a failure instead of a stuck test run.
        int cases = await work.WaitAsync(TimeSpan.FromMinutes(5));
        Assert.True(cases > 1000);
    }

    private static void Compile(string text)
    {
        var output = ProtoPipeline.Compile(new ProtoInput("fuzz.proto", text, ""), CancellationToken.None);
        // Output is bounded by the text: never more diagnostics than the bag's limit.
        Assert.True(output.Diagnostics.Count <= ProtoDiagnosticBag.Limit);
        if (output.Declarations is null) Assert.NotEmpty(output.Diagnostics);
    }
}
