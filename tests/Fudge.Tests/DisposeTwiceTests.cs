using System.Buffers;
using System.IO;
using Xunit;

namespace Fudge.Tests;

/// <summary>
/// .NET's rule for Dispose: it may be called any number of times. Every disposable type of the core package, each
/// disposed twice after use (the store types are covered in Fudge.Store.Tests).
/// </summary>
public class DisposeTwiceTests
{
    [Fact]
    public void A_stream_writer_that_closed_its_stream_can_be_disposed_again()
    {
        var file = new MemoryStream();
        var writer = new FudgeStreamWriter(file);
        writer.Write(new FudgeMsg().Add("n", 1));

        writer.Dispose();
        writer.Dispose();

        Assert.False(file.CanWrite);
    }

    [Fact]
    public void A_stream_reader_can_be_disposed_again()
    {
        var file = new MemoryStream(new FudgeMsg().Add("n", 1).ToByteArray());
        var reader = new FudgeStreamReader(file);
        Assert.True(reader.TryReadEnvelope(out _));

        reader.Dispose();
        reader.Dispose();

        Assert.False(file.CanRead);
    }

    [Fact]
    public void A_span_writer_can_be_disposed_again()
    {
        var buffer = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(buffer);
        var envelope = writer.BeginEnvelope();
        writer.WriteInt32(FudgeFieldKey.Create("n"), 1);
        writer.EndEnvelope(envelope);
        writer.Flush();

        writer.Dispose();
        writer.Dispose();

        Assert.Equal(1, FudgeMsg.Parse(buffer.WrittenSpan).GetInt32("n"));
    }

    [Fact]
    public void A_message_enumerator_can_be_disposed_again()
    {
        var enumerator = new FudgeMsg().Add("n", 1).GetEnumerator();
        Assert.True(enumerator.MoveNext());

        enumerator.Dispose();
        enumerator.Dispose();
    }
}
