using System;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Serialization;
using Fudge.Store.PostgreSql;
using Fudge.Store.Sqlite;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

[FudgeMessage]
public partial class WideRow
{
    public string? Key { get; set; }
    public long Seq { get; set; }
    public sbyte I8 { get; set; }
    public short I16 { get; set; }
    public int I32 { get; set; }
    public long I64 { get; set; }
    public byte U8 { get; set; }
    public ushort U16 { get; set; }
    public uint U32 { get; set; }
    public ulong U64 { get; set; }
    public float F { get; set; }
    public double D { get; set; }
    public bool B { get; set; }
    public string? S { get; set; }
    public long? N { get; set; }
    public WideInner? Inner { get; set; }
}

[FudgeMessage]
public partial class WideInner
{
    public string? Venue { get; set; }
    public int Qty { get; set; }
    public WideInner? Deeper { get; set; }
}

/// <summary>
/// Projections a store computes from its columns (SQLite's <c>fudge_column</c>, PostgreSQL's jsonb) over documents
/// with repeated fields: each value is the deserialized member's (the generated deserializer keeps the last of several
/// fields of a name), as LINQ to Objects gives it over the deserialized documents, for every shape the stores compute.
/// </summary>
public static class RepeatedFieldProjections
{
    private static readonly string[] Texts = { "a", "Zürich", "東京", "", "x y", "🙂" };

    private static WideRow RandomRow(Random random, long seq) => new()
    {
        Key = random.Next(4) == 0 ? "Other" : "Kept", // letters only: a filter the PostgreSQL server decides
        Seq = seq,
        I8 = (sbyte)random.Next(sbyte.MinValue, sbyte.MaxValue + 1),
        I16 = (short)random.Next(short.MinValue, short.MaxValue + 1),
        I32 = random.Next(4) == 0 ? random.Next(-100, 100) : random.Next(int.MinValue, int.MaxValue),
        I64 = random.Next(3) switch { 0 => random.Next(-100, 100), 1 => random.NextInt64(long.MinValue, long.MaxValue), _ => random.Next() },
        U8 = (byte)random.Next(256),
        U16 = (ushort)random.Next(ushort.MaxValue + 1),
        U32 = (uint)random.NextInt64(0, uint.MaxValue + 1L),
        U64 = (ulong)random.NextInt64(0, long.MaxValue),
        F = random.Next(3) == 0 ? random.Next(-50, 50) : (float)(random.NextDouble() * 1e6 - 5e5),
        D = random.Next(3) == 0 ? random.Next(-50, 50) : random.NextDouble() * 1e12 - 5e11,
        B = random.Next(2) == 0,
        S = random.Next(5) == 0 ? null : Texts[random.Next(Texts.Length)],
        N = random.Next(3) == 0 ? null : random.Next(-1000, 1000),
        Inner = random.Next(5) == 0 ? null : new WideInner
        {
            Venue = random.Next(4) == 0 ? null : Texts[random.Next(Texts.Length)],
            Qty = random.Next(-1000, 1000),
            Deeper = random.Next(2) == 0 ? null : new WideInner { Venue = Texts[random.Next(Texts.Length)], Qty = random.Next() },
        },
    };

    /// <summary>
    /// The fields of <paramref name="first"/>, each kept, dropped, or repeated with the same member's field of
    /// <paramref name="second"/> (before or after it, a sub-message mixed the same way) or an indicator: values of the
    /// member's own types in every width the writer chose, so that the deserializer reads each of them.
    /// </summary>
    private static FudgeMsg Mix(FudgeMsg first, FudgeMsg second, Random random, bool keepKeys)
    {
        var mixed = new FudgeMsg();
        foreach (var field in first)
        {
            var other = second.FirstOrDefault(f => f.Name == field.Name);
            bool key = keepKeys && field.Name is "Key" or "Seq";
            switch (key ? 9 : random.Next(10))
            {
                case 0:
                    break; // absent
                case 1 or 2 when other.Name is not null:
                    mixed.Add(field).Add(Repeat(field, other, random));
                    break;
                case 3 when other.Name is not null:
                    mixed.Add(Repeat(field, other, random)).Add(field);
                    break;
                case 4:
                    mixed.Add(field).Add(field.Name, FudgeIndicator.Instance);
                    break;
                case 5:
                    mixed.Add(field.Name, FudgeIndicator.Instance).Add(field);
                    break;
                case 6 when other.Name is not null:
                    mixed.Add(field).Add(other).Add(field);
                    break;
                default:
                    mixed.Add(field);
                    break;
            }
        }
        return mixed;
    }

    private static FudgeField Repeat(FudgeField field, FudgeField other, Random random)
        => field.Value is FudgeMsg a && other.Value is FudgeMsg b && random.Next(2) == 0
            ? new FudgeField(other.Name, other.Ordinal, other.TypeId, Mix(b, a, random, keepKeys: false))
            : other;

