using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

[FudgeMessage]
public partial class DefaultedRow
{
    public string? Key { get; set; }
    public long Seq { get; set; }
    public DateTime At { get; set; }
    public DateTimeOffset When { get; set; }
    public DateOnly Day { get; set; }
    public DateOnly? Due { get; set; }
    public TimeSpan Span { get; set; }
    public char C { get; set; }
    public DefaultedInner? Inner { get; set; }
}

[FudgeMessage]
public partial class DefaultedInner
{
    public DateTime At { get; set; }
    public TimeSpan Span { get; set; }
    public char C { get; set; }
}

/// <summary>
/// Orderings by members that cannot be null and are missing from some documents (no field, or an indicator, or an
/// indicator after a value), which the generated deserializer reads as the type's default and LINQ to Objects orders
/// among the values: <c>default(DateTime)</c> and <c>default(DateTimeOffset)</c> as 0001-01-01T00:00,
/// <c>default(TimeSpan)</c> as zero (after the negative spans), <c>default(DateOnly)</c> as 0001-01-01 (and the
/// earliest and latest dates, which Fudge writes as markers, as dates), <c>default(char)</c> as U+0000; ties with documents that hold the default itself by insertion order.
/// </summary>
public static class DefaultOrders
{
    private static readonly char[] Chars = { 'a', 'Z', 'é', '東', ' ', '~' };

    private static DefaultedRow RandomRow(Random random, long seq, bool nulChar)
    {
        var start = new DateTime(2026, 11, 30, 12, 0, 0);
        DateTime At() => random.Next(5) == 0 ? default : DateTime.SpecifyKind(start.AddMinutes(random.Next(-20, 20) * 30), random.Next(2) == 0 ? DateTimeKind.Utc : DateTimeKind.Unspecified);
        TimeSpan Span() => random.Next(5) == 0 ? TimeSpan.Zero : TimeSpan.FromMinutes(random.Next(-30, 30));
        char C() => random.Next(5) == 0 && nulChar ? '\0' : Chars[random.Next(Chars.Length)];
        return new DefaultedRow
        {
            Key = random.Next(4) == 0 ? "Other" : "Kept",
            Seq = seq,
            At = At(),
            When = random.Next(5) == 0 ? default : new DateTimeOffset(start.AddHours(random.Next(-10, 10)), TimeSpan.FromHours(random.Next(-5, 6))),
            // DateOnly.MinValue and MaxValue are written as Fudge's date markers.
            Day = random.Next(6) switch { 0 => default, 1 => DateOnly.MaxValue, _ => DateOnly.FromDateTime(start.AddDays(random.Next(-5, 5))) },
            Due = random.Next(6) switch { 0 => null, 1 => DateOnly.MinValue, 2 => DateOnly.MaxValue, _ => DateOnly.FromDateTime(start.AddDays(random.Next(-5, 5))) },
            Span = Span(),
            C = C(),
            Inner = random.Next(5) == 0 ? null : new DefaultedInner { At = At(), Span = Span(), C = C() },
        };
    }

    /// <summary>The fields of <paramref name="message"/>, each kept, dropped, repeated or followed by an indicator.</summary>
    private static FudgeMsg Mix(FudgeMsg message, FudgeMsg other, Random random)
    {
        var mixed = new FudgeMsg();
        foreach (var field in message)
        {
            var repeat = other.FirstOrDefault(f => f.Name == field.Name);
            switch (field.Name is "Key" or "Seq" ? 9 : random.Next(8))
            {
                case 0 or 1:
                    break; // missing: the default
                case 2:
                    mixed.Add(field).Add(field.Name, FudgeIndicator.Instance); // the last an indicator: the default
                    break;
                case 3 when repeat.Name is not null:
                    mixed.Add(repeat).Add(field); // the last is the member's
                    break;
                case 4 when field.Value is FudgeMsg inner && repeat.Value is FudgeMsg innerOther:
                    mixed.Add(field.Name, Mix(inner, innerOther, random));
                    break;
                default:
                    mixed.Add(field);
                    break;
            }
        }
        return mixed;
    }

