using System;

namespace Fudge;

/// <summary>Limits and services for reading Fudge data. The defaults are safe for untrusted input.</summary>
public sealed class FudgeReaderOptions
{
    /// <summary>The options used when none are given.</summary>
    public static FudgeReaderOptions Default { get; } = new();

    private int _maxDepth = 64;
    private int _maxMessageSize = 64 * 1024 * 1024;
    private int _maxFieldCount = 1_000_000;

    /// <summary>
    /// Deepest sub-message nesting accepted (the top-level message is depth 0). Default 64. Deeper data raises
    /// <see cref="FudgeFormatException"/> instead of exhausting the stack.
    /// </summary>
    public int MaxDepth
    {
        get => _maxDepth;
        set => _maxDepth = value >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(value));
    }

    /// <summary>
    /// Largest envelope accepted, in bytes. Default 64 MiB. Stream readers never allocate more than this for one
    /// message, whatever size the envelope header declares.
    /// </summary>
    public int MaxMessageSize
    {
        get => _maxMessageSize;
        set => _maxMessageSize = value >= FudgeEnvelopeHeader.Size ? value : throw new ArgumentOutOfRangeException(nameof(value));
    }

    /// <summary>
    /// Most fields, counted at every depth, that one envelope may hold on the paths that turn them into objects or
    /// text: <see cref="FudgeEnvelope.Parse(ReadOnlySpan{byte}, FudgeReaderOptions?)"/> and the stream and pipe
    /// readers, the unknown fields an extensible type keeps, conversion to JSON or XML, and XML read into a message
    /// (<see cref="Xml.FudgeXml.ToEnvelope(string, Xml.FudgeXmlSettings?)"/>, counted element by element). Default 1,000,000. A field
    /// can be 2 bytes on the wire but costs tens of bytes as an object, so the size limit alone would let one
    /// envelope of tiny fields cost gigabytes. More fields raise <see cref="FudgeFormatException"/> before they are
    /// built. <see cref="FudgeReader"/> itself allocates nothing per field and does not count.
    /// </summary>
    public int MaxFieldCount
    {
        get => _maxFieldCount;
        set => _maxFieldCount = value >= 0 ? value : throw new ArgumentOutOfRangeException(nameof(value));
    }

    /// <summary>Finds the taxonomy named by an envelope's taxonomy id, to restore names of ordinal-only fields. Optional.</summary>
    public IFudgeTaxonomyResolver? TaxonomyResolver { get; set; }
}
