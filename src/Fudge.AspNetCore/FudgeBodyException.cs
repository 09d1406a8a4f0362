using System;
using Fudge.Json;
using Fudge.Xml;
using Microsoft.AspNetCore.Http;

namespace Fudge.AspNetCore;

/// <summary>
/// A request body this package refused: malformed (400), over a limit of <see cref="FudgeHttpOptions.ReaderOptions"/>
/// (413) or in a media type it does not read (415). It is a <see cref="BadHttpRequestException"/>, so ASP.NET Core's
/// own exception handling keeps its status code; the problem-details middleware that
/// <see cref="FudgeServiceCollectionExtensions.AddFudge"/> installs answers it as RFC 9457 problem details naming
/// where the problem is.
/// </summary>
public sealed class FudgeBodyException : BadHttpRequestException
{
    /// <summary>Creates the exception.</summary>
    /// <param name="statusCode">400, 413 or 415.</param>
    /// <param name="reason">What is wrong, without the position.</param>
    /// <param name="offset">Byte offset in the body (Fudge bodies), if known.</param>
    /// <param name="lineNumber">1-based line (JSON and XML bodies), if known.</param>
    /// <param name="linePosition">Position within the line, if known.</param>
    /// <param name="innerException">The error found by the reader.</param>
    public FudgeBodyException(int statusCode, string reason, long? offset = null, int? lineNumber = null, int? linePosition = null, Exception? innerException = null)
        : base(Describe(reason, offset, lineNumber, linePosition), statusCode, innerException!)
    {
        Reason = reason;
        Offset = offset;
        LineNumber = lineNumber;
        LinePosition = linePosition;
    }

    /// <summary>What is wrong, without the position.</summary>
    public string Reason { get; }

    /// <summary>Byte offset of the problem from the start of a Fudge body; null for text bodies or when unknown.</summary>
    public long? Offset { get; }

    /// <summary>1-based line of the problem in a JSON or XML body.</summary>
    public int? LineNumber { get; }

    /// <summary>Position of the problem within <see cref="LineNumber"/>.</summary>
    public int? LinePosition { get; }

    /// <summary>The JSON path of the token where the problem is (<c>Venues[2]</c>), for JSON bodies; null otherwise.</summary>
    public string? Path { get; private init; }

    internal static FudgeBodyException From(FudgeFormatException e)
        => new(Status(e.IsLimitExceeded), e.Reason, e.Offset, innerException: e);

    internal static FudgeBodyException From(FudgeJsonException e)
        => new(Status(e.IsLimitExceeded), e.Reason, null, e.LineNumber, e.LinePosition, e) { Path = string.IsNullOrEmpty(e.Path) ? null : e.Path };

    internal static FudgeBodyException From(FudgeXmlException e)
        => new(Status(e.IsLimitExceeded), e.Reason, null, e.LineNumber, e.LinePosition, e);

    internal static FudgeBodyException TooLarge(long size, int limit)
        => new(StatusCodes.Status413PayloadTooLarge, $"the body holds {size} bytes or more, more than the limit of {limit} (FudgeReaderOptions.MaxMessageSize)", 0);

    /// <summary>Over a limit of the reader (the exceptions' typed marker) is 413; anything else the body holds is 400.</summary>
    private static int Status(bool overLimit) => overLimit ? StatusCodes.Status413PayloadTooLarge : StatusCodes.Status400BadRequest;

    private static string Describe(string reason, long? offset, int? line, int? position)
        => offset is long at ? $"at byte offset {at}: {reason}"
            : line is int l ? $"at line {l}, position {position ?? 0}: {reason}"
            : reason;
}
