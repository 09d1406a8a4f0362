using System;
using System.Buffers;
using System.Buffers.Text;
using System.Globalization;
using System.Text;

namespace Fudge.Json.Internal;

/// <summary>
/// Writes compact JSON as UTF-8 into an <see cref="IBufferWriter{T}"/>, producing exactly the text Newtonsoft's
/// <c>JsonTextWriter</c> writes with <c>Formatting.None</c> and default settings: the same escapes (control characters,
/// <c>"</c>, <c>\</c>, U+0085, U+2028, U+2029, lowercase hex), doubles as <c>"R"</c> text with a decimal place added,
/// non-finite numbers as strings, base64 with padding. System.Text.Json's <c>Utf8JsonWriter</c> differs on each of
/// those points, so it cannot produce the same text. Tokens are gathered in a pooled buffer and copied to the output
/// in chunks; call <see cref="Complete"/> once at the end.
/// </summary>
internal struct Utf8JsonSink : IJsonSink
{
    private const int ChunkSize = 16 * 1024;
    private static readonly byte[] HexDigits = { (byte)'0', (byte)'1', (byte)'2', (byte)'3', (byte)'4', (byte)'5', (byte)'6', (byte)'7', (byte)'8', (byte)'9', (byte)'a', (byte)'b', (byte)'c', (byte)'d', (byte)'e', (byte)'f' };
#if NET8_0_OR_GREATER
    private static readonly SearchValues<byte> MayNeedEscape = SearchValues.Create(MayNeedEscapeBytes());
#endif

    private static readonly bool[] MayNeedEscapeTable = CreateMayNeedEscapeTable();

    private readonly IBufferWriter<byte> _output;
    private byte[] _buffer;
    private int _used;
    private bool _afterValue; // the last token was a value or a closing bracket: the next value or name needs a comma

    public Utf8JsonSink(IBufferWriter<byte> output)
    {
        _output = output;
        _buffer = ArrayPool<byte>.Shared.Rent(ChunkSize);
        _used = 0;
        _afterValue = false;
    }

    /// <summary>Copies what is buffered to the output and returns the buffer to the pool.</summary>
    public void Complete()
    {
        CopyToOutput();
        ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = Array.Empty<byte>();
    }

    /// <summary>Returns the buffer to the pool without writing (the conversion failed).</summary>
    public void Abandon()
    {
        if (_buffer.Length > 0) ArrayPool<byte>.Shared.Return(_buffer);
        _buffer = Array.Empty<byte>();
        _used = 0;
    }

    // ---------------------------------------------------------------- tokens

    public void StartObject() => Open((byte)'{');

    public void EndObject() => Close((byte)'}');

    public void StartArray() => Open((byte)'[');

    public void EndArray() => Close((byte)']');

    public void PropertyName(ReadOnlySpan<byte> utf8Name)
    {
        Separate();
        Quoted(utf8Name);
        Byte((byte)':');
        _afterValue = false;
    }

    public void PropertyName(string name)
    {
        Separate();
        QuotedString(name);
        Byte((byte)':');
        _afterValue = false;
    }

    public void Null() => Literal("null"u8);

    public void Boolean(bool value) => Literal(value ? "true"u8 : "false"u8);

    public void Integer(long value)
    {
        Separate();
        Utf8Formatter.TryFormat(value, Reserve(20), out int written);
        _used += written;
        _afterValue = true;
    }

    public void Double(double value)
    {
        if (double.IsNaN(value) || double.IsInfinity(value))
        {
            String(FudgeValueText.FormatDouble(value, exact: false)); // "NaN", "Infinity", "-Infinity"
            return;
        }
        Separate();
        var span = Reserve(32);
        if (DecimalDoubleText.TryFormat(value, span, out int written))
        {
            _used += written;
            if (span.Slice(0, written).IndexOf((byte)'.') < 0) Raw(".0"u8);
            _afterValue = true;
            return;
        }
#if NET8_0_OR_GREATER
        value.TryFormat(span, out written, "R", CultureInfo.InvariantCulture);
        _used += written;
#else
        written = Ascii(value.ToString("R", CultureInfo.InvariantCulture));
#endif
        EnsureDecimalPlace(written);
        _afterValue = true;
    }

