using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Microsoft.CodeAnalysis.CSharp.Syntax;
using Xunit;
using Xunit.Abstractions;

namespace Fudge.TypeCoverage.Tests;

/// <summary>
/// Every member type of the corpus as a type argument: for each member of each case Fudge round-trips, a generic
/// [FudgeMessage] type closed over that member's type (<c>Page&lt;ImmutableList&lt;int&gt;&gt;</c>,
/// <c>Page&lt;(int, string)&gt;</c>, <c>Page&lt;Uri&gt;</c>...) must compile, write the same bytes as a non-generic
/// type with a member of that type, and read the value back deeply equal, in both field modes.
/// </summary>
public class GenericMatrixTests
{
    private readonly ITestOutputHelper _output;

    public GenericMatrixTests(ITestOutputHelper output) => _output = output;

    private static readonly SymbolDisplayFormat TypeName = SymbolDisplayFormat.FullyQualifiedFormat
        .AddMiscellaneousOptions(SymbolDisplayMiscellaneousOptions.IncludeNullableReferenceTypeModifier);

    /// <summary>The generic types the members close, and the helper the generated checks call.</summary>
    private const string Shared = """
        using Fudge.Serialization;
        namespace GenericMatrix
        {
            [FudgeMessage]
            public partial class Page<T> { public T Item { get; set; } = default!; }

            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
            public partial class OrdinalPage<T> { [FudgeField(1)] public T Item { get; set; } = default!; }
        }
        """;

