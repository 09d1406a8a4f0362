using System;
using System.Collections.Generic;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Threading;
using System.Threading.Tasks;
using Npgsql;
using NpgsqlTypes;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The choice, per execution, between the two forms of a collection <c>Any</c> of one equality in a collection of the
/// list layout that keeps its whole-document GIN: the jsonpath the GIN serves (<c>json @? @where</c>: a bitmap search
/// of the index, right for a rare value) and the containment of the list's subtree (<see cref="ContainmentTranslation"/>:
/// no index, but at a common value a parallel scan whose test costs a row what Marten's does, where the jsonpath's
/// costs about 1.1-1.2x that; marten-side-by-side-plans.md, gin43). The same choice, the other way round, for
/// containable tests joined to others by <c>&amp;&amp;</c> without the GIN (or on a declared index's rows): their
/// containment with the others' jsonpath where the planner expects a rare value (<see cref="RareShare"/>), else the
/// whole jsonpath.
/// </summary>
/// <remarks>
/// The server plans each execution, so the store chooses before sending the statement, by the planner's own row
/// estimate of the jsonpath (<c>EXPLAIN (FORMAT JSON) SELECT 1 FROM table WHERE json @? @where</c>: its top node's
/// <c>Plan Rows</c>) against the table's <c>reltuples</c>, in one round trip on the statement's connection (and
/// transaction): past <see cref="CommonShare"/> of the table, the crossover measured for one test a row (any43c), the
/// containment. The answer is kept per collection and jsonpath (the filter's only parameter: the containment's
/// patterns follow from it) for <see cref="KeptFor"/> (the statistics the estimate rests on change with an
/// <c>ANALYZE</c>, which the store does not see), at most <see cref="MostKept"/> of them (all forgotten when full), so a
/// repeated query pays nothing and a first one one planning round trip; a bulk insert or a migration of the collection
/// forgets them (<see cref="Forget"/>). Either form passes the same rows (the containment's <c>CASE</c> keeps the
/// jsonpath for the rows it cannot stand for), so the choice changes a plan, never an answer. The estimate follows
/// the value also when Npgsql prepares the <c>EXPLAIN</c> (<c>Max Auto Prepare</c>) and the server plans prepared
/// statements generically (<c>plan_cache_mode = force_generic_plan</c>): an <c>EXPLAIN</c> is a utility statement,
/// whose query is planned at each execution with the bound values as constants (tested; a prepared <c>SELECT</c>
/// planned generically estimates every value alike).
/// </remarks>
internal sealed class GinOrContainment
{
    /// <summary>The share of the table past which the containment's scan takes less time than the GIN's bitmap.</summary>
    internal const double CommonShare = 0.05;

    /// <summary>How long an estimate is kept.</summary>
    internal static readonly TimeSpan KeptFor = TimeSpan.FromMinutes(1);

    /// <summary>The estimates kept per collection at most.</summary>
    internal const int MostKept = 256;

    /// <summary>The choices offered to commands not yet run (<see cref="Offer"/>).</summary>
    private static readonly ConditionalWeakTable<NpgsqlCommand, Choice> Choices = new();

    /// <summary>
    /// The share of the table under which containment joined to other tests by <c>&amp;&amp;</c> takes less time than the
    /// whole jsonpath: their jsonpath then runs on the rows the containment passes (0.94x at 23% of 1,000,000 ticks,
    /// 0.80x at none; <see cref="ContainmentTranslation.For"/>), the crossover about a quarter.
    /// </summary>
    internal const double RareShare = 0.15;

    /// <summary>Per jsonpath: its estimated share of the table's rows (NaN for a table never analyzed) and until when it is kept.</summary>
    private readonly Dictionary<string, (double Share, long Until)> _estimates = new(StringComparer.Ordinal);

    /// <summary>Estimates made (round trips), for the tests.</summary>
    internal int Estimated;

    /// <summary>The estimates kept now, for the tests.</summary>
    internal int Count
    {
        get
        {
            lock (_estimates) return _estimates.Count;
        }
    }

    /// <summary>
    /// Forgets every estimate kept: called after a bulk insert or a migration of the collection, which change the rows
    /// an estimate counted (a load of a common value can make a rare one common).
    /// </summary>
    public void Forget()
    {
        lock (_estimates) _estimates.Clear();
    }

    private sealed record Choice(GinOrContainment Cache, string Table, string Path, string JsonPathTest, string Contained, string[] ContainmentParameters, bool WhenCommon)
    {
        /// <summary>Whether a kept estimate chose the containment (true), the jsonpath (false), or none is kept (null).</summary>
        public bool? Takes => Cache.Kept(Path) is double share ? Containment(share) : null;

        // A table never analyzed (NaN) gives the planner no histogram: the jsonpath's form.
        public bool Containment(double share) => WhenCommon ? share > CommonShare : share <= RareShare;
    }

