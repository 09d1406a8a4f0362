using System;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;
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
/// whatever the session has: it may change their plans (a delete of many ids), never their effect.
/// <para>
/// The store never believes a setting holds that the server has undone (<see cref="Session"/>):
/// </para>
/// <list type="bullet">
/// <item>Outside a transaction a statement's <c>SET</c>s share its implicit transaction, which a failure takes back
/// with them: the session's settings are unknown from the statement's start until it is seen to complete (its last
/// statement's completion, read before the next statement), and a statement after one that failed or was not seen
/// to complete sets every setting.</item>
/// <item>Inside a transaction of the store the changes are <c>SET LOCAL</c> (<c>TO DEFAULT</c> for a default), which
/// end with the transaction however it ends (commit, rollback, a failure that aborts it, the connection's loss): the
/// session's own settings are those it had before, and the transaction's are forgotten when one begins or ends, or
/// a savepoint is rolled back to. A run of statements of one kind in a transaction sends its settings once.</item>
/// <item>A connection the pool gives the store is reset (Npgsql's <c>DISCARD ALL</c> when a connection returns to the
/// pool): its settings are the defaults, unless the connection string turns the reset off (<c>No Reset On Close</c>),
/// when they are unknown until the first statement sets them.</item>
/// </list>
/// </remarks>
internal static class GinScanSettings
{
    /// <summary>The settings a statement needs, set by <see cref="Mark"/> and read by <see cref="Applied"/>.</summary>
    private static readonly ConditionalWeakTable<NpgsqlCommand, object> Marks = new();

    /// <summary>What the store knows of each connection's settings.</summary>
    private static readonly ConditionalWeakTable<NpgsqlConnection, Session> Sessions = new();

    private const int Defaults = 0, Parallel = 1, IndexTuple = 2, Unknown = -1, NoTransaction = -2;

    /// <summary>
    /// The settings of one connection as the store knows them: the session's own (<c>SET</c> outside a transaction),
    /// and those of the transaction open on it (<c>SET LOCAL</c>; <see cref="NoTransaction"/> when no statement of
    /// the transaction has run here yet, or none is open).
    /// </summary>
    internal sealed class Session
    {
        public Session(int outside) => Outside = outside;

        public int Outside;

        public int Inside = NoTransaction;

        /// <summary>
        /// The last statement of a reader whose batch changed the session's settings outside a transaction: they hold
        /// if it completed (<see cref="Resolve"/>), and were taken back with its implicit transaction if it failed.
        /// </summary>
        public NpgsqlBatchCommand? Pending;

        public int PendingSettings;

        /// <summary>The session's settings once the pending statement's end is known.</summary>
        public int Resolve()
        {
            if (Pending is { } pending)
            {
                // StatementType is set when the statement's CommandComplete is read (a reader read to its end, or
                // closed early: Npgsql reads the rest); a statement that failed has none.
                Outside = pending.StatementType != StatementType.Unknown ? PendingSettings : Unknown;
                Pending = null;
            }
            return Outside;
        }
    }

    private static Session SessionOf(NpgsqlConnection connection)
        => Sessions.GetValue(connection, static opened => new Session(ResetOnClose(opened) ? Defaults : Unknown));

    /// <summary>
    /// Whether the pool resets a connection's session when it is returned (Npgsql's default): the store's connection,
    /// newly opened, then has the server's defaults, whoever used it before.
    /// </summary>
    private static bool ResetOnClose(NpgsqlConnection connection)
    {
        try
        {
            return !new NpgsqlConnectionStringBuilder(connection.ConnectionString).NoResetOnClose;
        }
        catch (ArgumentException)
        {
            return false;
        }
    }

    /// <summary>
    /// Records that <paramref name="command"/>'s statement lets a GIN index serve <paramref name="filter"/>; the
    /// settings are set when it runs (<see cref="Applied"/>), whatever its text becomes before that (an
    /// <c>EXPLAIN</c> of it included).
    /// </summary>
    public static void Mark(NpgsqlCommand command, FudgeFilter filter)
        => Marks.AddOrUpdate(command, OneTest(filter.Root) ? Parallel | IndexTuple : Parallel);

    /// <summary>
    /// The command to run, its text preceded by what takes its connection's session (or its transaction) to the
    /// settings it needs (those <see cref="Mark"/> recorded, or the defaults): nothing when they are there already.
    /// </summary>
    public static Statement Applied(NpgsqlCommand command)
    {
        int wanted = Wanted(command);
        Marks.Remove(command);
        if (command.Connection is not { } connection) return new Statement(command, null, wanted);
        var session = SessionOf(connection);
        int outside = session.Resolve();
        if (command.Transaction is null)
        {
            if (outside == wanted) return new Statement(command, null, wanted);
            command.CommandText = Transition(outside, wanted, local: false) + command.CommandText;
            session.Outside = Unknown; // until the statement is seen to complete
            return new Statement(command, session, wanted);
        }
        // In a transaction the session's own settings hold until a SET LOCAL.
        int current = session.Inside == NoTransaction ? outside : session.Inside;
        if (current == wanted) return new Statement(command, null, wanted);
        command.CommandText = Transition(current, wanted, local: true) + command.CommandText;
        session.Inside = wanted;
        return new Statement(command, session, wanted);
    }

