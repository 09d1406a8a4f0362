using System;
using System.Buffers.Binary;
using System.Globalization;
using System.IO;
using System.Text;

namespace Fudge.Cli.Input;

/// <summary>
/// Tells a file that is not Fudge at all (text, JSON, XML, or bytes whose first header is impossible) from Fudge data
/// that is damaged, so that the first thing said about README.md is that it does not look like Fudge data, and why,
/// rather than the size its first eight bytes would declare as an envelope header.
/// </summary>
internal static class NotFudgeData
{
    /// <summary>How many of the input's first bytes are kept to explain an error in its first envelope.</summary>
    public const int Kept = 24;

    private const int HeaderSize = 8;

    /// <summary>
    /// The error for a first envelope that failed to read, or null when the input could be Fudge whose first envelope
    /// is damaged (then the reader's own error, with its offset, says more).
    /// </summary>
    /// <param name="name">The input as the user named it: "'README.md'" or "standard input".</param>
    /// <param name="head">The input's first bytes (up to <see cref="Kept"/>).</param>
    /// <param name="length">The file's length, or null for a pipe.</param>
    /// <param name="options">The limits the input is read with.</param>
    /// <param name="error">What the reader reported.</param>
    public static CliException? Explain(string name, ReadOnlySpan<byte> head, long? length, FudgeReaderOptions options, FudgeFormatException error)
    {
        if (head.Length == 0) return null;
        long? declared = head.Length >= HeaderSize ? (uint)BinaryPrimitives.ReadInt32BigEndian(head.Slice(4, 4)) : null;
        bool text = LooksLikeText(head);
        bool impossible = declared is long size && (size < HeaderSize || size > options.MaxMessageSize);
        if (!text && !impossible) return null;

        var why = new StringBuilder();
        if (text)
        {
            why.Append("it starts with the text \"").Append(Printable(head)).Append('"');
            if (head[0] is (byte)'{' or (byte)'[') why.Append(", which looks like JSON (convert it with 'fudge from-json')");
            else if (head[0] == (byte)'<') why.Append(", which looks like XML (convert it with 'fudge from-xml')");
        }
        if (declared is long d)
        {
            if (text) why.Append(", and");
            why.Append(" read as an envelope header its first 8 bytes declare a message of ").Append(Number(d)).Append(" bytes");
            if (d < HeaderSize) why.Append(", less than the header itself");
            else if (length is long l) why.Append(" in a file of ").Append(Number(l)).Append(" bytes");
            else if (d > options.MaxMessageSize) why.Append(", more than the limit of ").Append(Number(options.MaxMessageSize));
        }
        else
        {
            why.Append(" (").Append(error.Message).Append(')');
        }
        return new CliException($"{name} does not look like Fudge data: {why.ToString().TrimStart()}", error);
    }

    // Fudge's envelope header begins with the processing directives and schema version, almost always 0: a first line
    // of printable characters is not a Fudge header.
    private static bool LooksLikeText(ReadOnlySpan<byte> head)
    {
        if (head.Length >= 3 && head[0] == 0xEF && head[1] == 0xBB && head[2] == 0xBF) return true; // UTF-8 byte order mark
        if (head[0] is not (>= 0x20 and < 0x7F) and not (byte)'\t' and not (byte)'\n' and not (byte)'\r') return false;
        foreach (byte b in head)
            if (b is not (>= 0x20 and < 0x7F) and not (byte)'\t' and not (byte)'\n' and not (byte)'\r' and not >= 0x80) return false;
        return true;
    }

    private static string Printable(ReadOnlySpan<byte> head)
    {
        string text = Encoding.UTF8.GetString(head.Slice(0, Math.Min(head.Length, 16))).TrimEnd('\uFFFD');
        return text.Replace("\\", "\\\\", StringComparison.Ordinal).Replace("\"", "\\\"", StringComparison.Ordinal)
            .Replace("\r", "\\r", StringComparison.Ordinal).Replace("\n", "\\n", StringComparison.Ordinal).Replace("\t", "\\t", StringComparison.Ordinal)
            .Replace("\uFEFF", "", StringComparison.Ordinal);
    }

    private static string Number(long value) => value.ToString("N0", CultureInfo.InvariantCulture);
}

/// <summary>Keeps a copy of the first bytes read through it (for <see cref="NotFudgeData"/>); passes everything else on.</summary>
internal sealed class HeadKeepingStream : ForwardReadStream
{
    private readonly Stream _inner;
    private readonly byte[] _head = new byte[NotFudgeData.Kept];
    private int _kept;

    public HeadKeepingStream(Stream inner) => _inner = inner;

    /// <summary>The first bytes read so far.</summary>
    public ReadOnlySpan<byte> Head => _head.AsSpan(0, _kept);

    public override int Read(byte[] buffer, int offset, int count) => Keep(buffer.AsSpan(offset, _inner.Read(buffer, offset, count)));

    public override int Read(Span<byte> buffer) => Keep(buffer.Slice(0, _inner.Read(buffer)));

    public override async System.Threading.Tasks.ValueTask<int> ReadAsync(Memory<byte> buffer, System.Threading.CancellationToken cancellationToken = default)
    {
        int n = await _inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false);
        return Keep(buffer.Span.Slice(0, n));
    }

    public override System.Threading.Tasks.Task<int> ReadAsync(byte[] buffer, int offset, int count, System.Threading.CancellationToken cancellationToken)
        => ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    /// <summary>
    /// Reads on until <see cref="Head"/> holds <see cref="NotFudgeData.Kept"/> bytes or the input ends, to show more
    /// of an input that is being given up on (the reader stops after the 8-byte header it refused).
    /// </summary>
    public void ReadMoreOfHead()
    {
        var scratch = new byte[NotFudgeData.Kept];
        try
        {
            while (_kept < _head.Length && Read(scratch, 0, _head.Length - _kept) > 0) { }
        }
        catch (IOException)
        {
            // What was kept already explains enough.
        }
    }

    private int Keep(ReadOnlySpan<byte> read)
    {
        if (_kept < _head.Length)
        {
            int n = Math.Min(read.Length, _head.Length - _kept);
            read.Slice(0, n).CopyTo(_head.AsSpan(_kept));
            _kept += n;
        }
        return read.Length;
    }

    protected override void Dispose(bool disposing)
    {
        if (disposing) _inner.Dispose();
        base.Dispose(disposing);
    }
}
