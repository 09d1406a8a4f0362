using System;
using System.Collections.Generic;

namespace Fudge.Query;

/// <summary>
/// Evaluates every test of a filter in <b>one walk</b> of the encoded message, instead of one walk per test. The
/// paths of the tests (those with plain steps: no index, and <c>..</c> only as the single step of <c>$..name</c>) are
/// merged into a tree of steps; the walk reads each field once, runs the tests whose path ends at it, records which
/// tests have passed, and stops as soon as the filter's value is decided (three-valued logic over
/// <see cref="FilterNode.Decide"/>). A <c>$..name</c> test belongs to every level of the tree, and the walk then enters
/// every sub-message. Tests the plan cannot walk (other descents, indexes, counts) are evaluated on their own once the
/// walk is over, only if the result still depends on them. Semantics are the same as evaluating node by node:
/// any-semantics over repeated fields, and an absent path fails every test.
/// </summary>
internal sealed class FilterPlan
{
    private const int MaxPlannedTests = 64; // one bit each in a ulong

    private readonly FilterNode _root;
    private readonly Level _top;
    private readonly Shape _shape;
    private readonly ulong _allBits;

    // With `$..name` tests: the level of a sub-message no longer path goes into (only the descendant tests), else null.
    private readonly Level? _descendantsOnly;

    // True when every planned test is a `$..name` test: the whole message is then one descending walk.
    private readonly bool _onlyDescendants;

    // A filter that is only `&&` (or only `||`) over planned tests is decided by a mask, without asking the nodes.
    private enum Shape
    {
        General,
        AllOf,
        AnyOf,
    }

    private FilterPlan(FilterNode root, Level top, Level? descendantsOnly, bool onlyDescendants, Shape shape, ulong allBits)
    {
        _onlyDescendants = onlyDescendants;
        _root = root;
        _top = top;
        _descendantsOnly = descendantsOnly;
        _shape = shape;
        _allBits = allBits;
    }

    /// <summary>A plan for the filter, or null when none of its tests has a path the plan can walk.</summary>
    public static FilterPlan? Create(FilterNode root)
    {
        var tests = new List<AnyFieldNode>();
        var descendantTests = new List<AnyFieldNode>();
        Collect(root, tests, descendantTests);
        var top = new Level();
        foreach (var test in tests)
        {
            var level = top;
            var steps = test.Path.Steps;
            for (int depth = 0; depth < steps.Length; depth++)
            {
                var entry = level.EntryFor(steps[depth]);
                if (depth == steps.Length - 1) entry.Tests.Add(test);
                else level = entry.Children ??= new Level();
            }
        }
        // A descent visits every field, so the walk must pass over fields by name at every level: only when every
        // step of the tree and every descendant name is a plain name. Otherwise those tests run on their own.
        if (!top.AllPlain() || !descendantTests.TrueForAll(test => Entry.PlainNameOf(test.Path.Steps[0]) is not null))
            descendantTests.Clear();
        bool onlyDescendants = tests.Count == 0 && descendantTests.Count > 0;
        tests.AddRange(descendantTests);
        if (tests.Count == 0) return null;
        for (int i = 0; i < tests.Count; i++) tests[i].PlanBit = 1UL << i;

        Level? descendantsOnly = null;
        if (descendantTests.Count > 0)
        {
            descendantsOnly = new Level();
            foreach (var test in descendantTests) descendantsOnly.EntryFor(test.Path.Steps[0]).Tests.Add(test);
            descendantsOnly.Seal(null);
        }
        top.Seal(descendantsOnly?.Entries);
        var shape = Chain<AndNode>(root) ? Shape.AllOf : Chain<OrNode>(root) ? Shape.AnyOf : Shape.General;
        ulong allBits = tests.Count == 64 ? ulong.MaxValue : (1UL << tests.Count) - 1;
        return new FilterPlan(root, top, descendantsOnly, onlyDescendants, shape, allBits)
        {
            Loop = shape != Shape.General && descendantsOnly is null && LoopLevel(top) is { Levels: <= PlainPathPlan.MaxLevels } loopTop
                ? new PlainPathPlan(loopTop, allBits, shape == Shape.AnyOf)
                : null,
        };
    }

