using System;
using System.Collections.Generic;

namespace Fudge.Query;

/// <summary>
/// Evaluates every test of a filter in <b>one walk</b> of the encoded message, instead of one walk per test. The
/// paths of the tests (those with plain steps: no <c>..</c>, no index) are merged into a tree of steps; the walk
/// reads each field once, runs the tests whose path ends at it, records which tests have passed, and stops as soon
/// as the filter's value is decided (three-valued logic over <see cref="FilterNode.Decide"/>). Tests the plan cannot
/// walk (descent, indexes, counts) are evaluated on their own once the walk is over, only if the result still
/// depends on them. Semantics are the same as evaluating node by node: any-semantics over repeated fields, and an
/// absent path fails every test.
/// </summary>
internal sealed class FilterPlan
{
    private const int MaxPlannedTests = 64; // one bit each in a ulong

    private readonly FilterNode _root;
    private readonly Level _top;
    private readonly Shape _shape;
    private readonly ulong _allBits;

    // A filter that is only `&&` (or only `||`) over planned tests is decided by a mask, without asking the nodes.
    private enum Shape
    {
        General,
        AllOf,
        AnyOf,
    }

    private FilterPlan(FilterNode root, Level top, Shape shape, ulong allBits)
    {
        _root = root;
        _top = top;
        _shape = shape;
        _allBits = allBits;
    }

    /// <summary>A plan for the filter, or null when none of its tests has a path the plan can walk.</summary>
    public static FilterPlan? Create(FilterNode root)
    {
        var tests = new List<AnyFieldNode>();
        Collect(root, tests);
        if (tests.Count == 0) return null;
        var top = new Level();
        for (int i = 0; i < tests.Count; i++)
        {
            var test = tests[i];
            test.PlanBit = 1UL << i;
            var level = top;
            var steps = test.Path.Steps;
            for (int depth = 0; depth < steps.Length; depth++)
            {
                var entry = level.EntryFor(steps[depth]);
                if (depth == steps.Length - 1) entry.Tests.Add(test);
                else level = entry.Children ??= new Level();
            }
        }
        top.Seal();
        var shape = Chain<AndNode>(root) ? Shape.AllOf : Chain<OrNode>(root) ? Shape.AnyOf : Shape.General;
        return new FilterPlan(root, top, shape, tests.Count == 64 ? ulong.MaxValue : (1UL << tests.Count) - 1);
    }

    // True when the node is a chain of TNode whose every leaf is a planned test.
    private static bool Chain<TNode>(FilterNode node) where TNode : FilterNode => node switch
    {
        AndNode both when typeof(TNode) == typeof(AndNode) => Chain<TNode>(both.Left) && Chain<TNode>(both.Right),
        OrNode either when typeof(TNode) == typeof(OrNode) => Chain<TNode>(either.Left) && Chain<TNode>(either.Right),
        AnyFieldNode test => test.PlanBit != 0,
        _ => false,
    };

    private Decision DecideNow(ulong passed, in FudgeReader message) => _shape switch
    {
        Shape.AllOf => passed == _allBits ? Decision.True : Decision.Unknown,
        Shape.AnyOf => Decision.True, // called only after a test has passed
        _ => _root.Decide(passed, final: false, in message),
    };

    private static void Collect(FilterNode node, List<AnyFieldNode> tests)
    {
        switch (node)
        {
            case AndNode both:
                Collect(both.Left, tests);
                Collect(both.Right, tests);
                break;
            case OrNode either:
                Collect(either.Left, tests);
                Collect(either.Right, tests);
                break;
            case NotNode negation:
                Collect(negation.Operand, tests);
                break;
            case AnyFieldNode test when tests.Count < MaxPlannedTests && Walkable(test.Path.Steps):
                tests.Add(test);
                break;
        }
    }

    private static bool Walkable(PathStep[] steps)
    {
        if (steps.Length == 0) return false;
        foreach (var step in steps)
            if (step.Descendant || step.HasIndex) return false;
        return true;
    }

