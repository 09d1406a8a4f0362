using System;
using System.Buffers;
using Fudge.Json;

namespace Fudge.Store.PostgreSql;

/// <summary>
/// The jsonb form of envelopes as compact UTF-8 JSON in one reused buffer: what Npgsql sends for a jsonb value (after
/// the format's version byte), so no string and no array is made per document. Each object's keys are put in jsonb's
/// order (<see cref="JsonbKeyOrder"/>), which spares the server sorting them.
/// </summary>
/// <remarks>
/// jsonb refuses U+0000 in text: the JSON escape <c>\u0000</c> is rewritten in place as <c>\ufffd</c> (same length).
/// Fudge.Json writes every control character as an escape, so no raw NUL byte can occur in the text.
/// </remarks>
internal sealed class JsonbText
{
    private readonly FudgeJsonSettings _settings;
    private byte[] _buffer = new byte[1024];
    private int _length;
    private readonly Writer _writer;
    private readonly JsonbKeyOrder _keyOrder = new();
    private const int LargestKept = 1 << 20;

    public JsonbText(FudgeJsonSettings settings)
    {
        _settings = settings;
        _writer = new Writer(this);
    }

    /// <summary>
    /// Whether the text <see cref="Of"/> last gave has a named member that is an array or null
    /// (<see cref="JsonbKeyOrder.SeveralFields"/>): the value of <see cref="PostgresFudgeCollection.SeveralFieldsFlag"/>.
    /// </summary>
    public bool SeveralFields => _keyOrder.SeveralFields;

    /// <summary>The JSON text of one envelope; valid until the next call.</summary>
    /// <exception cref="FudgeFormatException">The bytes are not a valid envelope.</exception>
    public ReadOnlyMemory<byte> Of(ReadOnlySpan<byte> envelope)
    {
        _length = 0;
        if (_buffer.Length > LargestKept) _buffer = new byte[1024]; // one huge document does not pin its buffer
        FudgeJson.WriteJson(envelope, _writer, _settings);
        _keyOrder.Reorder(_buffer, _length);
        WithoutNul(_buffer.AsSpan(0, _length));
        return _buffer.AsMemory(0, _length);
    }

    /// <summary>Rewrites each <c>\u0000</c> escape as <c>\ufffd</c>, stepping over other escapes whole (so <c>\\u0000</c> stays text).</summary>
    internal static void WithoutNul(Span<byte> json)
    {
        // The match found may be the tail of an escaped backslash: only a walk from the start tells escapes apart.
        if (json.IndexOf("\\u0000"u8) < 0) return;
        for (int i = 0; i < json.Length - 1; i++)
        {
            if (json[i] != (byte)'\\') continue;
            if (json.Slice(i).StartsWith("\\u0000"u8)) "\\ufffd"u8.CopyTo(json.Slice(i));
            i++; // the escaped character is never the start of another escape
        }
    }

    /// <summary>The buffer as the IBufferWriter Fudge.Json writes to (a class apart so the buffer can grow in place).</summary>
    private sealed class Writer : IBufferWriter<byte>
    {
        private readonly JsonbText _text;

        public Writer(JsonbText text) => _text = text;

        public void Advance(int count) => _text._length += count;

        public Memory<byte> GetMemory(int sizeHint = 0) => _text.Reserve(sizeHint);

        public Span<byte> GetSpan(int sizeHint = 0) => _text.Reserve(sizeHint).Span;
    }

    private Memory<byte> Reserve(int sizeHint)
    {
        int needed = _length + Math.Max(1, sizeHint);
        if (needed > _buffer.Length) Array.Resize(ref _buffer, Math.Max(needed, _buffer.Length * 2));
        return _buffer.AsMemory(_length);
    }
}