    public static List<byte[]> Documents(int seed, int count, bool nulChar)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, count).Select(i =>
        {
            var first = FudgeMsg.Parse(FudgeSerializer.Serialize(RandomRow(random, i, nulChar)));
            var second = FudgeMsg.Parse(FudgeSerializer.Serialize(RandomRow(random, i, nulChar)));
            return new FudgeEnvelope(Mix(first, second, random)).ToByteArray();
        }).ToList();
    }

    /// <summary>
    /// Every ordering by these members against LINQ to Objects over the deserialized documents: both directions, in
    /// ThenBy, with a filter, windows, nested members (a missing sub-message orders as null, as <c>?.</c> gives), and
    /// projections.
    /// </summary>
    public static async Task CheckAsync(IFudgeCollection collection, List<byte[]> documents)
    {
        var rows = documents.Select(d => FudgeSerializer.Deserialize<DefaultedRow>(d)).ToList();
        Assert.Contains(rows, r => r.At == default);
        Assert.Contains(rows, r => r.Span < TimeSpan.Zero);
        var q = collection.Query<DefaultedRow>();
        var kept = rows.Where(r => r.Key == "Kept").ToList();
        var some = rows.Where(r => r.Seq >= 50).ToList();

        static Task Same<T>(string shape, IEnumerable<T> expected, IQueryable<T> actual) => OrderedAnswers.SameAsync(shape, expected, actual);

        await Same("At", rows.OrderBy(r => r.At).Select(r => r.Seq), q.OrderBy(t => t.At).Select(t => t.Seq));
        await Same("At desc", rows.OrderByDescending(r => r.At).Select(r => r.Seq), q.OrderByDescending(t => t.At).Select(t => t.Seq));
        await Same("At where", kept.OrderBy(r => r.At).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderBy(t => t.At).Select(t => t.Seq));
        await Same("When", rows.OrderBy(r => r.When).Select(r => r.Seq), q.OrderBy(t => t.When).Select(t => t.Seq));
        await Same("When desc window", some.OrderByDescending(r => r.When).Skip(5).Take(30).Select(r => r.Seq),
            q.Where(t => t.Seq >= 50).OrderByDescending(t => t.When).Skip(5).Take(30).Select(t => t.Seq));
        await Same("Day", rows.OrderBy(r => r.Day).Select(r => r.Seq), q.OrderBy(t => t.Day).Select(t => t.Seq));
        await Same("Day desc", kept.OrderByDescending(r => r.Day).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderByDescending(t => t.Day).Select(t => t.Seq));
        await Same("Due", rows.OrderBy(r => r.Due).Select(r => r.Seq), q.OrderBy(t => t.Due).Select(t => t.Seq));
        await Same("Due desc then Day", some.OrderByDescending(r => r.Due).ThenBy(r => r.Day).Select(r => r.Seq),
            q.Where(t => t.Seq >= 50).OrderByDescending(t => t.Due).ThenBy(t => t.Day).Select(t => t.Seq));
        await Same("Span", rows.OrderBy(r => r.Span).Select(r => r.Seq), q.OrderBy(t => t.Span).Select(t => t.Seq));
        await Same("Span desc where", some.OrderByDescending(r => r.Span).Select(r => r.Seq), q.Where(t => t.Seq >= 50).OrderByDescending(t => t.Span).Select(t => t.Seq));
        await Same("C", rows.OrderBy(r => r.C).Select(r => r.Seq), q.OrderBy(t => t.C).Select(t => t.Seq));
        await Same("C desc where", kept.OrderByDescending(r => r.C).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderByDescending(t => t.C).Select(t => t.Seq));
        // ThenBy: ties of the first key ordered by the default among the values.
        await Same("C then At desc", rows.OrderBy(r => r.C).ThenByDescending(r => r.At).Select(r => r.Seq), q.OrderBy(t => t.C).ThenByDescending(t => t.At).Select(t => t.Seq));
        await Same("Key then Span then C", rows.OrderBy(r => r.Key, StringComparer.Ordinal).ThenBy(r => r.Span).ThenByDescending(r => r.C).Select(r => r.Seq),
            q.OrderBy(t => t.Key).ThenBy(t => t.Span).ThenByDescending(t => t.C).Select(t => t.Seq));
        await Same("Day then When window", rows.OrderByDescending(r => r.Day).ThenBy(r => r.When).Take(40).Select(r => r.Seq),
            q.OrderByDescending(t => t.Day).ThenBy(t => t.When).Take(40).Select(t => t.Seq));
        // Nested: a missing member below a sub-message that is there reads as the default; a missing sub-message as null.
        await Same("Inner.At", rows.OrderBy(r => r.Inner?.At).Select(r => r.Seq), q.OrderBy(t => t.Inner!.At).Select(t => t.Seq));
        await Same("Inner.Span desc", rows.OrderByDescending(r => r.Inner?.Span).Select(r => r.Seq), q.OrderByDescending(t => t.Inner!.Span).Select(t => t.Seq));
        await Same("Inner.C where", kept.OrderBy(r => r.Inner?.C).Select(r => r.Seq), q.Where(t => t.Key == "Kept").OrderBy(t => t.Inner!.C).Select(t => t.Seq));
        // Whole documents, First, and the ordered member projected.
        Assert.Equal(rows.OrderBy(r => r.Span).Take(10).Select(r => r.Seq), (await q.OrderBy(t => t.Span).Take(10).ToListAsync()).Select(r => r.Seq));
        Assert.Equal(kept.OrderBy(r => r.At).First().Seq, (await q.Where(t => t.Key == "Kept").OrderBy(t => t.At).FirstAsync()).Seq);
        await Same("Span column", kept.OrderBy(r => r.Span).Select(r => r.Span), q.Where(t => t.Key == "Kept").OrderBy(t => t.Span).Select(t => t.Span));
        await Same("At column", rows.OrderBy(r => r.At).Select(r => new { r.Seq, r.At }), q.OrderBy(t => t.At).Select(t => new { t.Seq, t.At }));
    }
}

