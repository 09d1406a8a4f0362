namespace Fudge.Xml;

/// <summary>When the XML writer adds a <c>type</c> attribute to a field element.</summary>
public enum FudgeXmlTypeAttributes
{
    /// <summary>
    /// On every field, so that XML to Fudge restores exact wire types (the lossless default). Names and strings that are
    /// Fudge-Java's CESU-8 on the wire are marked too (<c>nameEncoding</c>/<c>encoding="cesu-8"</c>), so they come back
    /// as CESU-8.
    /// </summary>
    Always,

    /// <summary>
    /// Only where the text alone would be read back as something else (as Fudge-Java writes): never for indicator,
    /// boolean, integers, float, double, string and message; always for arrays, byte[N], dates, times and unknown types.
    /// Text that is CESU-8 on the wire is not marked: it comes back in the encoding <see cref="FudgeXmlSettings.WriterOptions"/> says.
    /// </summary>
    WhenNeeded,
}

/// <summary>Options of the Fudge/XML conversions. Do not change an instance once conversions use it.</summary>
public sealed class FudgeXmlSettings
{
    /// <summary>Name of the root element written (default <c>fudgeEnvelope</c>); any root name is accepted on read.</summary>
    public string RootElementName { get; set; } = "fudgeEnvelope";

    /// <summary>Which fields get a <c>type</c> attribute (default <see cref="FudgeXmlTypeAttributes.Always"/>).</summary>
    public FudgeXmlTypeAttributes TypeAttributes { get; set; } = FudgeXmlTypeAttributes.Always;

    /// <summary>
    /// Write the envelope header as the root attributes <c>processingDirectives</c>, <c>schemaVersion</c> and
    /// <c>taxonomy</c> when they are not 0 (default true). They are always read.
    /// </summary>
    public bool EnvelopeAttributes { get; set; } = true;

    /// <summary>
    /// Name the elements of ordinal-only fields after the taxonomy (found through <see cref="ReaderOptions"/>' resolver)
    /// instead of <c>fudgeFieldN</c>, as spec §15 describes; the <c>ordinal</c> attribute is still written. Default false:
    /// reading such XML back gives fields with both a name and an ordinal, so it is not a lossless round trip.
    /// </summary>
    public bool TaxonomyNames { get; set; }

    /// <summary>Limits for the Fudge side (nesting depth, message size).</summary>
    public FudgeReaderOptions? ReaderOptions { get; set; }

    /// <summary>
    /// XML to Fudge: how names and strings are encoded (<see cref="FudgeWriterOptions.JavaCompatible"/> when Fudge-Java
    /// will read the result); standard UTF-8 when null. Text marked <c>cesu-8</c> (and base64 holding CESU-8 pairs) is
    /// written as CESU-8 whatever this says.
    /// </summary>
    public FudgeWriterOptions? WriterOptions { get; set; }
}
