using System;
using System.Collections;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Text;
using System.Threading;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Microsoft.CodeAnalysis.Text;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// As <see cref="EveryModelRandomTests"/>, for the models of the other mappings: the everyday types
/// (EverydayTypes/*Models.cs), the Fudge-Java objects (JavaObjects/JavaBeans*.cs, JavaMapping) and the Fudge-Proto
/// schemas (Proto/Schemas/*.proto, and wide.proto in the Java mapping). This suite compiles them with whole-graph code;
/// here they are compiled again in memory with FudgeWholeGraph=false (and no module initializer, so that the second
/// compilation registers no Java class names over this suite's), and random values of every type are written by both,
/// read back by both, written again, and compared byte for byte; the two values read back must be equal member by
/// member. Types that read a member through the class registry (interface or abstract members) are left out.
/// </summary>
public class EveryMappingRandomTests
{
    // The C# model files (embedded by the project file under these names) and the namespaces their types live in.
    private static readonly string[] ModelFiles =
    {
        "CollectionModels.cs", "GenericModels.cs", "GetOnlyCollectionModels.cs", "InterfaceMemberModels.cs", "ObjectMemberModels.cs",
        "ScalarModels.cs", "SerializableDeclarationModels.cs", "TypeArgumentModels.cs", "WrongValuesJavaModels.cs", "WrongValuesModels.cs",
        "JavaBeans.cs", "JavaBeans41.cs", "JavaMappingModels.cs",
    };

    // The .proto files (embedded under proto/) with the metadata the project file gives them.
    private static readonly (string Name, string NamespaceMap, string? Mapping)[] ProtoFiles =
    {
        ("Externs.proto", "org.example=Fudge.Generators.Tests.ProtoGenerated", null),
        ("Immutable.proto", "org.example=Fudge.Generators.Tests.ProtoGenerated", null),
        ("SecondPass.proto", "org.example=Fudge.Generators.Tests.ProtoGenerated", null),
        ("Trading.proto", "org.example=Fudge.Generators.Tests.ProtoGenerated", null),
        ("wide.proto", "org.example.wide=Fudge.Generators.Tests.ProtoJava", "Java"),
    };

    private static readonly Lazy<Assembly> PerObject = new(Compile);

    [Theory]
    [InlineData("Fudge.Generators.Tests.EverydayTypes", 60)]
    [InlineData("Fudge.Generators.Tests.JavaObjects", 15)]
    [InlineData("Fudge.Generators.Tests.JavaMapping", 5)]
    [InlineData("Fudge.Generators.Tests.ProtoGenerated", 10)]
    [InlineData("Fudge.Generators.Tests.ProtoJava", 3)]
    public void Random_values_have_the_per_object_bytes_and_read_back_equal(string ns, int minimumTypes)
    {
        var types = typeof(EveryMappingRandomTests).Assembly.GetTypes()
            .Where(t => t.Namespace is { } n && (n == ns || n.StartsWith(ns + ".", StringComparison.Ordinal))
                        && RandomModelFiller.IsModel(t) && !t.IsAbstract && !t.ContainsGenericParameters && !t.IsNested
                        && PerObject.Value.GetType(t.FullName!) is not null && !ReadsThroughTheClassRegistry(t, new HashSet<Type>()))
            .OrderBy(t => t.FullName, StringComparer.Ordinal).ToList();
        Assert.True(types.Count >= minimumTypes, $"{types.Count} types in {ns}");
        var written = new HashSet<Type>();
        int values = 0;
        foreach (var type in types)
        {
            var perObjectType = PerObject.Value.GetType(type.FullName!, throwOnError: true)!;
            for (int seed = 0; seed < 40; seed++)
            {
                var random = new Random(seed * 7919 + type.FullName!.Length);
                object value = new RandomModelFiller(random, type.Assembly).Object(type, 0)!;
                byte[] bytes = Array.Empty<byte>();
                var writeError = Record.Exception(() => bytes = EveryModelRandomTests.Serialize(type, value));
                if (writeError is not null)
                {
                    Assert.IsAssignableFrom<FudgeException>(writeError); // a value the writer refuses (the per-object writer alike: WholeGraphTests)
                    continue;
                }
                written.Add(type);
                values++;
                object? perObjectBack = null, back = null;
                var perObjectError = Record.Exception(() => perObjectBack = EveryModelRandomTests.Deserialize(perObjectType, bytes));
                var error = Record.Exception(() => back = EveryModelRandomTests.Deserialize(type, bytes));
                Assert.True(perObjectError?.GetType() == error?.GetType(), $"{type.Name}, seed {seed}: per-object {perObjectError?.Message ?? "read"}; whole-graph {error?.Message ?? "read"}");
                if (error is not null) continue;
                Assert.Equal(bytes, EveryModelRandomTests.Serialize(perObjectType, perObjectBack!));
                Assert.Equal(bytes, EveryModelRandomTests.Serialize(type, back!));
                // Type names kept as text (an assembly-qualified name in a string member) name each compilation's own assembly.
                Assert.Equal(WithoutAssemblyNames(Describe(perObjectBack)), WithoutAssemblyNames(Describe(back)));
            }
        }
        Assert.True(written.Count * 10 >= types.Count * 8, $"values written for {written.Count} of {types.Count} types; never: "
            + string.Join(", ", types.Where(t => !written.Contains(t)).Select(t => t.Name)));
        Assert.True(values >= types.Count * 20, values.ToString(CultureInfo.InvariantCulture));
    }

