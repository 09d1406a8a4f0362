using System;
using System.Linq;
using Fudge.Query;
using Xunit;

namespace Fudge.Tests.Query;

/// <summary>
/// A projection's cache of short strings (<see cref="ShortTextCache"/>): a text read again is the string decoded the
/// first time; texts that recur but put each other out grow the cache until they fit, and texts that never recur do
/// not grow it.
/// </summary>
public class ShortTextCacheTests
{
    private static byte[] Envelope(string text) => new FudgeMsg().Add("S", text).ToByteArray();

    // The text as a projection reads it: found again by its bytes, else decoded (and kept).
    private static string Read(ShortTextCache cache, byte[] envelope, out bool found)
    {
        var reader = new FudgeReader(envelope);
        Assert.True(reader.Read());
        int start = reader.ValueOffset;
        string? known = cache.Find(envelope, start, reader.ValueSpan.Length);
        found = known is not null;
        return known ?? cache.Get(in reader);
    }

    [Fact]
    public void A_text_read_again_is_the_same_string()
    {
        var cache = new ShortTextCache();
        foreach (var text in new[] { "", "A", "IBM", "AAPL", "Zürich", "東京", "exactly8", "sixteen-bytes-ab", "seventeen-bytes-x" })
        {
            var envelope = Envelope(text);
            string first = Read(cache, envelope, out _);
            string again = Read(cache, envelope, out bool found);
            Assert.Equal(text, again);
            Assert.Equal(text.Length <= 16 && System.Text.Encoding.UTF8.GetByteCount(text) <= 16, found);
            if (found) Assert.Same(first, again);
        }
    }

    [Fact]
    public void Recurring_texts_that_put_each_other_out_grow_the_cache_until_they_fit()
    {
        var cache = new ShortTextCache();
        var envelopes = Enumerable.Range(0, 1_500).Select(i => Envelope("S" + i.ToString(System.Globalization.CultureInfo.InvariantCulture))).ToArray();
        var random = new Random(3);
        for (int i = 0; i < 200_000; i++)
        {
            int n = random.Next(envelopes.Length);
            Assert.Equal("S" + n.ToString(System.Globalization.CultureInfo.InvariantCulture), Read(cache, envelopes[n], out _));
        }
        Assert.True(cache.Sets >= 1_024, $"{cache.Sets} sets");
        int misses = 0;
        for (int i = 0; i < 10_000; i++)
        {
            Read(cache, envelopes[random.Next(envelopes.Length)], out bool found);
            if (!found) misses++;
        }
        Assert.True(misses < 500, $"{misses} misses in 10,000");
    }

    [Fact]
    public void Texts_that_never_recur_do_not_grow_it()
    {
        var cache = new ShortTextCache();
        for (int i = 0; i < 50_000; i++)
            Assert.Equal("ID" + i.ToString(System.Globalization.CultureInfo.InvariantCulture), Read(cache, Envelope("ID" + i.ToString(System.Globalization.CultureInfo.InvariantCulture)), out _));
        Assert.Equal(256, cache.Sets);
    }
}
