using System;
using System.Buffers;
using Fudge;
using Xunit;

namespace Fudge.Generators.Tests.WholeGraph;

/// <summary>
/// The core pieces whole-graph code stands on: a sub-message entered in place reads as the reader ReadMessage returns
/// (fields, offsets, depth), leaving it puts the outer reader back as it was; dates in field runs are the writer's bytes.
/// </summary>
public class ReaderFrameTests
{
    private static byte[] Sample()
    {
        var inner = new FudgeMsg();
        inner.Add((short)1, 42L);
        inner.Add("name", "x");
        var list = new FudgeMsg();
        list.Add(null, null, inner);
        var msg = new FudgeMsg();
        msg.Add((short)1, 7L);
        msg.Add((short)2, inner);
        msg.Add((short)3, list);
        msg.Add((short)4, 9L);
        return msg.ToByteArray();
    }

    [Fact]
    public void An_entered_sub_message_reads_as_its_own_reader_and_leaving_resumes_after_it()
    {
        var reader = new FudgeReader(Sample());
        Assert.True(reader.TryTakeInt64((short)1, out long first));
        Assert.Equal(7, first);
        var copy = reader;
        Assert.True(copy.TryTakeMessage((short)2, out var own));

        Assert.True(reader.TryEnterMessage((short)2, out var frame));
        Assert.Equal(own.Depth, reader.Depth);
        Assert.Equal(own.ValueOffset, reader.ValueOffset);
        Assert.True(reader.Read() && own.Read());
        Assert.Equal(own.FieldOffset, reader.FieldOffset);
        Assert.Equal(own.GetInt64(), reader.GetInt64());
        Assert.True(reader.Read() && own.Read());
        Assert.Equal(own.GetName(), reader.GetName());
        Assert.False(reader.Read());
        reader.LeaveMessage(in frame);
        Assert.Equal(0, reader.Depth);

        // The list of one anonymous object, entered in place twice over.
        Assert.True(reader.Read());
        Assert.Equal(3, reader.Ordinal);
        int listOffset = reader.FieldOffset;
        var listFrame = reader.EnterMessage();
        Assert.True(reader.TryEnterAnonymousMessage(out var objectFrame));
        Assert.Equal(2, reader.Depth);
        Assert.True(reader.TryTakeInt64((short)1, out long nested));
        Assert.Equal(42, nested);
        reader.LeaveMessage(in objectFrame);
        Assert.False(reader.Read());
        reader.LeaveMessage(in listFrame);
        Assert.Equal(listOffset, reader.FieldOffset); // as after a take: where the list began, for the errors raised next
        Assert.Equal(0, reader.Depth);
        Assert.True(reader.TryTakeInt64((short)4, out long last));
        Assert.Equal(9, last);
        Assert.False(reader.Read());
    }

    [Fact]
    public void Leaving_a_partly_read_sub_message_skips_the_rest_and_points_at_where_it_began()
    {
        byte[] bytes = Sample();
        var reader = new FudgeReader(bytes);
        Assert.True(reader.TryTakeInt64((short)1, out _));
        var copy = reader;
        Assert.True(copy.Read());
        int subMessageAt = copy.FieldOffset;

        Assert.True(reader.TryEnterMessage((short)2, out var frame));
        Assert.True(reader.Read()); // the first of its two fields only
        Assert.Equal(42, reader.GetInt64());
        reader.LeaveMessage(in frame);
        Assert.Equal(subMessageAt, reader.FieldOffset);

        // Past it: the list, entered and left without reading anything, then the last field.
        Assert.True(reader.Read());
        Assert.Equal(3, reader.Ordinal);
        var list = reader.EnterMessage();
        reader.LeaveMessage(in list);
        Assert.True(reader.TryTakeInt64((short)4, out long last));
        Assert.Equal(9, last);
        Assert.False(reader.Read());

        // A frame's sub-message reads to its own end, not the outer message's.
        var again = new FudgeReader(bytes);
        Assert.True(again.TryTakeInt64((short)1, out _));
        Assert.True(again.TryEnterMessage((short)2, out var inner));
        int fields = 0;
        while (again.Read()) fields++;
        Assert.Equal(2, fields);
        again.LeaveMessage(in inner);
        Assert.True(again.Read());
        Assert.Equal(3, again.Ordinal);
    }

    [Fact]
    public void Entering_in_place_keeps_the_depth_limit_and_refuses_what_is_not_a_sub_message()
    {
        var reader = new FudgeReader(Sample(), new FudgeReaderOptions { MaxDepth = 1 });
        Assert.True(reader.TryTakeInt64((short)1, out _));
        Assert.False(reader.TryEnterMessage((short)1, out _)); // another ordinal: nothing consumed
        Assert.True(reader.TryEnterMessage((short)2, out var frame));
        reader.LeaveMessage(in frame);
        Assert.True(reader.Read());
        reader.EnterMessage();
        try
        {
            reader.TryEnterAnonymousMessage(out _);
            Assert.Fail("entered past MaxDepth");
        }
        catch (FudgeFormatException e)
        {
            Assert.Contains("MaxDepth", e.Message, StringComparison.Ordinal);
        }

        var scalar = new FudgeReader(Sample());
        Assert.True(scalar.Read());
        try
        {
            scalar.EnterMessage();
            Assert.Fail("entered an integer");
        }
        catch (FudgeFormatException)
        {
        }
    }

    [Fact]
    public void Dates_in_a_field_run_are_the_writers_bytes()
    {
        var date = FudgeDate.FromDateOnly(new DateOnly(2026, 11, 28));
        var instant = FudgeDateTime.FromDateTime(new DateTime(2026, 11, 28, 21, 30, 0, 123, DateTimeKind.Utc));
        var byWriter = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(byWriter);
        writer.WriteDate((short)5, date);
        writer.WriteDateTime((short)-6, instant);
        writer.Flush();
        var byRun = new ArrayBufferWriter<byte>();
        var runWriter = new FudgeWriter(byRun);
        var run = runWriter.BeginFieldRun(FudgeFieldRun.DateFieldBytes + FudgeFieldRun.DateTimeFieldBytes);
        run.WriteDate((short)5, date);
        run.WriteDateTime((short)-6, instant);
        runWriter.EndFieldRun(in run);
        runWriter.Flush();
        Assert.Equal(byWriter.WrittenSpan.ToArray(), byRun.WrittenSpan.ToArray());
        Assert.Equal(24, byRun.WrittenCount);
    }
}