    [Fact]
    public void Every_member_type_of_the_corpus_works_as_a_type_argument_with_a_members_bytes()
    {
        var cases = Coverage.Current.Cases.Where(c => Coverage.Current.Fudge(c.Id).Verdict == Verdict.RoundTrips).ToList();
        var trees = cases.ToDictionary(c => c.Namespace, c => CSharpSyntaxTree.ParseText(CaseSource.For(c, Library.FudgeNames), BatchCompiler.ParseOptions, path: c.Namespace + ".cs"));
        var shared = CSharpSyntaxTree.ParseText(Shared, BatchCompiler.ParseOptions, path: "GenericMatrix.cs");
        var options = new CSharpCompilationOptions(OutputKind.DynamicallyLinkedLibrary, nullableContextOptions: NullableContextOptions.Enable, concurrentBuild: true);
        var plain = CSharpCompilation.Create("Matrix", trees.Values.Append(shared), BatchCompiler.References, options);

        // One check per member: its value closed into Page<T> and OrdinalPage<T>, and held by a non-generic type.
        var checks = new List<SyntaxTree>();
        int members = 0;
        foreach (var c in cases)
        {
            var tree = trees[c.Namespace];
            var model = plain.GetSemanticModel(tree);
            var make = tree.GetRoot().DescendantNodes().OfType<MethodDeclarationSyntax>().Single(m => m.Identifier.Text == "Make");
            var cast = (CastExpressionSyntax)make.ExpressionBody!.Expression;
            // The members of the [FudgeMessage] roots (a top-level List or Dictionary case has none of its own).
            if (model.GetTypeInfo(cast.Type).Type is not INamedTypeSymbol root
                || !root.GetAttributes().Any(a => a.AttributeClass?.Name == "FudgeMessageAttribute")) continue;
            var source = new StringBuilder();
            source.AppendLine("using Fudge.Serialization;");
            source.AppendLine($"namespace {c.Namespace}");
            source.AppendLine("{");
            var body = new StringBuilder();
            int i = 0;
            foreach (var (name, type) in Members(root))
            {
                string t = type.ToDisplayString(TypeName);
                source.AppendLine($"    [FudgeMessage] public partial class GenericMatrix__M{i} {{ public {t} Item {{ get; set; }} = default!; }}");
                source.AppendLine($"    [FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class GenericMatrix__O{i} {{ [FudgeField(1)] public {t} Item {{ get; set; }} = default!; }}");
                string page = $"global::GenericMatrix.Page<{t}>", ordinal = $"global::GenericMatrix.OrdinalPage<{t}>";
                body.AppendLine("            {");
                body.AppendLine($"                var x = __v.{name};");
                body.AppendLine($"                var pb = FudgeSerializer.Serialize(new {page} {{ Item = x }});");
                body.AppendLine($"                var ob = FudgeSerializer.Serialize(new {ordinal} {{ Item = x }});");
                body.AppendLine($"                r.Add(new object?[] {{ \"{c.Id}: {name} ({type.ToDisplayString().Replace("\"", "")})\", x,");
                body.AppendLine($"                    FudgeSerializer.Deserialize<{page}>(pb).Item, FudgeSerializer.Deserialize<{ordinal}>(ob).Item,");
                body.AppendLine($"                    pb, FudgeSerializer.Serialize(new GenericMatrix__M{i} {{ Item = x }}), ob, FudgeSerializer.Serialize(new GenericMatrix__O{i} {{ Item = x }}) }});");
                body.AppendLine("            }");
                i++;
            }
            members += i;
            source.AppendLine("    public static class GenericMatrix__Checks");
            source.AppendLine("    {");
            source.AppendLine("        public static global::System.Collections.Generic.List<object?[]> Run()");
            source.AppendLine("        {");
            source.AppendLine("            var r = new global::System.Collections.Generic.List<object?[]>();");
            source.AppendLine($"            var __v = ({root.ToDisplayString(TypeName)})CaseEntry__.Make()!;");
            source.Append(body);
            source.AppendLine("            return r;");
            source.AppendLine("        }");
            source.AppendLine("    }");
            source.AppendLine("}");
            checks.Add(CSharpSyntaxTree.ParseText(source.ToString(), BatchCompiler.ParseOptions, path: c.Namespace + ".Matrix.cs"));
        }

        var compilation = plain.AddSyntaxTrees(checks);
        var driver = CSharpGeneratorDriver.Create(new[] { new global::Fudge.Generators.FudgeGenerator().AsSourceGenerator() }, parseOptions: BatchCompiler.ParseOptions);
        driver.RunGeneratorsAndUpdateCompilation(compilation, out var output, out var generatorDiagnostics);
        using var stream = new MemoryStream();
        var emitted = output.Emit(stream);
        var errors = generatorDiagnostics.Concat(emitted.Diagnostics).Where(d => d.Severity == DiagnosticSeverity.Error).ToList();
        Assert.True(errors.Count == 0, $"{errors.Count} errors, such as:" + Environment.NewLine + string.Join(Environment.NewLine, errors.Take(15)));

        var assembly = Assembly.Load(stream.ToArray());
        var failures = new List<string>();
        int checkedCount = 0;
        foreach (var c in cases)
        {
            var type = assembly.GetType(c.Namespace + ".GenericMatrix__Checks");
            if (type is null) continue;
            List<object?[]> results;
            try
            {
                results = (List<object?[]>)type.GetMethod("Run")!.Invoke(null, null)!;
            }
            catch (TargetInvocationException ex)
            {
                failures.Add($"{c.Id}: threw {ex.InnerException!.GetType().Name}: {ex.InnerException.Message}");
                continue;
            }
            foreach (var r in results)
            {
                checkedCount++;
                string label = (string)r[0]!;
                if (DeepComparer.Difference(r[1], r[2]) is { } names) failures.Add($"{label}, names: {names}");
                if (DeepComparer.Difference(r[1], r[3]) is { } ordinals) failures.Add($"{label}, ordinals: {ordinals}");
                if (!((byte[])r[4]!).AsSpan().SequenceEqual((byte[])r[5]!)) failures.Add($"{label}, names: the bytes differ from a member's");
                if (!((byte[])r[6]!).AsSpan().SequenceEqual((byte[])r[7]!)) failures.Add($"{label}, ordinals: the bytes differ from a member's");
            }
        }
        _output.WriteLine($"{checkedCount} member types of {cases.Count} cases checked as type arguments");
        Assert.True(failures.Count == 0, $"{failures.Count} failures:" + Environment.NewLine + string.Join(Environment.NewLine, failures));
        Assert.Equal(members, checkedCount);
        Assert.True(checkedCount >= 150, $"only {checkedCount} member types checked");
    }

    /// <summary>The members a [FudgeMessage] type writes that a closed generic type can hold: public, readable, not ignored.</summary>
    private static IEnumerable<(string Name, ITypeSymbol Type)> Members(INamedTypeSymbol root)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (var t = root; t is not null && t.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); t = t.BaseType)
        {
            foreach (var member in t.GetMembers())
            {
                if (member.IsStatic || member.DeclaredAccessibility != Accessibility.Public || member.IsImplicitlyDeclared) continue;
                if (member.GetAttributes().Any(a => a.AttributeClass?.Name == "FudgeIgnoreAttribute")) continue;
                ITypeSymbol? type = member switch
                {
                    IPropertySymbol { IsIndexer: false, GetMethod.DeclaredAccessibility: Accessibility.Public } p when p.Name != "EqualityContract" => p.Type,
                    IFieldSymbol { IsConst: false } f => f.Type,
                    _ => null,
                };
                if (type is null || type.IsRefLikeType || !seen.Add(member.Name)) continue;
                yield return (member.Name, type);
            }
        }
    }
}
