using System.Runtime.CompilerServices;
using Fudge.Query;
using Npgsql;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// Planner settings for a statement a GIN index may serve (the jsonpath <c>json @? @where</c> of a collection with its
/// whole-document GIN, or an elements index's containment, <see cref="ElementsIndex"/>), set in the statement's own
/// batch. A GIN is searched only through a bitmap heap scan, which is right for a selective value and wrong for a
/// common one: at a quarter of 1,000,000 documents (the collection <c>Any</c> of the Marten side by side) the bitmap
/// reads every page of the table, and the server's defaults plan it without parallel workers, where a parallel
/// sequential scan with the same test per row takes 0.6-0.8x its time (marten-side-by-side-plans.md, any43c).
/// </summary>
/// <remarks>
/// Two settings, both costs, so that the planner chooses by its own row estimate (no second round trip):
/// <list type="bullet">
/// <item><c>parallel_tuple_cost = 0.01</c> (default 0.1), always: the Gather's cost a row kept parallel workers off a
/// scan whose estimate is a quarter of the table, where two workers took 0.6-0.8x the time; a selective statement
/// stays without workers (<c>parallel_setup_cost</c> is unchanged).</item>
/// <item><c>cpu_index_tuple_cost = 0.05</c> (default 0.005), when the filter is one equality (<see cref="OneTest"/>):
/// the bitmap's cost then grows with the rows the index returns, so the planner takes the sequential scan past about
/// 5-10% of the table, the crossover measured for one test a row (at 5% both took the same time). Not for several
/// tests: the sequential scan evaluates them on every row and the bitmap on its candidates only (thirty equalities
/// on 27% of the rows took 1.1-1.8 s through the bitmap and 3.0-4.4 s through a sequential scan).</item>
/// </list>
/// The settings are the session's (the store's own connection), changed only when a statement needs others than the
/// statement before it: a statement's batch starts with the <c>SET</c>s or <c>RESET</c>s that take the session from
/// the settings it has to those the statement needs, so a run of statements of one kind (selective or not) sends
/// nothing more than its statements (four statements more in every batch, <c>SET</c> before and <c>RESET</c> after,
/// cost 25-60 µs on a 0.4 ms statement). Every statement the store reads with passes here (<see cref="Applied"/>), so
/// a read no GIN serves runs with the server's defaults; writes (inserts, and replacements and deletes by id) run with
/// whatever the session has: it may change their plans (a delete of many ids), never their effect. A change made inside the caller's transaction may be
/// rolled back with it, so the session's settings are then unknown and the next statement sets every one; a
/// statement that fails after its settings took effect in its implicit transaction takes them back, which the store
/// does not see: the following statements then run with the defaults until a statement of the other kind (plans, not
/// answers).
/// </remarks>
internal static class GinScanSettings
{
    /// <summary>The settings a statement needs, set by <see cref="Mark"/> and read by <see cref="Applied"/>.</summary>
    private static readonly ConditionalWeakTable<NpgsqlCommand, object> Marks = new();

    /// <summary>The settings each connection's session has (<see cref="Unknown"/> after a change in a transaction).</summary>
    private static readonly ConditionalWeakTable<NpgsqlConnection, object> Sessions = new();

    private const int Defaults = 0, Parallel = 1, IndexTuple = 2, Unknown = -1;

    /// <summary>
    /// Records that <paramref name="command"/>'s statement lets a GIN index serve <paramref name="filter"/>; the
    /// settings are set when it runs (<see cref="Applied"/>), whatever its text becomes before that (an
    /// <c>EXPLAIN</c> of it included).
    /// </summary>
    public static void Mark(NpgsqlCommand command, FudgeFilter filter)
        => Marks.AddOrUpdate(command, OneTest(filter.Root) ? Parallel | IndexTuple : Parallel);

    /// <summary>
    /// The command, its text preceded by what takes its connection's session to the settings it needs (those
    /// <see cref="Mark"/> recorded, or the defaults): nothing when the session has them already.
    /// </summary>
    public static NpgsqlCommand Applied(NpgsqlCommand command)
    {
        int wanted = Wanted(command);
        Marks.Remove(command);
        if (command.Connection is not { } connection) return command;
        int current = Sessions.TryGetValue(connection, out var known) ? (int)known : Defaults;
        if (current == wanted) return command;
        command.CommandText = Transition(current, wanted) + command.CommandText;
        Sessions.AddOrUpdate(connection, command.Transaction is null ? wanted : Unknown);
        return command;
    }

    /// <summary>The statement as it runs in a session of the server's defaults: its settings first (ToQueryString).</summary>
    public static string Shown(NpgsqlCommand command) => Transition(Defaults, Wanted(command)) + command.CommandText;

    private static int Wanted(NpgsqlCommand command) => Marks.TryGetValue(command, out var mark) ? (int)mark : Defaults;

    private static string Transition(int current, int wanted)
        => Change(current, wanted, Parallel, "parallel_tuple_cost", "0.01") + Change(current, wanted, IndexTuple, "cpu_index_tuple_cost", "0.05");

    private static string Change(int current, int wanted, int setting, string name, string value)
    {
        bool want = (wanted & setting) != 0;
        if (current != Unknown && want == ((current & setting) != 0)) return "";
        return want ? $"SET {name} = {value}; " : $"RESET {name}; ";
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
