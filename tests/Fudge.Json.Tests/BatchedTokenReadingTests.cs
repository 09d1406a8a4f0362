using System;
using System.IO;
using System.Linq;
using System.Text;
using System.Text.Json;
using Fudge.Json.Internal;
using Fudge.Tests.Support;
using Newtonsoft.Json;
using Xunit;
using JsonNameTable = Fudge.Json.Internal.JsonNameTable;

namespace Fudge.Json.Tests;

/// <summary>
/// JSON text is read in batches of tokens from one <see cref="Utf8JsonReader"/> per batch, by a source each thread
/// reuses from call to call: wherever a batch ends (after any token, exactly at the end of the document, or just
/// before a malformed token) the envelope, or the error with its line, position and path, is the same as when the
/// whole text is one batch; a conversion nested in another on the same thread gets a source of its own.
/// </summary>
public class BatchedTokenReadingTests
{
    private const int OneBatch = 1 << 20;

    /// <summary>The envelope as hex, or the error as message, line, position and path.</summary>
    private static string Outcome(byte[] utf8, FudgeJsonSettings settings, int batchSize)
    {
        var source = Utf8TokenSource.ForUtf8(utf8, FudgeJson.JsonDepthFor(settings), batchSize);
        try
        {
            var envelope = FudgeJson.ReadSingleEnvelope(source, settings);
            string hex = Convert.ToBase64String(envelope.ToArray());
            envelope.ReturnToPool();
            return hex;
        }
        catch (FudgeJsonException e)
        {
            return $"{e.Message} | {e.LineNumber}:{e.LinePosition} | {e.Path}";
        }
        finally
        {
            source.Dispose();
        }
    }

    private static int TokenCount(byte[] utf8)
    {
        var reader = new Utf8JsonReader(utf8, new JsonReaderOptions { CommentHandling = JsonCommentHandling.Skip });
        int count = 0;
        while (reader.Read()) count++;
        return count;
    }

    private static byte[] VectorJson(string vector, FudgeJsonSettings settings)
        => Encoding.UTF8.GetBytes(FudgeJson.ToJson(InteropVectors.Read(vector), settings, Formatting.Indented));

    public static TheoryData<string, bool> SmallVectors => new()
    {
        { "allNames.dat", false }, { "allNames.dat", true }, { "subMsg.dat", false }, { "subMsg.dat", true },
        { "unknown.dat", true }, { "fixedWidthByteArrays.dat", false },
    };

