using System;
using System.Buffers;
using Fudge.Benchmarks.Contenders.Json;
using ProtoBuf;

namespace Fudge.Benchmarks.Contenders.Rivals;

/// <summary>
/// protobuf-net 3 on <c>[ProtoContract]</c> classes, writing through a <see cref="System.IO.Stream"/> (one that appends
/// to the output buffer) and reading from the memory directly. Its <see cref="IBufferWriter{T}"/> overload was measured
/// too and is 2-4x slower on the graph, allocating the message size per call (benchmarks/results/protobuf-net-paths.md).
/// </summary>
public sealed class ProtobufNetCodec<T> : ObjectCodec<T>
{
    private readonly BufferWriterStream _stream = new();

    public override void Write(T value, IBufferWriter<byte> output)
    {
        _stream.Output = output;
        Serializer.Serialize(_stream, value);
    }

    public override T Read(ReadOnlyMemory<byte> data) => Serializer.Deserialize<T>(data);
}
