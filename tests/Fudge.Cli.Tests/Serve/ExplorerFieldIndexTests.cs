using System;
using System.Collections.Generic;
using System.Linq;
using System.Runtime.CompilerServices;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Cli.Serve;
using Fudge.Cli.Serve.Sources;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// The index of a large message's fields (<see cref="FieldIndex"/>, kept for the last few messages asked about by
/// <see cref="FieldIndexCache"/>): a page of fields (<c>?from=</c>) or the page around a byte (<c>?at=</c>) starts its walk
/// at the nearest indexed top-level field instead of the first, and answers exactly what the walk from the start
/// answers: paths with a repeated key's index, ordinal-only fields, sub-messages and the page's ancestors, checked
/// over every place of the index and around it. A malformed message is never indexed (its fault is met where it is),
/// and what the cache keeps is bounded whatever the messages.
/// </summary>
public class ExplorerFieldIndexTests
{
    // Repeated keys interleaved (px, the ordinals 0-2, book, tick), keys met once ("once…"), sub-messages holding
    // repeated keys of their own, and a long string at the end: 6,001 top-level fields, about 170 KB.
    private static byte[] Mixed()
    {
        var message = new FudgeMsg();
        for (int i = 0; i < 6000; i++)
        {
            switch (i % 4)
            {
                case 0: message.Add("px", i * 0.25); break;
                case 1: message.Add((short)(i % 3), "ord" + i); break;
                case 2: message.Add("book", new FudgeMsg().Add("level", i).Add("level", i + 1).Add("side", new FudgeMsg().Add("q", 1))); break;
                default: message.Add(i % 200 == 3 ? "once" + i : "tick", i); break;
            }
        }
        message.Add("blob", new string('x', 70_000));
        return message.ToByteArray();
    }

    // The explorer's benchmark shape: one repeated key of sub-messages of four fields.
    internal static byte[] Rows(int rows) => FieldPages.Rows(rows).ToByteArray();

    internal static readonly FudgeReaderOptions Options = new();

    private static string Json(FieldPage page) => JsonSerializer.Serialize(page, ExplorerJson.Default.FieldPage);

    private static SourceMessage Message(byte[] bytes, long id = 0) => new(id, null, 0, bytes);

    [Theory]
    [InlineData("mixed")]
    [InlineData("rows")]
    public void Every_page_and_every_byte_found_from_the_index_is_what_the_walk_from_the_start_finds(string shape)
    {
        byte[] bytes = shape == "mixed" ? Mixed() : Rows(9000);
        var message = Message(bytes);
        var index = FieldIndex.Build(bytes, Options);

        Assert.NotNull(index);
        Assert.True(index.Count > 20, $"{index.Count} places");
        // Pages starting on each place, just before and after it, and between places.
        var froms = new SortedSet<int> { 0, 1 };
        for (int k = 0; k < index.Count; k++)
            foreach (int delta in new[] { -2, -1, 0, 1, 3, 37 }) froms.Add(Math.Max(0, index.IndexOf(k) + delta));
        foreach (int from in froms)
            Assert.Equal(Json(MessageTree.Fields(message, Options, from, 40)), Json(MessageTree.Fields(message, Options, from, 40, index)));
        // The byte's page: each place's first byte, the byte before it (the previous field's last), inside its name and
        // value, and bytes spread over the whole message.
        var offsets = new SortedSet<int> { 0, 8, 9, bytes.Length - 1 };
        for (int k = 0; k < index.Count; k++)
            foreach (int delta in new[] { -1, 0, 1, 3, 9 }) offsets.Add(Math.Clamp(index.OffsetOf(k) + delta, 0, bytes.Length - 1));
        for (int offset = 0; offset < bytes.Length; offset += 4999) offsets.Add(offset);
        foreach (int offset in offsets)
            Assert.Equal(Json(MessageTree.FieldsAt(message, Options, offset, 30)), Json(MessageTree.FieldsAt(message, Options, offset, 30, index)));
    }

    [Fact]
    public void A_malformed_message_a_small_one_and_one_of_too_many_or_too_long_distinct_keys_get_no_index()
    {
        byte[] bytes = Rows(3000);
        byte[] broken = bytes.ToArray();
        // The last row's size byte made larger than what is left: the walk of the headers meets the fault.
        int lastRow = FieldIndexLastTopLevelField(bytes);
        broken[lastRow + 7] = 0xFF;
        var unique = new FudgeMsg();
        for (int i = 0; i < 3000; i++) unique.Add("k" + i, i);
        var longNames = new FudgeMsg(); // 300 keys of 200 characters: 60,000 characters of steps to keep
        for (int i = 0; i < 300; i++) longNames.Add(new string('n', 200) + i, i);

        Assert.NotNull(FieldIndex.Build(bytes, Options));
        Assert.Null(FieldIndex.Build(broken, Options));
        Assert.Null(FieldIndex.Build(Rows(100), Options)); // 100 top-level fields: walked in no time
        Assert.Null(FieldIndex.Build(unique.ToByteArray(), Options));
        Assert.Null(FieldIndex.Build(longNames.ToByteArray(), Options));
        // The malformed message's pages, with no index, still end at its fault.
        var page = MessageTree.FieldsAt(Message(broken), Options, broken.Length - 1, 20, FieldIndex.Build(broken, Options));
        Assert.NotNull(page.Error);
    }

    // The prefix byte of the envelope's last top-level field.
    private static int FieldIndexLastTopLevelField(byte[] bytes)
    {
        var reader = new FudgeReader(bytes);
        int last = -1;
        while (reader.Read()) last = reader.FieldOffset;
        return last;
    }

