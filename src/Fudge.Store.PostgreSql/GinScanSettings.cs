using System.Runtime.CompilerServices;
using Fudge.Query;
using Npgsql;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// Planner settings for a statement whose filter a GIN index can serve (the whole-document GIN's <c>json @? jsonpath</c>,
/// or an elements index's containment, <see cref="ElementsIndex"/>), set around the statement in its own batch:
/// <c>SET ...; statement; RESET ...</c>. A GIN is searched only through a bitmap heap scan, which is right for a
/// selective value and wrong for a common one: at a quarter of 1,000,000 documents (the collection <c>Any</c> of the
/// Marten side by side) the bitmap reads every page of the table, and the server's defaults plan it without parallel
/// workers, where a parallel sequential scan with the same test per row takes 0.6x its time
/// (marten-side-by-side-plans.md, any43c).
/// </summary>
/// <remarks>
/// Two settings, both costs, so that the planner chooses by its own row estimate (no second round trip):
/// <list type="bullet">
/// <item><c>parallel_tuple_cost = 0.01</c> (default 0.1), always: the Gather's cost a row kept parallel workers off a
/// scan whose estimate is a quarter of the table, where two workers halved the time; a selective statement stays
/// without workers (<c>parallel_setup_cost</c> is unchanged).</item>
/// <item><c>cpu_index_tuple_cost = 0.05</c> (default 0.005), when the filter is one equality (<see cref="OneTest"/>):
/// the bitmap's cost then grows with the rows the index returns, so the planner takes the sequential scan past about
/// 5-10% of the table, the crossover measured for one test a row (at 5% both took the same time). Not for several
/// tests: the sequential scan evaluates them on every row and the bitmap on its candidates only (thirty equalities
/// on 27% of the rows took 1.1-1.8 s through the bitmap and 3.0-4.4 s through a sequential scan).</item>
/// </list>
/// RESET after the statement, in the same batch: the settings are the session's for the statement only. A statement
/// that fails aborts its (implicit or the caller's) transaction, which takes the settings back with it.
/// </remarks>
internal static class GinScanSettings
{
    /// <summary>The statement's settings, set by <see cref="Mark"/> and put around its text by <see cref="Applied"/>.</summary>
    private static readonly ConditionalWeakTable<NpgsqlCommand, string> Marks = new();

    private const string Parallel = "SET parallel_tuple_cost = 0.01; ";
    private const string ParallelReset = "; RESET parallel_tuple_cost";
    private const string IndexTuple = "SET cpu_index_tuple_cost = 0.05; ";
    private const string IndexTupleReset = "; RESET cpu_index_tuple_cost";

    /// <summary>
    /// Records that <paramref name="command"/>'s statement lets a GIN index serve <paramref name="filter"/>; the
    /// settings go around its text when it runs (<see cref="Applied"/>), whatever the text becomes before that (an
    /// <c>EXPLAIN</c> of it included).
    /// </summary>
    public static void Mark(NpgsqlCommand command, FudgeFilter filter)
        => Marks.AddOrUpdate(command, OneTest(filter.Root) ? IndexTuple : "");

    /// <summary>
    /// The command with its settings around its text, when <see cref="Mark"/> recorded some (once: the mark is then
    /// taken), else the command as it is.
    /// </summary>
    public static NpgsqlCommand Applied(NpgsqlCommand command)
    {
        if (!Marks.TryGetValue(command, out var indexTuple)) return command;
        Marks.Remove(command);
        command.CommandText = Parallel + indexTuple + command.CommandText + ParallelReset + (indexTuple.Length == 0 ? "" : IndexTupleReset);
        return command;
    }

    /// <summary>
    /// True when the filter is one equality on one path: <c>==</c>, <c>in</c> with one literal, or <c>any(path, ...)</c>
    /// of such a test. The sequential scan then tests each row once, at a cost the planner's one operator a row
    /// stands for; several tests multiply it, which the planner does not see.
    /// </summary>
    internal static bool OneTest(FilterNode node) => node switch
    {
        ComparisonNode comparison => comparison.Operator == ComparisonOperator.Equal,
        MembershipNode membership => membership.Literals.Length == 1,
        AnyElementNode any => OneTest(any.Inner),
        _ => false,
    };
}
