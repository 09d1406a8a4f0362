using System;
using System.Buffers;
using MessagePack;

namespace Fudge.Benchmarks.Contenders.Rivals;

/// <summary>
/// MessagePack-CSharp 2.x through its documented fastest API: <see cref="MessagePackSerializer"/> straight into the
/// <see cref="IBufferWriter{T}"/> and straight from the bytes, with the standard resolver (formatters emitted at run
/// time for <c>[MessagePackObject]</c> types; MessagePack 2.x has no source generator, only the optional <c>mpc</c>
/// ahead-of-time tool, which produces the same formatters for platforms without dynamic code).
/// </summary>
public sealed class MessagePackCodec<T> : ObjectCodec<T>
{
    private static readonly MessagePackSerializerOptions Options = MessagePackSerializerOptions.Standard;

    public override void Write(T value, IBufferWriter<byte> output) => MessagePackSerializer.Serialize(output, value, Options);

    public override T Read(ReadOnlyMemory<byte> data) => MessagePackSerializer.Deserialize<T>(data, Options);
}
