using System;
using System.Linq;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Nats.Tests.Support;
using Fudge.Query;
using Fudge.Serialization;
using NATS.Client.Core;
using Xunit;

namespace Fudge.Nats.Tests;

/// <summary>
/// Subjects built from field values the messages control: values that would add tokens, subscribe-side wildcards,
/// protocol separators, system subjects or oversized control lines give no subject (and a dead letter), while
/// non-ASCII values are kept and travel as UTF-8.
/// </summary>
public class HostileSubjectValueTests
{
    private static readonly FudgeSubjectTemplate Ticks = FudgeSubjectTemplate.Parse("ticks.{$.ticker}");

    private static byte[] Quote(string ticker) => new FudgeMsg().Add("ticker", ticker).ToByteArray();

    [Theory]
    [InlineData("BRK.B", "it has '.', which would split it into several tokens")]
    [InlineData(".", "it has '.'")]
    [InlineData("*", "it has the wildcard '*'")]
    [InlineData(">", "it has the wildcard '>'")]
    [InlineData("A>B", "it has the wildcard '>'")]
    [InlineData("A B", "white space or a control character (U+0020)")]
    [InlineData("A\tB", "(U+0009)")]
    [InlineData("A\r\nPUB evil 1", "(U+000D)")]
    [InlineData("A\0B", "(U+0000)")]
    [InlineData("A\u00a0B", "(U+00A0)")]     // no-break space
    [InlineData("A\u3000B", "(U+3000)")]     // ideographic space
    [InlineData("A\u2028B", "(U+2028)")]     // line separator
    [InlineData("", "it is empty")]
    public void A_value_that_is_not_one_token_gives_no_subject_and_says_why(string ticker, string why)
    {
        Assert.False(Ticks.TryRender(Quote(ticker), out string? subject, out string? problem));
        Assert.Null(subject);
        Assert.StartsWith("the field at $.ticker holds '", problem);
        Assert.Contains("which is not one subject token: ", problem);
        Assert.Contains(why, problem);
        // The reason becomes a header value: no line breaks or other control characters in it, whatever the value held.
        Assert.DoesNotContain(problem, char.IsControl);
    }

    [Theory]
    [InlineData("Nestlé", "ticks.Nestlé")]
    [InlineData("日本電信", "ticks.日本電信")]
    [InlineData("Ω-1_x", "ticks.Ω-1_x")]
    [InlineData("$USD", "ticks.$USD")]      // '$' inside the subject is an ordinary character
    public void Non_ascii_and_punctuated_values_are_kept_as_they_are(string ticker, string expected)
        => Assert.Equal(expected, Ticks.Render(Quote(ticker)));

    [Fact]
    public void A_value_that_would_start_the_subject_with_a_dollar_is_refused()
    {
        var template = FudgeSubjectTemplate.Parse("{$.ticker}.API.STREAM.DELETE.TICKS");
        Assert.False(template.TryRender(Quote("$JS"), out _, out string? problem));
        Assert.Contains("would start the subject with '$'", problem);
        Assert.Equal("JS.API.STREAM.DELETE.TICKS", template.Render(Quote("JS")));
        // A template that starts with '$' itself is the author's choice.
        Assert.Equal("$KV.quotes.ACME", FudgeSubjectTemplate.Parse("$KV.quotes.{$.ticker}").Render(Quote("ACME")));
    }

    [Fact]
    public void A_subject_longer_than_the_limit_in_utf8_bytes_is_refused()
    {
        string prefix = "ticks.";
        string fits = new('A', FudgeSubjectTemplate.MaxSubjectBytes - prefix.Length);
        Assert.Equal(prefix + fits, Ticks.Render(Quote(fits)));

        Assert.False(Ticks.TryRender(Quote(fits + "A"), out _, out string? oneTooMany));
        Assert.Equal($"the subject would be longer than {FudgeSubjectTemplate.MaxSubjectBytes} bytes (1025)", oneTooMany);

        // 400 characters, 1,200 bytes of UTF-8: the limit is in bytes, as the server counts them.
        string wide = string.Concat(Enumerable.Repeat("日", 400));
        Assert.False(Ticks.TryRender(Quote(wide), out _, out string? tooWide));
        Assert.Contains("longer than 1024 bytes", tooWide);

        // A megabyte-long value is refused; the placeholders after it are not even read.
        string huge = new('B', 1 << 20);
        Assert.False(Ticks.TryRender(Quote(huge), out _, out string? tooLong));
        Assert.Equal($"the subject would be longer than 1024 bytes ({(1 << 20) + 6})", tooLong);
        Assert.False(FudgeSubjectTemplate.Parse("t.{$.ticker}.{$.missing}").TryRender(Quote(huge), out _, out string? cut));
        Assert.Equal($"the subject would be longer than 1024 bytes (at least {(1 << 20) + 3})", cut);
    }

