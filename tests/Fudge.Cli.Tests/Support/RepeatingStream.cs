using System;
using System.IO;
using System.Threading;

namespace Fudge.Cli.Tests.Support;

/// <summary>
/// A read-only, non-seekable stream that yields the same bytes <c>count</c> times, produced on the fly in small reads:
/// a large input that never exists in memory, like a pipe. With a <c>firstReadDelay</c> its first read waits that long
/// first: a slow source at the start of a long input.
/// </summary>
public sealed class RepeatingStream : Stream
{
    private readonly byte[] _unit;
    private TimeSpan _firstReadDelay;
    private long _remaining;
    private int _position;

    public RepeatingStream(byte[] unit, int count, TimeSpan firstReadDelay = default)
    {
        _unit = unit;
        _remaining = (long)unit.Length * count;
        _firstReadDelay = firstReadDelay;
    }

    public override int Read(byte[] buffer, int offset, int count)
    {
        if (_firstReadDelay > TimeSpan.Zero)
        {
            Thread.Sleep(_firstReadDelay);
            _firstReadDelay = TimeSpan.Zero;
        }
        int n = (int)Math.Min(Math.Min(count, _unit.Length - _position), Math.Min(_remaining, 1000));
        Array.Copy(_unit, _position, buffer, offset, n);
        _position = (_position + n) % _unit.Length;
        _remaining -= n;
        return n;
    }

    public override bool CanRead => true;
    public override bool CanSeek => false;
    public override bool CanWrite => false;
    public override long Length => throw new NotSupportedException();
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }
    public override void Flush() { }
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();
    public override void SetLength(long value) => throw new NotSupportedException();
    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();
}
