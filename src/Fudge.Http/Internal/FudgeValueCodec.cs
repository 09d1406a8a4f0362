using System;
using System.Buffers;
using Fudge.Serialization;

namespace Fudge.Http.Internal;

/// <summary>
/// Encodes and decodes the values an HTTP body can carry as one envelope: <c>[FudgeMessage]</c> types through their
/// generated formatters, and <see cref="FudgeMsg"/> and <see cref="FudgeEnvelope"/> as they are. Compiled into both
/// the client and the server package, so the two agree on what a body of <typeparamref name="T"/> is.
/// </summary>
internal static class FudgeValueCodec<T>
{
    /// <summary>True when <typeparamref name="T"/> can be a Fudge body.</summary>
    public static readonly bool IsSupported =
        typeof(T) == typeof(FudgeMsg) || typeof(T) == typeof(FudgeEnvelope) || FudgeFormatterCache<T>.IsAvailable;

    public static void Write(IBufferWriter<byte> output, T value, FudgeWriterOptions? options)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        if (value is FudgeEnvelope envelope) envelope.WriteTo(output, null, options);
        else if (value is FudgeMsg message) new FudgeEnvelope(message).WriteTo(output, null, options);
        else FudgeSerializer.Serialize(output, value, options);
    }

    /// <summary>Decodes one complete envelope (its declared size is the sequence's length).</summary>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope of <typeparamref name="T"/>.</exception>
    public static T Read(in ReadOnlySequence<byte> envelope, FudgeReaderOptions options)
    {
        if (typeof(T) == typeof(FudgeEnvelope)) return (T)(object)FudgeEnvelope.Parse(envelope, options);
        if (typeof(T) == typeof(FudgeMsg)) return (T)(object)FudgeEnvelope.Parse(envelope, options).Message;
        return FudgeSerializer.Deserialize<T>(envelope, options);
    }
}
