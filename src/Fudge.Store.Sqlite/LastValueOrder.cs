using System;
using Fudge.Query;
using Microsoft.Data.Sqlite;

namespace Fudge.Store.Sqlite;

/// <summary>
/// The sort keys of LINQ orderings: the value the generated deserializer gives a member, not the first field a path
/// selects. A message may hold several fields of one name (a repeated field); the deserializer assigns each in turn,
/// so a scalar member keeps the last, and a sub-message member keeps the last sub-message, whose own members are read
/// the same way. <c>t.Trade.Price</c> with two <c>Trade</c> fields is the <c>Price</c> of the second.
/// <list type="bullet">
/// <item><c>fudge_order(doc, path)</c>: the last field of each step's message, as <c>fudge_get</c> gives a value;
/// NULL when the last step finds no field or its last is an indicator, or when a sub-message on the way is missing,
/// an indicator or not a message (C#'s <c>?.</c>: documents without the member first).</item>
/// <item><c>fudge_order_or_zero(doc, path)</c>: the same, but 0 when the last step finds no field or its last is an
/// indicator below sub-messages that are there: a number or boolean member that cannot be null reads as its default
/// (SQLite holds false as 0).</item>
/// <item><c>fudge_order_instant(doc, path)</c>: the same field's instant as <c>fudge_instant</c> gives it.</item>
/// <item><c>fudge_order_instant_or_zero</c>, <c>fudge_order_or_first_day</c>, <c>fudge_order_or_nul</c>: as
/// <c>fudge_order_or_zero</c> for the defaults of the other types that cannot be null, ordered among their values as
/// LINQ to Objects orders them: a <c>DateTime</c> or <c>DateTimeOffset</c> at tick 0 (0001-01-01T00:00), a
/// <c>DateOnly</c> at 0001-01-01, a <c>char</c> as U+0000.</item>
/// <item>A date field orders by its text (<c>yyyy-MM-dd</c>), Fudge's earliest and latest date markers as the dates
/// they read back as (0001-01-01, 9999-12-31), where <c>fudge_get</c> gives <c>min</c> and <c>max</c>.</item>
/// </list>
/// A path with other steps than names and ordinals (an index, a descent, a wildcard) orders by its first value, as
/// <c>fudge_get</c> and <c>fudge_instant</c> give it.
/// </summary>
internal static class LastValueOrder
{
    public static void Register(SqliteConnection connection)
    {
        // Two functions of two arguments rather than one of three: a call's marshalling, not the walk, is most of its
        // cost (about 550 ns against 60 ns for a tick), and a third argument added a third to it.
        connection.CreateFunction<byte[], string, object?>("fudge_order", (document, path) => Order(document, path, null), isDeterministic: true);
        connection.CreateFunction<byte[], string, object?>("fudge_order_or_zero", (document, path) => Order(document, path, Zero), isDeterministic: true);
        connection.CreateFunction<byte[], string, long?>("fudge_order_instant", (document, path) => OrderInstant(document, path, null), isDeterministic: true);
        connection.CreateFunction<byte[], string, long?>("fudge_order_instant_or_zero", (document, path) => OrderInstant(document, path, 0), isDeterministic: true);
        connection.CreateFunction<byte[], string, object?>("fudge_order_or_first_day", (document, path) => Order(document, path, FirstDay), isDeterministic: true);
        connection.CreateFunction<byte[], string, object?>("fudge_order_or_nul", (document, path) => Order(document, path, Nul), isDeterministic: true);
    }

    /// <summary>The function of an ordering's key: by instant or by value, and what a missing member reads as.</summary>
    public static string FunctionOf(FudgeQueryOrder ordering) => (ordering.Instant, ordering.Absent) switch
    {
        (true, AbsentKey.FirstInstant) => "fudge_order_instant_or_zero",
        (true, _) => "fudge_order_instant",
        (false, AbsentKey.Zero or AbsentKey.False) => "fudge_order_or_zero",
        (false, AbsentKey.FirstDay) => "fudge_order_or_first_day",
        (false, AbsentKey.Nul) => "fudge_order_or_nul",
        _ => "fudge_order",
    };

