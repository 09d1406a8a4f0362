using System;
using System.Buffers;
using System.Globalization;
using System.IO;
using System.Text;
using Fudge.Cli.Inspect;

namespace Fudge.Cli.Console;

/// <summary>
/// Standard output when it is a terminal: UTF-8 text whose hidden characters (<see cref="DisplayText.IsHidden"/>:
/// direction controls, zero-width and other format characters, C1 controls, separators, spaces that are not U+0020)
/// are written as escapes, so that nothing a message holds can change what the person at the terminal reads: as
/// <c>\uXXXX</c> (a character past U+FFFF as its two UTF-16 escapes), which in JSON is the same string, or as XML
/// character references (<c>&amp;#x202e;</c>) once <see cref="XmlReferences"/> is set, which in XML is the same text.
/// ASCII passes through untouched (the commands escape their own control characters), and so do bytes that are not
/// UTF-8. Output redirected to a file or a pipe is never wrapped: its bytes stay exactly what the command wrote.
/// </summary>
internal sealed class TerminalEscapingStream : Stream
{
    private readonly Stream _inner;
    private readonly byte[] _pending = new byte[4]; // the start of a character split between two writes
    private int _pendingCount;

    public TerminalEscapingStream(Stream inner) => _inner = inner;

    /// <summary>Escape as XML character references rather than JSON's <c>\uXXXX</c> (the output is XML).</summary>
    public bool XmlReferences { get; set; }

    /// <inheritdoc />
    public override void Write(ReadOnlySpan<byte> buffer)
    {
        if (_pendingCount > 0)
        {
            // Complete the split character first: at most 3 more bytes are needed.
            int take = Math.Min(buffer.Length, _pending.Length - _pendingCount);
            Span<byte> joined = stackalloc byte[_pendingCount + take];
            _pending.AsSpan(0, _pendingCount).CopyTo(joined);
            buffer.Slice(0, take).CopyTo(joined.Slice(_pendingCount));
            var status = Rune.DecodeFromUtf8(joined, out var rune, out int consumed);
            if (status == OperationStatus.NeedMoreData)
            {
                joined.CopyTo(_pending);
                _pendingCount = joined.Length;
                return;
            }
            if (status == OperationStatus.Done) WriteRune(rune, joined.Slice(0, consumed));
            else _inner.Write(joined.Slice(0, Math.Max(consumed, _pendingCount))); // not UTF-8: as it is
            buffer = buffer.Slice(Math.Max(0, consumed - _pendingCount));
            _pendingCount = 0;
        }
        while (!buffer.IsEmpty)
        {
            int ascii = 0;
            while (ascii < buffer.Length && buffer[ascii] < 0x80) ascii++;
            if (ascii > 0)
            {
                _inner.Write(buffer.Slice(0, ascii));
                buffer = buffer.Slice(ascii);
                continue;
            }
            var status = Rune.DecodeFromUtf8(buffer, out var rune, out int consumed);
            if (status == OperationStatus.NeedMoreData)
            {
                buffer.CopyTo(_pending);
                _pendingCount = buffer.Length;
                return;
            }
            if (status == OperationStatus.Done) WriteRune(rune, buffer.Slice(0, consumed));
            else _inner.Write(buffer.Slice(0, consumed)); // not UTF-8: as it is
            buffer = buffer.Slice(consumed);
        }
    }

    private void WriteRune(Rune rune, ReadOnlySpan<byte> utf8)
    {
        if (!DisplayText.IsHidden(rune.Value))
        {
            _inner.Write(utf8);
            return;
        }
        string escape;
        if (XmlReferences) escape = "&#x" + rune.Value.ToString("x", CultureInfo.InvariantCulture) + ";";
        else
        {
            Span<char> units = stackalloc char[2];
            int count = rune.EncodeToUtf16(units);
            escape = "";
            for (int i = 0; i < count; i++) escape += "\\u" + ((int)units[i]).ToString("x4", CultureInfo.InvariantCulture);
        }
        _inner.Write(Encoding.ASCII.GetBytes(escape));
    }

    /// <inheritdoc />
    public override void Write(byte[] buffer, int offset, int count) => Write(buffer.AsSpan(offset, count));

    /// <inheritdoc />
    public override void WriteByte(byte value) => Write(new[] { value });

    /// <inheritdoc />
    public override void Flush() => _inner.Flush();

    /// <inheritdoc />
    protected override void Dispose(bool disposing)
    {
        if (disposing && _pendingCount > 0)
        {
            _inner.Write(_pending.AsSpan(0, _pendingCount)); // the output ended inside a character: as it is
            _pendingCount = 0;
        }
        base.Dispose(disposing);
    }

    /// <inheritdoc />
    public override bool CanRead => false;

    /// <inheritdoc />
    public override bool CanSeek => false;

    /// <inheritdoc />
    public override bool CanWrite => true;

    /// <inheritdoc />
    public override long Length => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Position { get => throw new NotSupportedException(); set => throw new NotSupportedException(); }

    /// <inheritdoc />
    public override int Read(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    /// <inheritdoc />
    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    /// <inheritdoc />
    public override void SetLength(long value) => throw new NotSupportedException();
}
