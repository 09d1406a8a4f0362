using System;
using System.Buffers;
using System.IO;
using Fudge.Json.Internal;
using Fudge.Serialization;
using Newtonsoft.Json;
using Newtonsoft.Json.Linq;

namespace Fudge.Json;

/// <summary>
/// Converts between Fudge and JSON (spec §14). Fudge bytes are walked with a <see cref="FudgeReader"/> straight into
/// UTF-8 text or a <see cref="JsonWriter"/>; JSON text (a string or UTF-8 bytes) is read with System.Text.Json's
/// <c>Utf8JsonReader</c>, and a caller's <see cref="JsonReader"/> with Newtonsoft, into a <see cref="FudgeWriter"/>;
/// neither direction builds a <see cref="FudgeMsg"/> on the way. See <see cref="FudgeJsonSettings"/> for plain and lossless modes.
/// </summary>
public static class FudgeJson
{
    // ---------------------------------------------------------------- Fudge -> JSON

    /// <summary>Writes one envelope as a JSON object.</summary>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope.</exception>
    public static void WriteJson(ReadOnlySpan<byte> envelope, JsonWriter writer, FudgeJsonSettings? settings = null)
    {
        if (writer is null) throw new ArgumentNullException(nameof(writer));
        FudgeToJson.WriteEnvelope(envelope, writer, settings ?? FudgeJsonSettings.Plain);
    }

    /// <summary>
    /// Writes one envelope as compact JSON text in UTF-8: the fast path from Fudge bytes to JSON bytes. The text is
    /// exactly what <see cref="WriteJson(ReadOnlySpan{byte}, JsonWriter, FudgeJsonSettings?)"/> gives a
    /// <see cref="JsonTextWriter"/> with <see cref="Formatting.None"/>, written without Newtonsoft or any string.
    /// </summary>
    /// <remarks>
    /// Text is gathered in a pooled buffer and handed to <paramref name="output"/> in chunks of 16 KiB, so when the
    /// bytes turn out malformed the output may already hold the start of a large envelope's text (never of a small one's).
    /// </remarks>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope.</exception>
    public static void WriteJson(ReadOnlySpan<byte> envelope, IBufferWriter<byte> output, FudgeJsonSettings? settings = null)
    {
        if (output is null) throw new ArgumentNullException(nameof(output));
        FudgeToJson.WriteEnvelope(envelope, output, settings ?? FudgeJsonSettings.Plain);
    }

    /// <summary>One envelope as compact JSON text in UTF-8 (see <see cref="WriteJson(ReadOnlySpan{byte}, IBufferWriter{byte}, FudgeJsonSettings?)"/>).</summary>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope.</exception>
    public static byte[] ToJsonUtf8(ReadOnlySpan<byte> envelope, FudgeJsonSettings? settings = null)
    {
        var output = new ByteBuffer(envelope.Length * 2);
        WriteJson(envelope, output, settings);
        return output.ToArray();
    }

    /// <summary>One envelope as JSON text (compact text is written as UTF-8 first, which is faster than Newtonsoft).</summary>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope.</exception>
    public static string ToJson(ReadOnlySpan<byte> envelope, FudgeJsonSettings? settings = null, Formatting formatting = Formatting.None)
    {
        if (formatting == Formatting.None)
        {
            var utf8 = new ByteBuffer(envelope.Length * 2);
            WriteJson(envelope, utf8, settings);
            return System.Text.Encoding.UTF8.GetString(utf8.Buffer, 0, utf8.WrittenCount);
        }
        var text = new StringWriter(System.Globalization.CultureInfo.InvariantCulture);
        using (var writer = new JsonTextWriter(text) { Formatting = formatting })
            WriteJson(envelope, writer, settings);
        return text.ToString();
    }

    /// <summary>A message (in an envelope with zero header values) as JSON text.</summary>
    public static string ToJson(FudgeMsg message, FudgeJsonSettings? settings = null, Formatting formatting = Formatting.None)
    {
        var bytes = message.ToByteArray();
        return DeepStack.Run(DeepStack.NestingDepth(message), () => ToJson(bytes, settings, formatting));
    }

