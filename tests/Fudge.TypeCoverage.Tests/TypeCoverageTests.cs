using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge;
using Xunit;
using Xunit.Abstractions;

namespace Fudge.TypeCoverage.Tests;

/// <summary>
/// Issue 41's proof: the everyday-type corpus (Corpus/cases.txt) round-trips in Fudge, nothing comes back silently
/// wrong, and whatever Fudge refuses it refuses while compiling. docs/type-coverage.md is the table these tests write
/// when <see cref="CoverageTable.WriteVariable"/> is set.
/// </summary>
public class TypeCoverageTests
{
    /// <summary>
    /// How many cases Fudge round-trips in BOTH field modes, at least: the count measured on main once issue 41's
    /// mappings landed (67 when the corpus was added). Raise it whenever more cases round-trip (issue 41's goal: 112 of its 116, with MemoryPack at 107 and
    /// MessagePack at 102 on the issue's own list).
    /// </summary>
    public const int MinimumFudgeRoundTrips = 137;

    /// <summary>
    /// Cases that on main, when the corpus was added, came back wrong with no error or threw at run time: the ones
    /// issue 41 sections 1 and 2 fix. Only ever remove ids from this list (when a case stops going wrong, delete it
    /// here); any case not listed that goes wrong or throws fails <see cref="Fudge_never_throws_or_returns_a_wrong_value"/>.
    /// </summary>
    public static readonly HashSet<string> KnownWrongOrThrowingOnMain = new(StringComparer.Ordinal)
    {
    };

    private readonly ITestOutputHelper _output;

    public TypeCoverageTests(ITestOutputHelper output) => _output = output;

    private static Coverage Coverage => Coverage.Current;

    public static IEnumerable<object[]> CaseIds() => CorpusCase.Load(Coverage.CorpusPath).Select(c => new object[] { c.Id });

    [Fact]
    public void Every_case_compiles_without_any_library_and_its_value_equals_itself()
    {
        var broken = Coverage.Cases.Where(c => Coverage.Outcomes[Library.Plain][c.Id].Verdict != Verdict.RoundTrips)
            .Select(c => $"{c.Id} (cases.txt line {c.Line}): {Coverage.Outcomes[Library.Plain][c.Id].Cell}").ToList();
        Assert.True(broken.Count == 0, "the corpus itself is broken:" + Environment.NewLine + string.Join(Environment.NewLine, broken));
        Assert.True(Coverage.Cases.Count >= 116, $"issue 41 measures 116 everyday cases; the corpus has {Coverage.Cases.Count}");
    }

    [Theory]
    [MemberData(nameof(CaseIds))]
    public void Fudge_never_throws_or_returns_a_wrong_value(string id)
    {
        if (KnownWrongOrThrowingOnMain.Contains(id)) return;
        var c = Coverage.Cases.Single(x => x.Id == id);
        foreach (var library in new[] { Library.FudgeNames, Library.FudgeOrdinals })
        {
            var outcome = Coverage.Outcomes[library][id];
            // A value no type check can see (a lone surrogate) may be refused while writing, with a FudgeException only.
            if (outcome.Verdict == Verdict.Throws && c.ValueMayBeRefused && outcome.Exception is FudgeException) continue;
            // A compile-time diagnostic, error or warning, is what the user sees instead of a silently different value; a
            // documented normalization the case declares (checked exactly by Coverage.Judge) is not a silent one either.
            Assert.True(outcome.Verdict is Verdict.RoundTrips or Verdict.CompileError or Verdict.Warned
                || outcome.Verdict == Verdict.Normalized && c.Normalized is not null, $"{library}: {outcome.Cell}");
        }
    }

    [Fact]
    public void Fudge_round_trips_at_least_the_recorded_number_of_cases()
    {
        int roundTrips = Coverage.Cases.Count(c => Coverage.Fudge(c.Id).Verdict == Verdict.RoundTrips);
        _output.WriteLine($"Fudge round-trips {roundTrips} of {Coverage.Cases.Count} cases in both field modes ({Coverage.Elapsed.TotalSeconds:0.0} s)");
        foreach (string timing in Coverage.Timings) _output.WriteLine(timing);
        foreach (var library in Coverage.Measured)
            _output.WriteLine($"{library}: {Coverage.Cases.Count(c => Coverage.Outcomes[library][c.Id].Verdict == Verdict.RoundTrips)}");
        Assert.True(roundTrips >= MinimumFudgeRoundTrips, $"Fudge round-trips {roundTrips} cases, fewer than the {MinimumFudgeRoundTrips} recorded");
    }

    [Fact]
    public void Fudge_never_generates_code_that_does_not_compile()
    {
        // A type the generator cannot handle gets a diagnostic and no formatter: the compiler never sees broken output.
        foreach (var library in new[] { Library.FudgeNames, Library.FudgeOrdinals })
        {
            var broken = Coverage.GeneratedCodeErrors[library];
            Assert.True(broken.Count == 0, $"{library}: " + string.Join(Environment.NewLine, broken.Select(b => $"{b.Key}: {b.Value}")));
        }
    }

    [Fact]
    public void The_rivals_are_really_measured()
    {
        // A harness that failed to load MemoryPack's generator or MessagePack's resolver would make every rival cell an
        // error and the comparison meaningless: both rivals round-trip every basic case but a handful.
        var basics = Coverage.Cases.Where(c => c.Category == "Basics").ToList();
        foreach (var library in new[] { Library.MemoryPack, Library.MessagePack })
        {
            int ok = basics.Count(c => Coverage.Outcomes[library][c.Id].Verdict == Verdict.RoundTrips);
            Assert.True(ok >= basics.Count - 5, $"{library} round-trips only {ok} of {basics.Count} basic cases: " +
                string.Join("; ", basics.Where(c => Coverage.Outcomes[library][c.Id].Verdict != Verdict.RoundTrips).Take(3).Select(c => c.Id + ": " + Coverage.Outcomes[library][c.Id].Cell)));
        }
    }

    [Fact]
    public void Table_is_written_when_asked()
    {
        string markdown = CoverageTable.Markdown(Coverage, DateTime.UtcNow);
        Assert.Contains("| `basics.int` |", markdown, StringComparison.Ordinal);
        if (Environment.GetEnvironmentVariable(CoverageTable.WriteVariable) is not { Length: > 0 }) return;
        string root = AppContext.BaseDirectory;
        while (!File.Exists(Path.Combine(root, "Fudge.sln"))) root = Path.GetDirectoryName(root) ?? throw new InvalidOperationException("no Fudge.sln above " + AppContext.BaseDirectory);
        File.WriteAllText(Path.Combine(root, "docs", "type-coverage.md"), markdown);
        _output.WriteLine("wrote " + Path.Combine(root, "docs", "type-coverage.md"));
    }
}
