using System;
using Fudge.Bson.Internal;
using MongoDB.Bson;
using MongoDB.Bson.Serialization;
using MongoDB.Bson.Serialization.Serializers;

namespace Fudge.Bson;

/// <summary>
/// The MongoDB driver's serializer for <see cref="FudgeMsg"/>: the message is walked straight into the driver's
/// <c>IBsonWriter</c> (no BsonDocument is built), and read back by transcoding the raw BSON document the driver hands
/// over. Register it once per process with <c>BsonSerializer.RegisterSerializer(new FudgeMsgBsonSerializer())</c>,
/// or pass it where the driver takes a serializer.
/// </summary>
public sealed class FudgeMsgBsonSerializer : SerializerBase<FudgeMsg>
{
    private readonly FudgeBsonSettings _settings;

    /// <summary>Creates the serializer; plain mode by default.</summary>
    public FudgeMsgBsonSerializer(FudgeBsonSettings? settings = null) => _settings = settings ?? FudgeBsonSettings.Plain;

    /// <summary>The mapping settings in use.</summary>
    public FudgeBsonSettings Settings => _settings;

    /// <inheritdoc/>
    public override void Serialize(BsonSerializationContext context, BsonSerializationArgs args, FudgeMsg value)
    {
        if (context is null) throw new ArgumentNullException(nameof(context));
        if (value is null)
        {
            context.Writer.WriteNull();
            return;
        }
        FudgeMsgToBsonWriter.Write(context.Writer, value, 0, 0, 0, _settings);
    }

    /// <inheritdoc/>
    /// <exception cref="FudgeBsonException">The document breaks the mapping's rules.</exception>
    public override FudgeMsg Deserialize(BsonDeserializationContext context, BsonDeserializationArgs args)
    {
        if (context is null) throw new ArgumentNullException(nameof(context));
        var reader = context.Reader;
        if (reader.GetCurrentBsonType() == BsonType.Null)
        {
            reader.ReadNull();
            return null!;
        }
        using var raw = reader.ReadRawBsonDocument();
        var bytes = new byte[raw.Length];
        raw.GetBytes(0, bytes, 0, bytes.Length);
        return FudgeMsg.Parse(FudgeBson.ToFudge(bytes, _settings), _settings.ReaderOptions);
    }
}