    // SQLite's 0: a number's default, and false as SQLite holds booleans.
    private static readonly object Zero = 0L;

    // default(char), as a char field's string; default(DateOnly), and DateOnly.MaxValue, as a date field's text.
    private static readonly object Nul = "\0";
    private static readonly object FirstDay = "0001-01-01", LastDay = "9999-12-31";

    private static object? Order(byte[] document, string path, object? absent)
    {
        if (document is null || path is null) return null;
        var compiled = FudgeSqlFunctions.PathFor(path);
        if (!IsMemberChain(compiled)) return FudgeSqlFunctions.FirstValueOf(document, compiled);
        var reader = new FudgeReader(document);
        return LastField(ref reader, compiled.Steps) switch
        {
            Found.Field when reader.TypeId == FudgeTypeId.Date && reader.GetDate() is var date && (date == FudgeDate.MinValue || date == FudgeDate.MaxValue)
                => date == FudgeDate.MinValue ? FirstDay : LastDay,
            Found.Field => FudgeSqlFunctions.SqlValue(in reader, comparableOnly: false),
            Found.Absent => absent,
            _ => null,
        };
    }

    private static long? OrderInstant(byte[] document, string path, long? absent)
    {
        if (document is null || path is null) return null;
        var compiled = FudgeSqlFunctions.PathFor(path);
        if (!IsMemberChain(compiled)) return FudgeSqlFunctions.FirstInstantOf(document, compiled);
        var reader = new FudgeReader(document);
        return LastField(ref reader, compiled.Steps) switch
        {
            Found.Field => FudgeSqlFunctions.InstantOf(in reader),
            Found.Absent => absent,
            _ => null,
        };
    }

    private static bool IsMemberChain(FudgePath path)
    {
        foreach (var step in path.Steps)
            if (step.Descendant || step.HasIndex || step.Selector is not (KeySelector.Name or KeySelector.Ordinal)) return false;
        return path.Steps.Length > 0;
    }

    private enum Found
    {
        /// <summary>A sub-message on the way is missing, an indicator or not a message.</summary>
        NoParent,

        /// <summary>The last step found no field, or its last field is an indicator.</summary>
        Absent,

        /// <summary><c>reader</c> is at the last step's last field.</summary>
        Field,
    }

    /// <summary>
    /// Moves <paramref name="message"/> (at the start of the document's fields) to the field the deserializer would
    /// assign the member from: the last field of each step's key, through the last sub-message of each step before.
    /// A reader is a value: the copy kept at a step's last match is that field's, whatever is read after it.
    /// UnreadFields is the rest of the current message only (a sub-message's reader ends with it).
    /// </summary>
    private static Found LastField(ref FudgeReader message, PathStep[] steps)
    {
        for (int i = 0; ; i++)
        {
            var step = steps[i];
            bool found = false;
            FudgeReader last = default;
            // A name's bytes not among the fields left (a search of the bytes, vectorized) means no later field has it:
            // the common document, one field a name, is then read only up to its field, as the first value is.
            bool searchable = step.Selector == KeySelector.Name && !step.HasSupplementary && step.NameUtf8.Length > 0 && message.Taxonomy is null;
            while (message.Read())
            {
                if (!step.Matches(in message)) continue;
                last = message;
                found = true;
                if (searchable && message.UnreadFields.IndexOf(step.NameUtf8) < 0) break;
            }
            if (i == steps.Length - 1)
            {
                if (!found || last.TypeId == FudgeTypeId.Indicator) return Found.Absent;
                message = last;
                return Found.Field;
            }
            if (!found || last.TypeId != FudgeTypeId.Message) return Found.NoParent;
            message = last.ReadMessage();
        }
    }
}
