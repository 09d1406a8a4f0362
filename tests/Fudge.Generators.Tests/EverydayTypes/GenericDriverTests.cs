using System;
using System.Linq;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>The generator on generic [FudgeMessage] types: the output compiles (C# 7.3 too), and closed uses are registered.</summary>
public class GenericDriverTests
{
    private const string Source = """
        using System.Collections.Generic;
        using Fudge.Serialization;
        namespace G
        {
            [FudgeMessage]
            public partial class Item { public string Name { get; set; } }

            [FudgeMessage]
            public partial class Page<T>
            {
                public int Number { get; set; }
                public List<T> Items { get; set; }
                public T First { get; set; }
                public T[] Array { get; set; }
                public Dictionary<string, T> ByKey { get; set; }
            }

            [FudgeMessage(Fields = FudgeFieldIds.Ordinals)]
            public partial struct Box<T> where T : struct
            {
                [FudgeField(1)] public T Value { get; set; }
                [FudgeField(2)] public T? Maybe { get; set; }
            }

            [FudgeMessage]
            public partial class Pair<TKey, TValue> where TValue : class, new()
            {
                public TKey Key { get; set; }
                public Dictionary<TKey, List<TValue>> Map { get; set; }
            }

            public partial class Outer
            {
                [FudgeMessage]
                public partial class Inner<T> { public Page<T> Page { get; set; } }
            }

            [FudgeMessage]
            public partial class Holder
            {
                public Page<Item> Items { get; set; }
                public Box<int> Count { get; set; }
                public Outer.Inner<List<Item>> Nested { get; set; }
            }

            public static class Calls
            {
                public static byte[] Write(List<Pair<string, Item>> pairs) => FudgeSerializer.Serialize(pairs);
                public static Item[] Read(byte[] data) => FudgeSerializer.Deserialize<Item[]>(data);
            }
        }
        """;

    [Fact]
    public void Generic_types_compile_as_csharp_7_3()
    {
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp7_3, nullable: false, Source));
        Assert.Empty(diagnostics);
        var problems = output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning).ToList();
        Assert.True(problems.Count == 0, string.Join(Environment.NewLine, problems));
        var files = run.GeneratedTrees.Select(t => System.IO.Path.GetFileName(t.FilePath)).ToList();
        Assert.Contains("G.Page`1.Fudge.g.cs", files);
        Assert.Contains("G.Pair`2.Fudge.g.cs", files);
        Assert.Contains("G.Outer.Inner`1.Fudge.g.cs", files);
        Assert.Contains("partial class Page<T>", run.GeneratedTrees.Single(t => t.FilePath.EndsWith("G.Page`1.Fudge.g.cs", StringComparison.Ordinal)).ToString());
    }

    [Fact]
    public void Closed_uses_are_registered_from_the_module_initializer()
    {
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: false, Source));
        Assert.Empty(diagnostics);
        Assert.Empty(output.GetDiagnostics().Where(d => d.Severity >= DiagnosticSeverity.Warning));
        string registration = run.GeneratedTrees.Single(t => t.FilePath.EndsWith("FudgeFormatterRegistration.g.cs", StringComparison.Ordinal)).ToString()
            .Replace("global::Fudge.Serialization.", "").Replace("global::System.Collections.Generic.", "").Replace("global::G.", "");
        // Closed generic [FudgeMessage] types named by members, by members of those, and by FudgeSerializer calls.
        Assert.Contains("FudgeFormatterCache<Page<Item>>.Register(Page<Item>.FudgeFormatter.Instance);", registration);
        Assert.Contains("FudgeFormatterCache<Box<int>>.Register(Box<int>.FudgeFormatter.Instance);", registration);
        Assert.Contains("FudgeFormatterCache<Outer.Inner<List<Item>>>.Register(Outer.Inner<List<Item>>.FudgeFormatter.Instance);", registration);
        Assert.Contains("FudgeFormatterCache<Page<List<Item>>>.Register(Page<List<Item>>.FudgeFormatter.Instance);", registration);
        Assert.Contains("FudgeFormatterCache<Pair<string, Item>>.Register(Pair<string, Item>.FudgeFormatter.Instance);", registration);
        // Collections used as type arguments and as top-level values: their generic formatters.
        Assert.Contains("FudgeValueFormatterCache<List<Item>>.Register(new FudgeListFormatter<List<Item>, Item>());", registration);
        Assert.Contains("FudgeValueFormatterCache<List<Pair<string, Item>>>.Register(new FudgeListFormatter<List<Pair<string, Item>>, Pair<string, Item>>());", registration);
        Assert.Contains("FudgeValueFormatterCache<Item[]>.Register(new FudgeListFormatter<Item[], Item>());", registration);
        // Never an open type.
        Assert.DoesNotContain("<T>", registration);
    }

    [Fact]
    public void A_generic_type_that_fails_is_never_registered()
    {
        const string failing = """
            using Fudge.Serialization;
            namespace F
            {
                [FudgeMessage] public partial class Bad<T> { public System.IO.Stream Data { get; set; } }
                [FudgeMessage] public partial class Holder { public Bad<int> B { get; set; } }
            }
            """;
        var (output, diagnostics, run) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: false, failing));
        Assert.Contains(diagnostics, d => d.Id == "FUDGE002");
        Assert.DoesNotContain(run.GeneratedTrees, t => t.ToString().Contains("Bad<int>.FudgeFormatter", StringComparison.Ordinal));
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error && d.Location.SourceTree is { } t && t.FilePath.EndsWith(".g.cs", StringComparison.Ordinal));
    }
}
