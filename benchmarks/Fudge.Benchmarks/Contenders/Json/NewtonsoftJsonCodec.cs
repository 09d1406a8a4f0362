using System;
using System.Buffers;
using System.IO;
using System.Runtime.InteropServices;
using System.Text;
using Newtonsoft.Json;

namespace Fudge.Benchmarks.Contenders.Json;

/// <summary>Newtonsoft.Json with default settings, streaming through its text writer and reader as users normally do.</summary>
public sealed class NewtonsoftJsonCodec<T> : ObjectCodec<T>
{
    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false);
    private readonly JsonSerializer _serializer = JsonSerializer.CreateDefault();
    private readonly BufferWriterStream _stream = new();

    public override void Write(T value, IBufferWriter<byte> output)
    {
        _stream.Output = output;
        using var text = new StreamWriter(_stream, Utf8, bufferSize: 1024, leaveOpen: true);
        using var json = new JsonTextWriter(text);
        _serializer.Serialize(json, value);
    }

    public override T Read(ReadOnlyMemory<byte> data)
    {
        if (!MemoryMarshal.TryGetArray(data, out var segment)) segment = new ArraySegment<byte>(data.ToArray());
        using var stream = new MemoryStream(segment.Array!, segment.Offset, segment.Count, writable: false);
        using var text = new StreamReader(stream, Utf8);
        using var json = new JsonTextReader(text);
        return _serializer.Deserialize<T>(json)!;
    }
}
