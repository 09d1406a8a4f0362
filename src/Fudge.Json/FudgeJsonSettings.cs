namespace Fudge.Json;

/// <summary>Which JSON form a conversion writes or expects.</summary>
public enum FudgeJsonMode
{
    /// <summary>
    /// The spec's mapping (§14): one JSON member per field keyed by name or ordinal, natural JSON values. What a
    /// JavaScript client wants; types, ordinals behind names, and repeat order across keys are not kept.
    /// </summary>
    Plain,

    /// <summary>
    /// Every field is an object <c>{"name":..,"ordinal":..,"type":..,"value":..}</c> in a <c>fields</c> array, so
    /// Fudge to JSON to Fudge returns the same bytes.
    /// </summary>
    Lossless,
}

/// <summary>Which identifier becomes the JSON key of a field in plain mode.</summary>
public enum FudgeJsonKeyPreference
{
    /// <summary>The name (including one restored from a taxonomy), else the ordinal as decimal text, else <c>""</c>.</summary>
    NameFirst,

    /// <summary>The ordinal as decimal text, else the name, else <c>""</c>.</summary>
    OrdinalFirst,
}

/// <summary>How plain mode writes fields whose key occurs more than once in a message.</summary>
public enum FudgeJsonRepeatedFields
{
    /// <summary>One member whose value is a JSON array of every value, in order, at the position of the first.</summary>
    CollapseToArray,

    /// <summary>One member per field, so the key repeats (valid JSON, but many parsers keep only one of them).</summary>
    RepeatKeys,
}

/// <summary>What plain mode makes of a JSON array whose elements are all numbers.</summary>
public enum FudgeJsonNumberArrays
{
    /// <summary>
    /// One primitive array field: <c>int[]</c> when every element is an integer in int32 range, else <c>long[]</c> when
    /// every element is an integer, else <c>double[]</c> (the choice Fudge-Java's reader makes).
    /// </summary>
    PrimitiveArray,

    /// <summary>One field per element, with the same key (what Fudge-CSharp's reader does with every array).</summary>
    RepeatedFields,
}

/// <summary>How plain mode writes byte arrays (types 6 and 17..25).</summary>
public enum FudgeJsonByteArrays
{
    /// <summary>An array of signed 8-bit numbers, as the spec says (<c>[1,-1,-128]</c>).</summary>
    SignedNumbers,

    /// <summary>
    /// A base64 string, as JSON serializers usually write binary data (far shorter for large arrays). Plain mode reads
    /// strings back as strings, so the bytes do not come back as a byte array.
    /// </summary>
    Base64,
}

/// <summary>Options of the Fudge/JSON conversions. Do not change an instance once conversions use it; share it freely.</summary>
public sealed class FudgeJsonSettings
{
    /// <summary>A new plain-mode instance with the defaults listed on each property.</summary>
    public static FudgeJsonSettings Plain => new();

    /// <summary>A new lossless-mode instance.</summary>
    public static FudgeJsonSettings Lossless => new() { Mode = FudgeJsonMode.Lossless };

    /// <summary>Plain (default) or lossless.</summary>
    public FudgeJsonMode Mode { get; set; } = FudgeJsonMode.Plain;

    /// <summary>Plain mode: name or ordinal first when a field has both (default names).</summary>
    public FudgeJsonKeyPreference KeyPreference { get; set; } = FudgeJsonKeyPreference.NameFirst;

    /// <summary>
    /// Write the envelope header as the members <c>fudgeProcessingDirectives</c>, <c>fudgeSchemaVersion</c> and
    /// <c>fudgeTaxonomy</c> when they are not 0, and read them back from the top-level object (default true). When
    /// false, such members are ordinary fields on read. Lossless mode always writes non-zero header values.
    /// </summary>
    public bool EnvelopeAttributes { get; set; } = true;

    /// <summary>Plain mode: repeated fields as one JSON array (default) or as repeated keys.</summary>
    public FudgeJsonRepeatedFields RepeatedFields { get; set; } = FudgeJsonRepeatedFields.CollapseToArray;

    /// <summary>Plain mode, writing: byte arrays as signed numbers (default, the spec's form) or base64 strings.</summary>
    public FudgeJsonByteArrays ByteArrays { get; set; } = FudgeJsonByteArrays.SignedNumbers;

    /// <summary>Plain mode, reading: arrays of numbers become primitive arrays (default) or repeated fields.</summary>
    public FudgeJsonNumberArrays NumberArrays { get; set; } = FudgeJsonNumberArrays.PrimitiveArray;

    /// <summary>
    /// Plain mode, reading: a key that is a signed decimal integer in -32768..32767 (written without leading zeros or
    /// plus sign) becomes an ordinal (default true); otherwise every non-empty key is a name.
    /// </summary>
    public bool NumericKeysAsOrdinals { get; set; } = true;

    /// <summary>Limits for the Fudge side (nesting depth, message size, the taxonomy resolver used for names).</summary>
    public FudgeReaderOptions? ReaderOptions { get; set; }

    /// <summary>
    /// JSON to Fudge: how names and strings are encoded (<see cref="FudgeWriterOptions.JavaCompatible"/> when Fudge-Java
    /// will read the result); standard UTF-8 when null. Lossless JSON marks text that was Fudge-Java's CESU-8 on the
    /// wire (<c>"nameEncoding"</c>/<c>"encoding": "cesu-8"</c>); marked text is written as CESU-8 whatever this says.
    /// </summary>
    public FudgeWriterOptions? WriterOptions { get; set; }

    internal bool IsLossless => Mode == FudgeJsonMode.Lossless;

    /// <summary>
    /// Plain mode with collapsed repeats, writing: the fields keyed by the empty name (a list's elements, the anonymous
    /// fields of a sub-message) always as one JSON array, also when there is one of them, where the shared plain form
    /// writes a lone field as its value. The PostgreSQL store's own jsonb layout (a list is then always an array, so a
    /// containment test of one element is exact); not public: read back, such an array of numbers would be a primitive
    /// array.
    /// </summary>
    internal bool ListsAsArrays { get; set; }

    /// <summary>
    /// Plain mode only: numbers are finite both ways, as in JSON itself (RFC 8259 section 6) and System.Text.Json's
    /// default (<c>JsonNumberHandling.Strict</c>). A number outside the double range (<c>1e400</c>) is refused where it
    /// stands instead of becoming an infinity, and a NaN or infinity is refused (<see cref="NonFiniteNumberException"/>)
    /// instead of being written as the string <c>"NaN"</c> or <c>"Infinity"</c>, which would not read back as a
    /// number. Lossless mode carries them exactly whatever this says. Set by the HTTP packages for <c>application/json</c>.
    /// </summary>
    internal bool FiniteNumbersOnly { get; set; }

    /// <summary>A copy with other reader options.</summary>
    internal FudgeJsonSettings WithReaderOptions(FudgeReaderOptions? options)
    {
        var copy = (FudgeJsonSettings)MemberwiseClone();
        copy.ReaderOptions = options;
        return copy;
    }
}
