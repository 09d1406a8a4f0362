using System;
using System.Collections.Concurrent;
#if NET5_0_OR_GREATER
using System.Diagnostics.CodeAnalysis;
#endif
using Fudge.Serialization;
using Newtonsoft.Json;

namespace Fudge.Json;

/// <summary>
/// A Newtonsoft <see cref="JsonConverter"/> for <c>[FudgeMessage]</c> types: a value is encoded by its generated
/// formatter (<see cref="FudgeSerializer"/>) and the Fudge bytes are streamed to JSON with the mapping chosen by the
/// <see cref="FudgeJsonSettings"/>; reading runs the other way. The JSON is therefore exactly what
/// <see cref="FudgeJson"/> gives for the type's Fudge encoding, and plain-mode keys of ordinal-only fields come from
/// the type's taxonomy when it has one.
/// </summary>
/// <remarks>
/// Plain JSON turns a type's ordinal-only fields into named ones when a taxonomy names them, and loses exact types; it
/// reads back into the type only when the generated formatter accepts what plain mode produces (names, reduced
/// integers, doubles). Lossless mode always reads back.
/// <para>
/// Not for trimmed or NativeAOT apps: the converter reaches the generic serializer of a type it is given at run time
/// (<c>MakeGenericType</c>), and Newtonsoft's <see cref="JsonSerializer"/>, which calls it, works by reflection. Call
/// <see cref="FudgeSerializer"/> and <see cref="FudgeJson"/> directly there.
/// </para>
/// </remarks>
public sealed class FudgeMessageJsonConverter : JsonConverter
{
    private static readonly ConcurrentDictionary<Type, Adapter> Adapters = new();
    private readonly FudgeJsonSettings _settings;

    /// <summary>Creates the converter; plain mode when <paramref name="settings"/> is null.</summary>
#if NET5_0_OR_GREATER
    [RequiresUnreferencedCode(NotTrimSafe)]
#endif
#if NET7_0_OR_GREATER
    [RequiresDynamicCode(NotTrimSafe)]
#endif
    public FudgeMessageJsonConverter(FudgeJsonSettings? settings = null) => _settings = settings ?? FudgeJsonSettings.Plain;

    private const string NotTrimSafe = "FudgeMessageJsonConverter builds FudgeSerializer calls for types it meets at run time (MakeGenericType) and is driven by Newtonsoft's reflection-based JsonSerializer; in trimmed or NativeAOT apps call FudgeSerializer and FudgeJson directly.";
    private const string CreatedOnlyByAnnotatedConstructor = "Every instance was created through the constructor, which carries RequiresUnreferencedCode and RequiresDynamicCode.";

    /// <inheritdoc/>
    public override bool CanConvert(Type objectType) => objectType.IsDefined(typeof(FudgeMessageAttribute), inherit: false);

    /// <inheritdoc/>
#if NET5_0_OR_GREATER
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = CreatedOnlyByAnnotatedConstructor)]
#endif
#if NET7_0_OR_GREATER
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = CreatedOnlyByAnnotatedConstructor)]
#endif
    public override void WriteJson(JsonWriter writer, object? value, JsonSerializer serializer)
    {
        if (value is null) writer.WriteNull();
        else AdapterFor(value.GetType()).Write(writer, value, _settings);
    }

    /// <inheritdoc/>
#if NET5_0_OR_GREATER
    [UnconditionalSuppressMessage("Trimming", "IL2026", Justification = CreatedOnlyByAnnotatedConstructor)]
#endif
#if NET7_0_OR_GREATER
    [UnconditionalSuppressMessage("AOT", "IL3050", Justification = CreatedOnlyByAnnotatedConstructor)]
#endif
    public override object? ReadJson(JsonReader reader, Type objectType, object? existingValue, JsonSerializer serializer)
        => reader.TokenType == JsonToken.Null ? null : AdapterFor(objectType).Read(reader, _settings);

#if NET5_0_OR_GREATER
    [RequiresUnreferencedCode(NotTrimSafe)]
#endif
#if NET7_0_OR_GREATER
    [RequiresDynamicCode(NotTrimSafe)]
#endif
    private static Adapter AdapterFor(Type type)
        => Adapters.GetOrAdd(type, t => (Adapter)Activator.CreateInstance(typeof(Adapter<>).MakeGenericType(t))!);

    /// <summary>Bridges the converter's object-typed calls to the generic serializer, once per type.</summary>
    private abstract class Adapter
    {
        public abstract void Write(JsonWriter writer, object value, FudgeJsonSettings settings);

        public abstract object? Read(JsonReader reader, FudgeJsonSettings settings);
    }

    private sealed class Adapter<T> : Adapter
    {
        public override void Write(JsonWriter writer, object value, FudgeJsonSettings settings)
            => FudgeJson.WriteJson(FudgeSerializer.Serialize((T)value), writer, FudgeJson.SettingsFor<T>(settings));

        public override object? Read(JsonReader reader, FudgeJsonSettings settings)
        {
            var effective = FudgeJson.SettingsFor<T>(settings);
            // Decoded straight from the pooled buffer the JSON was encoded into: no copy of the envelope per read.
            var encoded = Internal.JsonToFudge.ReadPooledEnvelope(reader, effective);
            try
            {
                return FudgeSerializer.Deserialize<T>(encoded.WrittenSpan, effective.ReaderOptions);
            }
            finally
            {
                encoded.ReturnToPool();
            }
        }
    }
}
