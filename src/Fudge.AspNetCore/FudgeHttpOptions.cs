using Fudge.Json;
using Fudge.Xml;

namespace Fudge.AspNetCore;

/// <summary>
/// How Fudge bodies are read and written by the formatters, bindings and results of this package. Set them with
/// <see cref="FudgeServiceCollectionExtensions.AddFudge"/>.
/// </summary>
public sealed class FudgeHttpOptions
{
    /// <summary>
    /// Limits for request bodies, in every media type: <see cref="FudgeReaderOptions.MaxMessageSize"/> bounds one
    /// envelope (and a JSON or XML body, whose text is held while it is converted), <see cref="FudgeReaderOptions.MaxDepth"/>
    /// the levels read and <see cref="FudgeReaderOptions.MaxFieldCount"/> the fields decoded into a message (a typed
    /// body's skipped unknown fields are bounded by the size alone: nothing is built of them). Breaking one is answered
    /// with 413. The defaults are the library's (64 MiB, 64 levels, 1,000,000 fields); a public service usually wants a smaller size.
    /// </summary>
    public FudgeReaderOptions ReaderOptions { get; set; } = FudgeReaderOptions.Default;

    /// <summary>Options for the envelopes written (for example <see cref="FudgeWriterOptions.JavaCompatible"/>); null for the defaults.</summary>
    public FudgeWriterOptions? WriterOptions { get; set; }

    /// <summary>
    /// The JSON settings of <c>application/json</c> bodies (plain mode by default). <c>application/json; mode=lossless</c>
    /// uses the same settings in lossless mode. Their reader options are replaced by <see cref="ReaderOptions"/>.
    /// </summary>
    public FudgeJsonSettings JsonSettings { get; set; } = FudgeJsonSettings.Plain;

    /// <summary>The XML settings of <c>application/xml</c> bodies. Their reader options are replaced by <see cref="ReaderOptions"/>.</summary>
    public FudgeXmlSettings XmlSettings { get; set; } = new();
}
