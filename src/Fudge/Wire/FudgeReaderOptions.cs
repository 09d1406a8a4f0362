using System;

namespace Fudge;

/// <summary>Limits and services for reading Fudge data. The defaults are safe for untrusted input.</summary>
public sealed class FudgeReaderOptions
{
    /// <summary>The options used when none are given.</summary>
    public static FudgeReaderOptions Default { get; } = new();

    private int _maxDepth = 64;
    private int _maxMessageSize = 64 * 1024 * 1024;

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

    /// <summary>Finds the taxonomy named by an envelope's taxonomy id, to restore names of ordinal-only fields. Optional.</summary>
    public IFudgeTaxonomyResolver? TaxonomyResolver { get; set; }
}
