using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

[FudgeMessage]
public partial class OrderedValue
{
    public long K { get; set; }
    public double? N { get; set; }
    public string? S { get; set; }
    public bool? B { get; set; }
}

/// <summary>
/// Candidates the client decides are sorted on the client in the server's own order: numbers by exact decimal value,
/// strings by code point, SQL NULL first ascending and last descending, ties by id.
/// </summary>
public sealed class ClientOrderTests
{
    [Theory]
    [InlineData("1", "1.5", -1)]
    [InlineData("10", "9.99", 1)]
    [InlineData("-2", "-1.5", -1)]
    [InlineData("-0.5", "0", -1)]
    [InlineData("0", "0.00", 0)]
    [InlineData("0.10", "0.1", 0)]
    [InlineData("0.5", "0.51", -1)]
    [InlineData("0.6", "0.51", 1)]
    [InlineData("12345678901234567890123", "12345678901234567890124", -1)]   // beyond long and exact in no double
    [InlineData("0.30000000000000001", "0.3", 1)]                           // one double, two numerics
    [InlineData("-9223372036854775808", "9223372036854775807", -1)]
    public void Numbers_compare_by_exact_value(string a, string b, int expected)
    {
        Assert.Equal(expected, Math.Sign(ClientOrder.CompareNumbers(a, b)));
        Assert.Equal(-expected, Math.Sign(ClientOrder.CompareNumbers(b, a)));
    }

    [Theory]
    [InlineData("5", "5.0", 0)]
    [InlineData("-3", "-2.5", -1)]
    [InlineData("123456789012345678", "123456789012345678.5", -1)]   // a long beside a decimal
    [InlineData("999999999999999999", "1000000000000000000", -1)]     // 18 digits (a long) and 19 (a decimal)
    [InlineData("-999999999999999999", "-99999999999999999", -1)]
    [InlineData("12", "9", 1)]
    public void Integer_keys_compare_with_every_other_number_by_value(string a, string b, int expected)
    {
        var order = new ClientOrder(new[] { new FudgeQueryOrder(FudgePath.Compile("$.N"), descending: false, text: false) });
        Assert.True(order.TryKey(0, a, out var first));
        Assert.True(order.TryKey(0, b, out var second));
        // Equal keys go to the lower id: the rows' ids are equal here, so only the keys decide.
        Assert.Equal(expected, Math.Sign(order.Compare(new ClientOrder.Row(1, new[] { first }, a), new ClientOrder.Row(1, new[] { second }, b))));
        Assert.Equal(-expected, Math.Sign(order.Compare(new ClientOrder.Row(1, new[] { second }, b), new ClientOrder.Row(1, new[] { first }, a))));
    }

    [Theory]
    [InlineData(0, 0, 0)]        // nothing
    [InlineData(5_000, 0, 0)]    // in order already
    [InlineData(5_000, 40, 0)]   // a few rows out of place: set aside and merged in
    [InlineData(5_000, 40, 7)]   // the same, the first rows skipped
    [InlineData(5_000, 2_000, 3)] // too many out of place: every row sorted
    [InlineData(3, 3, 1)]
    public void Rows_held_for_a_client_sort_come_out_in_the_order_whatever_order_they_arrived_in(int count, int displaced, int skip)
    {
        // Two orderings (a number with ties, then a string descending), ties then by id: rows nearly in order, with
        // some moved far from their place.
        var order = new ClientOrder(new[]
        {
            new FudgeQueryOrder(FudgePath.Compile("$.N"), descending: false, text: false),
            new FudgeQueryOrder(FudgePath.Compile("$.S"), descending: true, text: true),
        });
        var random = new Random(count + displaced);
        var arrived = Enumerable.Range(0, count).Select(i => (Id: (long)random.Next(1_000_000), N: (i / 3).ToString(System.Globalization.CultureInfo.InvariantCulture), S: ((char)('a' + random.Next(3))).ToString())).ToList();
        for (int i = 0; i < displaced; i++)
        {
            int from = random.Next(arrived.Count), to = random.Next(arrived.Count);
            var moved = arrived[from];
            arrived.RemoveAt(from);
            arrived.Insert(to, moved);
        }
        var rows = new ClientRows();
        var expected = new List<ClientOrder.Row>();
        foreach (var (id, n, s) in arrived)
        {
            Assert.True(order.TryKey(0, n, out var first));
            Assert.True(order.TryKey(1, s, out var second));
            var row = new ClientOrder.Row(id, first, new[] { second }, $"{n} {s} {id}");
            rows.Add(row);
            expected.Add(row);
        }
        expected.Sort(order);
        rows.Order(order);
        Assert.Equal(expected.Skip(skip).Select(r => (string)r.Value), rows.InOrder(skip).Select(r => (string)r.Value));
    }

