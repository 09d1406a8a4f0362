namespace Fudge.Bson;

/// <summary>Options of the Fudge ⇄ BSON conversions.</summary>
public sealed class FudgeBsonSettings
{
    /// <summary>Plain mode with the default limits.</summary>
    public static FudgeBsonSettings Plain { get; } = new();

    /// <summary>Lossless mode with the default limits.</summary>
    public static FudgeBsonSettings Lossless { get; } = new() { Mode = FudgeBsonMode.Lossless };

    /// <summary>Layout of the BSON document; <see cref="FudgeBsonMode.Plain"/> by default.</summary>
    public FudgeBsonMode Mode { get; init; } = FudgeBsonMode.Plain;

    /// <summary>
    /// Plain, reading: a key that is the canonical text of a 16-bit integer (<c>"5"</c>, <c>"-7"</c>, not <c>"05"</c>)
    /// becomes an ordinal, as it was written for an ordinal-only field. Default true.
    /// </summary>
    public bool NumericKeysAsOrdinals { get; init; } = true;

    /// <summary>
    /// Limits applied both ways: <see cref="FudgeReaderOptions.MaxDepth"/> bounds sub-message nesting in Fudge and
    /// document nesting in BSON, <see cref="FudgeReaderOptions.MaxMessageSize"/> the size of the input.
    /// </summary>
    public FudgeReaderOptions ReaderOptions { get; init; } = FudgeReaderOptions.Default;
}
