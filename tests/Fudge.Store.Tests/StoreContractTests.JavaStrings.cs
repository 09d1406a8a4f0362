using System;
using System.Buffers;
using System.Collections.Generic;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Query;
using Fudge.Store.Tests.Support;
using Xunit;

namespace Fudge.Store.Tests;

/// <summary>
/// What every store promises of strings Fudge-Java wrote (a character past U+FFFF as a CESU-8 surrogate pair): a filter
/// finds them as the text they hold, as it finds the same text in standard UTF-8, and as the filter answers on the
/// documents read back.
/// </summary>
public abstract partial class StoreContractTests
{
    private static readonly string[] JavaTexts = { "😀", "a😀b", "\uE000", "\uFFFF", "z", "😁" };

    // Each text once in standard UTF-8 and once as Fudge-Java writes it; i numbers them.
    private static List<byte[]> JavaAndStandardDocuments()
    {
        var documents = new List<byte[]>();
        foreach (var encoding in new[] { FudgeStringEncoding.Utf8, FudgeStringEncoding.JavaCesu8 })
        {
            foreach (string text in JavaTexts)
            {
                var output = new ArrayBufferWriter<byte>();
                var writer = new FudgeWriter(output);
                var envelope = writer.BeginEnvelope();
                writer.WriteString(FudgeFieldKey.Of("s"), text.AsSpan(), encoding);
                writer.WriteInt32(FudgeFieldKey.Of("i"), documents.Count);
                writer.EndEnvelope(envelope);
                writer.Flush();
                writer.Dispose();
                documents.Add(output.WrittenSpan.ToArray());
            }
        }
        return documents;
    }

    [StoreTheory]
    [InlineData("$.s == '😀'", 2)]
    [InlineData("$.s == 'a😀b'", 2)]
    [InlineData("$.s in ['😀', 'a😀b']", 4)]
    [InlineData("$.s != '😀'", 10)]
    [InlineData("$.s > '\uE000'", 6)]  // 😀, 😁 and \uFFFF, twice: by code point, U+1F600 is above U+E000
    [InlineData("$.s >= '😀'", 4)]
    [InlineData("$.s < '😁'", 10)]
    [InlineData("starts_with($.s, 'a😀')", 2)]
    [InlineData("ends_with($.s, '😀b')", 2)]
    [InlineData("contains($.s, '😀')", 4)]
    [InlineData("match($.s, '.😀.')", 2)]
    public async Task A_string_fudge_java_wrote_is_found_as_the_text_it_holds(string predicate, int count)
    {
        await using var store = await OpenEmptyStoreAsync();
        var texts = await store.GetCollectionAsync("java_texts");
        var documents = JavaAndStandardDocuments();
        await texts.InsertManyAsync(documents.Select(d => (ReadOnlyMemory<byte>)d));

        var filter = FudgeFilter.Compile(predicate);
        var expected = documents.Where(d => filter.Matches(FudgeMsg.Parse(d))).ToList();
        Assert.Equal(count, expected.Count);
        Assert.Equal(expected, documents.Where(d => filter.Matches(d)).ToList());
        var found = new List<byte[]>();
        await foreach (var document in texts.FindAsync(new FudgeQuery { Where = filter, OrderBy = FudgePath.Compile("$.i") }))
            found.Add(document.Envelope);
        Assert.Equal(expected, found);
        Assert.Equal(count, await texts.CountAsync(filter));

        // And through an index on the string.
        await texts.CreateIndexAsync("$.s");
        found.Clear();
        await foreach (var document in texts.FindAsync(new FudgeQuery { Where = filter, OrderBy = FudgePath.Compile("$.i") }))
            found.Add(document.Envelope);
        Assert.Equal(expected, found);
    }
}