    /// <summary>An envelope as JSON text.</summary>
    public static string ToJson(FudgeEnvelope envelope, FudgeJsonSettings? settings = null, Formatting formatting = Formatting.None)
    {
        var bytes = envelope.ToByteArray();
        return DeepStack.Run(DeepStack.NestingDepth(envelope.Message), () => ToJson(bytes, settings, formatting));
    }

    /// <summary>A message as a <see cref="JObject"/>.</summary>
    public static JObject ToJObject(FudgeMsg message, FudgeJsonSettings? settings = null)
    {
        var bytes = message.ToByteArray();
        return DeepStack.Run(DeepStack.NestingDepth(message), () => ToJObject(bytes, settings));
    }

    /// <summary>An envelope as a <see cref="JObject"/> (header values as the fudge* members).</summary>
    public static JObject ToJObject(FudgeEnvelope envelope, FudgeJsonSettings? settings = null)
    {
        var bytes = envelope.ToByteArray();
        return DeepStack.Run(DeepStack.NestingDepth(envelope.Message), () => ToJObject(bytes, settings));
    }

    /// <summary>Encoded envelope bytes as a <see cref="JObject"/>.</summary>
    public static JObject ToJObject(ReadOnlySpan<byte> envelope, FudgeJsonSettings? settings = null)
    {
        using var writer = new JTokenWriter();
        WriteJson(envelope, writer, settings);
        return (JObject)writer.Token!;
    }

    // ---------------------------------------------------------------- JSON -> Fudge

    /// <summary>
    /// Reads the next JSON object from <paramref name="reader"/> (or the one it is positioned on) and appends it to
    /// <paramref name="output"/> as one encoded envelope. The reader is left on the object's closing brace, so a
    /// reader with <see cref="JsonReader.SupportMultipleContent"/> can be passed again for the next envelope. The
    /// reader's own <see cref="JsonReader.MaxDepth"/> applies: Newtonsoft's default of 64 refuses lossless JSON of
    /// messages nested 31 or more deep, which <see cref="ToFudge(string, FudgeJsonSettings?)"/> accepts up to
    /// <see cref="FudgeReaderOptions.MaxDepth"/>. Whatever the reader allows, the stack is never exhausted.
    /// </summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed or does not follow the mapping; names line and position.</exception>
    public static void ReadJson(JsonReader reader, IBufferWriter<byte> output, FudgeJsonSettings? settings = null)
    {
        if (reader is null) throw new ArgumentNullException(nameof(reader));
        if (output is null) throw new ArgumentNullException(nameof(output));
        var envelope = JsonToFudge.ReadPooledEnvelope(reader, settings ?? FudgeJsonSettings.Plain);
        output.Write(envelope.WrittenSpan);
        envelope.ReturnToPool();
    }

    /// <summary>Reads the next JSON object from <paramref name="reader"/> as encoded envelope bytes.</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed or does not follow the mapping.</exception>
    public static byte[] ToFudge(JsonReader reader, FudgeJsonSettings? settings = null)
    {
        if (reader is null) throw new ArgumentNullException(nameof(reader));
        return ToArray(JsonToFudge.ReadPooledEnvelope(reader, settings ?? FudgeJsonSettings.Plain));
    }

    /// <summary>
    /// Converts JSON text holding exactly one object to encoded envelope bytes. The text is read with
    /// System.Text.Json's UTF-8 reader (transcoded once into a pooled buffer), which allocates nothing per token:
    /// standard JSON, with comments and trailing commas allowed as Newtonsoft allowed them.
    /// </summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    public static byte[] ToFudge(string json, FudgeJsonSettings? settings = null)
    {
        return ToArray(ReadText(json ?? throw new ArgumentNullException(nameof(json)), settings));
    }

