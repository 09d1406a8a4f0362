using System;
using System.Buffers;
using System.Buffers.Text;
using System.Text;
using System.Text.Json;
#if NET8_0_OR_GREATER
using System.Globalization;
#endif

namespace Fudge.Json.Internal;

/// <summary>
/// JSON text in UTF-8 as a token source, read with System.Text.Json's <see cref="Utf8JsonReader"/>: nothing is
/// allocated per token. Numbers are parsed from their bytes when asked (no boxing), strings are copied into Fudge
/// fields as bytes (no string), member names become one string per distinct name (<see cref="JsonNameTable"/>).
/// The text is held in a pooled array; <see cref="Dispose"/> gives it back.
/// </summary>
/// <remarks>
/// A <see cref="Utf8JsonReader"/> is a ref struct, so it cannot live in this object between calls: each
/// <see cref="Next"/> resumes a new one from the saved <see cref="JsonReaderState"/> at the saved offset, the way the
/// reader is built to be resumed. Line, position and path are worked out only when an error needs them.
/// </remarks>
internal sealed class Utf8TokenSource : JsonTokenSource, IDisposable
{
    private static readonly byte[] Utf8Bom = { 0xEF, 0xBB, 0xBF };

    private byte[] _input;
    private readonly int _length;
    private JsonReaderState _state;
    private int _offset;
    // Where the current token's read began, to read it again when its escaped text is needed.
    private JsonReaderState _stateBefore;
    private int _offsetBefore;

    private JsonTokenKind _kind;
    private int _valueStart;
    private int _valueLength;
    private bool _escaped;
    private bool _boolean;
    private string _propertyName = "";
    private bool _rootClosed;

    private PathFrame[] _path = new PathFrame[16];
    private int _depth;
    private readonly JsonNameTable _names = new();
    private char[]? _chars;

    private struct PathFrame
    {
        public bool IsArray;
        public int Index;
        public string? Name;
    }

    private Utf8TokenSource(byte[] pooledInput, int length, int? maxDepth)
    {
        _input = pooledInput;
        _length = length;
        int start = _input.AsSpan(0, length).StartsWith(Utf8Bom) ? Utf8Bom.Length : 0;
        _offset = start;
        _state = new JsonReaderState(new JsonReaderOptions
        {
            // Newtonsoft, which read JSON text before, skips comments and accepts trailing commas.
            CommentHandling = JsonCommentHandling.Skip,
            AllowTrailingCommas = true,
            MaxDepth = maxDepth ?? int.MaxValue,
        });
    }

    /// <summary>A source over JSON given as UTF-16 text, transcoded once into a pooled array.</summary>
    public static Utf8TokenSource ForText(string json, int? maxDepth)
    {
        var bytes = ArrayPool<byte>.Shared.Rent(Math.Max(1, Encoding.UTF8.GetByteCount(json)));
        int length = Encoding.UTF8.GetBytes(json, 0, json.Length, bytes, 0);
        return new Utf8TokenSource(bytes, length, maxDepth);
    }

    /// <summary>A source over UTF-8 JSON, copied into a pooled array (a span cannot be kept between reads).</summary>
    public static Utf8TokenSource ForUtf8(ReadOnlySpan<byte> utf8Json, int? maxDepth)
    {
        var bytes = ArrayPool<byte>.Shared.Rent(Math.Max(1, utf8Json.Length));
        utf8Json.CopyTo(bytes);
        return new Utf8TokenSource(bytes, utf8Json.Length, maxDepth);
    }

    public void Dispose()
    {
        if (_input.Length > 0) ArrayPool<byte>.Shared.Return(_input);
        _input = Array.Empty<byte>();
        if (_chars is not null) ArrayPool<char>.Shared.Return(_chars);
        _chars = null;
    }

    public override JsonTokenKind Kind => _kind;

    public override JsonTokenKind Next()
    {
        if (!TryNext()) throw Error("the JSON ends early");
        return _kind;
    }

    /// <summary>After the top-level object: anything but whitespace and comments is refused.</summary>
    public void ExpectEnd()
    {
        if (TryNext()) throw Error("unexpected content after the top-level object");
    }

    private ReadOnlySpan<byte> Value => new(_input, _valueStart, _valueLength);

