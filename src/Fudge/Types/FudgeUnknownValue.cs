using System;
using System.Linq;

namespace Fudge;

/// <summary>
/// The value of a variable-width field whose type id this reader does not know: the id and the payload bytes,
/// kept so that the field is written back exactly as it arrived (spec §11).
/// </summary>
public sealed class FudgeUnknownValue : IEquatable<FudgeUnknownValue>
{
    private readonly byte[] _bytes;

    /// <summary>Creates an unknown value; the bytes are copied.</summary>
    public FudgeUnknownValue(byte typeId, ReadOnlySpan<byte> bytes)
    {
        TypeId = typeId;
        _bytes = bytes.ToArray();
    }

    /// <summary>The wire type id.</summary>
    public byte TypeId { get; }

    /// <summary>The payload bytes.</summary>
    public ReadOnlyMemory<byte> Bytes => _bytes;

    /// <inheritdoc/>
    public bool Equals(FudgeUnknownValue? other) => other is not null && TypeId == other.TypeId && _bytes.AsSpan().SequenceEqual(other._bytes);

    /// <inheritdoc/>
    public override bool Equals(object? obj) => Equals(obj as FudgeUnknownValue);

    /// <inheritdoc/>
    public override int GetHashCode() => _bytes.Aggregate(TypeId * 397, (h, b) => h * 31 + b);

    /// <summary>Readable and parseable: <c>type 200: 0a0b0c</c> (lower-case hex of the payload).</summary>
    public override string ToString() => $"type {TypeId}: {Hex.Encode(_bytes)}";

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