    /// <summary>
    /// Converts UTF-8 JSON text holding exactly one object (a leading byte order mark is skipped) to encoded envelope
    /// bytes, with no string made of the text; see <see cref="ToFudge(string, FudgeJsonSettings?)"/>.
    /// </summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    public static byte[] ToFudge(ReadOnlySpan<byte> utf8Json, FudgeJsonSettings? settings = null)
    {
        return ToArray(ReadUtf8(utf8Json, settings));
    }

    /// <summary>Converts JSON text to an envelope (header values from the fudge* members).</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    public static FudgeEnvelope ToEnvelope(string json, FudgeJsonSettings? settings = null)
    {
        return ParseEnvelope(ReadText(json ?? throw new ArgumentNullException(nameof(json)), settings), settings);
    }

    /// <summary>Converts UTF-8 JSON text to an envelope (header values from the fudge* members).</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    public static FudgeEnvelope ToEnvelope(ReadOnlySpan<byte> utf8Json, FudgeJsonSettings? settings = null)
    {
        return ParseEnvelope(ReadUtf8(utf8Json, settings), settings);
    }

    /// <summary>Converts JSON text to a message.</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    public static FudgeMsg ToMessage(string json, FudgeJsonSettings? settings = null) => ToEnvelope(json, settings).Message;

    /// <summary>Converts UTF-8 JSON text to a message.</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    public static FudgeMsg ToMessage(ReadOnlySpan<byte> utf8Json, FudgeJsonSettings? settings = null) => ToEnvelope(utf8Json, settings).Message;

    /// <summary>
    /// Reads JSON text into a <c>[FudgeMessage]</c> type through its generated formatter, as
    /// <see cref="FudgeMessageJsonConverter"/> does (plain keys of ordinal-only fields are named by the type's taxonomy
    /// unless <see cref="FudgeJsonSettings.ReaderOptions"/> are given), without Newtonsoft's reader.
    /// </summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    /// <exception cref="FudgeFormatException">The type's formatter refuses the message.</exception>
    public static T Deserialize<T>(string json, FudgeJsonSettings? settings = null)
    {
        var effective = SettingsFor<T>(settings ?? FudgeJsonSettings.Plain);
        return DeserializeEnvelope<T>(ReadText(json ?? throw new ArgumentNullException(nameof(json)), effective), effective);
    }

    /// <summary>Reads UTF-8 JSON text into a <c>[FudgeMessage]</c> type (see <see cref="Deserialize{T}(string, FudgeJsonSettings?)"/>).</summary>
    /// <exception cref="FudgeJsonException">The JSON is malformed, has content after the object, or does not follow the mapping.</exception>
    /// <exception cref="FudgeFormatException">The type's formatter refuses the message.</exception>
    public static T Deserialize<T>(ReadOnlySpan<byte> utf8Json, FudgeJsonSettings? settings = null)
    {
        var effective = SettingsFor<T>(settings ?? FudgeJsonSettings.Plain);
        return DeserializeEnvelope<T>(ReadUtf8(utf8Json, effective), effective);
    }

    /// <summary>Unless the caller chose reader options, a type's own taxonomy names its ordinal-only fields.</summary>
    internal static FudgeJsonSettings SettingsFor<T>(FudgeJsonSettings settings)
    {
        var formatter = FudgeSerializer.GetFormatter<T>();
        if (settings.ReaderOptions is not null || formatter.Taxonomy is null || formatter.TaxonomyId == 0) return settings;
        return settings.WithReaderOptions(new FudgeReaderOptions { TaxonomyResolver = new FudgeTaxonomyResolver(formatter.TaxonomyId, formatter.Taxonomy) });
    }

    /// <summary>
    /// The one object of a text, as an envelope in a pooled buffer the caller gives back. The source (the thread's
    /// reused one) is given back before the caller decodes the envelope, so what decoding runs (a formatter, a
    /// taxonomy resolver) may convert JSON itself and reuse it.
    /// </summary>
    private static ByteBuffer ReadText(string json, FudgeJsonSettings? settings)
    {
        var source = Utf8TokenSource.ForText(json, JsonDepthFor(settings));
        try
        {
            return ReadSingleEnvelope(source, settings);
        }
        finally
        {
            source.Dispose();
        }
    }