    [Theory]
    [InlineData(16_582, 172, 0)]
    [InlineData(16_582, 172, 100)]
    [InlineData(2_000, 1, 0)]
    public void Rows_that_arrived_early_are_set_aside_and_the_rest_merged(int count, int early, int skip)
    {
        // As a heap scan reads rows a bulk insert put in the free space of earlier pages: ids in order, except that
        // some rows come up to a few hundred rows before their place.
        var order = new ClientOrder(new[] { new FudgeQueryOrder(FudgePath.Compile("$.Id"), descending: false, text: false) });
        var random = new Random(count + early);
        var arrived = Enumerable.Range(1, count).Select(i => (long)i).ToList();
        for (int i = 0; i < early; i++)
        {
            int from = random.Next(300, arrived.Count), to = from - random.Next(1, 300);
            long moved = arrived[from];
            arrived.RemoveAt(from);
            arrived.Insert(to, moved);
        }
        var rows = new ClientRows();
        foreach (long id in arrived)
        {
            Assert.True(order.TryKey(0, id.ToString(System.Globalization.CultureInfo.InvariantCulture), out var key));
            rows.Add(new ClientOrder.Row(id, key, null, id));
        }
        rows.Order(order);
        Assert.False(rows.SortedWhole);
        Assert.Equal(Enumerable.Range(1, count).Skip(skip).Select(i => (long)i), rows.InOrder(skip).Select(r => (long)r.Value!));
    }

    [Fact]
    public void The_order_of_jsonb_keys_is_total_and_agrees_with_the_values()
    {
        string?[] texts =
        {
            null, "null", "false", "true", "0", "0.0", "-7", "7", "7.0", "0.1", "0.25", "1.5", "-0.5",
            "9223372036854775807", "-9223372036854775808", "1" + new string('0', 300), "-0." + new string('0', 299) + "1",
            "0.30000000000000001", "0.3", "12345678901234567890123.5", "12345678901234567890123.25",
        };
        var order = new ClientOrder(new[] { new FudgeQueryOrder(FudgePath.Compile("$.N"), descending: false, text: false) });
        var rows = new List<ClientOrder.Row>();
        for (int i = 0; i < texts.Length; i++)
        {
            Assert.True(order.TryKey(0, texts[i], out var key));
            rows.Add(new ClientOrder.Row(100 - i, new[] { key }, texts[i] ?? ""));
        }
        foreach (var a in rows)
            foreach (var b in rows)
            {
                Assert.Equal(Math.Sign(order.Compare(a, b)), -Math.Sign(order.Compare(b, a)));
                foreach (var c in rows)
                    if (order.Compare(a, b) <= 0 && order.Compare(b, c) <= 0) Assert.True(order.Compare(a, c) <= 0);
            }
        Assert.False(order.TryKey(0, "\"text\"", out _));
        Assert.False(order.TryKey(0, "[1]", out _));
    }

