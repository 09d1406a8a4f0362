using System;

namespace Fudge;

/// <summary>How a writer encodes names and strings.</summary>
public enum FudgeStringEncoding
{
    /// <summary>Standard UTF-8, as the spec says (the default): U+1F600 is <c>F0 9F 98 80</c>.</summary>
    Utf8,

    /// <summary>
    /// What Fudge-Java 0.3 writes and can read: a character outside the Basic Multilingual Plane becomes its two UTF-16
    /// surrogates, three bytes each (CESU-8): U+1F600 is <c>ED A0 BD ED B8 80</c>. Everything else is the same bytes
    /// as <see cref="Utf8"/>. Fudge-Java misreads 4-byte UTF-8 (U+1F600 arrives as U+F600), so use this when a Java
    /// reader may receive such characters.
    /// </summary>
    JavaCesu8,
}

/// <summary>Choices for writing Fudge data. The defaults write exactly what the spec says.</summary>
public sealed class FudgeWriterOptions
{
    private FudgeStringEncoding _stringEncoding;

    /// <summary>The options used when none are given: standard UTF-8.</summary>
    public static FudgeWriterOptions Default { get; } = new();

    /// <summary>Options for data that Fudge-Java will read: names and strings in <see cref="FudgeStringEncoding.JavaCesu8"/>.</summary>
    public static FudgeWriterOptions JavaCompatible { get; } = new() { StringEncoding = FudgeStringEncoding.JavaCesu8 };

    /// <summary>How names and string values are encoded (default <see cref="FudgeStringEncoding.Utf8"/>).</summary>
    /// <exception cref="ArgumentOutOfRangeException">Not a defined encoding.</exception>
    /// <exception cref="InvalidOperationException">Set on <see cref="Default"/> or <see cref="JavaCompatible"/>, which are shared.</exception>
    public FudgeStringEncoding StringEncoding
    {
        get => _stringEncoding;
        set
        {
            if (ReferenceEquals(this, Default) || ReferenceEquals(this, JavaCompatible))
                throw new InvalidOperationException("The shared FudgeWriterOptions instances cannot be changed; create a new one.");
            _stringEncoding = value is FudgeStringEncoding.Utf8 or FudgeStringEncoding.JavaCesu8 ? value : throw new ArgumentOutOfRangeException(nameof(value));
        }
    }
}
