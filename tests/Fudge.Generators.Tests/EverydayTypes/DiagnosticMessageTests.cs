using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text.RegularExpressions;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.CSharp;
using Xunit;

namespace Fudge.Generators.Tests.EverydayTypes;

/// <summary>
/// What a new user reads: every diagnostic of the generator, with its exact message, at its exact place, alone (one error
/// per cause), and with a help link to its section of docs/generator.md.
/// </summary>
public class DiagnosticMessageTests
{
    private const string Table = "https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/generator-types.md#wire-mapping";

    // Each case: the id, the source in namespace D with {|the located text|}, and the message the user reads.
    public static IEnumerable<object[]> Cases() => new[]
    {
        new object[] { "FUDGE001", "[FudgeMessage] public class {|NotPartial|} { public int A { get; set; } }",
            "'D.NotPartial' must be declared partial (and so must every type containing it) for the Fudge generator to add its formatter" },
        new object[] { "FUDGE001", "public class Container { [FudgeMessage] public partial class {|Inside|} { } }",
            "'D.Container.Inside' must be declared partial (and so must every type containing it) for the Fudge generator to add its formatter" },

        // An unannotated type of the user's own: say what to add, and to which type.
        new object[] { "FUDGE002", "public class Address { public string? City { get; set; } } [FudgeMessage] public partial class M { public Address? {|Home|} { get; set; } }",
            "Member 'Home' has type 'Address?', which Fudge cannot serialize: it has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address' (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "public struct Point { public int X; } [FudgeMessage] public partial class M { public Point? {|At|} { get; set; } }",
            "Member 'At' has type 'Point?', which Fudge cannot serialize: it has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Point' (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "public static class Outer { public record Address(string City); } [FudgeMessage] public partial class M { public Outer.Address? {|Home|} { get; set; } }",
            "Member 'Home' has type 'Outer.Address?', which Fudge cannot serialize: it has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Outer.Address' (or mark the member [FudgeIgnore])" },
        // ...inside a collection: the element is named.
        new object[] { "FUDGE002", "public class Address { } [FudgeMessage] public partial class M { public System.Collections.Generic.List<Address>? {|Homes|} { get; set; } }",
            "Member 'Homes' has type 'List<Address>?', which Fudge cannot serialize: its element type 'Address' has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address' (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "public class Address { } [FudgeMessage] public partial class M { public Address[]? {|Homes|} { get; set; } }",
            "Member 'Homes' has type 'Address[]?', which Fudge cannot serialize: its element type 'Address' has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address' (or mark the member [FudgeIgnore])" },
        // ...in a dictionary: the key or the value, and why.
        new object[] { "FUDGE002", "public class Address { } [FudgeMessage] public partial class M { public System.Collections.Generic.Dictionary<string, Address>? {|ByName|} { get; set; } }",
            "Member 'ByName' has type 'Dictionary<string, Address>?', which Fudge cannot serialize: its value type 'Address' has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address' (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.Collections.Generic.IDictionary<System.IO.Stream, int>? {|ByStream|} { get; set; } }",
            $"Member 'ByStream' has type 'IDictionary<Stream, int>?', which Fudge cannot serialize: its key type 'Stream' has no Fudge mapping; use a supported type (see {Table}) (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.Collections.Generic.Dictionary<M, int>? {|Map|} { get; set; } }",
            "Member 'Map' has type 'Dictionary<M, int>?', which Fudge cannot serialize: its key type 'M' cannot be a dictionary key; use a scalar key type (a number, string, enum, Guid, date or time), a tuple of such keys, or a [FudgeMessage] struct or record (equal by value) (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "public class Address { } [FudgeMessage] public partial class M { public System.Collections.Generic.List<System.Collections.Generic.Dictionary<int, Address?>>? {|Nested|} { get; set; } }",
            "Member 'Nested' has type 'List<Dictionary<int, Address?>>?', which Fudge cannot serialize: its element's value type 'Address?' has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address' (or mark the member [FudgeIgnore])" },
        // ...a BCL type with no mapping: the link to the table of supported types.
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.IO.Stream? {|Data|} { get; set; } }",
            $"Member 'Data' has type 'Stream?', which Fudge cannot serialize: it has no Fudge mapping; use a supported type (see {Table}) (or mark the member [FudgeIgnore])" },
        // (a user's own interface or abstract class is written through the class registry; the BCL's are refused)
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.IDisposable? {|Shape|} { get; set; } }",
            $"Member 'Shape' has type 'IDisposable?', which Fudge cannot serialize: it has no Fudge mapping; use a supported type (see {Table}) (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.Collections.Generic.List<System.Action>? {|Callbacks|} { get; set; } }",
            $"Member 'Callbacks' has type 'List<Action>?', which Fudge cannot serialize: its element type 'Action' has no Fudge mapping; use a supported type (see {Table}) (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "public class Address { } [FudgeMessage] public partial class M { public (int Rank, Address Where) {|Pair|} { get; set; } }",
            "Member 'Pair' has type '(int Rank, Address Where)', which Fudge cannot serialize: its item type 'Address' has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address' (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "public class Address { } public class Holder<T> { } [FudgeMessage] public partial class M { public Holder<Address>? {|Held|} { get; set; } }",
            "Member 'Held' has type 'Holder<Address>?', which Fudge cannot serialize: it has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Holder<T>' (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "public class Address { } [FudgeMessage] public partial class M { public System.Collections.Generic.KeyValuePair<int, Address> {|Entry|} { get; set; } }",
            "Member 'Entry' has type 'KeyValuePair<int, Address>', which Fudge cannot serialize: its value type 'Address' has no Fudge formatter; add [FudgeMessage] (and partial) to 'D.Address' (or mark the member [FudgeIgnore])" },
        // ...C# spelling: int?[,] and a jagged alternative, never int[*,*] or global::.
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public string[,][,]? {|Cube|} { get; set; } }",
            "Member 'Cube' has type 'string[,][,]?', which Fudge cannot serialize: it is a multi-dimensional array of multi-dimensional arrays, which has no Fudge mapping; use a jagged array of them ('string[][][,]') or a list (or mark the member [FudgeIgnore])" },
        new object[] { "FUDGE002", "[FudgeMessage] public partial class M { public System.Collections.Generic.List<System.Collections.Generic.List<System.Collections.Generic.List<System.Collections.Generic.List<System.Collections.Generic.List<System.Collections.Generic.List<System.Collections.Generic.List<System.Collections.Generic.List<System.Collections.Generic.List<int>>>>>>>>>? {|Deep|} { get; set; } }",
            "Member 'Deep' has type 'List<List<List<List<List<List<List<List<List<int>>>>>>>>>?', which Fudge cannot serialize: it nests collections more than 8 levels deep; put an inner level in a [FudgeMessage] type (or mark the member [FudgeIgnore])" },

        new object[] { "FUDGE003", "[FudgeMessage] public partial class M { [FudgeField(Name = \"x\")] public int A { get; set; } [FudgeField(Name = \"x\")] public int {|B|} { get; set; } }",
            "Member 'B' uses the field name \"x\" already used by member 'A'" },
        new object[] { "FUDGE003", "[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class M { [FudgeField(1)] public int A { get; set; } [FudgeField(1)] public int {|B|} { get; set; } }",
            "Member 'B' uses the field ordinal 1 already used by member 'A'" },
        new object[] { "FUDGE004", "[FudgeMessage] public partial class M { [FudgeField(40000)] public int {|A|} { get; set; } }",
            "Member 'A' has ordinal 40000, outside the signed 16-bit range -32768..32767 of Fudge ordinals" },
        new object[] { "FUDGE005", "public partial class C { [FudgeMessage] private partial class {|Hidden|} { } }",
            "'D.C.Hidden' is private, protected or file-local (or nested in such a type); its formatter could not be registered. Make it internal or public." },
        new object[] { "FUDGE006", "[FudgeMessage] public static partial class {|Static|} { }",
            "'D.Static' cannot have a generated Fudge formatter: static classes have no instances" },
        new object[] { "FUDGE006", "[FudgeMessage] public partial class {|Taken|} { public int FudgeFormatter { get; set; } }",
            "'D.Taken' cannot have a generated Fudge formatter: the name FudgeFormatter is taken by the generated nested formatter class; rename the type or member" },
        new object[] { "FUDGE007", "[FudgeMessage(Fields = FudgeFieldIds.Ordinals)] public partial class M { public int {|A|} { get; set; } }",
            "Member 'A' needs an ordinal ([FudgeField(n)]) because 'D.M' identifies fields by ordinals" },
        new object[] { "FUDGE008", "[FudgeMessage] public partial class M { [FudgeField(0)] public int {|A|} { get; set; } }",
            "Member 'A' uses ordinal 0, which the Fudge serialization convention reserves for type names" },
        new object[] { "FUDGE009", "[FudgeMessage] public partial class {|M|} { public M(System.IO.Stream s) { } public int A { get; set; } }",
            "'D.M' has no constructor the generated reader can call: it needs a parameterless constructor, or one whose parameters all match members (same name, any case, and same type) or have default values, or one marked [FudgeConstructor]" },
        new object[] { "FUDGE010", "[FudgeMessage] public partial class M { [FudgeField] public int {|A|} => 1; }",
            "Member 'A' is marked [FudgeField] but cannot be set: give it a setter or init accessor, or a constructor parameter of the same name and type" },
        new object[] { "FUDGE011", "[FudgeMessage] [{|FudgeUnion(\"X\", typeof(string))|}] public partial class M { }",
            "[FudgeUnion] on 'D.M' is invalid: 'string' does not derive from it" },
        new object[] { "FUDGE012", "[FudgeMessage(Fields = FudgeFieldIds.Taxonomy)] public partial class {|M|} { [FudgeField(1)] public int A { get; set; } }",
            "'D.M' uses FudgeFieldIds.Taxonomy and so needs a non-zero TaxonomyId" },
        new object[] { "FUDGE013", "[FudgeMessage] public partial class M { [FudgeField(Name = \"\")] public int {|A|} { get; set; } }",
            "Member 'A' has the field name \"\": a Fudge field name must be 1 to 255 UTF-8 bytes" },
        new object[] { "FUDGE014", "[FudgeMessage] public partial class M { [FudgeField(Accuracy = Fudge.FudgeDateTimeAccuracy.Millisecond)] public int {|A|} { get; set; } }",
            "A setting of 'A' has no effect: Accuracy applies to DateTime and DateTimeOffset members only" },
    };

    [Theory]
    [MemberData(nameof(Cases))]
    public void Each_diagnostic_says_what_to_do_at_its_place_and_alone(string id, string markedSource, string message)
    {
        var (diagnostic, expectedText, source) = RunAlone(markedSource);

        Assert.Equal(id, diagnostic.Id);
        Assert.Equal(message, diagnostic.GetMessage());
        Assert.Equal(expectedText, source.Substring(diagnostic.Location.SourceSpan.Start, diagnostic.Location.SourceSpan.Length));
        Assert.Equal("https://github.com/FudgeMsg/Fudge-DotNet/blob/main/docs/generator.md#" + id.ToLowerInvariant(), diagnostic.Descriptor.HelpLinkUri);
    }

    // One error per cause: what the user must fix is reported once, where it is, and nowhere else.
    public static IEnumerable<object[]> NoCascade() => new[]
    {
        // A generic type that is refused (FUDGE006) gets no FUDGE002 on its members typed by T, List<T>, T[]... (once
        // generic types are supported, the type gets no error at all and the case passes vacuously: see below).
        new object[] { "[FudgeMessage] public partial class {|Page|}<T> { public T? Item { get; set; } public System.Collections.Generic.List<T>? Items { get; set; } public T[]? All { get; set; } }" },
        // A generic type nested in a generic type: the same.
        new object[] { "public partial class Outer<T> { [FudgeMessage] public partial class {|Inner|} { public T? Item { get; set; } } }" },
        // A [FudgeMessage] member type whose own declaration has an error gets no second error on the member.
        new object[] { "[FudgeMessage] public class {|Address|} { public string? City { get; set; } } [FudgeMessage] public partial class Person { public Address? Home { get; set; } public System.Collections.Generic.List<Address>? Others { get; set; } }" },
        new object[] { "[FudgeMessage] public partial class {|Address|} { public Address(System.IO.Stream s) { } } [FudgeMessage] public partial class Person { public Address? Home { get; set; } }" },
        // A dictionary with both a bad key and a bad value: one error, naming the key.
        new object[] { "[FudgeMessage] public partial class M { public System.Collections.Generic.Dictionary<System.IO.Stream, System.IO.Stream>? {|Map|} { get; set; } }" },
    };

    [Theory]
    [MemberData(nameof(NoCascade))]
    public void One_error_per_cause(string markedSource)
    {
        var (diagnostics, expectedText, source) = Run(markedSource);
        // Either the only error is at the marked place (the cause), or (generic types supported) there is none at all.
        Assert.True(diagnostics.Length <= 1, string.Join(Environment.NewLine, diagnostics));
        if (diagnostics.Length == 1)
            Assert.Equal(expectedText, source.Substring(diagnostics[0].Location.SourceSpan.Start, diagnostics[0].Location.SourceSpan.Length));
    }

    [Fact]
    public void A_member_of_a_refused_generic_message_type_gets_no_second_error_and_its_type_no_formatter()
    {
        // Box<int> is refused at Box's declaration (FUDGE006, while generic types are not supported); Holder says nothing
        // more about its member, and gets no formatter that would drop the member silently.
        const string marked = "[FudgeMessage] public partial class {|Box|}<T> { public int A { get; set; } } [FudgeMessage] public partial class Holder { public Box<int>? Boxed { get; set; } }";
        var (diagnostics, expectedText, source) = Run(marked, out var run);
        if (diagnostics.Length == 0) return; // generic message types are supported: nothing to cascade from
        var only = Assert.Single(diagnostics);
        Assert.Equal("FUDGE006", only.Id);
        Assert.Equal(expectedText, source.Substring(only.Location.SourceSpan.Start, only.Location.SourceSpan.Length));
        Assert.DoesNotContain(run.GeneratedTrees, t => t.FilePath.EndsWith("D.Holder.Fudge.g.cs", StringComparison.Ordinal));
    }

    [Fact]
    public void Every_diagnostic_id_has_a_help_link_to_a_section_of_the_docs()
    {
        var descriptors = typeof(FudgeGenerator).Assembly.GetTypes()
            .Where(t => t.Name is "Diagnostics" or "ProtoDiagnostics")
            .SelectMany(t => t.GetFields(BindingFlags.Static | BindingFlags.Public))
            .Select(f => f.GetValue(null)).OfType<DiagnosticDescriptor>()
            .ToList();
        // FUDGE001..FUDGE014 at least: a diagnostic added later needs its help link and its section as well.
        Assert.True(descriptors.Count(d => d.Id.StartsWith("FUDGE0", StringComparison.Ordinal)) >= 14);
        Assert.Contains(descriptors, d => d.Id.StartsWith("FUDGEP", StringComparison.Ordinal));

        string docs = Path.Combine(Path.GetDirectoryName(InteropFolder.PathOf())!, "..", "docs");
        foreach (var descriptor in descriptors)
        {
            var link = Regex.Match(descriptor.HelpLinkUri, "^https://github\\.com/FudgeMsg/Fudge-DotNet/blob/main/docs/([a-z]+\\.md)#([a-z0-9]+)$");
            Assert.True(link.Success, $"{descriptor.Id}: help link '{descriptor.HelpLinkUri}'");
            Assert.Equal(descriptor.Id.ToLowerInvariant(), link.Groups[2].Value);
            string text = File.ReadAllText(Path.Combine(docs, link.Groups[1].Value));
            // A heading "### FUDGE002" (GitHub's anchor: #fudge002) or an explicit anchor.
            bool found = Regex.IsMatch(text, "^#+ " + descriptor.Id + "\\b", RegexOptions.Multiline)
                         || text.Contains("<a id=\"" + link.Groups[2].Value + "\"></a>", StringComparison.Ordinal);
            Assert.True(found, $"{descriptor.Id}: no section #{link.Groups[2].Value} in docs/{link.Groups[1].Value}");
        }
    }

    private static (Diagnostic Diagnostic, string ExpectedText, string Source) RunAlone(string markedSource)
    {
        var (diagnostics, expectedText, source) = Run(markedSource);
        Assert.True(diagnostics.Length == 1, "expected one diagnostic, got:" + Environment.NewLine + string.Join(Environment.NewLine, diagnostics));
        return (diagnostics[0], expectedText, source);
    }

    private static (Diagnostic[] Diagnostics, string ExpectedText, string Source) Run(string markedSource)
        => Run(markedSource, out _);

    private static (Diagnostic[] Diagnostics, string ExpectedText, string Source) Run(string markedSource, out GeneratorDriverRunResult run)
    {
        int start = markedSource.IndexOf("{|", StringComparison.Ordinal);
        int end = markedSource.IndexOf("|}", StringComparison.Ordinal);
        string expectedText = markedSource.Substring(start + 2, end - start - 2);
        string source = "using Fudge.Serialization;\nnamespace D {\n" + markedSource.Replace("{|", "").Replace("|}", "") + "\n}";
        var (output, diagnostics, result) = GeneratorDriverTests.Generate(GeneratorDriverTests.Compile(LanguageVersion.CSharp12, nullable: true, source));
        run = result;
        // Nothing generated fails to compile, whatever was refused.
        Assert.DoesNotContain(output.GetDiagnostics(), d => d.Severity == DiagnosticSeverity.Error && d.Location.SourceTree is { } t && t.FilePath.EndsWith(".g.cs", StringComparison.Ordinal));
        return (diagnostics.ToArray(), expectedText, source);
    }
}