    [Theory]
    [InlineData("a", "b", -1)]
    [InlineData("ab", "a", 1)]
    [InlineData("\uFFFD", "𝄞", -1)]   // U+FFFD is below U+1D11E, whose UTF-16 surrogates are below U+FFFD
    [InlineData("\uE000", "𝄞", -1)]
    [InlineData("東京", "Zürich", 1)]
    public void Strings_compare_by_code_point_as_their_utf8_bytes_do(string a, string b, int expected)
    {
        Assert.Equal(expected, Math.Sign(ClientOrder.CompareCodePoints(a, b)));
        Assert.Equal(Math.Sign(System.Text.Encoding.UTF8.GetBytes(a).AsSpan().SequenceCompareTo(System.Text.Encoding.UTF8.GetBytes(b))), expected);
    }
}

[NeedsPostgres]
public sealed class PostgresClientOrderTests
{
    [StoreFact]
    public async Task Client_sorted_candidates_come_in_the_order_the_server_sorts_them()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var values = (PostgresFudgeCollection)await store.GetCollectionAsync("values");
        var random = new Random(4343);
        object?[] numbers = { 0, -0.0, 0.5, 0.25f, 1e300, -1e-300, long.MaxValue, long.MinValue, 7, 7.0, -7, 1.5, 0.1f, 0.1, null };
        string?[] strings = { "a", "b", "Zürich", "東京", "𝄞", "\uFFFD", "", null };
        var messages = new List<FudgeMsg>();
        for (int k = 0; k < 300; k++)
        {
            var message = new FudgeMsg().Add("K", (long)k);
            if (numbers[random.Next(numbers.Length)] is object n) message.Add("N", n);
            if (strings[random.Next(strings.Length)] is string s) message.Add("S", s);
            if (random.Next(3) > 0) message.Add("B", random.Next(2) == 0);
            messages.Add(message);
        }
        await values.InsertManyAsync(messages.Select(m => new FudgeEnvelope(m).ToByteArray()));
        var q = values.Query<OrderedValue>().Where(t => t.K >= 0);   // a number: decided on the client

        var cases = new (string Name, IQueryable<OrderedValue> Query)[]
        {
            ("N", q.OrderBy(t => t.N)),
            ("N desc, S", q.OrderByDescending(t => t.N).ThenBy(t => t.S)),
            ("S desc", q.OrderByDescending(t => t.S)),
            ("B, N desc", q.OrderBy(t => t.B).ThenByDescending(t => t.N)),
            ("none", q),
        };
        foreach (var (name, query) in cases)
        {
            string sql = query.Select(t => t.K).ToQueryString();
            Assert.DoesNotContain("ORDER BY", sql, StringComparison.Ordinal);
            // The same query with a window the size of the collection is sorted by the server.
            var server = await query.Take(10_000).Select(t => t.K).ToListAsync();
            Assert.Contains("ORDER BY", query.Take(10_000).Select(t => t.K).ToQueryString(), StringComparison.Ordinal);
            var client = await query.Select(t => t.K).ToListAsync();
            Assert.True(server.SequenceEqual(client), $"{name}: the client's order differs from the server's");
            var skipped = await query.Skip(17).Select(t => t.K).ToListAsync();
            Assert.True(server.Skip(17).SequenceEqual(skipped), $"{name}: the client's window differs from the server's");
        }

