using System;
using System.Globalization;
using System.Linq;
using System.Reflection;
using System.Text;

namespace Fudge.TypeCoverage.Tests;

/// <summary>Writes the measurement as docs/type-coverage.md.</summary>
public static class CoverageTable
{
    /// <summary>The environment variable that makes the tests rewrite the committed table.</summary>
    public const string WriteVariable = "FUDGE_TYPE_COVERAGE_TABLE";

    /// <summary>The exact command that regenerates the table, from the repository root.</summary>
    public const string Command = WriteVariable + "=1 dotnet test tests/Fudge.TypeCoverage.Tests -c Release";

    /// <summary>The markdown of the whole page.</summary>
    public static string Markdown(Coverage coverage, DateTime date)
    {
        var cases = coverage.Cases;
        var o = coverage.Outcomes;
        int Count(Library l, Verdict v) => cases.Count(c => o[l][c.Id].Verdict == v);
        int FudgeCount(Verdict v) => cases.Count(c => coverage.Fudge(c.Id).Verdict == v);

        var md = new StringBuilder();
        md.AppendLine("# Type coverage: Fudge, MemoryPack and MessagePack on everyday .NET model types");
        md.AppendLine();
        md.AppendLine($"The corpus of issue 41: {cases.Count} small model types a .NET developer writes, one per case, each with a value to");
        md.AppendLine("round-trip (`tests/Fudge.TypeCoverage.Tests/Corpus/cases.txt`: id, category, description, the declarations written once");
        md.AppendLine("with placeholders for each library's attributes). Every case is compiled in memory with Roslyn, in one batch per library,");
        md.AppendLine("with the library's own source generator, then serialized, deserialized and compared deeply with the value it started from.");
        md.AppendLine();
        md.AppendLine($"Measured on {date.ToString("yyyy-MM-dd", CultureInfo.InvariantCulture)} with:");
        md.AppendLine();
        md.AppendLine($"- **Fudge** {Version(typeof(global::Fudge.Serialization.FudgeSerializer).Assembly)} (this repository; its generator from the project reference), in both field modes: `[FudgeMessage]` (names) and `[FudgeMessage(Fields = FudgeFieldIds.Ordinals)]` with `[FudgeField(n)]` on each member. A case counts for Fudge when it round-trips in both.");
        md.AppendLine($"- **MemoryPack** {Version(typeof(global::MemoryPack.MemoryPackSerializer).Assembly)}: `[MemoryPackable]`, its source generator (the `MemoryPack.Generator` package's analyzer).");
        md.AppendLine($"- **MessagePack-CSharp** {Version(typeof(global::MessagePack.MessagePackSerializer).Assembly)}: `[MessagePackObject]` with `[Key(n)]` on each member, the default (dynamic) resolver at run time.");
        md.AppendLine($"- Roslyn {Version(typeof(Microsoft.CodeAnalysis.CSharp.CSharpCompilation).Assembly)}, C# latest, nullable enabled; .NET {Environment.Version}.");
        md.AppendLine();
        md.AppendLine("Regenerate it from the repository root with:");
        md.AppendLine();
        md.AppendLine("<!-- shell-check: skip: the tests step of .ci/run runs this suite -->");
        md.AppendLine("```bash");
        md.AppendLine(Command);
        md.AppendLine("```");
        md.AppendLine();
        md.AppendLine("A value **round-trips** (✓) when it comes back deep-equal: the kind of every `DateTime` and the offset of every");
        md.AppendLine("`DateTimeOffset`, the scale of decimals, the bits of floats (`-0.0`, `NaN`), the order of sequences, nulls, and the");
        md.AppendLine("run-time type of every object of a model type. Two allowances: a collection behind an interface or `object` may come back");
        md.AppendLine("as another BCL collection with equal contents, and an integer in an `object` slot as another integer type of the same");
        md.AppendLine("value. **compile** is the first error that stops the user's build (the generator's diagnostic when it gives one);");
        md.AppendLine("**differs, as warned** is a value that came back different after the generator warned about that case (a member left");
        md.AppendLine("out, say): not silent, yet not a round trip;");
        md.AppendLine("**normalized as documented** is a value that came back exactly as a documented rule of the format says, and the case");
        md.AppendLine("declares (`normalized:` in the corpus, checked as strictly as a round trip; the cell links the rule): a `DateTime` of");
        md.AppendLine("kind `Local` as the same instant of kind `Utc`, say, where the wire has no \"local\" kind (MessagePack-CSharp's README");
        md.AppendLine("documents the same for its timestamps; the cells link Fudge's rule);");
        md.AppendLine("**throws** is an exception from serializing or deserializing; **WRONG** is a different value returned with no error.");
        md.AppendLine();
        md.AppendLine("`tests/Fudge.TypeCoverage.Tests` (part of `dotnet test Fudge.sln`) fails when Fudge returns a wrong value or throws on");
        md.AppendLine("a case outside its `KnownWrongOrThrowingOnMain` list (a value-dependent refusal such as a lone surrogate may be a");
        md.AppendLine("`FudgeException`), when generated code fails to compile, when a case does not compile without any library, or when");
        md.AppendLine("Fudge round-trips fewer cases than `MinimumFudgeRoundTrips`.");
        md.AppendLine();
        md.AppendLine("## Totals");
        md.AppendLine();
        md.AppendLine("| Outcome | Fudge (both modes) | Fudge names | Fudge ordinals | MemoryPack | MessagePack |");
        md.AppendLine("|---|---:|---:|---:|---:|---:|");
        foreach (var (verdict, label) in new[] { (Verdict.RoundTrips, "round-trips"), (Verdict.Normalized, "normalized as documented"), (Verdict.CompileError, "compile error"), (Verdict.Warned, "differs, as a warning said"), (Verdict.Throws, "throws"), (Verdict.Wrong, "**WRONG value**") })
            md.AppendLine($"| {label} | {FudgeCount(verdict)} | {Count(Library.FudgeNames, verdict)} | {Count(Library.FudgeOrdinals, verdict)} | {Count(Library.MemoryPack, verdict)} | {Count(Library.MessagePack, verdict)} |");
        md.AppendLine($"| cases | {cases.Count} | {cases.Count} | {cases.Count} | {cases.Count} | {cases.Count} |");
        md.AppendLine();
        md.AppendLine("## Round-trips per category");
        md.AppendLine();
        md.AppendLine("| Category | Cases | Fudge | MemoryPack | MessagePack |");
        md.AppendLine("|---|---:|---:|---:|---:|");
        foreach (var group in cases.GroupBy(c => c.Category))
            md.AppendLine($"| {group.Key} | {group.Count()} | {group.Count(c => coverage.Fudge(c.Id).Verdict == Verdict.RoundTrips)} | {group.Count(c => o[Library.MemoryPack][c.Id].Verdict == Verdict.RoundTrips)} | {group.Count(c => o[Library.MessagePack][c.Id].Verdict == Verdict.RoundTrips)} |");
        md.AppendLine();
        md.AppendLine("## Every case");
        md.AppendLine();
        md.AppendLine("| Case | What | Fudge names | Fudge ordinals | MemoryPack | MessagePack |");
        md.AppendLine("|---|---|---|---|---|---|");
        foreach (var c in cases)
            md.AppendLine($"| `{c.Id}` | {Escape(c.Description)} | {Cell(o[Library.FudgeNames][c.Id])} | {Cell(o[Library.FudgeOrdinals][c.Id])} | {Cell(o[Library.MemoryPack][c.Id])} | {Cell(o[Library.MessagePack][c.Id])} |");
        return md.ToString();
    }

    private static string Cell(Outcome outcome) => outcome.Verdict == Verdict.Wrong ? "**WRONG**: " + Escape(outcome.Detail) : outcome.Cell;

    /// <summary>Text made safe for a markdown table cell (pipes escaped, angle brackets as entities outside code).</summary>
    public static string Escape(string text)
    {
        // Keep `code` spans as they are, escape everything else.
        var b = new StringBuilder();
        bool code = false;
        foreach (char ch in text)
        {
            if (ch == '`') code = !code;
            if (ch == '|') b.Append("\\|");
            else if (!code && ch == '<') b.Append("&lt;");
            else if (!code && ch == '>') b.Append("&gt;");
            else b.Append(ch);
        }
        return b.ToString();
    }

    private static string Version(Assembly assembly)
    {
        string? informational = assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion;
        if (informational is null) return assembly.GetName().Version?.ToString() ?? "?";
        int plus = informational.IndexOf('+');
        return plus > 0 ? informational.Substring(0, plus) : informational;
    }
}