    public void Single(float value)
    {
        if (float.IsNaN(value) || float.IsInfinity(value))
        {
            String(FudgeValueText.FormatSingle(value, exact: false));
            return;
        }
        Separate();
#if NET8_0_OR_GREATER
        value.TryFormat(Reserve(32), out int written, "R", CultureInfo.InvariantCulture);
        _used += written;
#else
        int written = Ascii(value.ToString("R", CultureInfo.InvariantCulture));
#endif
        EnsureDecimalPlace(written);
        _afterValue = true;
    }

    public void String(string value)
    {
        Separate();
        QuotedString(value);
        _afterValue = true;
    }

    public void PlainDate(FudgeDate value)
    {
        Separate();
        var span = Reserve(PlainDateText.MaxLength + 2);
        if (PlainDateText.TryFormat(value, span.Slice(1), out int written)) Quote(span, written);
        else QuotedString(FudgeValueText.FormatDate(value, exact: false));
        _afterValue = true;
    }

    public void PlainTime(FudgeTime value)
    {
        Separate();
        var span = Reserve(PlainDateText.MaxLength + 2);
        if (PlainDateText.TryFormat(value, span.Slice(1), out int written)) Quote(span, written);
        else QuotedString(FudgeValueText.FormatTime(value, exact: false));
        _afterValue = true;
    }

    public void PlainDateTime(FudgeDateTime value)
    {
        Separate();
        var span = Reserve(PlainDateText.MaxLength + 2);
        if (PlainDateText.TryFormat(value, span.Slice(1), out int written)) Quote(span, written);
        else QuotedString(FudgeValueText.FormatDateTime(value, exact: false));
        _afterValue = true;
    }

    /// <summary>Quotes ASCII text that needs no escapes, already written one byte into <paramref name="span"/>.</summary>
    private void Quote(Span<byte> span, int length)
    {
        span[0] = (byte)'"';
        span[length + 1] = (byte)'"';
        _used += length + 2;
    }

    public void Utf8String(ReadOnlySpan<byte> utf8Value)
    {
        Separate();
        Quoted(utf8Value);
        _afterValue = true;
    }

    public void Base64(ReadOnlySpan<byte> bytes)
    {
        Separate();
        int length = (bytes.Length + 2) / 3 * 4;
        var span = Reserve(length + 2);
        span[0] = (byte)'"';
        System.Buffers.Text.Base64.EncodeToUtf8(bytes, span.Slice(1), out _, out int written);
        span[1 + written] = (byte)'"';
        _used += written + 2;
        _afterValue = true;
    }

    public void IntegerElements(ReadOnlySpan<byte> value, int width)
    {
        for (int i = 0; i < value.Length; i += width) Integer(NewtonsoftJsonSink.ReadInteger(value.Slice(i), width));
    }

    // ---------------------------------------------------------------- text

    private void Open(byte bracket)
    {
        Separate();
        Byte(bracket);
        _afterValue = false;
    }

    private void Close(byte bracket)
    {
        Byte(bracket);
        _afterValue = true;
    }

    private void Literal(ReadOnlySpan<byte> text)
    {
        Separate();
        Raw(text);
        _afterValue = true;
    }

    private void Separate()
    {
        if (_afterValue) Byte((byte)',');
    }

    /// <summary>Newtonsoft appends ".0" to finite numbers whose shortest text has neither a point nor an exponent.</summary>
    private void EnsureDecimalPlace(int written)
    {
        var text = _buffer.AsSpan(_used - written, written);
        if (text.IndexOfAny((byte)'.', (byte)'E', (byte)'e') >= 0) return;
        Raw(".0"u8);
    }

    private void QuotedString(string value)
    {
        Byte((byte)'"');
        int ascii = 0;
        while (ascii < value.Length && value[ascii] < 0x80) ascii++;
        if (ascii == value.Length)
        {
            foreach (char c in value) AsciiCharacter((byte)c);
        }
        else
        {
            byte[] utf8 = Encoding.UTF8.GetBytes(value);
            Escaped(utf8);
        }
        Byte((byte)'"');
    }

    private void Quoted(ReadOnlySpan<byte> utf8)
    {
        Byte((byte)'"');
        Escaped(utf8);
        Byte((byte)'"');
    }