        // A string under jsonb's order (the database's collation) is not compared on the client: the server sorts.
        await values.InsertManyAsync(new[] { new FudgeEnvelope(new FudgeMsg().Add("K", 1000L).Add("N", "text")).ToByteArray() });
        var mixed = q.OrderBy(t => t.N).ThenBy(t => t.K).Select(t => t.K);
        Assert.Equal(await mixed.Take(10_000).ToListAsync(), await mixed.ToListAsync());
    }

    [StoreFact]
    public async Task An_index_declared_in_the_function_form_is_still_searched_after_the_one_name_form()
    {
        string connection = await Postgres.FreshSchemaAsync();
        var documents = QueryableCases.Trades(4345, 300);
        string table;
        await using (var store = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await store.GetCollectionAsync("trades");
            table = trades.Table;
            await trades.InsertManyAsync(documents);
            // What CreateIndexAsync built before the one-name form: the index on fudge_key, registered under its path.
            await ExecuteAsync(store, $"""
                INSERT INTO fudge_indexes (collection_id, path) VALUES ((SELECT id FROM fudge_collections WHERE name = 'trades'), '$.Symbol');
                CREATE INDEX {table}_ix_1 ON {table} ((fudge_key(json, '$."Symbol"[*]'::jsonpath)));
                """);
        }
        await using (var reopened = await PostgresFudgeStore.OpenAsync(connection))
        {
            var trades = (PostgresFudgeCollection)await reopened.GetCollectionAsync("trades");
            await ExecuteAsync(reopened, $"ANALYZE {table}; SET enable_seqscan = off");
            var aapl = trades.Query<QueryableTrade>().Where(t => t.Symbol == "AAPL");
            Assert.Contains("fudge_key(json, '$.\"Symbol\"[*]'::jsonpath) IN (@k0", aapl.ToQueryString(), StringComparison.Ordinal);
            Assert.Matches($"Index Scan (using|on) {table}_ix_1", await trades.ExplainAsync(FudgeQueryableParser.Parse(aapl.Expression, typeof(QueryableTrade)).Plan));
            Assert.Equal(documents.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
            // Declared again, the index is built on a typed key column (numbered 2: the first number was dropped), and
            // searched in it.
            Assert.True(await trades.DropIndexAsync(FudgePath.Compile("$.Symbol")));
            await trades.CreateIndexAsync((QueryableTrade t) => t.Symbol);
            Assert.Contains("fudge_k_2 IN (@k0)", aapl.ToQueryString(), StringComparison.Ordinal);
            Assert.DoesNotContain("fudge_key", aapl.ToQueryString(), StringComparison.Ordinal);
            await ExecuteAsync(reopened, $"ANALYZE {table}");
            Assert.Matches($"Index Scan (using|on) {table}_ix_", await trades.ExplainAsync(FudgeQueryableParser.Parse(aapl.Expression, typeof(QueryableTrade)).Plan));
            Assert.Equal(documents.Count(t => t.Symbol == "AAPL"), await aapl.CountAsync());
        }
    }

    [StoreFact]
    public async Task The_one_name_key_equals_the_function_key_for_every_kind_of_value()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        var docs = (PostgresFudgeCollection)await store.GetCollectionAsync("kinds");
        var messages = new List<FudgeMsg>
        {
            new FudgeMsg().Add("V", "AAPL"),
            new FudgeMsg().Add("V", 5),
            new FudgeMsg().Add("V", 2.5),
            new FudgeMsg().Add("V", true),
            new FudgeMsg().Add("V", FudgeIndicator.Instance),
            new FudgeMsg().Add("V", new[] { 5.0 }),
            new FudgeMsg().Add("V", new[] { 5, 6 }),
            new FudgeMsg().Add("V", Array.Empty<int>()),
            new FudgeMsg().Add("V", "x").Add("V", "y"),
            new FudgeMsg().Add("V", new FudgeMsg().Add("W", 1)),
            new FudgeMsg().Add("Other", 1),
        };
        await docs.InsertManyAsync(messages.Select(m => new FudgeEnvelope(m).ToByteArray()));
        string oneName = BTreePredicate.IndexKeyOf(FudgePath.Compile("$.V"))!;
        string function = BTreePredicate.FunctionKeyOf(FudgePath.Compile("$.V"))!;
        Assert.DoesNotContain("fudge_key", oneName, StringComparison.Ordinal);
        await using var command = store.Connection.CreateCommand();
        command.CommandText = $"SELECT count(*) FILTER (WHERE {oneName} IS NOT DISTINCT FROM {function}), count(*) FROM {docs.Table}";
        await using var reader = await command.ExecuteReaderAsync();
        Assert.True(await reader.ReadAsync());
        Assert.Equal(messages.Count, reader.GetInt64(1));
        Assert.Equal(reader.GetInt64(1), reader.GetInt64(0));
    }

    private static async Task ExecuteAsync(PostgresFudgeStore store, string sql)
    {
        await using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        await command.ExecuteNonQueryAsync();
    }
}