    /// <summary>
    /// A transaction begins or ends on <paramref name="connection"/> (however it ends: its <c>SET LOCAL</c>s end with
    /// it): the settings are the session's own.
    /// </summary>
    public static void TransactionBoundary(NpgsqlConnection connection)
    {
        if (Sessions.TryGetValue(connection, out var session)) session.Inside = NoTransaction;
    }

    /// <summary>
    /// A savepoint of the open transaction is rolled back to, which takes back the <c>SET LOCAL</c>s after it: the
    /// transaction's settings are unknown (said before the rollback, which may fail half way).
    /// </summary>
    public static void SavepointRolledBack(NpgsqlConnection? connection)
    {
        if (connection is not null && Sessions.TryGetValue(connection, out var session) && session.Inside != NoTransaction) session.Inside = Unknown;
    }

    /// <summary>The statement as it runs in a session of the server's defaults: its settings first (ToQueryString).</summary>
    public static string Shown(NpgsqlCommand command) => GinOrContainment.Note(command) + Transition(Defaults, Wanted(command), local: false) + GinOrContainment.Shown(command, command.CommandText);

    private static int Wanted(NpgsqlCommand command) => Marks.TryGetValue(command, out var mark) ? (int)mark : Defaults;

    private static string Transition(int current, int wanted, bool local)
        => Change(current, wanted, Parallel, "parallel_tuple_cost", "0.01", local) + Change(current, wanted, IndexTuple, "cpu_index_tuple_cost", "0.05", local);

    private static string Change(int current, int wanted, int setting, string name, string value, bool local)
    {
        bool want = (wanted & setting) != 0;
        if (current != Unknown && want == ((current & setting) != 0)) return "";
        if (local) return want ? $"SET LOCAL {name} = {value}; " : $"SET LOCAL {name} TO DEFAULT; ";
        return want ? $"SET {name} = {value}; " : $"RESET {name}; ";
    }

    /// <summary>
    /// A statement with its settings: run as its command, and when its batch changes them, what the store then knows
    /// of them follows what the server did (the change holds once the statement is seen to complete; a failure
    /// leaves them unknown, so the next statement sets every one).
    /// </summary>
    internal readonly struct Statement
    {
        private readonly NpgsqlCommand _command;
        private readonly Session? _changed;
        private readonly int _settings;

        internal Statement(NpgsqlCommand command, Session? changed, int settings)
        {
            _command = command;
            _changed = changed;
            _settings = settings;
        }

        public async Task<NpgsqlDataReader> ExecuteReaderAsync(CancellationToken cancellationToken)
        {
            // The form of the statement first (one planning round trip, or none when the choice is known), inside
            // the try below: a failure or cancellation before the statement is sent leaves the settings unknown too.
            if (_changed is null)
            {
                await GinOrContainment.ChooseAsync(_command, cancellationToken).ConfigureAwait(false);
                return await _command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            }
            NpgsqlDataReader reader;
            try
            {
                await GinOrContainment.ChooseAsync(_command, cancellationToken).ConfigureAwait(false);
                reader = await _command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            }
            catch
            {
                Failed();
                throw;
            }
            if (_command.Transaction is null)
            {
                // Npgsql's statements of the batch; the obsolete flag points to DbBatch, which takes one statement a
                // command where the store's texts may hold two.
#pragma warning disable CS0618
                _changed.Pending = reader.Statements[^1];
#pragma warning restore CS0618
                _changed.PendingSettings = _settings;
            }
            return reader;
        }

        public async Task<object?> ExecuteScalarAsync(CancellationToken cancellationToken)
        {
            // The form of the statement first (one planning round trip, or none when the choice is known), inside
            // the try below: a failure or cancellation before the statement is sent leaves the settings unknown too.
            if (_changed is null)
            {
                await GinOrContainment.ChooseAsync(_command, cancellationToken).ConfigureAwait(false);
                return await _command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
            }
            object? value;
            try
            {
                await GinOrContainment.ChooseAsync(_command, cancellationToken).ConfigureAwait(false);
                value = await _command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false);
            }
            catch
            {
                Failed();
                throw;
            }
            // ExecuteScalar reads the whole result: the statement completed.
            if (_command.Transaction is null) _changed.Outside = _settings;
            return value;
        }

        // A failure before the statement was under way (nothing sent) or after (its implicit transaction, or the
        // caller's, aborted): either way the settings are unknown; in an aborted transaction nothing runs until it ends.
        private void Failed()
        {
            if (_command.Transaction is null) _changed!.Outside = Unknown;
            else _changed!.Inside = Unknown;
        }
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