    /// <summary>
    /// True when reading <paramref name="type"/> may look a class name up in the process-wide FudgeClassRegistry (a member,
    /// element or value of an interface or abstract type): the per-object compilation registers nothing (see Compile), so
    /// its reads of such members cannot resolve, and registering it would replace this suite's names for every other test.
    /// </summary>
    private static bool ReadsThroughTheClassRegistry(Type type, HashSet<Type> seen)
    {
        if (!seen.Add(type) || type.IsPrimitive || type == typeof(string) || type.IsEnum) return false;
        if (type.IsArray) return ReadsThroughTheClassRegistry(type.GetElementType()!, seen);
        if (type.IsGenericType) return type.GetGenericArguments().Any(a => ReadsThroughTheClassRegistry(a, seen))
            || (type.Namespace?.StartsWith("Fudge.Generators.Tests", StringComparison.Ordinal) == true && Members(type).Any(m => ReadsThroughTheClassRegistry(m, seen)));
        if (type.Namespace?.StartsWith("Fudge.Generators.Tests", StringComparison.Ordinal) != true) return false;
        if (type.IsInterface || type.IsAbstract) return true;
        return Members(type).Any(m => ReadsThroughTheClassRegistry(m, seen));

        static IEnumerable<Type> Members(Type t) =>
            t.GetProperties(BindingFlags.Public | BindingFlags.Instance).Where(p => p.GetIndexParameters().Length == 0).Select(p => p.PropertyType)
                .Concat(t.GetFields(BindingFlags.Public | BindingFlags.Instance).Select(f => f.FieldType));
    }

    private static string WithoutAssemblyNames(string text) => System.Text.RegularExpressions.Regex.Replace(text,
        @", (EveryMappingPerObject|Fudge\.Generators\.Tests), Version=[^,]*, Culture=[^,]*, PublicKeyToken=\w+", "");

    /// <summary>A value's members, recursively, as text with type names but no assembly: equal for equal graphs of either compilation.</summary>
    internal static string Describe(object? value)
    {
        var sb = new StringBuilder();
        Describe(sb, value, 0);
        return sb.ToString();
    }

    private static void Describe(StringBuilder sb, object? value, int depth)
    {
        if (depth > 16) { sb.Append('…'); return; }
        switch (value)
        {
            case null: sb.Append("null"); return;
            case string s: sb.Append('"').Append(s).Append('"'); return;
            case float f: sb.Append(f.ToString("R", CultureInfo.InvariantCulture)).Append('f'); return;
            case double d: sb.Append(d.ToString("R", CultureInfo.InvariantCulture)).Append('d'); return;
            case DateTime dt: sb.Append(dt.ToString("O", CultureInfo.InvariantCulture)).Append(dt.Kind); return;
            case DateTimeOffset dto: sb.Append(dto.ToString("O", CultureInfo.InvariantCulture)); return;
            case ReadOnlyMemory<byte> rom: sb.Append(Convert.ToHexString(rom.Span)); return;
            case Memory<byte> mem: sb.Append(Convert.ToHexString(mem.Span)); return;
            case byte[] bytes: sb.Append("0x").Append(Convert.ToHexString(bytes)); return;
            case IFormattable or bool or char or Enum:
                sb.Append(value.GetType().Name).Append(':').Append(Convert.ToString(value, CultureInfo.InvariantCulture)); return;
        }
        var type = value.GetType();
        if (type.Assembly == typeof(FudgeMsg).Assembly) { sb.Append(value); return; }
        if (value is IDictionary map)
        {
            sb.Append('{');
            foreach (DictionaryEntry entry in map)
            {
                Describe(sb, entry.Key, depth + 1);
                sb.Append(": ");
                Describe(sb, entry.Value, depth + 1);
                sb.Append(", ");
            }
            sb.Append('}');
            return;
        }
        if (value is IEnumerable items)
        {
            IEnumerator enumerator;
            try { enumerator = items.GetEnumerator(); }
            catch (InvalidOperationException) { sb.Append("default"); return; } // a default ImmutableArray
            sb.Append('[');
            while (enumerator.MoveNext())
            {
                Describe(sb, enumerator.Current, depth + 1);
                sb.Append(", ");
            }
            sb.Append(']');
            return;
        }
        sb.Append(type.FullName).Append(" {");
        var (properties, fields) = DescribedMembers.GetOrAdd(type, ReadableMembers);
        foreach (var property in properties)
        {
            sb.Append(property.Name).Append('=');
            object? member;
            try { member = property.GetValue(value); }
            catch (TargetInvocationException e) { sb.Append('!').Append(e.InnerException?.GetType().Name).Append(", "); continue; }
            Describe(sb, member, depth + 1);
            sb.Append(", ");
        }
        foreach (var field in fields)
        {
            sb.Append(field.Name).Append('=');
            Describe(sb, field.GetValue(value), depth + 1);
            sb.Append(", ");
        }
        sb.Append('}');
    }

