using System;
using System.Buffers;
using MemoryPack;

namespace Fudge.Benchmarks.Contenders.Rivals;

/// <summary>
/// MemoryPack with its source-generated formatters (<c>[MemoryPackable]</c>), writing straight into the
/// <see cref="IBufferWriter{T}"/> and reading from the span: its documented zero-copy path.
/// </summary>
public sealed class MemoryPackCodec<T> : ObjectCodec<T>
{
    public override void Write(T value, IBufferWriter<byte> output) => MemoryPackSerializer.Serialize(output, value);

    public override T Read(ReadOnlyMemory<byte> data) => MemoryPackSerializer.Deserialize<T>(data.Span)!;
}
