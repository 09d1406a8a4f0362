using System;
using System.Buffers;
using System.IO;
using System.IO.Pipelines;
using System.Threading.Tasks;
using Fudge.Tests.Support;
using Xunit;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests.Hostile;

/// <summary>
/// No path allocates memory sized by a length field it has not yet seen data for. Measured with
/// <see cref="GC.GetAllocatedBytesForCurrentThread"/> around the call (an allocation count, not a timing).
/// </summary>
public class AllocationBoundTests
{
    // Room for the exception, its message and stack trace, and small bookkeeping objects.
    private const long Overhead = 32 * 1024;

    // The stream reader reads in chunks of up to 64 KiB and grows its buffer by doubling what has arrived, so the bound
    // is a multiple of the data received, never the declared size.
    private const long StreamChunk = 64 * 1024;

    private static readonly FudgeReaderOptions NoSizeLimit = new() { MaxMessageSize = int.MaxValue };

    /// <summary>A header declaring 2^31-1 bytes followed by only two bytes of a field.</summary>
    private static byte[] TenBytesDeclaringTwoGigabytes() => EnvelopeDeclaring(int.MaxValue, [0x80, FudgeTypeId.Int8]);

    [Fact]
    public void A_stream_declaring_2_GB_but_holding_10_bytes_allocates_at_most_one_read_chunk()
    {
        byte[] input = TenBytesDeclaringTwoGigabytes();

        long allocated = AllocatedBy(() =>
        {
            var reader = new FudgeStreamReader(new MemoryStream(input), NoSizeLimit);
            return () => Assert.Throws<FudgeFormatException>(() => reader.ReadEnvelope());
        });

        Assert.InRange(allocated, 0, StreamChunk + Overhead);
    }

    [Fact]
    public void An_async_stream_declaring_2_GB_but_holding_10_bytes_allocates_at_most_one_read_chunk()
    {
        byte[] input = TenBytesDeclaringTwoGigabytes();

        long allocated = AllocatedBy(() =>
        {
            var reader = new FudgeStreamReader(new MemoryStream(input), NoSizeLimit);
            return () => Assert.ThrowsAsync<FudgeFormatException>(async () => await reader.ReadEnvelopeMessageAsync()).GetAwaiter().GetResult();
        });

        Assert.InRange(allocated, 0, StreamChunk + Overhead);
    }

    [Fact]
    public void A_stream_declaring_2_GB_but_holding_1_MB_allocates_in_proportion_to_the_megabyte()
    {
        byte[] input = EnvelopeDeclaring(int.MaxValue, new byte[1024 * 1024]);

        long allocated = AllocatedBy(() =>
        {
            var reader = new FudgeStreamReader(new MemoryStream(input), NoSizeLimit);
            return () => Assert.Throws<FudgeFormatException>(() => reader.ReadEnvelope());
        });

        // Doubling from 64 KiB to hold 1 MiB rents 64 KiB + 128 KiB + ... + 2 MiB < 4 x the data.
        Assert.InRange(allocated, 0, 4L * input.Length + Overhead);
    }

    [Fact]
    public void A_pipe_holding_10_bytes_of_a_2_GB_envelope_allocates_nothing_sized_by_the_header()
    {
        long allocated = AllocatedBy(() =>
        {
            var pipe = new Pipe();
            pipe.Writer.Write(TenBytesDeclaringTwoGigabytes());
            pipe.Writer.Complete();
            return () => Assert.ThrowsAsync<FudgeFormatException>(async () => await pipe.Reader.ReadFudgeEnvelopeAsync(NoSizeLimit)).GetAwaiter().GetResult();
        });

        Assert.InRange(allocated, 0, Overhead);
    }

    [Fact]
    public void Parsing_10_bytes_that_declare_2_GB_allocates_nothing_sized_by_the_header()
    {
        byte[] input = TenBytesDeclaringTwoGigabytes();
        var split = Segments.Split(input, 3, 7);

        long fromSpan = AllocatedBy(() => () => Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(input, NoSizeLimit)));
        long fromSequence = AllocatedBy(() => () => Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(split, NoSizeLimit)));

        Assert.InRange(fromSpan, 0, Overhead);
        Assert.InRange(fromSequence, 0, Overhead);
    }

    [Theory]
    [InlineData(FudgeTypeId.ByteArray)]
    [InlineData(FudgeTypeId.String)]
    [InlineData(FudgeTypeId.DoubleArray)]
    [InlineData(200)]
    public void A_field_declaring_2_GB_of_payload_allocates_nothing_sized_by_its_size(byte typeId)
    {
        byte[] input = Envelope([0x60, typeId, 0x7F, 0xFF, 0xFF, 0xF8, 1, 2, 3, 4]);

        long allocated = AllocatedBy(() => () => Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(input)));

        Assert.InRange(allocated, 0, Overhead);
    }

    /// <summary>
    /// Bytes allocated by the action that <paramref name="arrange"/> returns. The arrange step is not measured, and a
    /// first round runs unmeasured so that type loading and one-off caches are not counted.
    /// </summary>
    private static long AllocatedBy(Func<Action> arrange)
    {
        arrange()();
        var act = arrange();
        long before = GC.GetAllocatedBytesForCurrentThread();
        act();
        return GC.GetAllocatedBytesForCurrentThread() - before;
    }
}