    /// <summary>See <see cref="ReadText"/>.</summary>
    private static ByteBuffer ReadUtf8(ReadOnlySpan<byte> utf8Json, FudgeJsonSettings? settings)
    {
        var source = Utf8TokenSource.ForUtf8(utf8Json, JsonDepthFor(settings));
        try
        {
            return ReadSingleEnvelope(source, settings);
        }
        finally
        {
            source.Dispose();
        }
    }

    /// <summary>
    /// For a decoder's error at <paramref name="cause"/>'s offset in the envelope converted from
    /// <paramref name="utf8Json"/> (what the caller sent), the same error at the JSON token of that field: its line,
    /// position and path. Null when the offset is in the envelope header. The text is converted again, twice: call
    /// it only once decoding has failed.
    /// </summary>
    internal static FudgeJsonException? LocateField(ReadOnlyMemory<byte> utf8Json, FudgeJsonSettings settings, FudgeFormatException cause)
        => JsonToFudge.Locate(() => Utf8TokenSource.ForUtf8(utf8Json.Span, JsonDepthFor(settings)), settings, cause.Offset, cause.Reason, cause);

    /// <summary>The one object of a source, as an envelope in a pooled buffer the caller gives back.</summary>
    internal static ByteBuffer ReadSingleEnvelope(Utf8TokenSource source, FudgeJsonSettings? settings)
    {
        source.Next();
        var envelope = JsonToFudge.ReadEnvelope(source, settings ?? FudgeJsonSettings.Plain);
        try
        {
            source.ExpectEnd();
        }
        catch
        {
            envelope.ReturnToPool();
            throw;
        }
        return envelope;
    }

    private static byte[] ToArray(ByteBuffer envelope)
    {
        var bytes = envelope.ToArray();
        envelope.ReturnToPool();
        return bytes;
    }

    /// <summary>Decoded straight from the pooled buffer: the message copies what it keeps.</summary>
    private static FudgeEnvelope ParseEnvelope(ByteBuffer envelope, FudgeJsonSettings? settings)
    {
        try
        {
            return FudgeEnvelope.Parse(envelope.WrittenSpan, settings?.ReaderOptions);
        }
        finally
        {
            envelope.ReturnToPool();
        }
    }

    private static T DeserializeEnvelope<T>(ByteBuffer envelope, FudgeJsonSettings settings)
    {
        try
        {
            return FudgeSerializer.Deserialize<T>(envelope.WrittenSpan, settings.ReaderOptions);
        }
        finally
        {
            envelope.ReturnToPool();
        }
    }

    /// <summary>Converts a <see cref="JObject"/> to an envelope.</summary>
    public static FudgeEnvelope ToEnvelope(JObject json, FudgeJsonSettings? settings = null)
    {
        using var reader = new JTokenReader(json ?? throw new ArgumentNullException(nameof(json))) { MaxDepth = JsonDepthFor(settings) };
        return FudgeEnvelope.Parse(ToFudge(reader, settings), settings?.ReaderOptions);
    }

    /// <summary>
    /// The JSON nesting that holds the deepest message <see cref="FudgeReaderOptions.MaxDepth"/> accepts: lossless JSON
    /// takes two levels per Fudge level (a value array and a field object), plain JSON at most two (an object, and an
    /// array when a key repeats), plus the envelope's own. Newtonsoft's default of 64 would refuse what we write.
    /// </summary>
    internal static int? JsonDepthFor(FudgeJsonSettings? settings)
    {
        long depth = 2L * (settings?.ReaderOptions ?? FudgeReaderOptions.Default).MaxDepth + 4;
        return depth > int.MaxValue ? null : (int)depth;
    }

    /// <summary>Converts a <see cref="JObject"/> to a message.</summary>
    public static FudgeMsg ToMessage(JObject json, FudgeJsonSettings? settings = null) => ToEnvelope(json, settings).Message;
}