    private bool TryNext()
    {
        _stateBefore = _state;
        _offsetBefore = _offset;
        var reader = new Utf8JsonReader(new ReadOnlySpan<byte>(_input, _offset, _length - _offset), isFinalBlock: true, _state);
        try
        {
            if (!reader.Read()) return false;
        }
        catch (JsonException e)
        {
            throw Malformed(e);
        }
        _state = reader.CurrentState;
        int tokenStart = _offset + (int)reader.TokenStartIndex;
        _offset += (int)reader.BytesConsumed;
        _escaped = reader.ValueIsEscaped;
        _valueLength = reader.ValueSpan.Length;
        _valueStart = reader.TokenType is JsonTokenType.String or JsonTokenType.PropertyName ? tokenStart + 1 : tokenStart;
        switch (reader.TokenType)
        {
            case JsonTokenType.StartObject: Enter(isArray: false); _kind = JsonTokenKind.StartObject; break;
            case JsonTokenType.StartArray: Enter(isArray: true); _kind = JsonTokenKind.StartArray; break;
            case JsonTokenType.EndObject: Leave(); _kind = JsonTokenKind.EndObject; break;
            case JsonTokenType.EndArray: Leave(); _kind = JsonTokenKind.EndArray; break;
            case JsonTokenType.PropertyName:
                _propertyName = ReadName();
                if (_depth > 0) _path[_depth - 1].Name = _propertyName;
                _kind = JsonTokenKind.PropertyName;
                break;
            case JsonTokenType.String: CountElement(); _kind = JsonTokenKind.String; break;
            case JsonTokenType.Number:
                CountElement();
                _kind = Value.IndexOfAny((byte)'.', (byte)'e', (byte)'E') >= 0 ? JsonTokenKind.Float : JsonTokenKind.Integer;
                break;
            case JsonTokenType.True or JsonTokenType.False:
                CountElement();
                _boolean = reader.TokenType == JsonTokenType.True;
                _kind = JsonTokenKind.Boolean;
                break;
            case JsonTokenType.Null: CountElement(); _kind = JsonTokenKind.Null; break;
            default: _kind = JsonTokenKind.Other; break;
        }
        return true;
    }

    private void Enter(bool isArray)
    {
        CountElement();
        if (_depth == _path.Length) Array.Resize(ref _path, _depth * 2);
        _path[_depth++] = new PathFrame { IsArray = isArray, Index = -1 };
    }

    private void Leave()
    {
        _depth--;
        if (_depth == 0) _rootClosed = true;
    }

    private void CountElement()
    {
        if (_depth > 0 && _path[_depth - 1].IsArray) _path[_depth - 1].Index++;
    }

    /// <summary>Reads the current token again, from where its read began: for the text of an escaped string.</summary>
    private Utf8JsonReader Reread()
    {
        var reader = new Utf8JsonReader(new ReadOnlySpan<byte>(_input, _offsetBefore, _length - _offsetBefore), isFinalBlock: true, _stateBefore);
        reader.Read();
        return reader;
    }

    /// <summary>The current string or name as UTF-16 in a pooled buffer (valid until the next call).</summary>
    private ReadOnlySpan<char> Chars()
    {
        // Unescaped or decoded, the text never has more UTF-16 units than its UTF-8 bytes.
        if (_chars is null || _chars.Length < _valueLength)
        {
            if (_chars is not null) ArrayPool<char>.Shared.Return(_chars);
            _chars = ArrayPool<char>.Shared.Rent(Math.Max(64, _valueLength));
        }
        if (!_escaped)
            return _chars.AsSpan(0, Encoding.UTF8.GetChars(_input, _valueStart, _valueLength, _chars, 0));
        try
        {
            return _chars.AsSpan(0, Reread().CopyString(_chars));
        }
        catch (InvalidOperationException e)
        {
            // An escape that is no UTF-16 text, such as a lone surrogate "\ud800".
            throw Error("the string is not valid text: " + e.Message, e);
        }
    }

    private string ReadName() => _valueLength == 0 ? "" : _names.Get(Chars());

    public override string PropertyName => _propertyName;

    public override string GetString() => _valueLength == 0 ? "" : Chars().ToString();

    public override bool GetBoolean() => _boolean;

    public override bool TryGetInt64(out long value)
    {
        value = 0;
        return _kind == JsonTokenKind.Integer && Utf8Parser.TryParse(Value, out value, out int used) && used == _valueLength;
    }