    /// <summary>Documents drawn from <paramref name="seed"/>, most with repeated fields somewhere.</summary>
    public static List<byte[]> Documents(int seed, int count)
    {
        var random = new Random(seed);
        return Enumerable.Range(0, count).Select(i =>
        {
            var first = FudgeMsg.Parse(FudgeSerializer.Serialize(RandomRow(random, i)));
            var second = FudgeMsg.Parse(FudgeSerializer.Serialize(RandomRow(random, i)));
            var mixed = random.Next(6) == 0 ? first : Mix(first, second, random, keepKeys: true);
            return new FudgeEnvelope(mixed).ToByteArray();
        }).ToList();
    }

    /// <summary>
    /// Every projection shape the stores compute from columns, with and without a filter the PostgreSQL server decides,
    /// a filter it decides row by row, and orders by a member that is never repeated: the answers of LINQ to Objects
    /// over the deserialized documents that pass the filter (a sub-message that is null gives null or zero, as a
    /// projection of an absent value does).
    /// </summary>
    public static async Task CheckAsync(IFudgeCollection collection, int seed)
    {
        var documents = Documents(seed, 400);
        foreach (var document in documents) await collection.InsertAsync(document);
        var rows = documents.Select(d => FudgeSerializer.Deserialize<WideRow>(d)).ToList();
        var kept = rows.Where(r => r.Key == "Kept").ToList();
        var some = rows.Where(r => r.Seq >= 100).ToList();
        var query = collection.Query<WideRow>();

        static string Show<T>(IEnumerable<T> values) => string.Join("\n", values.Select(v => v?.ToString() ?? "null"));
        async Task Same<T>(IEnumerable<T> expected, IQueryable<T> actual) => Assert.Equal(Show(expected), Show(await actual.ToListAsync()));

        // One member of each kind.
        await Same(rows.Select(r => r.I64), query.Select(t => t.I64));
        await Same(kept.Select(r => r.I64), query.Where(t => t.Key == "Kept").Select(t => t.I64));
        await Same(kept.Select(r => r.S), query.Where(t => t.Key == "Kept").Select(t => t.S));
        await Same(kept.Select(r => r.D), query.Where(t => t.Key == "Kept").Select(t => t.D));
        await Same(kept.Select(r => r.F), query.Where(t => t.Key == "Kept").Select(t => t.F));
        await Same(kept.Select(r => r.N), query.Where(t => t.Key == "Kept").Select(t => t.N));
        await Same(kept.Select(r => r.B), query.Where(t => t.Key == "Kept").Select(t => t.B));
        await Same(kept.OrderByDescending(r => r.Seq).Select(r => r.U64), query.Where(t => t.Key == "Kept").OrderByDescending(t => t.Seq).Select(t => t.U64));
        await Same(kept.Select(r => r.U32).Skip(5).Take(50), query.Where(t => t.Key == "Kept").Select(t => t.U32).Skip(5).Take(50));
        await Same(some.Select(r => r.I32), query.Where(t => t.Seq >= 100).Select(t => t.I32));
        await Same(some.OrderBy(r => r.Seq).Select(r => r.I16), query.Where(t => t.Seq >= 100).OrderBy(t => t.Seq).Select(t => t.I16));
        // Every width at once, strings and nulls.
        await Same(kept.Select(r => new { r.I8, r.I16, r.I32, r.I64, r.U8, r.U16, r.U32, r.U64, r.F, r.D, r.B, r.S, r.N }),
            query.Where(t => t.Key == "Kept").Select(t => new { t.I8, t.I16, t.I32, t.I64, t.U8, t.U16, t.U32, t.U64, t.F, t.D, t.B, t.S, t.N }));
        await Same(some.OrderBy(r => r.Seq).Select(r => new { r.Seq, r.I8, r.U16, r.B }),
            query.Where(t => t.Seq >= 100).OrderBy(t => t.Seq).Select(t => new { t.Seq, t.I8, t.U16, t.B }));
        // Nested members, through sub-messages that are repeated, absent or null.
        await Same(kept.Select(r => new { r.S, Venue = r.Inner?.Venue, Qty = r.Inner?.Qty ?? 0, Deep = r.Inner?.Deeper?.Venue }),
            query.Where(t => t.Key == "Kept").Select(t => new { t.S, Venue = t.Inner!.Venue, Qty = t.Inner!.Qty, Deep = t.Inner!.Deeper!.Venue }));
        await Same(rows.Select(r => r.Inner?.Deeper?.Qty ?? 0), query.Select(t => t.Inner!.Deeper!.Qty));
        await Same(some.OrderBy(r => r.Seq).Select(r => r.Inner?.Qty ?? 0), query.Where(t => t.Seq >= 100).OrderBy(t => t.Seq).Select(t => t.Inner!.Qty));
        Assert.Equal(kept.Count > 0 ? kept[0].I64 : 0, await query.Where(t => t.Key == "Kept").Select(t => t.I64).FirstOrDefaultAsync());
    }