    // The members Describe prints for each type, in name order, looked up once per type: LeafListTests describes two
    // reads of every hostile input, and sorting each type's members again for every object was a fifth of its time.
    private static readonly ConcurrentDictionary<Type, (PropertyInfo[] Properties, FieldInfo[] Fields)> DescribedMembers = new();

    private static (PropertyInfo[] Properties, FieldInfo[] Fields) ReadableMembers(Type type) => (
        type.GetProperties(BindingFlags.Public | BindingFlags.Instance).OrderBy(p => p.Name, StringComparer.Ordinal)
            .Where(p => p.GetIndexParameters().Length == 0 && p.GetMethod is { IsPublic: true } && !p.PropertyType.IsByRefLike).ToArray(),
        type.GetFields(BindingFlags.Public | BindingFlags.Instance).OrderBy(f => f.Name, StringComparer.Ordinal).ToArray());

    // The model files and schemas compiled in memory with the generator's whole-graph switch off (the per-object code).
    private static Assembly Compile()
    {
        var trees = ModelFiles.Select(InMemoryModels.ModelFile).ToList();
        // The one C# enum of the test project a schema names (an extern enum of Externs.proto), declared again.
        trees.Add(InMemoryModels.Source(EnumSource(typeof(Fudge.Generators.Tests.Proto.HandWrittenColour)), "HandWrittenColour.cs"));
        var protos = ProtoFiles.Select(p => (AdditionalText)new Text("proto/" + p.Name, InMemoryModels.Resource("proto/" + p.Name)));
        // Without its module initializer the second assembly registers nothing in the process-wide registries (its
        // Java class names would otherwise replace this suite's for every other test); its formatters are found
        // through each type's FudgeFormatter.Instance on first use, as on targets without module initializers.
        return InMemoryModels.Compile("EveryMappingPerObject", trees, new ProtoOptions(), protos, beforeEmit: output =>
            output.RemoveSyntaxTrees(output.SyntaxTrees.Single(t => t.FilePath.EndsWith("FudgeFormatterRegistration.g.cs", StringComparison.Ordinal))));
    }

    private static string EnumSource(Type type)
    {
        var members = Enum.GetNames(type).Select(n => $"{n} = {Convert.ToInt64(Enum.Parse(type, n), CultureInfo.InvariantCulture)}");
        return $"namespace {type.Namespace} {{ public enum {type.Name} : {Enum.GetUnderlyingType(type).FullName} {{ {string.Join(", ", members)} }} }}";
    }

    private sealed class Text : AdditionalText
    {
        private readonly SourceText _text;

        public Text(string path, string text)
        {
            Path = path;
            _text = SourceText.From(text);
        }

        public override string Path { get; }

        public override SourceText GetText(CancellationToken cancellationToken = default) => _text;
    }

    // FudgeWholeGraph=false (the per-object code); each schema marked as the package's build files mark it.
    private sealed class ProtoOptions : AnalyzerConfigOptionsProvider
    {
        private static readonly Options Global = new(ImmutableDictionary<string, string>.Empty.Add("build_property.FudgeWholeGraph", "false"));

        public override AnalyzerConfigOptions GlobalOptions => Global;

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Options.Empty;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile)
        {
            var proto = ProtoFiles.Single(p => textFile.Path == "proto/" + p.Name);
            var values = ImmutableDictionary<string, string>.Empty
                .Add("build_metadata.AdditionalFiles.FudgeProto", "true")
                .Add("build_metadata.AdditionalFiles.FudgeProtoNamespace", proto.NamespaceMap);
            if (proto.Mapping is not null) values = values.Add("build_metadata.AdditionalFiles.FudgeProtoMapping", proto.Mapping);
            return new Options(values);
        }

        private sealed class Options : AnalyzerConfigOptions
        {
            public static readonly Options Empty = new(ImmutableDictionary<string, string>.Empty);

            private readonly ImmutableDictionary<string, string> _values;

            public Options(ImmutableDictionary<string, string> values) => _values = values;

            public override bool TryGetValue(string key, out string value) => _values.TryGetValue(key, out value!);
        }
    }
}
