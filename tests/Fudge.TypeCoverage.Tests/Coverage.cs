using System;
using System.Collections.Generic;
using System.Diagnostics;
using System.IO;
using System.Linq;
using System.Reflection;
using System.Threading.Tasks;
using Microsoft.CodeAnalysis;

namespace Fudge.TypeCoverage.Tests;

/// <summary>What happened to one case with one library.</summary>
public enum Verdict
{
    /// <summary>Compiled, ran, and the value came back deep-equal.</summary>
    RoundTrips,
    /// <summary>The build stopped: a diagnostic of the library's generator or of the compiler.</summary>
    CompileError,
    /// <summary>Compiled, and serializing or deserializing threw.</summary>
    Throws,
    /// <summary>
    /// Compiled, ran, and the value came back EXACTLY as the case's documented normalization of the format says (a
    /// <c>DateTime</c> of kind Local as the same instant of kind Utc): not a round trip, not wrong.
    /// </summary>
    Normalized,
    /// <summary>Compiled, ran without an error, and returned a different value: the worst outcome.</summary>
    Wrong,
    /// <summary>
    /// Compiled with a WARNING from the library's generator for the case (such as FUDGE015, a member left out), and
    /// the value came back different as warned: not silent, yet not a round trip.
    /// </summary>
    Warned,
}

/// <summary>The outcome of one case with one library, and the words that explain it.</summary>
public sealed record Outcome(Verdict Verdict, string Detail, string? DiagnosticId = null, Exception? Exception = null)
{
    /// <summary>A table cell: ✓, or what stopped it.</summary>
    public string Cell => Verdict switch
    {
        Verdict.RoundTrips => "✓",
        Verdict.CompileError => "compile: " + Detail,
        Verdict.Throws => "throws " + Detail,
        Verdict.Warned => "differs, as warned: " + Detail,
        Verdict.Normalized => "normalized as documented (" + Detail + ")",
        _ => "**WRONG**: " + Detail,
    };
}

/// <summary>The corpus measured on every library: built once per test run and shared by the tests.</summary>
public sealed class Coverage
{
    /// <summary>The libraries measured, in the table's order (the plain compilation only checks the corpus itself).</summary>
    public static readonly Library[] Measured = { Library.FudgeNames, Library.FudgeOrdinals, Library.MemoryPack, Library.MessagePack };

    private static readonly Lazy<Coverage> Instance = new(Measure);

    /// <summary>The measurement, taken on first use.</summary>
    public static Coverage Current => Instance.Value;

    /// <summary>The cases, in the file's order.</summary>
    public IReadOnlyList<CorpusCase> Cases { get; }

    /// <summary>Outcome per library per case id.</summary>
    public IReadOnlyDictionary<Library, IReadOnlyDictionary<string, Outcome>> Outcomes { get; }

    /// <summary>How long compiling and running everything took.</summary>
    public TimeSpan Elapsed { get; }

    /// <summary>Per library: the first compiler error inside generated code, by case namespace.</summary>
    public IReadOnlyDictionary<Library, IReadOnlyDictionary<string, Diagnostic>> GeneratedCodeErrors { get; private set; } = new Dictionary<Library, IReadOnlyDictionary<string, Diagnostic>>();

    /// <summary>Per library: how many compilations it took and how long compiling took.</summary>
    public IReadOnlyList<string> Timings { get; private set; } = Array.Empty<string>();

    private Coverage(IReadOnlyList<CorpusCase> cases, IReadOnlyDictionary<Library, IReadOnlyDictionary<string, Outcome>> outcomes, TimeSpan elapsed)
    {
        Cases = cases;
        Outcomes = outcomes;
        Elapsed = elapsed;
    }

    /// <summary>The corpus file beside the test assembly.</summary>
    public static string CorpusPath => Path.Combine(AppContext.BaseDirectory, "Corpus", "cases.txt");

    /// <summary>Fudge's outcome for a case across both field modes: the worse of the two.</summary>
    public Outcome Fudge(string id)
    {
        var names = Outcomes[Library.FudgeNames][id];
        var ordinals = Outcomes[Library.FudgeOrdinals][id];
        return Rank(ordinals.Verdict) > Rank(names.Verdict) ? ordinals : names;
    }

    private static int Rank(Verdict v) => v switch { Verdict.RoundTrips => 0, Verdict.Normalized => 1, Verdict.CompileError => 2, Verdict.Warned => 3, Verdict.Throws => 4, _ => 5 };

    private static Coverage Measure()
    {
        var clock = Stopwatch.StartNew();
        var cases = CorpusCase.Load(CorpusPath);
        var libraries = Measured.Append(Library.Plain).ToArray();
        // Two cores: compile two libraries at a time.
        var batches = new BatchCompiler.Batch[libraries.Length];
        Parallel.For(0, libraries.Length, new ParallelOptions { MaxDegreeOfParallelism = 2 },
            i => batches[i] = BatchCompiler.Compile(cases, libraries[i]));
        var outcomes = new Dictionary<Library, IReadOnlyDictionary<string, Outcome>>();
        foreach (var batch in batches)
            outcomes[batch.Library] = cases.ToDictionary(c => c.Id, c => Run(c, batch), StringComparer.Ordinal);
        return new Coverage(cases, outcomes, clock.Elapsed) { Timings = batches.Select(b => $"{b.Library}: {b.Passes} compilations, {b.Elapsed.TotalSeconds:0.0} s").ToList(),
            GeneratedCodeErrors = batches.ToDictionary(b => b.Library, b => b.GeneratedCodeErrors),
        };
    }