    /// <summary>Valid UTF-8 with Newtonsoft's escapes applied.</summary>
    private void Escaped(ReadOnlySpan<byte> utf8)
    {
        while (!utf8.IsEmpty)
        {
            int i = IndexOfMayNeedEscape(utf8);
            if (i < 0)
            {
                Raw(utf8);
                return;
            }
            Raw(utf8.Slice(0, i));
            utf8 = utf8.Slice(i);
            byte b = utf8[0];
            if (b == 0xC2)
            {
                if (utf8.Length > 1 && utf8[1] == 0x85)
                {
                    Raw("\\u0085"u8);
                    utf8 = utf8.Slice(2);
                }
                else
                {
                    Byte(b);
                    utf8 = utf8.Slice(1);
                }
            }
            else if (b == 0xE2)
            {
                if (utf8.Length > 2 && utf8[1] == 0x80 && (utf8[2] == 0xA8 || utf8[2] == 0xA9))
                {
                    Raw(utf8[2] == 0xA8 ? "\\u2028"u8 : "\\u2029"u8);
                    utf8 = utf8.Slice(3);
                }
                else
                {
                    Byte(b);
                    utf8 = utf8.Slice(1);
                }
            }
            else
            {
                AsciiCharacter(b);
                utf8 = utf8.Slice(1);
            }
        }
    }

    private static int IndexOfMayNeedEscape(ReadOnlySpan<byte> utf8)
    {
#if NET8_0_OR_GREATER
        if (utf8.Length > 16) return utf8.IndexOfAny(MayNeedEscape); // the vectorized search pays off on longer text
#endif
        var table = MayNeedEscapeTable;
        for (int i = 0; i < utf8.Length; i++)
            if (table[utf8[i]]) return i;
        return -1;
    }

    /// <summary>One ASCII character, escaped if JSON or Newtonsoft requires it.</summary>
    private void AsciiCharacter(byte c)
    {
        if (c >= 0x20 && c != (byte)'"' && c != (byte)'\\')
        {
            Byte(c);
            return;
        }
        switch (c)
        {
            case (byte)'"': Raw("\\\""u8); return;
            case (byte)'\\': Raw("\\\\"u8); return;
            case (byte)'\b': Raw("\\b"u8); return;
            case (byte)'\t': Raw("\\t"u8); return;
            case (byte)'\n': Raw("\\n"u8); return;
            case (byte)'\f': Raw("\\f"u8); return;
            case (byte)'\r': Raw("\\r"u8); return;
        }
        var span = Reserve(6);
        "\\u00"u8.CopyTo(span);
        span[4] = HexDigits[c >> 4];
        span[5] = HexDigits[c & 0xF];
        _used += 6;
    }

    private static bool[] CreateMayNeedEscapeTable()
    {
        var table = new bool[256];
        foreach (byte b in MayNeedEscapeBytes()) table[b] = true;
        return table;
    }

    /// <summary>
    /// Bytes that may start something to escape: ASCII controls, quote, backslash, and the lead bytes of U+0085
    /// (C2 85) and U+2028/U+2029 (E2 80 A8/A9).
    /// </summary>
    private static byte[] MayNeedEscapeBytes()
    {
        var bytes = new byte[0x20 + 4];
        for (int b = 0; b < 0x20; b++) bytes[b] = (byte)b;
        bytes[0x20] = (byte)'"';
        bytes[0x21] = (byte)'\\';
        bytes[0x22] = 0xC2;
        bytes[0x23] = 0xE2;
        return bytes;
    }

    // ---------------------------------------------------------------- buffer

#if !NET8_0_OR_GREATER
    private int Ascii(string text)
    {
        var span = Reserve(text.Length);
        for (int i = 0; i < text.Length; i++) span[i] = (byte)text[i];
        _used += text.Length;
        return text.Length;
    }
#endif

    private void Byte(byte b)
    {
        if (_used == _buffer.Length) MakeRoom(1);
        _buffer[_used++] = b;
    }

    private void Raw(ReadOnlySpan<byte> bytes)
    {
        bytes.CopyTo(Reserve(bytes.Length));
        _used += bytes.Length;
    }

    private Span<byte> Reserve(int count)
    {
        if (_buffer.Length - _used < count) MakeRoom(count);
        return _buffer.AsSpan(_used);
    }

    private void MakeRoom(int count)
    {
        CopyToOutput();
        if (count > _buffer.Length)
        {
            ArrayPool<byte>.Shared.Return(_buffer);
            _buffer = ArrayPool<byte>.Shared.Rent(count);
        }
    }

    private void CopyToOutput()
    {
        if (_used == 0) return;
        _buffer.AsSpan(0, _used).CopyTo(_output.GetSpan(_used));
        _output.Advance(_used);
        _used = 0;
    }
}