    /// <summary>
    /// The same filter as one loop over the message's bytes, when every test is on a plain path and compares it with
    /// literals (or tests that it exists); else null. It decides ordinary messages, and this plan's walk the others.
    /// </summary>
    public PlainPathPlan? Loop { get; private set; }

    // The level and those below it for the loop, or null when a step is not a plain name or a test is not one the loop
    // evaluates.
    private static PlainPathPlan.Level? LoopLevel(Level level)
    {
        if (level.Names is not { } names) return null;
        var children = new PlainPathPlan.Level?[level.Entries.Length];
        for (int i = 0; i < children.Length; i++)
        {
            var entry = level.Entries[i];
            if (!Array.TrueForAll(entry.TestArray, PlainPathPlan.Evaluates)) return null;
            if (entry.Children is { } below && (children[i] = LoopLevel(below)) is null) return null;
        }
        return new PlainPathPlan.Level(names, Array.ConvertAll(level.Entries, entry => entry.TestArray), children);
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

    private static void Collect(FilterNode node, List<AnyFieldNode> tests, List<AnyFieldNode> descendantTests)
    {
        switch (node)
        {
            case AndNode both:
                Collect(both.Left, tests, descendantTests);
                Collect(both.Right, tests, descendantTests);
                break;
            case OrNode either:
                Collect(either.Left, tests, descendantTests);
                Collect(either.Right, tests, descendantTests);
                break;
            case NotNode negation:
                Collect(negation.Operand, tests, descendantTests);
                break;
            case AnyFieldNode test when tests.Count + descendantTests.Count < MaxPlannedTests:
                var steps = test.Path.Steps;
                if (Walkable(steps)) tests.Add(test);
                else if (steps.Length == 1 && steps[0].Descendant && !steps[0].HasIndex) descendantTests.Add(test);
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

    /// <summary>
    /// Evaluates the filter on the message <paramref name="reader"/> is positioned at the start of, moving the reader
    /// (the caller's copy: a reader is large enough that copying it on every message shows).
    /// </summary>
    public bool Evaluate(ref FudgeReader reader)
    {
        ulong passed = 0;
        if (_shape == Shape.General)
        {
            // Tests the plan does not walk read the message again from its start.
            var start = reader;
            return Evaluate(ref reader, ref passed, in start);
        }
        // Only the general shape reads the message argument, so the moving reader stands in for it.
        return Evaluate(ref reader, ref passed, in reader);
    }

    private bool Evaluate(ref FudgeReader reader, ref ulong passed, in FudgeReader message)
    {
        var decided = _onlyDescendants ? WalkDescendants(ref reader, ref passed, in message) : Walk(ref reader, _top, ref passed, in message);
        if (decided != Decision.Unknown) return decided == Decision.True;
        return _shape switch
        {
            Shape.AllOf => passed == _allBits,
            Shape.AnyOf => passed != 0,
            _ => _root.Decide(passed, final: true, in message) == Decision.True,
        };
    }

    // Returns the filter's value once a passed test decides it (the walk stops there), or Unknown at the end.
    private Decision Walk(ref FudgeReader reader, Level level, ref ulong passed, in FudgeReader message)
    {
        var entries = level.Entries;
        // Most fields are passed over on their header alone: those whose name no step here has, and nameless ones when
        // no taxonomy could name them. A level with a step that is not a plain name reads every field. With `$..name`
        // tests, every sub-message is entered too.
        var names = level.Names;
        bool everyField = names is null;
        bool nameless = reader.Taxonomy is not null;
        var descendantsOnly = _descendantsOnly;
        bool messages = descendantsOnly is not null;
        while (true)
        {
            int match = everyField ? (reader.Read() ? -1 : FudgeReader.NoMoreCandidates) : reader.ReadCandidate(names!, nameless, messages);
            if (match == FudgeReader.NoMoreCandidates) break;
            Entry? entry;
            if (match >= 0)
            {
                // The name on the wire is this entry's plain name, and no other entry can take a named field.
                entry = entries[match];
            }
            else if (!messages)
            {
                // Several entries may take the field (a wildcard and a name, say): each runs its tests and its paths.
                for (int i = 0; i < entries.Length; i++)
                {
                    if (!Takes(entries[i], in reader)) continue;
                    var decided = Visit(in reader, entries[i], ref passed, in message);
                    if (decided == Decision.Unknown && entries[i].Children is { } below && reader.TypeId == FudgeTypeId.Message)
                        decided = WalkInto(in reader, below, ref passed, in message);
                    if (decided != Decision.Unknown) return decided;
                }
                continue;
            }
            else
            {
                // Every step is a plain name here, so at most one entry takes the field (by a taxonomy name, say).
                entry = null;
                for (int i = 0; i < entries.Length && entry is null; i++)
                    if (Takes(entries[i], in reader)) entry = entries[i];
            }
            if (entry is not null)
            {
                var decided = Visit(in reader, entry, ref passed, in message);
                if (decided != Decision.Unknown) return decided;
            }
            // An empty sub-message (an empty list, often) holds nothing to find: not worth a reader.
            if (reader.TypeId == FudgeTypeId.Message && !reader.ValueSpan.IsEmpty && (entry?.Children ?? descendantsOnly) is { } children)
            {
                var decided = WalkInto(in reader, children, ref passed, in message);
                if (decided != Decision.Unknown) return decided;
            }
        }
        return Decision.Unknown;
    }

    // A plain name compares as bytes, and takes a field with no name only through a taxonomy (an ordinal-only field the
    // envelope's taxonomy names): a list's elements, which have neither, are turned away without asking the step.
    // Anything else (ordinals, wildcards, CESU-8 names) asks the step.
    private static bool Takes(Entry entry, in FudgeReader field)
    {
        if (entry.PlainName is not { } plain) return entry.Step.Matches(in field);
        if (field.HasName) return field.NameUtf8.SequenceEqual(plain);
        return field.HasOrdinal && field.Taxonomy is not null && entry.Step.Matches(in field);
    }

    // Runs the entry's tests on the field.
    private Decision Visit(in FudgeReader field, Entry entry, ref ulong passed, in FudgeReader message)
    {
        // Most entries have one test: its bit and node sit in the entry, one load away instead of four.
        if (entry.SingleTest is { } single)
        {
            ulong bit = entry.SingleBit;
            if ((passed & bit) != 0 || !single.Test(in field)) return Decision.Unknown;
            passed |= bit;
            return DecideNow(passed, in message);
        }
        var tests = entry.TestArray;
        for (int t = 0; t < tests.Length; t++)
        {
            var test = tests[t];
            if ((passed & test.PlanBit) != 0 || !test.Test(in field)) continue;
            passed |= test.PlanBit;
            var decision = DecideNow(passed, in message);
            if (decision != Decision.Unknown) return decision;
        }
        return Decision.Unknown;
    }

    /// <summary>Makes the <c>$..name</c> walk read every sub-message, with no layouts (for the tests: their reference).</summary>
    internal void ReadEverySubMessage()
    {
        if (_descendantsOnly?.Names is { } names) names.PassesOverByLayout = false;
    }

    // Kept out of Walk so that the walk's own frame does not carry a second reader.
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    private Decision WalkInto(in FudgeReader field, Level children, ref ulong passed, in FudgeReader message)
    {
        var fields = field.ReadMessage();
        return children == _descendantsOnly
            ? WalkDescendants(ref fields, ref passed, in message)
            : Walk(ref fields, children, ref passed, in message);
    }

    // Below the planned paths only the `$..name` tests are left, and every sub-message is entered: one walk of the whole
    // subtree, in document order, with no reader, frame or entries loop per sub-message (a list of a thousand records
    // is a thousand sub-messages).
    private Decision WalkDescendants(ref FudgeReader reader, ref ulong passed, in FudgeReader message)
    {
        var level = _descendantsOnly!;
        var entries = level.Entries;
        var names = level.Names!; // descendant tests join the plan only with plain names
        bool nameless = reader.Taxonomy is not null;
        var ends = new SubMessageEnds(reader.Depth, reader.Options.MaxDepth);
        bool passingOver = !nameless && names.RefusesEveryName && names.PassesOverByLayout;
        while (true)
        {
            int match = passingOver
                ? reader.ReadDescendantCandidate<FudgeReader.PassingOverByLayout>(names, nameless, ref ends)
                : reader.ReadDescendantCandidate<FudgeReader.EnteringEvery>(names, nameless, ref ends);
            if (match == FudgeReader.NoMoreCandidates) return Decision.Unknown;
            Entry? entry = null;
            if (match >= 0) entry = entries[match];
            else
                for (int i = 0; i < entries.Length && entry is null; i++)
                    if (Takes(entries[i], in reader)) entry = entries[i];
            if (entry is null) continue;
            var decided = Visit(in reader, entry, ref passed, in message);
            if (decided != Decision.Unknown) return decided;
        }
    }

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
        /// The plain names of the entries, in entry order, so that a field is passed over unless its name is one of
        /// them; null when some step here is not a plain name, and every field must be looked at.
        /// </summary>
        public FudgeNameSet? Names { get; private set; }

        // The one string an entry's field must be for its tests to pass, when its only test is `== 'text'`: the walk then
        // passes over the entry's other fields (other strings, other types) without stopping. Null when any value may pass,
        // and for text past U+FFFF, which Fudge-Java writes in other bytes (CESU-8 pairs) that the test must decode.
        private static byte[]? OnlyString(Entry entry)
            => entry.Tests.Count == 1 && entry.Tests[0] is ComparisonNode { Operator: ComparisonOperator.Equal } equal
               && equal.Literal.Kind == LiteralKind.String && !equal.Literal.ComparesAsText(ComparisonOperator.Equal)
                ? equal.Literal.Utf8
                : null;

        /// <summary>True when every step here and below is a plain name.</summary>
        public bool AllPlain() => _entries.TrueForAll(entry => entry.PlainName is not null && (entry.Children?.AllPlain() ?? true));

        /// <summary>
        /// Fixes the entries. <paramref name="descendants"/>, the entries of the <c>$..name</c> tests, join those of
        /// this level and every level below (merged with an entry of the same name, whose paths go on below).
        /// </summary>
        public void Seal(Entry[]? descendants)
        {
            if (descendants is not null)
            {
                foreach (var descendant in descendants)
                {
                    var entry = EntryFor(descendant.Step);
                    entry.Tests.AddRange(descendant.Tests);
                }
            }
            Entries = _entries.ToArray();
            if (Array.TrueForAll(Entries, entry => entry.PlainName is not null))
                Names = new FudgeNameSet(Array.ConvertAll(Entries, entry => entry.PlainName!), Array.ConvertAll(Entries, OnlyString));
            foreach (var entry in Entries)
            {
                entry.TestArray = entry.Tests.ToArray();
                if (entry.TestArray.Length == 1)
                {
                    entry.SingleTest = entry.TestArray[0];
                    entry.SingleBit = entry.SingleTest.PlanBit;
                }
                entry.Children?.Seal(descendants);
            }
        }
    }

    private sealed class Entry
    {
        public Entry(PathStep step)
        {
            Step = step;
            PlainName = PlainNameOf(step);
        }

        /// <summary>The step's name when it compares with names on the wire byte for byte, else null.</summary>
        public static byte[]? PlainNameOf(PathStep step) => step.Selector == KeySelector.Name && !step.HasSupplementary ? step.NameUtf8 : null;

        public PathStep Step { get; }

        /// <summary>The name to compare with names on the wire byte for byte, or null when the step must decide.</summary>
        public byte[]? PlainName { get; }

        public List<AnyFieldNode> Tests { get; } = new();

        public AnyFieldNode[] TestArray { get; set; } = Array.Empty<AnyFieldNode>();

        /// <summary>The entry's test when it has exactly one (with its plan bit), else null.</summary>
        public AnyFieldNode? SingleTest { get; set; }

        public ulong SingleBit { get; set; }

        public Level? Children { get; set; }
    }
}
