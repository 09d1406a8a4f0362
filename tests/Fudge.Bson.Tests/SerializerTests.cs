using System.IO;
using Fudge.Bson.Tests.Support;
using Fudge.Json.Tests.Support;
using Fudge.Tests.Support;
using MongoDB.Bson;
using MongoDB.Bson.IO;
using MongoDB.Bson.Serialization;
using Xunit;

namespace Fudge.Bson.Tests;

/// <summary>The driver's serializer for FudgeMsg: it writes what the transcoder writes and reads it back.</summary>
public class SerializerTests
{
    [Theory]
    [InlineData(3)]
    [InlineData(17)]
    [InlineData(99)]
    public void The_serializer_writes_the_streamed_bytes_in_both_modes(int seed)
    {
        byte[] envelope = RandomMessages.Envelope(seed);
        var message = FudgeMsg.Parse(envelope);

        Assert.Equal(FudgeBson.ToBson(message.ToByteArray()), message.ToBson(new FudgeMsgBsonSerializer()));
        Assert.Equal(FudgeBson.ToBson(message.ToByteArray(), FudgeBsonSettings.Lossless), message.ToBson(new FudgeMsgBsonSerializer(FudgeBsonSettings.Lossless)));
    }

    [Fact]
    public void The_serializer_reads_back_through_the_driver()
    {
        var message = FudgeMsg.Parse(InteropVectors.Read("allNames.dat"));
        var serializer = new FudgeMsgBsonSerializer(FudgeBsonSettings.Lossless);
        byte[] bson = message.ToBson(serializer);

        using var reader = new BsonBinaryReader(new MemoryStream(bson));
        var back = serializer.Deserialize(BsonDeserializationContext.CreateRoot(reader));

        Assert.Equal(message, back);
    }

    [Fact]
    public void A_fudge_message_nests_inside_a_driver_document()
    {
        var message = new FudgeMsg().Add("host", "node-5").Add("port", 8080);
        var serializer = new FudgeMsgBsonSerializer();

        var wrapper = new BsonDocument { { "_id", 1 }, { "doc", new BsonDocumentWrapper(message, serializer) } };

        Assert.Equal(BsonDocument.Parse("{ _id: 1, doc: { host: 'node-5', port: 8080 } }"), BsonTest.Parse(wrapper.ToBson()));
    }
}
