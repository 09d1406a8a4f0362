using System;
using System.Collections.Generic;
using System.Collections.Immutable;
using System.IO;
using System.Linq;
using System.Reflection;
using Fudge.Serialization;
using Microsoft.CodeAnalysis;
using Microsoft.CodeAnalysis.Diagnostics;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// Whole-graph generated code (issue 42) writes exactly the bytes of the per-object formatters, reads what they read,
/// and refuses hostile input as they do. The per-object path is the same model file compiled in memory with the
/// generator's switch <c>FudgeWholeGraph=false</c>.
/// </summary>
public class WholeGraphTests
{
    /// <summary>The model file compiled with the switch off (per-object code): also the "neither half" of WholeGraphHalvesTests.</summary>
    internal static readonly Lazy<Assembly> PerObject = new(() => CompileModels(SwitchOptions.Off, "WholeGraphPerObject"));

    /// <summary>
    /// The embedded model file <paramref name="modelFile"/> compiled in memory with the generator's switch as
    /// <paramref name="options"/> set it (Off: every nested object through FudgeFormatterCache).
    /// </summary>
    internal static Assembly CompileModels(SwitchOptions options, string assemblyName, string modelFile = "WholeGraphModels.cs")
        => InMemoryModels.Compile(assemblyName, new[] { InMemoryModels.ModelFile(modelFile) }, options, noGeneratorDiagnostics: true, beforeEmit: output =>
        {
            string generated = InMemoryModels.Text(output);
            Assert.Equal(options.Write, generated.Contains("__WriteObject", StringComparison.Ordinal));
            Assert.Equal(options.Read, generated.Contains("__ReadEntered", StringComparison.Ordinal));
            return output;
        });

    /// <summary><paramref name="bytes"/> read and written again by the per-object formatters of the type named like <typeparamref name="T"/>.</summary>
    private static byte[] PerObjectRoundTrip<T>(byte[] bytes) => RoundTripIn<T>(PerObject.Value, bytes);