    private static Outcome Run(CorpusCase c, BatchCompiler.Batch batch)
    {
        if (batch.Refused.TryGetValue(c.Namespace, out var error))
            return new Outcome(Verdict.CompileError, Summarize(error), error.Id);
        var entry = batch.Assembly!.GetType(c.Namespace + ".CaseEntry__", throwOnError: true)!;
        object? value, back;
        try
        {
            value = Invoke(entry, "Make", null);
        }
        catch (Exception ex)
        {
            throw new InvalidOperationException($"case {c.Id}: building its value threw", ex);
        }
        try
        {
            back = Invoke(entry, "RoundTrip", value);
        }
        catch (Exception ex)
        {
            return new Outcome(Verdict.Throws, Describe(ex), Exception: ex);
        }
        Func<object?>? normalized = c.Normalized is null ? null : () => Invoke(entry, "Normalized", value);
        var judged = Judge(value, back, normalized, c.NormalizationRule);
        if (judged.Verdict is not Verdict.Wrong) return judged;
        string difference = judged.Detail;
        if (batch.Warnings.TryGetValue(c.Namespace, out var warnings) && warnings.Length > 0)
            return new Outcome(Verdict.Warned, Summarize(warnings[0]) + " (" + CoverageTable.Escape(difference) + ")", warnings[0].Id);
        return new Outcome(Verdict.Wrong, difference);
    }

    /// <summary>
    /// Compares what came back with the value: a round trip when deep-equal; otherwise, when the case declares a
    /// documented normalization, <see cref="Verdict.Normalized"/> when what came back deep-equals (as strictly as a round
    /// trip: ticks and kind of a DateTime...) the normalized value; <see cref="Verdict.Wrong"/> for anything else.
    /// </summary>
    public static Outcome Judge(object? value, object? back, Func<object?>? normalized, string? rule)
    {
        string? difference;
        try
        {
            difference = DeepComparer.Difference(value, back);
        }
        catch (Exception ex)
        {
            // A value that cannot even be read back (an enumerator that throws, a default ImmutableArray) is a wrong value.
            difference = "reading the value back threw " + Describe(ex);
        }
        if (difference is null) return new Outcome(Verdict.RoundTrips, "");
        if (normalized is null) return new Outcome(Verdict.Wrong, difference);
        string? fromNormalized;
        try
        {
            fromNormalized = DeepComparer.Difference(normalized(), back);
        }
        catch (Exception ex)
        {
            fromNormalized = "reading the value back threw " + Describe(ex);
        }
        return fromNormalized is null
            ? new Outcome(Verdict.Normalized, $"[rule]({rule})")
            : new Outcome(Verdict.Wrong, difference + "; nor as documented: " + fromNormalized);
    }

    private static object? Invoke(Type entry, string method, object? argument)
    {
        try
        {
            return entry.GetMethod(method, BindingFlags.Public | BindingFlags.Static)!.Invoke(null, method == "Make" ? null : new[] { argument });
        }
        catch (TargetInvocationException ex) when (ex.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(ex.InnerException).Throw();
            throw;
        }
    }

    /// <summary>The exception's type, the type it wraps if it is only a wrapper, and its first words.</summary>
    private static string Describe(Exception ex)
    {
        string name = ex.GetType().Name;
        if (ex is TypeInitializationException && ex.InnerException is not null) { name += " → " + ex.InnerException.GetType().Name; ex = ex.InnerException; }
        else if (ex.InnerException is not null && ex.GetType().Name.Contains("Serialization", StringComparison.Ordinal))
        {
            var inner = ex.InnerException;
            while (inner.InnerException is not null && inner is TypeInitializationException or TargetInvocationException) inner = inner.InnerException;
            name += " → " + inner.GetType().Name;
            ex = inner;
        }
        return $"`{name}`: {FirstWords(ex.Message, 12)}";
    }

    private static string Summarize(Diagnostic d) => $"`{d.Id}` {FirstWords(d.GetMessage(System.Globalization.CultureInfo.InvariantCulture), 12)}";

    /// <summary>The first <paramref name="count"/> words of a message, made safe for a markdown table cell.</summary>
    public static string FirstWords(string message, int count)
    {
        var words = message.Replace('\r', ' ').Replace('\n', ' ').Split(' ', StringSplitOptions.RemoveEmptyEntries);
        string text = string.Join(' ', words.Take(count)) + (words.Length > count ? " …" : "");
        return text.Replace("|", "\\|").Replace("<", "&lt;").Replace(">", "&gt;").Replace("`", "'");
    }
}
