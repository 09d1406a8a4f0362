using System;
using System.IO;

namespace Fudge.Cli.Input;

/// <summary>
/// A stream that is only read, front to back (the CLI's input wrappers): everything but reading is refused, so a
/// subclass writes its <see cref="Stream.Read(byte[], int, int)"/> (and <see cref="Stream.Read(Span{byte})"/>) and its
/// disposal alone.
/// </summary>
internal abstract class ForwardReadStream : Stream
{
    /// <inheritdoc />
    public sealed override bool CanRead => true;

    /// <inheritdoc />
    public sealed override bool CanSeek => false;

    /// <inheritdoc />
    public sealed override bool CanWrite => false;

    /// <inheritdoc />
    public sealed override long Length => throw new NotSupportedException();

    /// <inheritdoc />
    public sealed override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    /// <inheritdoc />
    public sealed override void Flush() { }

    /// <inheritdoc />
    public sealed override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public sealed override void SetLength(long value) => throw new NotSupportedException();

    /// <inheritdoc />
    public sealed override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
