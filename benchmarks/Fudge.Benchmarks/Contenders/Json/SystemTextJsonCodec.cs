using System;
using System.Buffers;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;

namespace Fudge.Benchmarks.Contenders.Json;

/// <summary>System.Text.Json with source-generated type info, writing through one reused <see cref="Utf8JsonWriter"/>.</summary>
public sealed class SystemTextJsonCodec<T> : ObjectCodec<T>
{
    private readonly JsonTypeInfo<T> _typeInfo;
    private readonly Utf8JsonWriter _writer = new(new ArrayBufferWriter<byte>(1), new JsonWriterOptions { SkipValidation = true });

    public SystemTextJsonCodec(JsonTypeInfo<T> typeInfo) => _typeInfo = typeInfo;

    public override void Write(T value, IBufferWriter<byte> output)
    {
        _writer.Reset(output);
        JsonSerializer.Serialize(_writer, value, _typeInfo);
    }

    public override T Read(ReadOnlyMemory<byte> data) => JsonSerializer.Deserialize(data.Span, _typeInfo)!;
}