    public override double GetDouble()
    {
        // JSON's number grammar (checked by the reader) is a subset of what these parsers accept; beyond the double
        // range they give an infinity, as Newtonsoft's double.Parse does.
#if NET8_0_OR_GREATER
        return double.Parse(Value, NumberStyles.Float, CultureInfo.InvariantCulture);
#else
        return double.Parse(GetNumberText(), System.Globalization.NumberStyles.Float, System.Globalization.CultureInfo.InvariantCulture);
#endif
    }

    public override string GetNumberText() => Encoding.UTF8.GetString(_input, _valueStart, _valueLength);

    /// <summary>
    /// Copies the text's UTF-8 bytes when they are exactly what the writer would produce: unescaped, valid, and free of
    /// characters outside the Basic Multilingual Plane (whose encoding the writer's options choose).
    /// </summary>
    public override void WriteString(ref FudgeWriter writer, in FudgeFieldKey key, FudgeStringEncoding? encoding)
    {
        var bytes = Value;
        if (!_escaped && IsBmpUtf8(bytes))
        {
            writer.WriteStringUtf8(key, bytes);
            return;
        }
        if (encoding is FudgeStringEncoding forced) writer.WriteString(key, Chars(), forced);
        else writer.WriteString(key, Chars());
    }

    /// <summary>Valid UTF-8 with no 4-byte sequence; ASCII, the common case, is settled by a plain loop.</summary>
    private static bool IsBmpUtf8(ReadOnlySpan<byte> bytes)
    {
        int any = 0;
        foreach (byte b in bytes) any |= b;
        if (any < 0x80) return true;
        foreach (byte b in bytes)
            if (b >= 0xF0) return false;
        return Utf8Text.IsValid(bytes);
    }

    public override FudgeJsonException Error(string reason, Exception? inner = null)
    {
        var (line, position) = LineAndPosition(_offset);
        return new FudgeJsonException(reason, line, position, Path(), inner);
    }

    /// <summary>
    /// Malformed JSON: the reader's message without its own position, then ours (1-based, in characters, as Newtonsoft
    /// counted). The inner exception is a Newtonsoft <c>JsonReaderException</c>, as it has always been for malformed
    /// JSON, holding the reader's exception.
    /// </summary>
    private FudgeJsonException Malformed(JsonException e)
    {
        int line = (int)(e.LineNumber ?? 0) + 1;
        int position = CharactersBefore(LineStart(line), (int)(e.BytePositionInLine ?? 0)) + 1;
        string reason = _rootClosed ? "unexpected content after the top-level object" : "malformed JSON: " + StripPosition(e.Message);
        string path = Path();
        var newtonsoft = new Newtonsoft.Json.JsonReaderException(reason, path, line, position, e);
        return new FudgeJsonException(reason, line, position, path, newtonsoft);
    }

    private static string StripPosition(string message)
    {
        int at = message.IndexOf(" LineNumber:", StringComparison.Ordinal);
        return (at < 0 ? message : message.Substring(0, at)).TrimEnd(' ', '.', '|');
    }

    /// <summary>Line (1-based) and position (characters from the line's start) of a byte offset.</summary>
    private (int Line, int Position) LineAndPosition(int offset)
    {
        int end = Math.Min(offset, _length);
        int line = 1, lineStart = 0;
        while (true)
        {
            int next = new ReadOnlySpan<byte>(_input, lineStart, end - lineStart).IndexOf((byte)'\n');
            if (next < 0) break;
            line++;
            lineStart += next + 1;
        }
        return (line, CharactersBefore(lineStart, end - lineStart));
    }

    private int LineStart(int line)
    {
        int start = 0;
        for (int n = 1; n < line; n++)
        {
            int next = new ReadOnlySpan<byte>(_input, start, _length - start).IndexOf((byte)'\n');
            if (next < 0) break;
            start += next + 1;
        }
        return start;
    }

    private int CharactersBefore(int lineStart, int bytes)
        => Encoding.UTF8.GetCharCount(_input, lineStart, Math.Max(0, Math.Min(bytes, _length - lineStart)));

    /// <summary>The JSON path of the current token, as Newtonsoft writes it (<c>fields[2].value</c>).</summary>
    private string Path()
    {
        var path = new StringBuilder();
        for (int i = 0; i < _depth; i++)
        {
            var frame = _path[i];
            if (frame.IsArray)
            {
                if (frame.Index >= 0) path.Append('[').Append(frame.Index).Append(']');
            }
            else if (frame.Name is not null)
            {
                if (path.Length > 0) path.Append('.');
                path.Append(frame.Name);
            }
        }
        return path.ToString();
    }
}
