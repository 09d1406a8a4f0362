using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading;
using Fudge.Generators.Tests.WholeGraph;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Generators.Tests.TakeRuns;

/// <summary>
/// A list or array of read leaves (<see cref="TLeaf"/>: scalar members only) is taken whole inside its holder's run,
/// each element from a run over its sub-message. It must read exactly what the general read reads, and refuse exactly
/// what it refuses: here the general read is the per-object code of the same model file (compiled in memory with
/// whole-graph code off) with a forwarding formatter registered for TLeaf, which turns the takes off there (they run only
/// while FudgeFormatterCache holds the generated formatter), so every element goes through a reader of its own.
/// </summary>
public class LeafListTests
{
    private static readonly Lazy<Assembly> PerObject = new(Compile);

    [Fact]
    public void Lists_of_leaves_read_as_the_general_read_reads_them_whatever_the_elements_hold()
    {
        using var general = GeneralRead.Begin();
        for (int seed = 0; seed < 300; seed++)
        {
            var random = new Random(seed);
            var msg = FudgeMsg.Parse(FudgeSerializer.Serialize(Holder(random, 2)));
            // Elements that are not a leaf's exact message: a field left out, two swapped, one unknown, one of another
            // type or named, an indicator for an element; and the holder's own fields reordered.
            for (int edits = random.Next(4); edits > 0; edits--) Edit(msg, random);
            byte[] bytes = msg.ToByteArray();
            AssertSameOutcome(bytes, general);
        }
    }

