using System;
using System.Linq;

namespace Fudge;

/// <summary>
/// The value of a variable-width field whose type id this reader does not know: the id and the payload bytes,
/// kept so that the field is written back exactly as it arrived (spec §11).
/// </summary>
public sealed class FudgeUnknownValue : IEquatable<FudgeUnknownValue>
{
    /// <summary>
    /// Payloads up to this long are held in <see cref="_small"/>, not an array: a hostile message of unknown fields of
    /// 4 to 8 bytes would otherwise cost an object and an array per field, over 8 bytes per byte it sends (issue 34).
    /// </summary>
    private const int MaxSmallBytes = sizeof(ulong);

    private readonly ulong _small; // a payload of up to MaxSmallBytes bytes, first byte lowest
    private readonly byte _smallLength;
    private readonly bool _isSmall;
    private byte[]? _bytes; // a longer payload; for a small one, made when Bytes is first read

    /// <summary>Creates an unknown value; the bytes are copied.</summary>
    public FudgeUnknownValue(byte typeId, ReadOnlySpan<byte> bytes)
    {
        TypeId = typeId;
        if (bytes.Length > MaxSmallBytes)
        {
            _bytes = bytes.ToArray();
            return;
        }
        _isSmall = true;
        _smallLength = (byte)bytes.Length;
        for (int i = 0; i < bytes.Length; i++) _small |= (ulong)bytes[i] << (8 * i);
    }

    /// <summary>The wire type id.</summary>
    public byte TypeId { get; }

    /// <summary>The payload bytes.</summary>
    public ReadOnlyMemory<byte> Bytes
    {
        get
        {
            if (_bytes is { } bytes) return bytes;
            if (_smallLength == 0) return Array.Empty<byte>();
            var made = new byte[_smallLength];
            CopySmallTo(made);
            // Threads reading at once all get the array the first of them stored.
            return System.Threading.Interlocked.CompareExchange(ref _bytes, made, null) ?? made;
        }
    }

    private void CopySmallTo(Span<byte> destination)
    {
        for (int i = 0; i < _smallLength; i++) destination[i] = (byte)(_small >> (8 * i));
    }

    /// <summary>Writes the field with this value: the payload as it arrived, without making an array for a small one.</summary>
    internal unsafe void Write(ref FudgeWriter writer, in FudgeFieldKey key, byte typeId)
    {
        if (!_isSmall)
        {
            writer.WriteRawField(key, typeId, _bytes!);
            return;
        }
        // A pointer, not a stackalloc'd span: the writer is a ref struct the compiler cannot prove keeps no span it is given.
        byte* payload = stackalloc byte[MaxSmallBytes];
        var span = new Span<byte>(payload, _smallLength);
        CopySmallTo(span);
        writer.WriteRawField(key, typeId, span);
    }

    /// <inheritdoc/>
    public bool Equals(FudgeUnknownValue? other)
    {
        if (other is null || TypeId != other.TypeId) return false;
        if (_isSmall && other._isSmall) return _smallLength == other._smallLength && _small == other._small;
        return _isSmall == other._isSmall && _bytes.AsSpan().SequenceEqual(other._bytes);
    }

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as FudgeUnknownValue);

    /// <inheritdoc/>
    public override int GetHashCode()
    {
        int hash = TypeId * 397;
        if (!_isSmall) return _bytes!.Aggregate(hash, (h, b) => h * 31 + b);
        for (int i = 0; i < _smallLength; i++) hash = hash * 31 + (byte)(_small >> (8 * i));
        return hash;
    }

    /// <summary>Readable and parseable: <c>type 200: 0a0b0c</c> (lower-case hex of the payload).</summary>
    public override string ToString()
    {
        if (!_isSmall) return $"type {TypeId}: {Hex.Encode(_bytes)}";
        Span<byte> payload = stackalloc byte[MaxSmallBytes];
        payload = payload.Slice(0, _smallLength);
        CopySmallTo(payload);
        return $"type {TypeId}: {Hex.Encode(payload)}";
    }

    /// <summary>Parses the form written by <see cref="ToString"/>.</summary>
    public static bool TryParse(string text, out FudgeUnknownValue? value)
    {
        value = null;
        if (!text.StartsWith("type ", StringComparison.Ordinal)) return false;
        int colon = text.IndexOf(':');
        if (colon < 0 || !byte.TryParse(text.Substring(5, colon - 5), System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var id)) return false;
        if (!Hex.TryDecode(text.Substring(colon + 1).Trim(), out var bytes)) return false;
        value = new FudgeUnknownValue(id, bytes);
        return true;
    }
}

/// <summary>Lower-case hexadecimal text of bytes.</summary>
public static class Hex
{
    /// <summary>Encodes bytes as lower-case hex.</summary>
    public static string Encode(ReadOnlySpan<byte> bytes)
    {
        const string digits = "0123456789abcdef";
        var chars = new char[bytes.Length * 2];
        for (int i = 0; i < bytes.Length; i++)
        {
            chars[2 * i] = digits[bytes[i] >> 4];
            chars[2 * i + 1] = digits[bytes[i] & 0xF];
        }
        return new string(chars);
    }

    /// <summary>Decodes hex (either case, no separators).</summary>
    public static bool TryDecode(string text, out byte[] bytes)
    {
        bytes = Array.Empty<byte>();
        if (text.Length % 2 != 0) return false;
        var result = new byte[text.Length / 2];
        for (int i = 0; i < result.Length; i++)
        {
            int hi = Digit(text[2 * i]), lo = Digit(text[2 * i + 1]);
            if (hi < 0 || lo < 0) return false;
            result[i] = (byte)(hi << 4 | lo);
        }
        bytes = result;
        return true;
    }

    private static int Digit(char c) => c switch
    {
        >= '0' and <= '9' => c - '0',
        >= 'a' and <= 'f' => c - 'a' + 10,
        >= 'A' and <= 'F' => c - 'A' + 10,
        _ => -1,
    };
}
