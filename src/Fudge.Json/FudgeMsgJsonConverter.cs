using System;
using Newtonsoft.Json;

namespace Fudge.Json;

/// <summary>
/// A Newtonsoft <see cref="JsonConverter"/> for <see cref="FudgeMsg"/> and <see cref="FudgeEnvelope"/> values, using
/// the JSON mapping chosen by its <see cref="FudgeJsonSettings"/>. Add it to <see cref="JsonSerializerSettings.Converters"/>.
/// </summary>
public sealed class FudgeMsgJsonConverter : JsonConverter
{
    private readonly FudgeJsonSettings _settings;

    /// <summary>Creates the converter; plain mode when <paramref name="settings"/> is null.</summary>
    public FudgeMsgJsonConverter(FudgeJsonSettings? settings = null) => _settings = settings ?? FudgeJsonSettings.Plain;

    /// <inheritdoc/>
    public override bool CanConvert(Type objectType) => objectType == typeof(FudgeMsg) || objectType == typeof(FudgeEnvelope);

    /// <inheritdoc/>
    public override void WriteJson(JsonWriter writer, object? value, JsonSerializer serializer)
    {
        switch (value)
        {
            case null: writer.WriteNull(); break;
            case FudgeMsg message: FudgeJson.WriteJson(message.ToByteArray(), writer, _settings); break;
            case FudgeEnvelope envelope: FudgeJson.WriteJson(envelope.ToByteArray(), writer, _settings); break;
            default: throw new JsonSerializationException($"{nameof(FudgeMsgJsonConverter)} cannot write a {value.GetType().Name}.");
        }
    }

    /// <inheritdoc/>
    public override object? ReadJson(JsonReader reader, Type objectType, object? existingValue, JsonSerializer serializer)
    {
        if (reader.TokenType == JsonToken.Null) return null;
        // Decoded straight from the pooled buffer the JSON was encoded into: no copy of the envelope per read.
        var encoded = Internal.JsonToFudge.ReadPooledEnvelope(reader, _settings);
        FudgeEnvelope envelope;
        try
        {
            envelope = FudgeEnvelope.Parse(encoded.WrittenSpan, _settings.ReaderOptions);
        }
        finally
        {
            encoded.ReturnToPool();
        }
        return objectType == typeof(FudgeEnvelope) ? envelope : envelope.Message;
    }
}