    /// <summary>Evaluates the filter on the message <paramref name="message"/> is positioned at the start of.</summary>
    public bool Evaluate(in FudgeReader message)
    {
        ulong passed = 0;
        var decided = Walk(message, _top, ref passed, in message);
        if (decided != Decision.Unknown) return decided == Decision.True;
        return _shape switch
        {
            Shape.AllOf => passed == _allBits,
            Shape.AnyOf => passed != 0,
            _ => _root.Decide(passed, final: true, in message) == Decision.True,
        };
    }

    // Returns the filter's value once a passed test decides it (the walk stops there), or Unknown at the end.
    private Decision Walk(FudgeReader reader, Level level, ref ulong passed, in FudgeReader message)
    {
        var entries = level.Entries;
        ulong lengths = level.NameLengths;
        // Most fields are passed over on their header alone: by their name's length (when every step here is a plain
        // name), and nameless ones when no taxonomy could name them.
        bool nameless = lengths == ulong.MaxValue || reader.Taxonomy is not null;
        while (reader.ReadCandidate(lengths, nameless))
        {
            bool hasName = reader.HasName;
            var name = reader.NameUtf8;
            for (int i = 0; i < entries.Length; i++)
            {
                var entry = entries[i];
                // A plain name compares as bytes; anything else (ordinals, taxonomy names, CESU-8) asks the step.
                if (entry.PlainName is { } plain && hasName
                        ? name.Length != plain.Length || (plain.Length > 0 && name[0] != plain[0]) || !name.SequenceEqual(plain)
                        : !entry.Step.Matches(in reader))
                    continue;
                var tests = entry.TestArray;
                for (int t = 0; t < tests.Length; t++)
                {
                    var test = tests[t];
                    if ((passed & test.PlanBit) != 0 || !test.Test(in reader)) continue;
                    passed |= test.PlanBit;
                    var decision = DecideNow(passed, in message);
                    if (decision != Decision.Unknown) return decision;
                }
                if (entry.Children is { } children && reader.TypeId == FudgeTypeId.Message)
                {
                    var decided = WalkInto(in reader, children, ref passed, in message);
                    if (decided != Decision.Unknown) return decided;
                }
            }
        }
        return Decision.Unknown;
    }

    // Kept out of Walk so that the walk's own frame does not carry a second reader.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private Decision WalkInto(in FudgeReader field, Level children, ref ulong passed, in FudgeReader message)
        => Walk(field.ReadMessage(), children, ref passed, in message);

    /// <summary>The distinct steps the planned paths take at one depth below one step.</summary>
    private sealed class Level
    {
        private readonly List<Entry> _entries = new();

        public Entry[] Entries { get; private set; } = Array.Empty<Entry>();

        public Entry EntryFor(PathStep step)
        {
            foreach (var entry in _entries)
                if (entry.Step.SameKey(step)) return entry;
            var created = new Entry(step);
            _entries.Add(created);
            return created;
        }

        /// <summary>
        /// Bit n is set when a name of n bytes may match a step here; all bits when some step is not a plain name
        /// (or a plain name is 63 bytes or longer), so nothing is passed over.
        /// </summary>
        public ulong NameLengths { get; private set; }

        public void Seal()
        {
            Entries = _entries.ToArray();
            foreach (var entry in Entries)
                NameLengths |= entry.PlainName is { Length: < 63 } plain ? 1UL << plain.Length : ulong.MaxValue;
            foreach (var entry in Entries)
            {
                entry.TestArray = entry.Tests.ToArray();
                entry.Children?.Seal();
            }
        }
    }

    private sealed class Entry
    {
        public Entry(PathStep step)
        {
            Step = step;
            PlainName = step.Selector == KeySelector.Name && !step.HasSupplementary ? step.NameUtf8 : null;
        }

        public PathStep Step { get; }

        /// <summary>The name to compare with names on the wire byte for byte, or null when the step must decide.</summary>
        public byte[]? PlainName { get; }

        public List<AnyFieldNode> Tests { get; } = new();

        public AnyFieldNode[] TestArray { get; set; } = Array.Empty<AnyFieldNode>();

        public Level? Children { get; set; }
    }
}
