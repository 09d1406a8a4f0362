using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using Xunit;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests.Hostile;

/// <summary>
/// After a <see cref="FudgeFormatException"/> a pipe or stream reader is still usable: a malformed envelope that was
/// framed correctly is skipped, and bad data never turns into another exception type on the next read.
/// </summary>
public class ContinuingAfterAnErrorTests
{
    private static readonly byte[] InvalidUtf8String = Envelope([0x20, FudgeTypeId.String, 1, 0xFF]);
    private static readonly byte[] OneInt8 = Envelope([0x80, FudgeTypeId.Int8, 7]);

    [Fact]
    public void A_stream_reader_skips_an_envelope_with_bad_content_and_reads_the_following_one()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(Concat(InvalidUtf8String, OneInt8)));

        var error = Assert.Throws<FudgeFormatException>(() => reader.ReadEnvelope());
        var next = reader.ReadEnvelope();

        Assert.Equal(11, error.Offset);
        Assert.Equal((sbyte)7, next!.Message[0].Value);
        Assert.Null(reader.ReadEnvelope());
    }

    [Fact]
    public async Task A_pipe_reader_skips_an_envelope_with_bad_content_and_reads_the_following_one()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Concat(InvalidUtf8String, OneInt8));
        await pipe.Writer.CompleteAsync();

        await Assert.ThrowsAsync<FudgeFormatException>(async () => await pipe.Reader.ReadFudgeEnvelopeAsync());
        var next = await pipe.Reader.ReadFudgeEnvelopeAsync();
        var end = await pipe.Reader.ReadFudgeEnvelopeAsync();

        Assert.Equal((sbyte)7, next!.Message[0].Value);
        Assert.Null(end);
    }

    [Fact]
    public async Task Offsets_reported_by_a_pipe_reader_count_from_the_start_of_the_bad_envelope()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(Concat(OneInt8, InvalidUtf8String));
        await pipe.Writer.CompleteAsync();

        await pipe.Reader.ReadFudgeEnvelopeAsync();
        var error = await Assert.ThrowsAsync<FudgeFormatException>(async () => await pipe.Reader.ReadFudgeEnvelopeAsync());

        Assert.Equal(11, error.Offset); // the string's first byte within its own envelope
    }

    [Fact]
    public void Offsets_reported_by_a_stream_reader_count_from_the_start_of_the_stream()
    {
        using var reader = new FudgeStreamReader(new MemoryStream(Concat(OneInt8, InvalidUtf8String)));

        reader.ReadEnvelope();
        var error = Assert.Throws<FudgeFormatException>(() => reader.ReadEnvelope());

        Assert.Equal(OneInt8.Length + 11, error.Offset);
    }

    [Fact]
    public async Task A_pipe_reader_repeats_the_format_error_for_a_bad_envelope_header_when_read_again()
    {
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(EnvelopeDeclaring(-1, [0x80, FudgeTypeId.Int8, 7]));
        await pipe.Writer.CompleteAsync();

        var first = await Record.ExceptionAsync(async () => await pipe.Reader.ReadFudgeEnvelopeAsync());
        var second = await Record.ExceptionAsync(async () => await pipe.Reader.ReadFudgeEnvelopeAsync());

        Assert.IsType<FudgeFormatException>(first);
        Assert.IsType<FudgeFormatException>(second);
    }
}