public sealed class SqliteDefaultOrderTests() : TemporarySqliteStore("fudge-default-order-")
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    public async Task Missing_dates_spans_and_characters_order_as_their_defaults_as_linq_to_objects_orders_them(int seed)
    {
        var rows = await Store.GetCollectionAsync("rows");
        // SQLite holds U+0000 in text: a character that is U+0000 ties with a missing one.
        var documents = DefaultOrders.Documents(seed, 200, nulChar: true);
        await rows.InsertManyAsync(documents);
        await DefaultOrders.CheckAsync(rows, documents);
        Assert.Contains("fudge_order_or_nul(doc, $o0)", rows.Query<DefaultedRow>().OrderBy(t => t.C).ToQueryString(), StringComparison.Ordinal);
        Assert.Contains("fudge_order_or_zero(doc, $o0)", rows.Query<DefaultedRow>().OrderBy(t => t.Span).ToQueryString(), StringComparison.Ordinal);
        Assert.Contains("fudge_order_or_first_day(doc, $o0)", rows.Query<DefaultedRow>().OrderBy(t => t.Day).ToQueryString(), StringComparison.Ordinal);
    }
}

[NeedsPostgres]
public sealed class PostgresDefaultOrderTests
{
    [StoreTheory]
    [InlineData(1, false)]
    [InlineData(2, true)]
    public async Task Missing_dates_spans_and_characters_order_as_their_defaults_as_linq_to_objects_orders_them(int seed, bool declareIndexes)
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var rows = (PostgresFudgeCollection)await store.GetCollectionAsync("rows");
        if (declareIndexes)
        {
            // Key columns of their own, and a composite that carries the span beside the key.
            await rows.CreateIndexAsync((DefaultedRow t) => t.Span);
            await rows.CreateIndexAsync((DefaultedRow t) => t.At);
            await rows.CreateIndexAsync((DefaultedRow t) => new { t.Key, t.Span });
        }
        // The jsonb cannot hold U+0000 (the store writes U+FFFD for it): no character is U+0000 here.
        var documents = DefaultOrders.Documents(seed, 200, nulChar: false);
        await rows.InsertManyAsync(documents);
        await DefaultOrders.CheckAsync(rows, documents);
    }

    [StoreFact]
    public async Task The_plans_of_orderings_by_such_members_are_those_of_the_first_value_keys()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var rows = (PostgresFudgeCollection)await store.GetCollectionAsync("rows");
        await rows.InsertManyAsync(DefaultOrders.Documents(3, 3000, nulChar: false));
        await rows.CreateIndexAsync((DefaultedRow t) => new { t.Key, t.Span });
        await rows.CreateIndexAsync((DefaultedRow t) => t.At);
        await using (var analyze = store.Connection.CreateCommand())
        {
            analyze.CommandText = $"VACUUM ANALYZE {rows.Table}";
            await analyze.ExecuteNonQueryAsync();
        }
        var q = rows.Query<DefaultedRow>();
        var queries = new IQueryable[]
        {
            q.OrderBy(t => t.Span).Take(20),
            q.Where(t => t.Key == "Kept").OrderBy(t => t.Span).Take(20),
            q.Where(t => t.Key == "Kept").OrderByDescending(t => t.At).ThenBy(t => t.C),
            q.Where(t => t.At > new DateTime(2026, 11, 30, 12, 0, 0)).OrderBy(t => t.Day).Select(t => new { t.Day, t.Seq }).Take(30),
            q.OrderByDescending(t => t.Due).ThenBy(t => t.Span).Take(20),
        };
        foreach (var query in queries)
        {
            var plan = FudgeQueryableParser.Parse(query.Expression, typeof(DefaultedRow)).Plan;
            Assert.Equal(Shape(await rows.ExplainWithFirstValueKeysAsync(plan)), Shape(await rows.ExplainAsync(plan)));
        }
    }

    // The plan's nodes and their conditions, without costs, row estimates and the sort keys (whose expressions differ).
    private static string Shape(string plan) => string.Join("\n", plan.Split('\n')
        .Where(line => !line.Contains("Sort Key:", StringComparison.Ordinal))
        .Select(line => System.Text.RegularExpressions.Regex.Replace(line, @"\s*\(cost=[^)]*\)", "")));
}
