using System;
using System.IO;
using System.Net;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Http.Internal;
using Fudge.Serialization;

namespace Fudge.Http;

/// <summary>
/// An HTTP body holding one value as one Fudge envelope (<c>application/vnd.fudgemsg</c>): a <c>[FudgeMessage]</c>
/// object, a <see cref="FudgeMsg"/> or a <see cref="FudgeEnvelope"/>. The value is encoded once, into a pooled
/// buffer, when the length or the bytes are first needed, so the request carries a Content-Length.
/// </summary>
public sealed class FudgeContent : HttpContent
{
    private readonly Action<PooledBufferWriter> _encode;
    private PooledBufferWriter? _encoded;

    private FudgeContent(Type objectType, object value, Action<PooledBufferWriter> encode)
    {
        ObjectType = objectType;
        Value = value;
        _encode = encode;
        Headers.ContentType = new MediaTypeHeaderValue(FudgeMediaTypes.Fudge);
    }

    /// <summary>The declared type of <see cref="Value"/>.</summary>
    public Type ObjectType { get; }

    /// <summary>The value this content encodes.</summary>
    public object Value { get; }

    /// <summary>A body holding <paramref name="value"/> as one envelope.</summary>
    /// <param name="value">A <c>[FudgeMessage]</c> object, a <see cref="FudgeMsg"/> or a <see cref="FudgeEnvelope"/>.</param>
    /// <param name="options">Writer options (for example <see cref="FudgeWriterOptions.JavaCompatible"/> when Fudge-Java reads it).</param>
    /// <exception cref="ArgumentNullException"><paramref name="value"/> is null.</exception>
    /// <exception cref="FudgeException"><typeparamref name="T"/> is none of the types above.</exception>
    public static FudgeContent Create<T>(T value, FudgeWriterOptions? options = null)
    {
        if (value is null) throw new ArgumentNullException(nameof(value));
        if (!FudgeValueCodec<T>.IsSupported)
            throw new FudgeException($"{typeof(T)} cannot be a Fudge body: it is not a [FudgeMessage] type, FudgeMsg or FudgeEnvelope");
        return new FudgeContent(typeof(T), value, buffer => FudgeValueCodec<T>.Write(buffer, value, options));
    }

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        => SerializeToStreamAsync(stream, context, CancellationToken.None);

    /// <inheritdoc />
    protected override Task SerializeToStreamAsync(Stream stream, TransportContext? context, CancellationToken cancellationToken)
    {
        var encoded = Encoded();
        return stream.WriteAsync(encoded.Buffer, 0, encoded.WrittenCount, cancellationToken);
    }

    /// <inheritdoc />
    protected override bool TryComputeLength(out long length)
    {
        length = Encoded().WrittenCount;
        return true;
    }

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing)
        {
            _encoded?.Dispose();
            _encoded = null;
        }
        base.Dispose(disposing);
    }

    private PooledBufferWriter Encoded()
    {
        if (_encoded is null)
        {
            var buffer = new PooledBufferWriter();
            _encode(buffer);
            _encoded = buffer;
        }
        return _encoded;
    }
}