    [Theory]
    [MemberData(nameof(SmallVectors))]
    public void Every_batch_size_up_to_the_whole_document_reads_the_envelope_one_batch_reads(string vector, bool lossless)
    {
        var settings = lossless ? FudgeJsonSettings.Lossless : FudgeJsonSettings.Plain;
        byte[] json = VectorJson(vector, settings);
        int tokens = TokenCount(json);
        string expected = Outcome(json, settings, OneBatch);

        Assert.Equal(Convert.ToBase64String(FudgeJson.ToFudge(json, settings)), expected);
        // Sizes up to one past the token count: the document also ends exactly where a batch does (size == tokens).
        for (int size = 1; size <= tokens + 1; size++)
            Assert.True(expected == Outcome(json, settings, size), $"{vector} ({tokens} tokens) read in batches of {size}");
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void A_malformed_token_after_any_batch_boundary_is_refused_as_in_one_batch(bool lossless)
    {
        var settings = lossless ? FudgeJsonSettings.Lossless : FudgeJsonSettings.Plain;
        byte[] json = VectorJson("subMsg.dat", settings);
        // Every cut of the text puts the error after a different token; batches of 1..9 tokens end at every token index.
        for (int length = 0; length < json.Length; length++)
        {
            byte[] cut = json.AsSpan(0, length).ToArray();
            string expected = Outcome(cut, settings, OneBatch);
            Assert.Contains(" | ", expected); // a cut document is refused, not read
            for (int size = 1; size <= 9; size++)
                Assert.True(expected == Outcome(cut, settings, size), $"cut to {length} bytes, batches of {size}: {expected}");
        }
    }

    [Fact]
    public void Content_after_the_object_is_refused_wherever_the_batch_ends()
    {
        byte[] json = Encoding.UTF8.GetBytes("{\"a\":[1,2,3],\"b\":{\"c\":\"d\"}} {\"e\":1}");
        string expected = Outcome(json, FudgeJsonSettings.Plain, OneBatch);

        Assert.StartsWith("unexpected content after the top-level object", expected);
        for (int size = 1; size <= 14; size++) Assert.Equal(expected, Outcome(json, FudgeJsonSettings.Plain, size));
    }

    [Fact]
    public void A_conversion_nested_in_another_on_the_same_thread_reads_with_a_source_of_its_own()
    {
        // More tokens than one batch, so the outer read resumes its reader after the nested conversion.
        string outerJson = "{" + string.Join(",", Enumerable.Range(0, 200).Select(i => $"\"k{i}\":\"v{i}\"")) + "}";
        string innerJson = "{\"inner\":[1,2,3],\"name\":\"other\"}";
        byte[] expectedOuter = FudgeJson.ToFudge(outerJson);
        byte[] expectedInner = FudgeJson.ToFudge(innerJson);

        var outer = Utf8TokenSource.ForText(outerJson, FudgeJson.JsonDepthFor(null)); // the thread's reused source
        byte[] readOuter;
        try
        {
            outer.Next();
            Assert.Equal(expectedInner, FudgeJson.ToFudge(innerJson)); // nested: must not take the outer's source
            var envelope = JsonToFudge.ReadEnvelope(outer, FudgeJsonSettings.Plain);
            readOuter = envelope.ToArray();
            envelope.ReturnToPool();
        }
        finally
        {
            outer.Dispose();
        }

        Assert.Equal(expectedOuter, readOuter);
        Assert.Equal(expectedInner, FudgeJson.ToFudge(innerJson));
        Assert.Equal(expectedOuter, FudgeJson.ToFudge(outerJson));
    }

    [Fact]
    public void Member_names_of_every_length_script_and_escape_read_as_newtonsoft_reads_them_call_after_call()
    {
        string[] names =
        {
            "", "a", "\\u0061", "ab", "a\\u0000", "a\\u0000b", "abcdefgh", "abcdefg\\u0068", "abcdefghi", "\u00e9", "\u540d\u524d",
            "\\u00e9", "f33", "tab\\there", "\\ud83d\\ude00", "\ud83d\ude00", "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa",
        };
        string plain = "{" + string.Join(",", names.Select((n, i) => $"\"{n}\":{i}")) + "}";
        string lossless = "{\"fields\":[" + string.Join(",", names.Select((n, i) => $"{{\"name\":\"{n}\",\"type\":\"int\",\"value\":{i}}}")) + "]}";
        // Enough distinct names to pass what the table keeps between calls, and what it keeps at all.
        string many = "{" + string.Join(",", Enumerable.Range(0, JsonNameTable.MaxNames + 100).Select(i => $"\"n{i}\":{i}")) + "}";

        for (int call = 0; call < 3; call++)
        {
            foreach (var (json, settings) in new[] { (plain, FudgeJsonSettings.Plain), (lossless, FudgeJsonSettings.Lossless), (many, FudgeJsonSettings.Plain) })
            {
                using var newtonsoft = new JsonTextReader(new StringReader(json));
                Assert.Equal(FudgeJson.ToFudge(newtonsoft, settings), FudgeJson.ToFudge(json, settings));
            }
        }
    }

    [Fact]
    public void A_thread_keeps_few_names_between_calls()
    {
        var table = new JsonNameTable();
        string first = table.Get("symbol".AsSpan());
        Assert.Same(first, table.Get("symbol".AsSpan()));
        table.TrimForReuse();
        Assert.Same(first, table.Get("symbol".AsSpan())); // a feed's keys recur in every document: kept

        for (int i = 0; i < 4 * JsonNameTable.KeptNames; i++) table.Get(("name" + i).AsSpan());
        table.TrimForReuse();
        Assert.Equal(0, table.Count);

        table.Get(new string('x', JsonNameTable.KeptChars + 1).AsSpan());
        table.TrimForReuse();
        Assert.Equal(0, table.Count);
    }
}
