using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.Sqlite;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// The side table of an SQLite elements index, written by the store for its own inserts and by one
/// <c>fudge_index_values</c> call a document in the triggers (the fill, updates, a connection that has not read the
/// index), holds exactly what a call a value (<c>fudge_index_value</c>, the form an earlier version's triggers use)
/// gives: every comparable value, the same SQL type, doubles to the bit.
/// </summary>
public sealed class SqliteElementsIndexValuesTests : IDisposable
{
    private readonly string _directory = Path.Combine(Path.GetTempPath(), "fudge-elements-values-" + Guid.NewGuid().ToString("N"));

    public SqliteElementsIndexValuesTests() => Directory.CreateDirectory(_directory);

    public void Dispose() => Directory.Delete(_directory, recursive: true);

    private static FudgeMsg Legs(params object?[] venues)
    {
        var legs = new FudgeMsg();
        foreach (var venue in venues) legs.Add((string?)null, venue is null ? new FudgeMsg() : new FudgeMsg().Add("Venue", venue));
        return legs;
    }

    /// <summary>The elements tests' documents, and values at the edges of every comparable kind.</summary>
    private static List<byte[]> Documents()
    {
        var random = new Random(4343);
        var edges = new List<FudgeMsg>
        {
            new FudgeMsg().Add("Legs", Legs(long.MinValue, long.MaxValue, 0L, -1L, (sbyte)-128, (short)32767, int.MinValue)),
            new FudgeMsg().Add("Legs", Legs(0.0, -0.0, double.Epsilon, -double.Epsilon, double.MaxValue, double.MinValue, 0.1, 1e-310, 2.2250738585072014E-308)),
            new FudgeMsg().Add("Legs", Legs(float.Epsilon, float.MaxValue, 0.1f, -0.0f, double.NaN, double.PositiveInfinity, float.NegativeInfinity)),
            new FudgeMsg().Add("Legs", Legs("a\"b", "back\\slash", "tab\there", "nul\0inside", "\u001f", "🙂 emoji", "東京", "", "\u2028 line", "}]")),
            new FudgeMsg().Add("Legs", Legs(true, false, "true", 1L, 1.0)),
            new FudgeMsg().Add("Legs", Legs("only")),
            new FudgeMsg().Add("Legs", Legs()),
        };
        edges.AddRange(Enumerable.Range(0, 200).Select(_ => new FudgeMsg().Add("Legs", Legs(
            BitConverter.Int64BitsToDouble(random.NextInt64()), random.NextDouble() * Math.Pow(10, random.Next(-300, 300)),
            random.NextInt64(long.MinValue, long.MaxValue), (float)random.NextDouble()))));
        return PostgresElementsIndexTests.Documents().Concat(edges.Select(m => new FudgeEnvelope(m).ToByteArray())).ToList();
    }

    private static async Task<List<string>> RowsAsync(SqliteFudgeStore store, string sql)
    {
        using var command = store.Connection.CreateCommand();
        command.CommandText = sql;
        var rows = new List<string>();
        using var reader = await command.ExecuteReaderAsync();
        while (await reader.ReadAsync())
        {
            string value = reader.GetValue(1) switch
            {
                double real => "real " + BitConverter.DoubleToInt64Bits(real),
                long integer => "integer " + integer,
                string text => "text " + string.Join(" ", text.Select(c => ((int)c).ToString("x4"))),
                var other => other.GetType().Name,
            };
            rows.Add(reader.GetInt64(0) + ": " + value);
        }
        return rows;
    }

    [Fact]
    public async Task The_side_table_holds_what_a_call_a_value_gives_through_inserts_replacements_and_a_late_declaration()
    {
        var bytes = Documents();
        string file = Path.Combine(_directory, "values.db");
        await using var store = await SqliteFudgeStore.OpenAsync(file);
        var early = (SqliteFudgeCollection)await store.GetCollectionAsync("early");
        var late = (SqliteFudgeCollection)await store.GetCollectionAsync("late");
        // A second connection that read the collection before the index was declared: its inserts fire the trigger.
        await using var other = await SqliteFudgeStore.OpenAsync(file);
        var stale = await other.GetCollectionAsync("early");
        await early.CreateIndexAsync(FudgePath.Compile("$.Legs.#.Venue"));
        await early.InsertManyAsync(bytes.Take(100)); // the store writes the side rows
        await stale.InsertManyAsync(bytes.Skip(100).Take(50)); // the trigger writes them
        await early.InsertManyAsync(bytes.Skip(150));
        long replaced = await early.InsertAsync(bytes[0]);
        Assert.True(await early.ReplaceAsync(replaced, bytes[^8])); // the update trigger
        await stale.InsertAsync(bytes[3]);
        await early.InsertAsync(bytes[2]);
        await late.InsertManyAsync(bytes);
        await late.InsertAsync(bytes[^8]);
        await late.CreateIndexAsync(FudgePath.Compile("$.Legs.#.Venue"));
        foreach (var collection in new[] { early, late })
        {
            using var find = store.Connection.CreateCommand();
            find.CommandText = $"SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE '{collection.Table}_el_%'";
            string table = (string)(await find.ExecuteScalarAsync())!;
            var expected = await RowsAsync(store, $"SELECT id, v FROM (SELECT t.id AS id, fudge_index_value(t.doc, '$.Legs.#.Venue', p.value) AS v, p.key AS k "
                + $"FROM {collection.Table} AS t, json_each(fudge_index_positions(t.doc, '$.Legs.#.Venue')) AS p) WHERE v IS NOT NULL ORDER BY id, k");
            var actual = await RowsAsync(store, $"SELECT doc_id, value FROM {table} ORDER BY doc_id, rowid");
            Assert.True(expected.Count > 800, $"{expected.Count} values");
            // A text with U+0000 the earlier form's function result cut there ("nul"); the whole text is kept now.
            string cut = "text " + string.Join(" ", "nul".Select(c => ((int)c).ToString("x4")));
            string whole = "text " + string.Join(" ", "nul\0inside".Select(c => ((int)c).ToString("x4")));
            Assert.Equal(expected.Select(row => row.EndsWith(cut, StringComparison.Ordinal) ? row.Replace(cut, whole) : row), actual);
            // ... so an equality with that text searches the side table and finds the document, as the filter does.
            var filter = FudgeTypedQuery.Filter<StoredTrade>(t => t.Legs!.Any(l => l.Venue == "nul\0inside"));
            Assert.Contains($"{table} USING", await collection.ExplainAsync(filter), StringComparison.Ordinal);
            Assert.Equal(1, bytes.Count(b => filter.Matches(b)));
            Assert.Equal(1, await collection.CountAsync(filter));
        }
    }
}