    /// <summary>
    /// A repeated field whose values the member cannot all hold (a double among integers): deserializing the document
    /// fails, and so does the projection, with the library's exception; a first value the member can hold is not taken.
    /// </summary>
    public static async Task CheckUnreadableAsync(IFudgeCollection collection)
    {
        var document = new FudgeEnvelope(new FudgeMsg().Add("Key", "Kept").Add("I64", 4L).Add("I64", 1.5)).ToByteArray();
        await collection.InsertAsync(document);
        Assert.ThrowsAny<FudgeException>(() => FudgeSerializer.Deserialize<WideRow>(document));
        await Assert.ThrowsAnyAsync<FudgeException>(() => collection.Query<WideRow>().Where(t => t.Key == "Kept").Select(t => t.I64).ToListAsync());
        await Assert.ThrowsAnyAsync<FudgeException>(() => collection.Query<WideRow>().Select(t => new { t.I64, t.S }).ToListAsync());
    }

    /// <summary>
    /// A lone field of another kind than its member's (the string "7" for a <c>long</c>, the number 5 for a string):
    /// converted as a projection converts the bytes' field (<see cref="FudgeConvert"/>: refused, or the value), on
    /// both stores alike; PostgreSQL's jsonb text of such a value is not taken for the member's own (7 from "7").
    /// </summary>
    public static async Task CheckLoneKindsAsync(IFudgeCollection collection)
    {
        var cases = new (string Member, object Value)[]
        {
            ("I64", "7"), ("I64", 1.5), ("I64", 4.0), ("I64", true), ("I64", new long[] { 1, 2 }), ("I64", 7L),
            ("S", 5L), ("S", true), ("S", 2.5), ("S", "7"), ("S", "a\uFFFDb"), ("S", "NaN"), ("S", "min"), ("S", "2026-11-30"),
            ("D", "7.5"), ("D", 3L), ("D", true), ("D", double.NaN), ("D", "NaN"), ("D", double.NegativeInfinity), ("D", "-Infinity"),
            ("B", 1L), ("B", "true"), ("B", false),
        };
        string Letters(int i) => new string(new[] { (char)('a' + i / 26), (char)('a' + i % 26) }); // a filter the server decides
        for (int i = 0; i < cases.Length; i++)
            await collection.InsertAsync(new FudgeEnvelope(new FudgeMsg().Add("Key", Letters(i)).Add(cases[i].Member, cases[i].Value)).ToByteArray());
        static async Task<string> Outcome<T>(Func<Task<T>> run)
        {
            try
            {
                return Convert.ToString(await run(), System.Globalization.CultureInfo.InvariantCulture) ?? "null";
            }
            catch (FudgeException)
            {
                return "refused";
            }
        }
        for (int i = 0; i < cases.Length; i++)
        {
            var (member, value) = cases[i];
            string key = Letters(i);
            var query = collection.Query<WideRow>().Where(t => t.Key == key);
            var (expected, actual) = member switch
            {
                "I64" => (await Outcome(() => Task.FromResult(FudgeConvert.To<long>(value))), await Outcome(() => query.Select(t => t.I64).SingleAsync())),
                "S" => (await Outcome(() => Task.FromResult(FudgeConvert.To<string>(value))), await Outcome(() => query.Select(t => t.S).SingleAsync())),
                "D" => (await Outcome(() => Task.FromResult(FudgeConvert.To<double>(value))), await Outcome(() => query.Select(t => t.D).SingleAsync())),
                _ => (await Outcome(() => Task.FromResult(FudgeConvert.To<bool>(value))), await Outcome(() => query.Select(t => t.B).SingleAsync())),
            };
            Assert.True(expected == actual, $"{member} = {value}: {actual}, expected {expected}");
        }
    }
}

public sealed class SqliteRepeatedFieldProjectionTests() : TemporarySqliteStore("fudge-repeated-")
{
    [Theory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public async Task Projections_of_repeated_fields_give_the_deserialized_members(int seed)
        => await RepeatedFieldProjections.CheckAsync(await Store.GetCollectionAsync("rows"), seed);

    [Fact]
    public async Task A_repeated_field_the_member_cannot_hold_fails_as_deserializing_it_fails()
        => await RepeatedFieldProjections.CheckUnreadableAsync(await Store.GetCollectionAsync("rows"));

    [Fact]
    public async Task A_lone_field_of_another_kind_is_converted_as_the_bytes_field_is()
        => await RepeatedFieldProjections.CheckLoneKindsAsync(await Store.GetCollectionAsync("rows"));
}

[NeedsPostgres]
public sealed class PostgresRepeatedFieldProjectionTests
{
    [StoreTheory]
    [InlineData(1)]
    [InlineData(2)]
    [InlineData(3)]
    public async Task Projections_of_repeated_fields_give_the_deserialized_members(int seed)
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await RepeatedFieldProjections.CheckAsync(await store.GetCollectionAsync("rows"), seed);
    }

    [StoreFact]
    public async Task A_repeated_field_the_member_cannot_hold_fails_as_deserializing_it_fails()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await RepeatedFieldProjections.CheckUnreadableAsync(await store.GetCollectionAsync("rows"));
    }

    [StoreFact]
    public async Task A_lone_field_of_another_kind_is_converted_as_the_bytes_field_is()
    {
        await using var store = await PostgresFudgeStore.OpenAsync(await Postgres.FreshSchemaAsync());
        await RepeatedFieldProjections.CheckLoneKindsAsync(await store.GetCollectionAsync("rows"));
    }
}