    /// <summary><paramref name="bytes"/> read and written again by <paramref name="models"/>' formatters of the type named like <typeparamref name="T"/>.</summary>
    internal static byte[] RoundTripIn<T>(Assembly models, byte[] bytes)
    {
        var type = models.GetType(typeof(T).FullName!, throwOnError: true)!;
        var deserialize = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Deserialize) && m.IsGenericMethodDefinition
            && m.GetParameters() is [{ ParameterType: var p0 }, _] && p0 == typeof(Stream)).MakeGenericMethod(type);
        var serialize = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Serialize) && m.IsGenericMethodDefinition
            && m.ReturnType == typeof(byte[]) && m.GetParameters().Length == 1).MakeGenericMethod(type);
        var value = deserialize.Invoke(null, new object?[] { new MemoryStream(bytes), null });
        return (byte[])serialize.Invoke(null, new[] { value })!;
    }

    private static void AssertSameBytes<T>(T value)
    {
        byte[] bytes = FudgeSerializer.Serialize(value);
        // The per-object formatters read the whole-graph bytes and write them again unchanged...
        Assert.Equal(bytes, PerObjectRoundTrip<T>(bytes));
        // ...and the whole-graph code reads them back to a value it writes as the same bytes.
        Assert.Equal(bytes, FudgeSerializer.Serialize(FudgeSerializer.Deserialize<T>(bytes)));
    }

    [Fact]
    public void The_generator_switch_puts_whole_graph_code_in_and_its_absence_leaves_it_out()
    {
        Assert.NotNull(PerObject.Value.GetType(typeof(GBook).FullName!));
        Assert.NotNull(typeof(GLot.FudgeFormatter).GetMethod("__WriteRun", BindingFlags.NonPublic | BindingFlags.Static));
        Assert.NotNull(typeof(GPosition.FudgeFormatter).GetMethod("__WriteObject", BindingFlags.NonPublic | BindingFlags.Static));
        Assert.Null(typeof(GPosition.FudgeFormatter).GetMethod("__WriteRun", BindingFlags.NonPublic | BindingFlags.Static)); // holds a list: not a run leaf
        Assert.Null(typeof(GJava.FudgeFormatter).GetMethod("__WriteObject", BindingFlags.NonPublic | BindingFlags.Static));  // Fudge-Java: per object
    }

    [Fact]
    public void Random_graphs_have_the_per_object_bytes_in_every_field_mode()
    {
        for (int seed = 0; seed < 1500; seed++)
        {
            var random = new WholeGraphRandom(seed);
            AssertSameBytes(random.Book());
            if (seed % 3 == 0)
            {
                AssertSameBytes(random.Named(3));
                AssertSameBytes(random.Both(3));
                AssertSameBytes(random.Tax(3));
                AssertSameBytes(random.Node(4));
                AssertSameBytes(random.Extra());
                AssertSameBytes(random.Flags());
                AssertSameBytes(random.Java());
                AssertSameBytes(random.Lot());
                AssertSameBytes(random.Point());
                AssertSameBytes(random.FeedItem());
            }
        }
    }

    [Fact]
    public void A_graph_reads_back_equal_in_every_member()
    {
        var book = new WholeGraphRandom(7).Book();
        book.Best = new GLot { Sequence = long.MinValue, Quantity = -1, Price = 2.5, Executed = new DateTime(2026, 11, 28, 21, 0, 0, DateTimeKind.Utc), Venue = "XNAS", Settled = true };
        book.Positions = new() { new GPosition { Id = 3, Instrument = "ACME", Lots = new() { book.Best, new GLot { Venue = null } } } };
        var back = FudgeSerializer.Deserialize<GBook>(FudgeSerializer.Serialize(book));
        Assert.Equal(book.Best.Executed, back.Best!.Executed);
        Assert.Equal("XNAS", back.Best.Venue);
        Assert.Equal(long.MinValue, back.Positions[0].Lots[0].Sequence);
        Assert.Null(back.Positions[0].Lots[1].Venue);
        Assert.Equal(book.Origin, back.Origin);
        Assert.Equal(book.MaybePoint, back.MaybePoint);
        Assert.Equal(book.Shape?.GetType(), back.Shape?.GetType());
    }

    [Fact]
    public void Fields_out_of_order_unknown_or_missing_read_as_the_per_object_reader_reads_them()
    {
        // A nested object under names and ordinals, with its fields reversed and an unknown one: the in-place reader
        // falls back to its general loop inside the entered sub-message, and leaves it where it ends.
        var msg = new FudgeMsg();
        var lot = new FudgeMsg();
        lot.Add((short)99, "unknown");
        lot.Add((short)6, true);
        lot.Add((short)5, "XLON");
        lot.Add((short)1, 42L);
        msg.Add((short)8, lot);
        msg.Add((short)1, 7L);
        var point = new FudgeMsg();
        point.Add((short)2, 1.5);
        msg.Add((short)9, point);
        byte[] bytes = msg.ToByteArray();
        var book = FudgeSerializer.Deserialize<GBook>(bytes);
        Assert.Equal(7, book.Id);
        Assert.Equal(42, book.Best!.Sequence);
        Assert.Equal("XLON", book.Best.Venue);
        Assert.True(book.Best.Settled);
        Assert.Equal(1.5, book.Origin.Y);
        Assert.Equal(FudgeSerializer.Serialize(book), PerObjectRoundTrip<GBook>(FudgeSerializer.Serialize(book)));
    }

    [Fact]
    public void Hostile_graph_bytes_raise_only_format_errors()
    {
        var random = new WholeGraphRandom(11);
        var book = new GBook
        {
            Id = 5, Name = "b", Positions = new() { random.Position(), random.Position() }, Best = random.Lot(), Origin = random.Point(),
            Shape = new GCircle { Radius = 2, Lot = random.Lot() }, Tree = random.Node(2), Named = random.Named(1), Tax = random.Tax(1),
        };
        book.Positions[0].Lots = new() { random.Lot(), random.Lot() };
        book.Positions[0].Hash = new byte[16];
        book.Positions[1].Lots = new();
        book.Positions[1].Hash = new byte[3];
        byte[] bytes = FudgeSerializer.Serialize(book);
        Assert.InRange(bytes.Length, 200, 8000);
        HostileInput.AssertOnlyFormatErrors(bytes, b => FudgeSerializer.Deserialize<GBook>(b));
    }

    [Fact]
    public void Lists_of_leaves_fit_a_destination_of_the_exact_size_and_never_pass_a_shorter_one()
    {
        // Lots lists of 0, 1, 6 and 40 elements (past 255 bytes: a 2-byte size), many to a run: over a fixed destination
        // a run's room is the rest of it, and one byte short must be refused where the writer refuses it.
        var random = new WholeGraphRandom(23);
        var book = new GBook { Id = 1, Name = "fixed", Positions = new() { random.Position(), random.Position(), random.Position(), random.Position() } };
        book.Positions[0].Lots = new();
        book.Positions[1].Lots = new() { random.Lot() };
        book.Positions[2].Lots = Enumerable.Range(0, 6).Select(_ => random.Lot()).ToList();
        book.Positions[3].Lots = Enumerable.Range(0, 40).Select(_ => random.Lot()).ToList();
        byte[] expected = FudgeSerializer.Serialize(book);
        Assert.Equal(expected, PerObjectRoundTrip<GBook>(expected));
        for (int length = expected.Length; length >= 0; length--)
        {
            var buffer = new byte[expected.Length + 16];
            Array.Fill(buffer, (byte)0xEE);
            var error = SerializeInto(buffer.AsSpan(0, length), book);
            if (length == expected.Length)
            {
                Assert.Null(error);
                Assert.Equal(expected, buffer.AsSpan(0, length).ToArray());
            }
            else Assert.True(error is InvalidOperationException || error?.InnerException is InvalidOperationException, $"{length}: {error}");
            Assert.All(buffer.AsSpan(length).ToArray(), b => Assert.Equal(0xEE, b));
        }
    }

    private static Exception? SerializeInto(Span<byte> destination, GBook book)
    {
        try
        {
            var writer = new FudgeWriter(destination);
            FudgeSerializer.Serialize(ref writer, book);
            return null;
        }
        catch (Exception e)
        {
            return e;
        }
    }

    [Fact]
    public void Depth_limits_hold_on_both_sides()
    {
        // Reading: a chain deeper than MaxDepth is refused, entered in place as it was with a reader per object.
        var head = new GNode();
        for (int i = 0; i < 70; i++) head = new GNode { Value = i, Next = head };
        byte[] bytes = FudgeSerializer.Serialize(head);
        Assert.Throws<FudgeFormatException>(() => FudgeSerializer.Deserialize<GNode>(bytes));
        Assert.Equal(70, FudgeSerializer.Deserialize<GNode>(bytes, new FudgeReaderOptions { MaxDepth = 200 }).Value + 1);

        // Writing: a cycle is refused by the depth guard, not by the stack.
        var cycle = new GNode();
        cycle.Next = cycle;
        var e = Assert.Throws<FudgeException>(() => FudgeSerializer.Serialize(cycle));
        Assert.Contains("nested more than", e.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void The_write_depth_guard_counts_run_leaves_as_objects()
    {
        // A chain of nodes, each holding a struct leaf written inside its run: the per-object writer refuses the leaf of
        // the node at depth 1000, and so must the whole-graph writer (the guard is checked before each leaf).
        foreach (int length in new[] { 998, 999, 1000, 1001 })
        {
            var head = new GNode();
            for (int i = 1; i < length; i++) head = new GNode { Next = head };
            Exception? whole = Record.Exception(() => FudgeSerializer.Serialize(head));
            var type = PerObject.Value.GetType(typeof(GNode).FullName!)!;
            object oldHead = Activator.CreateInstance(type)!;
            for (int i = 1; i < length; i++)
            {
                object next = Activator.CreateInstance(type)!;
                type.GetProperty("Next")!.SetValue(next, oldHead);
                oldHead = next;
            }
            var serialize = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Serialize) && m.IsGenericMethodDefinition
                && m.ReturnType == typeof(byte[]) && m.GetParameters().Length == 1).MakeGenericMethod(type);
            Exception? perObject = Record.Exception(() => serialize.Invoke(null, new[] { oldHead }));
            Assert.Equal(perObject is null, whole is null);
            if (whole is not null) Assert.Equal(((TargetInvocationException)perObject!).InnerException!.Message, whole.Message);
        }
    }

    [Fact]
    public void The_write_depth_guard_counts_each_level_of_leaves_in_one_run()
    {
        // Each link of a chain holds a feed item, which holds an event, which holds a point: three levels of run leaves
        // written in the link's run. Whichever level passes the guard first, the per-object writer names it, and so must
        // the whole-graph writer (or neither throws); an event left null goes no deeper.
        var perObjectChain = PerObject.Value.GetType(typeof(GChain).FullName!)!;
        foreach (bool withEvent in new[] { true, false })
            foreach (int length in new[] { 995, 996, 997, 998, 999, 1000, 1001 })
            {
                GChain? head = null;
                for (int i = 0; i < length; i++)
                    head = new GChain { Next = head, Item = new GFeedItem { Ts = 1, Symbol = "AB", Event = withEvent ? new GEventB { Where = new GPoint { X = 2 } } : null } };
                Exception? whole = Record.Exception(() => FudgeSerializer.Serialize(head!));
                byte[] bytes = FudgeSerializer.Serialize(new GChain { Item = head!.Item });
                Exception? perObject = Record.Exception(() => SerializeIn(perObjectChain, length, bytes));
                Assert.Equal(perObject is null, whole is null);
                if (whole is not null) Assert.Equal(((TargetInvocationException)perObject!).InnerException!.Message, whole.Message);
            }
    }

    // A chain of `length` links of the per-object assembly's GChain, each holding the item `link` (one link's bytes) holds.
    private static void SerializeIn(Type chain, int length, byte[] link)
    {
        var deserialize = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Deserialize) && m.IsGenericMethodDefinition
            && m.GetParameters() is [{ ParameterType: var p0 }, _] && p0 == typeof(Stream)).MakeGenericMethod(chain);
        object? head = null;
        for (int i = 0; i < length; i++)
        {
            object next = deserialize.Invoke(null, new object?[] { new MemoryStream(link), null })!;
            chain.GetProperty("Next")!.SetValue(next, head);
            head = next;
        }
        var serialize = typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Serialize) && m.IsGenericMethodDefinition
            && m.ReturnType == typeof(byte[]) && m.GetParameters().Length == 1).MakeGenericMethod(chain);
        serialize.Invoke(null, new[] { head });
    }

    /// <summary>The analyzer options of a build that sets FudgeWholeGraph.</summary>
    internal sealed class SwitchOptions : AnalyzerConfigOptionsProvider
    {
        /// <summary>A build with FudgeWholeGraph=false: neither half, the per-object code.</summary>
        public static readonly SwitchOptions Off = new("false");

        /// <summary>A build that does not set the property: the writer's half, the default.</summary>
        public static readonly SwitchOptions Unset = new(null);

        /// <summary>A build with FudgeWholeGraph=true: both halves.</summary>
        public static readonly SwitchOptions On = new("true");

        /// <summary>A build with FudgeWholeGraph=write: the writer's half alone.</summary>
        public static readonly SwitchOptions WriteOnly = new("write");

        /// <summary>A build with FudgeWholeGraph=read: the reader's half alone.</summary>
        public static readonly SwitchOptions ReadOnly = new("read");

        private readonly Options _global;

        public SwitchOptions(string? value)
        {
            _global = new Options(value is null ? ImmutableDictionary<string, string>.Empty : ImmutableDictionary<string, string>.Empty.Add("build_property.FudgeWholeGraph", value));
            string? selected = value?.Trim().ToLowerInvariant();
            Write = selected is not ("false" or "read");
            Read = selected is "true" or "read";
        }

        /// <summary>True when the value turns the writer's half on.</summary>
        public bool Write { get; }

        /// <summary>True when the value turns the reader's half on.</summary>
        public bool Read { get; }

        public override AnalyzerConfigOptions GlobalOptions => _global;

        public override AnalyzerConfigOptions GetOptions(SyntaxTree tree) => Options.Empty;

        public override AnalyzerConfigOptions GetOptions(AdditionalText textFile) => Options.Empty;

        private sealed class Options : AnalyzerConfigOptions
        {
            public static readonly Options Empty = new(ImmutableDictionary<string, string>.Empty);

            private readonly ImmutableDictionary<string, string> _values;

            public Options(ImmutableDictionary<string, string> values) => _values = values;

            public override bool TryGetValue(string key, out string value) => _values.TryGetValue(key, out value!);
        }
    }
}