    [Theory]
    [InlineData("ticks.\u00a0{$.ticker}", 7)]
    [InlineData("ticks.>", 7)]
    [InlineData("ticks.\r\n{$.ticker}", 7)]
    public void Template_text_with_white_space_or_wildcards_is_refused_at_its_column(string text, int column)
    {
        var error = Assert.Throws<FudgeQueryException>(() => FudgeSubjectTemplate.Parse(text));
        Assert.Equal(column, error.Column);
        Assert.Contains("cannot appear in a NATS subject", error.Reason);
    }

    [NatsFact]
    public async Task The_router_delivers_non_ascii_subjects_and_dead_letters_hostile_values_without_losing_its_connection()
    {
        await using var nats = await NatsServers.ConnectAsync();
        string root = NatsServers.Unique("hostile");
        // The value starts the subject: "$JS" would address the JetStream API.
        await using var all = await nats.SubscribeCoreAsync<Tick>($"*.{root}");
        await using var nestle = await nats.SubscribeCoreAsync<Tick>($"Nestlé.{root}");
        await using var deadLetters = await nats.SubscribeCoreAsync<Tick>($"{root}.dead");
        var router = new FudgeNatsRouter(nats, new FudgeNatsRouterOptions($"{root}.in", FudgeSubjectTemplate.Parse("{$.Symbol}." + root))
        {
            DeadLetterSubject = $"{root}.dead",
        });
        using var stop = new CancellationTokenSource();
        var routing = router.RunAsync(stop.Token);
        await RouterTests.WaitForInterestAsync(nats, $"{root}.in");

        string[] hostile = { "BRK.B", "*", ">", "A\r\nPUB evil 1", "A B", "$JS", "", new string('X', 5000) };
        string[] fine = { "Nestlé", "日本電信", "AAPL" };
        long sequence = 0;
        foreach (string symbol in hostile.Concat(fine))
            await nats.PublishAsync($"{root}.in", new Tick { Symbol = symbol, Price = 1, Size = 1, Sequence = ++sequence });

        var routed = await RouterTests.TakeAsync(all, fine.Length);
        Assert.Equal(fine.Select(s => $"{s}.{root}"), routed.Select(m => m.Subject));
        Assert.Equal(fine, routed.Select(m => m.Data!.Symbol));
        Assert.Equal("Nestlé", (await RouterTests.TakeAsync(nestle, 1))[0].Data!.Symbol);
        var dead = await RouterTests.TakeAsync(deadLetters, hostile.Length);
        Assert.Equal(hostile, dead.Select(m => m.Data!.Symbol));
        string[] reasons = dead.Select(m => m.Headers![FudgeNatsHeaders.DeadLetterReason].ToString()).ToArray();
        Assert.Contains("it has '.'", reasons[0]);
        Assert.Contains("(U+000D)", reasons[3]);
        Assert.Contains("would start the subject with '$'", reasons[5]);
        Assert.Contains("longer than 1024 bytes", reasons[7]);
        Assert.All(reasons, reason => Assert.DoesNotContain(reason, char.IsControl));
        Assert.Equal(hostile.Length, router.Counters.DeadLettered);
        Assert.Equal(fine.Length, router.Counters.Routed);
        Assert.Equal(NatsConnectionState.Open, nats.ConnectionState);
        Assert.False(routing.IsCompleted);
        stop.Cancel();
        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => routing);
    }

    [Fact]
    public void A_generated_type_with_a_hostile_member_value_gives_no_subject()
    {
        byte[] tick = FudgeSerializer.Serialize(new Tick { Symbol = "A.B", Sequence = 1 });
        Assert.False(FudgeSubjectTemplate.Parse("ticks.{$.Symbol}").TryRender(tick, out _, out string? problem));
        Assert.Equal("the field at $.Symbol holds 'A.B', which is not one subject token: it has '.', which would split it into several tokens", problem);
    }
}
