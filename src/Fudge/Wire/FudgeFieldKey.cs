using System;
using System.Text;

namespace Fudge;

/// <summary>
/// How a field is identified on the wire: an optional name, an optional 16-bit ordinal, both, or neither (anonymous).
/// Create keys once and reuse them: <see cref="Create(string?, short?)"/> pre-encodes the name as UTF-8 so that
/// writing the field copies bytes instead of transcoding.
/// </summary>
public readonly struct FudgeFieldKey : IEquatable<FudgeFieldKey>
{
    // The name as a header holds it, its length byte then its UTF-8 bytes, zero-padded to a multiple of 16 bytes so
    // that a writer with room copies a short name in two 8-byte moves.
    private readonly byte[]? _nameBlock;
    private readonly short _ordinal;
    private readonly bool _hasOrdinal;

    private FudgeFieldKey(string? name, byte[]? utf8Name, short? ordinal)
    {
        Name = name;
        _nameBlock = utf8Name is null ? null : NameBlockOf(utf8Name);
        _ordinal = ordinal.GetValueOrDefault();
        _hasOrdinal = ordinal.HasValue;
    }

    /// <summary>A key with neither name nor ordinal.</summary>
    public static FudgeFieldKey Anonymous => default;

    /// <summary>
    /// A key with a name and/or an ordinal. The name is encoded once here; it must be at most 255 UTF-8 bytes. A name
    /// with characters outside the Basic Multilingual Plane is the exception: it is encoded by each writer, in UTF-8 or
    /// in Fudge-Java's CESU-8 as the writer's <see cref="FudgeWriterOptions"/> say.
    /// </summary>
    /// <exception cref="ArgumentException">The name is longer than 255 UTF-8 bytes.</exception>
    public static FudgeFieldKey Create(string? name, short? ordinal = null)
    {
        if (name is null) return new FudgeFieldKey(null, null, ordinal);
        var bytes = Encoding.UTF8.GetBytes(name);
        if (bytes.Length > 255)
            throw new ArgumentException($"A Fudge field name is at most 255 UTF-8 bytes; '{Truncate(name)}' has {bytes.Length}.", nameof(name));
        // A name outside the Basic Multilingual Plane has two encodings (UTF-8, or CESU-8 for Fudge-Java), chosen by
        // the writer's options: such a name is not pre-encoded, so each writer transcodes it its own way.
        return new FudgeFieldKey(name, JavaCesu8.HasSurrogates(name.AsSpan()) ? null : bytes, ordinal);
    }

    /// <summary>
    /// A key whose name is encoded once here in the given form, which every writer then copies whatever its own
    /// <see cref="FudgeWriterOptions"/>: for reproducing the bytes of a message exactly, such as a name Fudge-Java wrote
    /// in CESU-8 in a message otherwise written in standard UTF-8. The two forms differ only for characters outside the
    /// Basic Multilingual Plane.
    /// </summary>
    /// <exception cref="ArgumentException">The encoded name is longer than 255 bytes, or it holds an unpaired surrogate.</exception>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="encoding"/> is not a defined encoding.</exception>
    public static FudgeFieldKey Create(string? name, short? ordinal, FudgeStringEncoding encoding)
    {
        if (encoding is not (FudgeStringEncoding.Utf8 or FudgeStringEncoding.JavaCesu8)) throw new ArgumentOutOfRangeException(nameof(encoding));
        if (name is null) return new FudgeFieldKey(null, null, ordinal);
        byte[] bytes;
        if (JavaCesu8.HasSurrogates(name.AsSpan()))
        {
            int javaLength = JavaCesu8.GetByteCount(name.AsSpan()); // refuses an unpaired surrogate, in either encoding
            if (encoding == FudgeStringEncoding.JavaCesu8)
            {
                bytes = new byte[javaLength];
                JavaCesu8.Encode(name.AsSpan(), bytes);
            }
            else
            {
                bytes = Encoding.UTF8.GetBytes(name);
            }
        }
        else
        {
            bytes = Encoding.UTF8.GetBytes(name);
        }
        if (bytes.Length > 255)
            throw new ArgumentException($"A Fudge field name is at most 255 bytes; '{Truncate(name)}' has {bytes.Length} in {encoding}.", nameof(name));
        return new FudgeFieldKey(name, bytes, ordinal);
    }

    /// <summary>
    /// A key with a name and/or an ordinal whose name is not pre-encoded: the writer transcodes it into the output
    /// each time. Cheaper than <see cref="Create(string?, short?)"/> for a key used once.
    /// </summary>
    public static FudgeFieldKey Of(string? name, short? ordinal = null) => new(name, null, ordinal);

    /// <summary>A key with only an ordinal.</summary>
    public static FudgeFieldKey FromOrdinal(short ordinal) => new(null, null, ordinal);

    /// <summary>
    /// A key with only a name. Unlike <see cref="Create(string?, short?)"/> the name is not pre-encoded: the writer
    /// transcodes it straight into the output each time, which allocates nothing but costs a little per field.
    /// </summary>
    public static implicit operator FudgeFieldKey(string? name) => new(name, null, null);

    /// <summary>A key with only an ordinal.</summary>
    public static implicit operator FudgeFieldKey(short ordinal) => FromOrdinal(ordinal);

    /// <summary>The field name, or null when the field has none.</summary>
    public string? Name { get; }

    /// <summary>
    /// The pre-encoded name as a field header holds it (a length byte, then the UTF-8 bytes), zero-padded to a multiple
    /// of 16 bytes; null when the name was not pre-encoded or is absent.
    /// </summary>
    internal byte[]? NameBlock => _nameBlock;

    private static byte[] NameBlockOf(byte[] utf8Name)
    {
        var block = new byte[(utf8Name.Length + 16) & ~15];
        block[0] = (byte)utf8Name.Length;
        utf8Name.CopyTo(block, 1);
        return block;
    }

    /// <summary>True when the key carries a name (possibly the empty name).</summary>
    public bool HasName => Name is not null;

    /// <summary>True when the key carries an ordinal.</summary>
    public bool HasOrdinal => _hasOrdinal;

    /// <summary>The ordinal, or null.</summary>
    public short? Ordinal => _hasOrdinal ? _ordinal : null;

    internal short OrdinalValue => _ordinal;

    /// <inheritdoc/>
    public bool Equals(FudgeFieldKey other) => Name == other.Name && _hasOrdinal == other._hasOrdinal && _ordinal == other._ordinal;

    /// <inheritdoc/>
    public override bool Equals(object? obj) => obj is FudgeFieldKey other && Equals(other);

    /// <inheritdoc/>
    public override int GetHashCode() => (Name?.GetHashCode() ?? 0) * 31 + (_hasOrdinal ? _ordinal + 1 : 0);

    /// <inheritdoc/>
    public override string ToString() => (Name, _hasOrdinal) switch
    {
        (null, false) => "(anonymous)",
        (null, true) => "#" + _ordinal,
        (_, false) => Name!,
        _ => Name + "#" + _ordinal,
    };

    private static string Truncate(string s) => s.Length <= 32 ? s : s.Substring(0, 32) + "...";
}