    [Fact]
    public void Hostile_bytes_have_the_outcome_of_the_general_read_at_every_byte()
    {
        using var general = GeneralRead.Begin();
        var random = new Random(11);
        var value = Holder(random, 1);
        value.Leaves = new List<TLeaf> { Leaf(random), Leaf(random) };
        value.Array = new[] { Leaf(random) };
        byte[] bytes = FudgeSerializer.Serialize(value);
        for (int length = 8; length < bytes.Length; length++)
        {
            var cut = bytes.AsSpan(0, length).ToArray();
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
            AssertSameOutcome(cut, general);
        }
        foreach (byte v in new byte[] { 0x00, 0x01, 0x0F, 0x20, 0x40, 0x60, 0x7F, 0x80, 0xFF })
        {
            for (int i = 8; i < bytes.Length; i++)
            {
                if (bytes[i] == v) continue; // not a corruption: the value's own bytes, read the same way every time
                var corrupt = (byte[])bytes.Clone();
                corrupt[i] = v;
                AssertSameOutcome(corrupt, general);
            }
        }
        HostileInput.AssertOnlyFormatErrors(bytes, b => FudgeSerializer.Deserialize<TLeafHolder>(b));
    }

    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(7)]
    [InlineData(8)]
    [InlineData(9)]
    [InlineData(10)]
    [InlineData(11)]
    public void Depth_limits_are_those_of_the_general_read(int maxDepth)
    {
        // Holders nested four deep, each with a list of leaves: the leaves of the deepest are at depth 8 (and those of
        // its branches at 10).
        using var general = GeneralRead.Begin();
        var random = new Random(maxDepth);
        var value = Holder(random, 0);
        var inner = value;
        for (int i = 0; i < 3; i++)
        {
            var child = Holder(random, 0);
            child.Leaves = new List<TLeaf> { Leaf(random) };
            child.Branches = new List<TLeafBranch> { new() { Leaves = new List<TLeaf> { Leaf(random) } } };
            inner.Children = new List<TLeafHolder> { child };
            inner = child;
        }
        var options = new FudgeReaderOptions { MaxDepth = maxDepth };
        AssertSameOutcome(FudgeSerializer.Serialize(value), general, options);
    }

    [Fact]
    public void A_formatter_registered_for_the_leaf_type_is_called_for_each_element_by_per_object_code()
    {
        var holder = Holder(new Random(5), 0);
        holder.Leaves = Enumerable.Range(0, 5).Select(i => new TLeaf { I = i, Text = "x" }).ToList();
        holder.Array = new[] { new TLeaf(), new TLeaf() };
        holder.ReadOnly = null;
        holder.Branches = null;
        byte[] bytes = FudgeSerializer.Serialize(holder);
        using (var general = GeneralRead.Begin())
        {
            general.Read(bytes, null);
            Assert.Equal(7, general.Calls);
        }
        // With the generated formatter back in the cache, the list is taken whole: the element formatter is not called.
        var counting = GeneralRead.Begin();
        counting.Dispose();
        counting.Read(bytes, null);
        Assert.Equal(0, counting.Calls);
    }

    [Fact]
    public void Long_lists_of_leaves_are_gathered_and_read_as_the_general_read_reads_them()
    {
        // Lists past 16 KB are gathered in a pooled array as they are read instead of counted first: the same values,
        // and the same refusals when an element is not a leaf's exact message (the long list given up at any element).
        using var general = GeneralRead.Begin();
        for (int seed = 0; seed < 40; seed++)
        {
            var random = new Random(1000 + seed);
            var value = LongHolder(random);
            var msg = FudgeMsg.Parse(FudgeSerializer.Serialize(value));
            Assert.True(FudgeSerializer.Serialize(value).Length > 3 * 16 * 1024);
            for (int edits = seed % 3; edits > 0; edits--) Edit(msg, random);
            AssertSameOutcome(msg.ToByteArray(), general);
        }
    }

    [Fact]
    public void A_long_list_cut_or_corrupted_has_the_outcome_of_the_general_read()
    {
        using var general = GeneralRead.Begin();
        var random = new Random(12);
        var value = new TLeafHolder { Id = 1, Leaves = Enumerable.Range(0, 300).Select(_ => Leaf(random)).Select(l => { l.Text = "XNAS"; l.Data = new byte[16]; return l; }).ToList(), After = "after" };
        byte[] bytes = FudgeSerializer.Serialize(value);
        Assert.True(bytes.Length > 16 * 1024);
        // Cut inside the list (its size then lies about what follows), at every element boundary's neighbours and a
        // spread of other bytes; sizes and types corrupted across it.
        for (int length = 8; length < bytes.Length; length += length > bytes.Length - 200 ? 1 : 13)
        {
            var cut = bytes.AsSpan(0, length).ToArray();
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
            AssertSameOutcome(cut, general);
        }
        foreach (byte v in new byte[] { 0x00, 0x0F, 0x20, 0x40, 0x7F, 0xFF })
        {
            for (int i = 8; i < bytes.Length; i += 7)
            {
                if (bytes[i] == v) continue;
                var corrupt = (byte[])bytes.Clone();
                corrupt[i] = v;
                AssertSameOutcome(corrupt, general);
            }
        }
    }

    [Fact]
    public void Reading_a_long_list_of_leaves_allocates_what_a_copy_allocates()
    {
        // The pooled array is rented by the first read and reused: nothing is allocated beyond the copy's objects.
        var random = new Random(9);
        var value = new TLeafHolder
        {
            Id = 3,
            Leaves = Enumerable.Range(0, 700).Select(_ => { var l = Leaf(random); l.Text = "XNAS"; l.Data = new byte[16]; return l; }).ToList(),
            Array = Enumerable.Range(0, 500).Select(_ => { var l = Leaf(random); l.Text = "lot"; l.Data = null; return l; }).ToArray(),
        };
        byte[] bytes = FudgeSerializer.Serialize(value);
        long read = Allocations.SteadyState(() => FudgeSerializer.Deserialize<TLeafHolder>(bytes), iterations: 20);
        long copy = Allocations.SteadyState(() => new TLeafHolder
        {
            Id = value.Id,
            Leaves = CopyList(value.Leaves),
            Array = CopyArray(value.Array),
        }, iterations: 20);
        Assert.Equal(copy, read);
    }

    // A holder whose lists of leaves (and of branches, second-level leaves) are each longer than 16 KB.
    private static TLeafHolder LongHolder(Random random)
    {
        List<TLeaf> Leaves(int n) => Enumerable.Range(0, n).Select(_ => { var l = Leaf(random); if (l.Text?.Length > 40) l.Text = "long"; return l; }).ToList();
        return new TLeafHolder
        {
            Id = random.Next(),
            Leaves = Leaves(random.Next(300, 400)),
            Array = Leaves(random.Next(300, 400)).ToArray(),
            ReadOnly = Leaves(random.Next(300, 400)),
            After = "after",
            Branches = Enumerable.Range(0, random.Next(100, 150))
                .Select(_ => new TLeafBranch { Id = random.Next(), Leaves = Leaves(random.Next(1, 5)), Name = "branch" }).ToList(),
        };
    }

    [Fact]
    public void Reading_a_list_of_leaves_allocates_what_a_copy_allocates()
    {
        var random = new Random(8);
        var value = new TLeafHolder
        {
            Id = 3,
            Leaves = Enumerable.Range(0, 23).Select(_ => { var l = Leaf(random); l.Text = "XNAS"; l.Data = new byte[16]; return l; }).ToList(),
            Array = Enumerable.Range(0, 4).Select(_ => { var l = Leaf(random); l.Text = "lot"; l.Data = null; return l; }).ToArray(),
        };
        byte[] bytes = FudgeSerializer.Serialize(value);
        long read = Allocations.SteadyState(() => FudgeSerializer.Deserialize<TLeafHolder>(bytes));
        long copy = Allocations.SteadyState(() => new TLeafHolder
        {
            Id = value.Id,
            Leaves = CopyList(value.Leaves),
            Array = CopyArray(value.Array),
        });
        Assert.Equal(copy, read);
    }

    private static TLeaf[] CopyArray(TLeaf[] array)
    {
        var copy = new TLeaf[array.Length];
        for (int i = 0; i < array.Length; i++) copy[i] = CopyLeaf(array[i]);
        return copy;
    }

    private static List<TLeaf> CopyList(List<TLeaf> list)
    {
        var copy = new List<TLeaf>(list.Count);
        foreach (var leaf in list) copy.Add(CopyLeaf(leaf));
        return copy;
    }

    private static TLeaf CopyLeaf(TLeaf l) => new()
    {
        L = l.L, I = l.I, Small = l.Small, D = l.D, At = l.At, Flag = l.Flag,
        Text = l.Text is null ? null : l.Text.Length == 0 ? "" : new string(l.Text.AsSpan()),
        Data = l.Data is null ? null : (byte[])l.Data.Clone(),
        Factors = l.Factors is null ? null : (double[])l.Factors.Clone(),
    };

    private static TLeaf Leaf(Random random) => new()
    {
        L = random.Next(3) == 0 ? long.MinValue : random.NextInt64(),
        I = random.Next(int.MinValue, int.MaxValue),
        Small = (TSmall)random.Next(0, 256),
        D = random.NextDouble() * 1000,
        At = new DateTime(random.NextInt64(DateTime.MinValue.Ticks, DateTime.MaxValue.Ticks), DateTimeKind.Utc),
        Text = random.Next(5) switch { 0 => null, 1 => "", 2 => "XNAS", 3 => "d\u00E9j\u00E0", _ => new string('v', random.Next(1, 300)) },
        Flag = random.Next(2) == 0,
        Data = random.Next(4) switch { 0 => null, 1 => new byte[16], _ => new byte[random.Next(0, 40)] },
        Factors = random.Next(3) switch { 0 => null, 1 => Array.Empty<double>(), _ => Enumerable.Range(0, random.Next(1, 40)).Select(_ => random.NextDouble()).ToArray() },
    };

    private static TLeafHolder Holder(Random random, int depth)
    {
        List<TLeaf> Leaves() => Enumerable.Range(0, random.Next(0, 5)).Select(_ => Leaf(random)).ToList();
        return new TLeafHolder
        {
            Id = random.Next(),
            Leaves = random.Next(5) == 0 ? null : Leaves(),
            Array = random.Next(5) == 0 ? null : Leaves().ToArray(),
            ReadOnly = random.Next(5) == 0 ? null : Leaves(),
            After = random.Next(3) == 0 ? null : "after",
            Children = depth == 0 || random.Next(3) == 0 ? null : Enumerable.Range(0, random.Next(1, 3)).Select(_ => Holder(random, depth - 1)).ToList(),
            Branches = random.Next(4) == 0 ? null : Enumerable.Range(0, random.Next(0, 3))
                .Select(_ => new TLeafBranch { Id = random.Next(), Leaves = random.Next(4) == 0 ? null : Leaves(), Name = random.Next(2) == 0 ? null : "branch" }).ToList(),
        };
    }

    // One random edit of a leaf element's message (or of the holder's fields).
    private static void Edit(FudgeMsg holder, Random random)
    {
        // The holder's lists of leaves, and those of its branches (a list of second-level leaves).
        var lists = holder.Where(f => f.Value is FudgeMsg list && f.Ordinal is 2 or 3 or 4 && list.Count > 0).ToList();
        foreach (var branches in holder.Where(f => f.Value is FudgeMsg && f.Ordinal == 7))
            foreach (var branch in (FudgeMsg)branches.Value)
                if (branch.Value is FudgeMsg b)
                {
                    if (random.Next(6) == 0) lists.Add(branches); // an edit of the branch itself
                    lists.AddRange(b.Where(f => f.Value is FudgeMsg list && f.Ordinal == 2 && list.Count > 0));
                }
        if (lists.Count == 0 || random.Next(8) == 0)
        {
            // The holder's fields in another order.
            Swap(holder, random.Next(holder.Count), random.Next(holder.Count));
            return;
        }
        var elements = (FudgeMsg)lists[random.Next(lists.Count)].Value!;
        int index = random.Next(elements.Count);
        if (elements[index].Value is not FudgeMsg leaf || leaf.Count == 0) return;
        int at = random.Next(leaf.Count);
        switch (random.Next(7))
        {
            case 0: leaf.RemoveAt(at); break;
            case 1: Swap(leaf, at, random.Next(leaf.Count)); break;
            case 2: leaf.Insert(at, new FudgeField(null, (short)99, FudgeTypeId.Int32, 7)); break;
            case 3: Set(leaf, at, new FudgeField(null, leaf[at].Ordinal, FudgeTypeId.String, "text")); break;
            case 4: Set(leaf, at, new FudgeField("named", leaf[at].Ordinal, leaf[at].TypeId, leaf[at].Value)); break;
            case 5: Set(elements, index, new FudgeField(null, null, FudgeTypeId.Indicator, FudgeIndicator.Instance)); break;
            default: elements.Insert(index, new FudgeField(null, (short)1, FudgeTypeId.Int32, 5)); break; // an element that is not a message
        }
    }

    private static void Set(FudgeMsg msg, int index, FudgeField field)
    {
        msg.RemoveAt(index);
        msg.Insert(index, field);
    }

    private static void Swap(FudgeMsg msg, int a, int b)
    {
        var (first, second) = (msg[a], msg[b]);
        Set(msg, a, second);
        Set(msg, b, first);
    }

    private static void AssertSameOutcome(byte[] bytes, GeneralRead general, FudgeReaderOptions? options = null)
    {
        string expected, actual;
        try { expected = EveryMappingRandomTests.Describe(general.Read(bytes, options)); }
        catch (Exception e) { expected = Outcome(e); }
        try { actual = EveryMappingRandomTests.Describe(FudgeSerializer.Deserialize<TLeafHolder>(new MemoryStream(bytes), options)); }
        catch (Exception e) { actual = Outcome(e); }
        Assert.Equal(expected, actual);
    }

    private static string Outcome(Exception e) => e is FudgeFormatException f ? $"{e.GetType().Name} at {f.Offset}: {e.Message}" : e.ToString();

    /// <summary>
    /// The per-object TLeafHolder's reader with a forwarding formatter registered for its TLeaf (each element then read
    /// the general way, with a reader of its own); disposing registers the generated formatter again.
    /// </summary>
    private sealed class GeneralRead : IDisposable
    {
        private static readonly object Gate = new();
        private readonly Type _leaf, _holder;
        private readonly object _generated;
        private readonly ICounter _counter;
        private MethodInfo? _fromStream;

        private GeneralRead()
        {
            _leaf = PerObject.Value.GetType(typeof(TLeaf).FullName!, throwOnError: true)!;
            _holder = PerObject.Value.GetType(typeof(TLeafHolder).FullName!, throwOnError: true)!;
            _generated = _leaf.GetNestedType("FudgeFormatter")!.GetField("Instance")!.GetValue(null)!;
            _counter = (ICounter)Activator.CreateInstance(typeof(Forwarding<>).MakeGenericType(_leaf), _generated)!;
        }

        public int Calls => _counter.Calls;

        public static GeneralRead Begin()
        {
            Monitor.Enter(Gate);
            var read = new GeneralRead();
            read.Register(read._counter);
            return read;
        }

        public object Read(byte[] bytes, FudgeReaderOptions? options)
        {
            // A span cannot be boxed for Invoke: the stream overload reads the same envelope (looked up once per instance:
            // the hostile test reads thousands of inputs).
            _fromStream ??= typeof(FudgeSerializer).GetMethods().Single(m => m.Name == nameof(FudgeSerializer.Deserialize) && m.IsGenericMethodDefinition
                && m.GetParameters() is [{ ParameterType: var s0 }, _] && s0 == typeof(Stream)).MakeGenericMethod(_holder);
            try { return _fromStream.Invoke(null, new object?[] { new MemoryStream(bytes), options })!; }
            catch (TargetInvocationException e) when (e.InnerException is not null) { throw e.InnerException; }
        }

        public void Dispose()
        {
            Register(_generated);
            if (Monitor.IsEntered(Gate)) Monitor.Exit(Gate);
        }

        private void Register(object formatter)
            => typeof(FudgeFormatterCache<>).MakeGenericType(_leaf).GetMethod("Register")!.Invoke(null, new[] { formatter });
    }

    private interface ICounter
    {
        int Calls { get; }
    }

    /// <summary>A formatter that forwards to another (the generated one), counting the reads.</summary>
    private sealed class Forwarding<T> : IFudgeFormatter<T>, ICounter
    {
        private readonly IFudgeFormatter<T> _inner;

        public Forwarding(object inner) => _inner = (IFudgeFormatter<T>)inner;

        public int Calls { get; private set; }

        public short TaxonomyId => _inner.TaxonomyId;

        public IFudgeTaxonomy? Taxonomy => _inner.Taxonomy;

        public void Write(ref FudgeWriter writer, T value) => _inner.Write(ref writer, value);

        public T Read(ref FudgeReader reader)
        {
            Calls++;
            return _inner.Read(ref reader);
        }
    }

    // TakeRunModels.cs compiled in memory with whole-graph code off (the per-object formatters).
    private static Assembly Compile()
        => InMemoryModels.Compile("LeafListPerObject", new[] { InMemoryModels.ModelFile("TakeRunModels.cs") }, WholeGraphTests.SwitchOptions.Off, beforeEmit: output =>
        {
            Assert.Contains("__Leaves", InMemoryModels.Text(output), StringComparison.Ordinal);
            return output;
        });
}
