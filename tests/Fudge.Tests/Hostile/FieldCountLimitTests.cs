using System;
using System.Buffers.Binary;
using System.IO;
using System.IO.Pipelines;
using System.Linq;
using System.Threading.Tasks;
using Fudge.Xml;
using Xunit;

namespace Fudge.Tests.Hostile;

/// <summary>MaxFieldCount bounds the fields one envelope may materialise, on every path that builds them (issue 10, item 7).</summary>
public class FieldCountLimitTests
{
    private static FudgeReaderOptions Limit(int fields) => new() { MaxFieldCount = fields };

    /// <summary><paramref name="count"/> anonymous indicators (2 bytes each), optionally inside one sub-message.</summary>
    internal static byte[] Indicators(int count, bool nested = false)
    {
        int body = count * 2 + (nested ? 6 : 0);
        var bytes = new byte[8 + body];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), bytes.Length);
        int at = 8;
        if (nested)
        {
            bytes[at] = 0x60;
            bytes[at + 1] = FudgeTypeId.Message;
            BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(at + 2), count * 2);
            at += 6;
        }
        for (int i = 0; i < count; i++, at += 2)
        {
            bytes[at] = 0x80; // fixed width, no name, no ordinal
            bytes[at + 1] = FudgeTypeId.Indicator;
        }
        return bytes;
    }

    [Fact]
    public void The_default_is_a_million_fields()
    {
        Assert.Equal(1_000_000, new FudgeReaderOptions().MaxFieldCount);
        Assert.Throws<ArgumentOutOfRangeException>(() => new FudgeReaderOptions { MaxFieldCount = -1 });
    }

    [Theory]
    [InlineData(false)]
    [InlineData(true)]
    public void Parse_accepts_the_limit_and_refuses_one_more(bool nested)
    {
        int total = nested ? 11 : 10; // the sub-message field counts too
        Assert.Equal(10, nested ? ((FudgeMsg)FudgeMsg.Parse(Indicators(10, nested), Limit(total))[0].Value).Count : FudgeMsg.Parse(Indicators(10), Limit(total)).Count);

        var e = Assert.Throws<FudgeFormatException>(() => FudgeMsg.Parse(Indicators(10, nested), Limit(total - 1)));
        Assert.Contains("MaxFieldCount", e.Message);
        Assert.InRange(e.Offset, 8, Indicators(10, nested).Length - 1);
    }

    [Fact]
    public async Task Sequences_stream_and_pipe_readers_enforce_the_limit()
    {
        var bytes = Indicators(10);

        Assert.Throws<FudgeFormatException>(() => FudgeEnvelope.Parse(new System.Buffers.ReadOnlySequence<byte>(bytes), Limit(9)));
        using var stream = new FudgeStreamReader(new MemoryStream(bytes), Limit(9));
        Assert.Throws<FudgeFormatException>(() => stream.ReadEnvelope());
        await Assert.ThrowsAsync<FudgeFormatException>(async () => await PipeReader.Create(new MemoryStream(bytes)).ReadFudgeEnvelopeAsync(Limit(9)));
    }

    [Fact]
    public void Xml_out_enforces_the_limit()
    {
        var bytes = Indicators(10, nested: true);

        Assert.Contains("fudgeField", FudgeXml.ToXml(bytes, new FudgeXmlSettings { ReaderOptions = Limit(11) }));
        Assert.Throws<FudgeFormatException>(() => FudgeXml.ToXml(bytes, new FudgeXmlSettings { ReaderOptions = Limit(10) }));
    }

    [Fact]
    public void Names_repeated_across_fields_share_one_string()
    {
        var msg = new FudgeMsg();
        for (int i = 0; i < 40; i++) msg.Add("price", i);

        var decoded = FudgeMsg.Parse(msg.ToByteArray());

        Assert.Equal(msg, decoded);
        Assert.Same(decoded[20].Name, decoded[39].Name);
    }

    [Fact]
    public void Small_values_decode_equal_whatever_box_they_share()
    {
        var msg = new FudgeMsg().Add("a", (sbyte)-128).Add("b", 127).Add("c", (short)-1024).Add("d", (short)1023).Add("e", (short)1024).Add("f", true).Add("g", false);

        var decoded = FudgeMsg.Parse(msg.ToByteArray());

        Assert.Equal(msg, decoded);
        Assert.Equal((short)1024, decoded.GetValue("e"));
    }
}
