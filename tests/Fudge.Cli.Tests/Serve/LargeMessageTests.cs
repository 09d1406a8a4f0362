using System;
using System.Collections.Generic;
using System.Linq;
using System.Net;
using System.Threading.Tasks;
using Fudge.Cli.Tests.Support;
using Fudge.Cli.Inspect;
using Fudge.Cli.Serve;
using Fudge.Cli.Serve.Sources;
using Xunit;

namespace Fudge.Cli.Tests.Serve;

/// <summary>
/// How the explorer opens a large message quickly, and that nothing shown changes for it: a long string value is shown
/// without being decoded whole when it is ASCII (what is shown, its length and its hidden-character mark must be
/// exactly what decoding the whole string gives, wherever a hidden character sits in it), and the page's first
/// request asks for the first fields only (<c>?fields=N</c>), which must be the first N of the whole answer.
/// </summary>
public class LargeMessageTests
{
    public static IEnumerable<object[]> Strings()
    {
        string plain = new string('x', 100_000);
        yield return new object[] { "plain", plain };
        yield return new object[] { "short", "abc" };
        yield return new object[] { "exactly shown", new string('y', ValueText.MaxChars) };
        yield return new object[] { "one past", new string('y', ValueText.MaxChars + 1) };
        yield return new object[] { "tab and newlines only", plain.Insert(70_000, "\t\r\n") };
        yield return new object[] { "bell deep inside", plain.Insert(99_000, "\a") };
        yield return new object[] { "escape in the shown part", "\u001b[31m" + plain };
        yield return new object[] { "delete at the end", plain + "\u007f" };
        yield return new object[] { "quotes and backslashes", "\"\\" + plain };
        yield return new object[] { "non-ASCII late", plain + "é" };
        yield return new object[] { "direction control late", plain + "\u202e" };
        yield return new object[] { "astral at the cut", new string('z', ValueText.MaxChars - 1) + "😀" + plain };
    }

    [Theory]
    [MemberData(nameof(Strings))]
    public void A_long_string_is_shown_marked_and_measured_as_decoding_it_whole_would(string what, string text)
    {
        byte[] envelope = new FudgeMsg().Add("s", text).ToByteArray();
        var reader = new FudgeReader(envelope);
        Assert.True(reader.Read());

        string shown = ValueText.FormatString(ref reader, full: false, out int length, out bool hidden);

        Assert.True(ValueText.FormatString(text, full: false) == shown, what);
        Assert.Equal(text.Length, length);
        Assert.Equal(DisplayText.HasHidden(text), hidden);
    }

    [Fact]
    public void The_explorers_tree_and_list_mark_a_control_character_deep_in_a_long_value()
    {
        string text = new string('x', 3_000_000).Insert(2_500_000, "\u0007");
        byte[] envelope = new FudgeMsg().Add("first", 1).Add("blob", text).ToByteArray();
        var message = new SourceMessage(0, null, 0, envelope);

        var detail = MessageTree.Open(message, new FudgeReaderOptions());
        var summary = MessageTree.Summarize(message, new FudgeReaderOptions());

        var blob = detail.Fields.Single(f => f.Name == "blob");
        Assert.True(blob.Hidden);
        Assert.True(blob.Cut);
        Assert.EndsWith("...\" (3000001 chars)", blob.Value);
        Assert.True(summary.Hidden);
    }

    [Fact]
    public async Task The_first_fields_asked_for_are_the_first_of_the_whole_answer()
    {
        var rows = new FudgeMsg();
        for (int i = 0; i < 1000; i++) rows.Add("rows", new FudgeMsg().Add("seq", i).Add("ticker", "T" + i).Add("bid", i + 0.5));
        rows.Add("blob", new string('x', 1_000_000));
        using var file = new RepoFiles.TempFile(rows.ToByteArray());
        await using var explorer = await Explorer.StartAsync(file.Path);

        var (status, whole) = await explorer.GetJsonAsync("api/messages/0");
        var (_, first) = await explorer.GetJsonAsync("api/messages/0?fields=300");

        Assert.Equal(HttpStatusCode.OK, status);
        Assert.Equal(4001, whole.GetProperty("fields").GetArrayLength());
        Assert.False(whole.GetProperty("fieldsCut").GetBoolean());
        Assert.Equal(300, first.GetProperty("fields").GetArrayLength());
        Assert.True(first.GetProperty("fieldsCut").GetBoolean());
        var all = whole.GetProperty("fields").EnumerateArray().Take(300).Select(f => f.GetRawText());
        Assert.Equal(all, first.GetProperty("fields").EnumerateArray().Select(f => f.GetRawText()));
        Assert.Equal(whole.GetProperty("hex").GetString(), first.GetProperty("hex").GetString());
        Assert.Equal(HttpStatusCode.BadRequest, (await explorer.GetJsonAsync("api/messages/0?fields=0")).Status);
        Assert.Equal(HttpStatusCode.BadRequest, (await explorer.GetJsonAsync("api/messages/0?fields=5001")).Status);
    }
}