    [Fact]
    public void The_cache_builds_a_message_index_once_rebuilds_it_when_the_bytes_change_and_keeps_a_bounded_few()
    {
        var cache = new FieldIndexCache();
        byte[] bytes = Rows(5000);

        var first = cache.For(Message(bytes), Options);
        var again = cache.For(Message(bytes.ToArray()), Options); // the same bytes, read again by the source

        Assert.NotNull(first);
        Assert.Same(first, again);
        Assert.Equal(1, cache.Builds);
        // Other bytes under the same id, place and size (a file replaced): indexed again, not answered from the old index.
        byte[] changed = bytes.ToArray();
        changed[^1] ^= 0x40; // the last row's ask
        var rebuilt = cache.For(Message(changed), Options);
        Assert.NotSame(first, rebuilt);
        Assert.Equal(2, cache.Builds);
        Assert.Equal(1, cache.Count);
        // A small message is not indexed (nor held).
        Assert.Null(cache.For(Message(Rows(50)), Options));
        Assert.Equal(1, cache.Count);
        // Ten messages asked about: the last four are kept.
        for (int id = 1; id <= 10; id++) cache.For(Message(Rows(5000), id), Options);
        Assert.Equal(FieldIndexCache.MaxMessages, cache.Count);
        Assert.Equal(12, cache.Builds);
    }

    [Fact]
    public void The_index_of_a_message_of_300000_top_level_fields_stays_within_its_bound()
    {
        // 300,000 small fields of one key (about 1.8 MB): more places than the index keeps, so they are spaced wider.
        var ticks = new FudgeMsg();
        for (int i = 0; i < 300_000; i++) ticks.Add("t", i % 100);
        byte[] bytes = ticks.ToByteArray();
        var index = FieldIndex.Build(bytes, Options);

        Assert.NotNull(index);
        Assert.Equal(74, index.Every); // 300,000 / 4,096, rounded up
        Assert.InRange(index.Count, 1, FieldIndex.MaxCheckpoints);
        long bound = 64 + FieldIndex.MaxCheckpoints * (8L + 4 * FieldIndex.MaxRepeatedSteps) + 1024;
        Assert.InRange(index.EstimatedBytes, 1, bound);
        // The last byte's page, from the index, is the walk's.
        var message = Message(bytes);
        Assert.Equal(Json(MessageTree.FieldsAt(message, Options, bytes.Length - 1, 50)), Json(MessageTree.FieldsAt(message, Options, bytes.Length - 1, 50, index)));
        Assert.Equal(Json(MessageTree.Fields(message, Options, 299_990, 50)), Json(MessageTree.Fields(message, Options, 299_990, 50, index)));
    }

    [Fact]
    public async Task Jumps_into_a_large_message_served_answer_what_the_walk_from_the_start_answers()
    {
        byte[] bytes = Rows(9000);
        using var file = new RepoFiles.TempFile(bytes);
        await using var explorer = await Explorer.StartAsync(file.Path);
        var message = Message(bytes);

        foreach (int offset in new[] { bytes.Length - 1, bytes.Length / 2, 9, bytes.Length / 3 + 5, bytes.Length - 1 })
        {
            var (_, page) = await explorer.GetJsonAsync($"api/messages/0/fields?at={offset}&take=100");
            var expected = JsonDocument.Parse(Json(MessageTree.FieldsAt(message, Options, offset, 100))).RootElement;
            Assert.Equal(expected.GetProperty("field").GetRawText(), page.GetProperty("field").GetRawText());
            Assert.Equal(expected.GetProperty("from").GetInt32(), page.GetProperty("from").GetInt32());
            Assert.Equal(expected.GetProperty("fields").GetRawText(), page.GetProperty("fields").GetRawText());
        }
    }
}

/// <summary>
/// What the cache of field indexes keeps alive, measured as MemoryBoundTests measures a server's: the objects alive
/// after a full collection once twelve messages of 1 MB have been indexed, against those alive before. The cache holds
/// the last four indexes (a few KiB each here), never a message's bytes (each request's own copy: 4 MB were they kept).
/// Run alone (a collection not run in parallel with others), since the heap is the whole process's.
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class FieldIndexMemoryCollection
{
    /// <summary>The collection's name.</summary>
    public const string Name = "field index memory";
}

[Collection(FieldIndexMemoryCollection.Name)]
public class ExplorerFieldIndexMemoryTests
{
    [Fact]
    public void Twelve_large_messages_indexed_leave_only_four_small_indexes_alive()
    {
        var messages = Enumerable.Range(0, 12).Select(id => ExplorerFieldIndexTests.Rows(20_000)).ToArray(); // about 1 MB each
        long before = GC.GetTotalMemory(forceFullCollection: true);
        var cache = new FieldIndexCache();
        IndexEach(cache, messages);
        long after = GC.GetTotalMemory(forceFullCollection: true);

        long retained = after - before;
        Assert.Equal(FieldIndexCache.MaxMessages, cache.Count);
        Assert.InRange(cache.EstimatedBytes, 1, 64 * 1024);
        // What is left is the cache, within its estimate and a margin for the runtime's own bookkeeping; the bytes of
        // the four messages it knows would be 4 MB more.
        Assert.True(retained < cache.EstimatedBytes + 512 * 1024, $"{retained:N0} bytes alive after indexing, estimate {cache.EstimatedBytes:N0}");
        GC.KeepAlive(messages);
        GC.KeepAlive(cache);
    }

    // Each message asked about as a source hands it: bytes of its own, read for the request and dropped after it (in a
    // method of its own, so that no local of the caller keeps the last copy alive).
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static void IndexEach(FieldIndexCache cache, byte[][] messages)
    {
        for (int id = 0; id < messages.Length; id++) Assert.NotNull(cache.For(new SourceMessage(id, null, 0, messages[id].ToArray()), ExplorerFieldIndexTests.Options));
    }
}
