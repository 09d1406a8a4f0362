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
/// <para>
/// A <see cref="Utf8JsonReader"/> is a ref struct, so it cannot live in this object between the consumer's calls.
/// Resuming a new reader from the saved <see cref="JsonReaderState"/> for every token cost more than the parse itself
/// (two thirds of the time of a small document went there), so one reader reads a batch of tokens in a loop into
/// <see cref="BufferedToken"/>s (kind and offsets into the input) and the consumer is served from the batch; the
/// next batch resumes where this one stopped. A malformed token ends a batch; its error is raised only when the
/// consumer reaches it, so errors come in the order, and with the paths, the consumer sees.
/// </para>
/// <para>
/// One source per thread is reused from call to call (<see cref="Rent"/>): its batch, path frames, name table and
/// character buffer are reset, and trimmed back to their first sizes when a document made them grow, so a thread
/// keeps at most a few kilobytes between calls. A call made while the thread's source is in use (a nested
/// conversion) gets a new one.
/// </para>
/// </remarks>
internal sealed partial class Utf8TokenSource : JsonTokenSource, IDisposable
{
    /// <summary>Tokens read per resumption of the reader.</summary>
    internal const int DefaultBatchSize = 64;

    private const int FirstPathFrames = 16;
    private const int KeptPathFrames = 64;
    private const int KeptChars = 256;

    private static readonly byte[] Utf8Bom = { 0xEF, 0xBB, 0xBF };

    [ThreadStatic] private static Utf8TokenSource? t_spare;

    private readonly bool _reusable;

    // The input and where the next batch resumes.
    private byte[] _input = Array.Empty<byte>();
    private int _length;
    private JsonReaderState _state;
    private int _readOffset;

    // Tokens read ahead, and what stopped the reading: the end of the input or an error not yet raised.
    private readonly BufferedToken[] _batch;
    private int _batchCount;
    private int _batchIndex;
    private bool _inputEnded;
    private JsonException? _pendingError;

    // The current token.
    private JsonTokenKind _kind;
    private int _valueStart;
    private int _valueLength;
    private int _tokenEnd;
    private bool _escaped;
    private bool _boolean;
    private string? _propertyName;
    private bool _rootClosed;

    private PathFrame[] _path = new PathFrame[FirstPathFrames];
    private int _depth;
    private readonly JsonNameTable _names = new();
    private char[] _chars = new char[KeptChars];
    private bool _charsPooled;

    /// <summary>One token as the batch holds it: where its value lies in the input and where its read ended.</summary>
    private struct BufferedToken
    {
        public JsonTokenKind Kind;
        /// <summary>A string or name holds escapes; a boolean is true.</summary>
        public bool Flag;
        public int ValueStart;
        public int ValueLength;
        public int End;
    }

    /// <summary>An open object or array: its last member name (as offsets, decoded only for an error's path) or element index.</summary>
    private struct PathFrame
    {
        public bool IsArray;
        public int Index;
        public int NameStart;
        public int NameLength; // -1: no member name yet
        public bool NameEscaped;
    }

    private Utf8TokenSource(int batchSize, bool reusable)
    {
        _batch = new BufferedToken[batchSize];
        _reusable = reusable;
    }

    /// <summary>A source over JSON given as UTF-16 text, transcoded once into a pooled array.</summary>
    public static Utf8TokenSource ForText(string json, int? maxDepth)
    {
        var source = Rent();
        var bytes = ArrayPool<byte>.Shared.Rent(Math.Max(1, Encoding.UTF8.GetByteCount(json)));
        source.Start(bytes, Encoding.UTF8.GetBytes(json, 0, json.Length, bytes, 0), maxDepth);
        return source;
    }

    /// <summary>A source over UTF-8 JSON, copied into a pooled array (a span cannot be kept between reads).</summary>
    public static Utf8TokenSource ForUtf8(ReadOnlySpan<byte> utf8Json, int? maxDepth) => ForUtf8(Rent(), utf8Json, maxDepth);

    /// <summary>A source of its own (never the thread's) that reads <paramref name="batchSize"/> tokens at a time: for tests of the batch boundaries.</summary>
    internal static Utf8TokenSource ForUtf8(ReadOnlySpan<byte> utf8Json, int? maxDepth, int batchSize)
        => ForUtf8(new Utf8TokenSource(batchSize, reusable: false), utf8Json, maxDepth);

    private static Utf8TokenSource ForUtf8(Utf8TokenSource source, ReadOnlySpan<byte> utf8Json, int? maxDepth)
    {
        var bytes = ArrayPool<byte>.Shared.Rent(Math.Max(1, utf8Json.Length));
        utf8Json.CopyTo(bytes);
        source.Start(bytes, utf8Json.Length, maxDepth);
        return source;
    }