    /// <summary>
    /// Offers <paramref name="command"/>, whose filter's jsonpath test is <paramref name="jsonPathTest"/>, the containment
    /// form <paramref name="contained"/>, whose patterns and other tests are the parameters
    /// <paramref name="containmentParameters"/>: chosen when it runs (<see cref="ChooseAsync"/>) by the estimate of
    /// <paramref name="path"/> (the jsonpath of the tests containment takes), for a common value
    /// (<paramref name="whenCommon"/>: the GIN's bitmap against the containment's scan) or for a rare one (other tests
    /// joined by <c>&amp;&amp;</c>, whose jsonpath the containment leaves to run on the rows it passes).
    /// </summary>
    public void Offer(NpgsqlCommand command, string table, string path, string jsonPathTest, string contained, string[] containmentParameters, bool whenCommon)
        => Choices.AddOrUpdate(command, new Choice(this, table, path, jsonPathTest, contained, containmentParameters, whenCommon));

    /// <summary>
    /// The statement's text as <c>ToQueryString</c> shows it: the form a kept estimate chose (the jsonpath's until one
    /// is kept, <see cref="Note"/> saying so).
    /// </summary>
    public static string Shown(NpgsqlCommand command, string text)
        => Choices.TryGetValue(command, out var choice) && choice.Takes == true ? Swapped(text, choice) : text;

    /// <summary>
    /// Whether <c>ToQueryString</c> lists <paramref name="parameter"/> of <paramref name="command"/>: every parameter
    /// but the containment's when a kept estimate chose the jsonpath, which the statement shown does not use (with none
    /// kept, the other form in the comment line uses them).
    /// </summary>
    public static bool Listed(NpgsqlCommand command, NpgsqlParameter parameter)
        => !Choices.TryGetValue(command, out var choice) || choice.Takes != false
            || Array.IndexOf(choice.ContainmentParameters, parameter.ParameterName) < 0;

    /// <summary>
    /// The line before the statement <c>ToQueryString</c> shows when no estimate is kept: a comment with the other form
    /// and when the first execution takes it (empty otherwise).
    /// </summary>
    public static string Note(NpgsqlCommand command)
        => !Choices.TryGetValue(command, out var choice) || choice.Cache.Kept(choice.Path) is not null ? ""
            : $"/* chosen per execution: the {(choice.WhenCommon ? "GIN's jsonpath below, or where the planner estimates more than" : "jsonpath below, or where the planner estimates for the contained tests at most")} {(choice.WhenCommon ? CommonShare : RareShare).ToString("0%", CultureInfo.InvariantCulture)} of the table's rows, {choice.Contained} */\n";

    /// <summary>
    /// Chooses the form of an offered command (nothing to do for others): the containment's text in place of the
    /// jsonpath's where the estimate says so, else the containment's parameters removed.
    /// </summary>
    public static async Task ChooseAsync(NpgsqlCommand command, CancellationToken cancellationToken)
    {
        if (!Choices.TryGetValue(command, out var choice)) return;
        Choices.Remove(command);
        double share = choice.Cache.Kept(choice.Path) ?? await choice.Cache.EstimateAsync(command, choice, cancellationToken).ConfigureAwait(false);
        if (choice.Containment(share)) command.CommandText = Swapped(command.CommandText, choice);
        else
            foreach (var name in choice.ContainmentParameters) command.Parameters.Remove(name);
    }

    // The jsonpath's test is written once a statement (one @where parameter).
    private static string Swapped(string text, Choice choice) => text.Replace(choice.JsonPathTest, choice.Contained, StringComparison.Ordinal);

    private double? Kept(string path)
    {
        lock (_estimates)
        {
            if (!_estimates.TryGetValue(path, out var kept)) return null;
            if (Environment.TickCount64 < kept.Until) return kept.Share;
            _estimates.Remove(path);
            return null;
        }
    }

    private async Task<double> EstimateAsync(NpgsqlCommand command, Choice choice, CancellationToken cancellationToken)
    {
        Interlocked.Increment(ref Estimated);
        await using var estimate = new NpgsqlCommand(
            $"EXPLAIN (FORMAT JSON) SELECT 1 FROM {choice.Table} WHERE json @? @where; SELECT reltuples::float8 FROM pg_class WHERE oid = @table::regclass",
            command.Connection, command.Transaction);
        estimate.Parameters.AddWithValue("where", NpgsqlDbType.JsonPath, choice.Path);
        estimate.Parameters.AddWithValue("table", NpgsqlDbType.Text, choice.Table);
        double rows, tuples = 0;
        await using (var reader = await estimate.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            await reader.ReadAsync(cancellationToken).ConfigureAwait(false);
            using (var plan = JsonDocument.Parse(reader.GetString(0)))
                rows = plan.RootElement[0].GetProperty("Plan").GetProperty("Plan Rows").GetDouble();
            await reader.NextResultAsync(cancellationToken).ConfigureAwait(false);
            if (await reader.ReadAsync(cancellationToken).ConfigureAwait(false)) tuples = reader.GetDouble(0);
        }
        // A table never analyzed (reltuples -1 or 0): no share (NaN), whose comparisons are false.
        double share = tuples > 0 ? rows / tuples : double.NaN;
        lock (_estimates)
        {
            if (_estimates.Count >= MostKept) _estimates.Clear();
            _estimates[choice.Path] = (share, Environment.TickCount64 + (long)KeptFor.TotalMilliseconds);
        }
        return share;
    }
}