    /// <summary>The thread's spare source, taken so that a nested call on this thread makes its own.</summary>
    private static Utf8TokenSource Rent()
    {
        var source = t_spare ?? new Utf8TokenSource(DefaultBatchSize, reusable: true);
        t_spare = null;
        return source;
    }

    private void Start(byte[] pooledInput, int length, int? maxDepth)
    {
        _input = pooledInput;
        _length = length;
        _readOffset = _input.AsSpan(0, length).StartsWith(Utf8Bom) ? Utf8Bom.Length : 0;
        _tokenEnd = _readOffset;
        _state = new JsonReaderState(new JsonReaderOptions
        {
            // Newtonsoft, which read JSON text before, skips comments and accepts trailing commas.
            CommentHandling = JsonCommentHandling.Skip,
            AllowTrailingCommas = true,
            MaxDepth = maxDepth ?? int.MaxValue,
        });
    }

    /// <summary>Gives the input back to the pool and the source back to the thread, reset; a second call does nothing.</summary>
    public void Dispose()
    {
        if (_input.Length == 0) return;
        ArrayPool<byte>.Shared.Return(_input);
        _input = Array.Empty<byte>();
        _length = 0;
        _readOffset = 0;
        _batchCount = _batchIndex = 0;
        _inputEnded = false;
        _pendingError = null;
        _kind = JsonTokenKind.None;
        _valueStart = _valueLength = _tokenEnd = 0;
        _propertyName = null;
        _rootClosed = false;
        _depth = 0;
        if (_path.Length > KeptPathFrames) _path = new PathFrame[FirstPathFrames];
        if (_charsPooled)
        {
            ArrayPool<char>.Shared.Return(_chars);
            _chars = new char[KeptChars];
            _charsPooled = false;
        }
        _names.TrimForReuse();
        if (_reusable) t_spare = this;
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
        if (_batchIndex == _batchCount && !ReadBatch()) return false;
        ref var token = ref _batch[_batchIndex++];
        _kind = token.Kind;
        _valueStart = token.ValueStart;
        _valueLength = token.ValueLength;
        _tokenEnd = token.End;
        _escaped = token.Flag;
        _boolean = token.Flag;
        _propertyName = null;
        switch (token.Kind)
        {
            case JsonTokenKind.StartObject: Enter(isArray: false); break;
            case JsonTokenKind.StartArray: Enter(isArray: true); break;
            case JsonTokenKind.EndObject or JsonTokenKind.EndArray: Leave(); break;
            case JsonTokenKind.PropertyName:
                // An escaped name is decoded now, so a name that is no text is refused with the path before it.
                if (token.Flag) _ = PropertyName;
                if (_depth > 0)
                {
                    ref var frame = ref _path[_depth - 1];
                    frame.NameStart = token.ValueStart;
                    frame.NameLength = token.ValueLength;
                    frame.NameEscaped = token.Flag;
                }
                break;
            default: CountElement(); break;
        }
        return true;
    }

    /// <summary>
    /// Reads the next batch; false at the end of the input. A malformed token stops the batch before it, and is raised
    /// once the tokens read before it have been consumed.
    /// </summary>
    private bool ReadBatch()
    {
        // A batch stops early only at the end of the input or at an error, which is raised once the batch is consumed.
        if (_pendingError is JsonException pending) throw Malformed(pending);
        if (_inputEnded) return false;
        _batchIndex = _batchCount = 0;
        var reader = new Utf8JsonReader(new ReadOnlySpan<byte>(_input, _readOffset, _length - _readOffset), isFinalBlock: true, _state);
        var batch = _batch;
        int count = 0;
        int origin = _readOffset;
        try
        {
            while (count < batch.Length)
            {
                if (!reader.Read())
                {
                    _inputEnded = true;
                    break;
                }
                ref var token = ref batch[count++];
                int tokenStart = origin + (int)reader.TokenStartIndex;
                token.End = origin + (int)reader.BytesConsumed;
                token.ValueLength = reader.ValueSpan.Length;
                token.ValueStart = tokenStart;
                token.Flag = false;
                switch (reader.TokenType)
                {
                    case JsonTokenType.StartObject: token.Kind = JsonTokenKind.StartObject; break;
                    case JsonTokenType.EndObject: token.Kind = JsonTokenKind.EndObject; break;
                    case JsonTokenType.StartArray: token.Kind = JsonTokenKind.StartArray; break;
                    case JsonTokenType.EndArray: token.Kind = JsonTokenKind.EndArray; break;
                    case JsonTokenType.PropertyName:
                        token.Kind = JsonTokenKind.PropertyName;
                        token.ValueStart = tokenStart + 1;
                        token.Flag = reader.ValueIsEscaped;
                        break;
                    case JsonTokenType.String:
                        token.Kind = JsonTokenKind.String;
                        token.ValueStart = tokenStart + 1;
                        token.Flag = reader.ValueIsEscaped;
                        break;
                    case JsonTokenType.Number:
                        token.Kind = IsInteger(reader.ValueSpan) ? JsonTokenKind.Integer : JsonTokenKind.Float;
                        break;
                    case JsonTokenType.True: token.Kind = JsonTokenKind.Boolean; token.Flag = true; break;
                    case JsonTokenType.False: token.Kind = JsonTokenKind.Boolean; break;
                    case JsonTokenType.Null: token.Kind = JsonTokenKind.Null; break;
                    default: token.Kind = JsonTokenKind.Other; break;
                }
            }
        }
        catch (JsonException e)
        {
            _pendingError = e;
        }
        _batchCount = count;
        _state = reader.CurrentState;
        _readOffset = origin + (int)reader.BytesConsumed;
        if (count > 0) return true;
        if (_pendingError is JsonException error) throw Malformed(error);
        return false; // the input ended exactly where the last batch did

    }

    /// <summary>A number the reader accepted has no fraction or exponent (a plain loop: numbers are short).</summary>
    private static bool IsInteger(ReadOnlySpan<byte> number)
    {
        foreach (byte b in number)
            if (b is (byte)'.' or (byte)'e' or (byte)'E') return false;
        return true;
    }

    private void Enter(bool isArray)
    {
        CountElement();
        if (_depth == _path.Length) Array.Resize(ref _path, _depth * 2);
        _path[_depth++] = new PathFrame { IsArray = isArray, Index = -1, NameLength = -1 };
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

    /// <summary>The current string or name as UTF-16 in a reused buffer (valid until the next call).</summary>
    private ReadOnlySpan<char> Chars() => Chars(_valueStart, _valueLength, _escaped);

    private ReadOnlySpan<char> Chars(int start, int length, bool escaped)
    {
        // Unescaped or decoded, the text never has more UTF-16 units than its UTF-8 bytes.
        if (_chars.Length < length)
        {
            if (_charsPooled) ArrayPool<char>.Shared.Return(_chars);
            _chars = ArrayPool<char>.Shared.Rent(length);
            _charsPooled = true;
        }
        if (!escaped) return _chars.AsSpan(0, Encoding.UTF8.GetChars(_input, start, length, _chars, 0));
        try
        {
            return _chars.AsSpan(0, Unescape(start, length, _chars));
        }
        catch (InvalidOperationException e)
        {
            // An escape that is no UTF-16 text, such as a lone surrogate "\ud800".
            throw Error("the string is not valid text: " + e.Message, e);
        }
    }

    /// <summary>
    /// Decodes an escaped string or name: its quoted text, already checked by the batch's reader, is a JSON document of
    /// its own, which a new reader reads and unescapes without the state of the reader that found it.
    /// </summary>
    private int Unescape(int valueStart, int valueLength, char[] destination)
    {
        var reader = new Utf8JsonReader(new ReadOnlySpan<byte>(_input, valueStart - 1, valueLength + 2), default(JsonReaderOptions));
        reader.Read();
        return reader.CopyString(destination);
    }

    private string ReadName()
    {
        if (_valueLength == 0) return "";
        if (!_escaped && _names.TryGetAscii(_input, _valueStart, _valueLength, out string ascii)) return ascii;
        return _names.Get(Chars());
    }

    public override string PropertyName => _propertyName ??= ReadName();

    public override string GetString() => _valueLength == 0 ? "" : Chars().ToString();

    public override ReadOnlySpan<char> GetStringChars() => Chars();

    public override string GetStringAsName() => ReadName();

    public override bool GetBoolean() => _boolean;

    public override bool TryGetInt64(out long value)
    {
        value = 0;
        if (_kind != JsonTokenKind.Integer) return false;
        var digits = Value;
        // The reader checked the grammar (an optional minus, then digits), so up to 18 digits cannot overflow.
        bool negative = digits[0] == (byte)'-';
        if (digits.Length - (negative ? 1 : 0) > 18) return Utf8Parser.TryParse(digits, out value, out int used) && used == _valueLength;
        long magnitude = 0;
        for (int i = negative ? 1 : 0; i < digits.Length; i++) magnitude = magnitude * 10 + (digits[i] - '0');
        value = negative ? -magnitude : magnitude;
        return true;
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

    /// <summary>Valid UTF-8 with no 4-byte sequence; ASCII, the common case, is settled first.</summary>
    private static bool IsBmpUtf8(ReadOnlySpan<byte> bytes)
    {
#if NET8_0_OR_GREATER
        if (System.Text.Ascii.IsValid(bytes)) return true;
        if (bytes.IndexOfAnyInRange((byte)0xF0, (byte)0xFF) >= 0) return false;
#else
        int any = 0;
        foreach (byte b in bytes) any |= b;
        if (any < 0x80) return true;
        foreach (byte b in bytes)
            if (b >= 0xF0) return false;
#endif
        return Utf8Text.IsValid(bytes);
    }
}
