using System;

namespace Fudge;

/// <summary>
/// The media types (MIME types) of Fudge data, shared by every transport package (HTTP, RabbitMQ) so they name the
/// same bytes the same way.
/// </summary>
/// <remarks>
/// <see cref="Fudge"/> (<c>application/vnd.fudgemsg</c>) is what this library writes: it is a vendor-tree name as
/// RFC 6838 asks for, and the one Fudge's largest user served over REST. <see cref="FudgeLegacy"/>
/// (<c>application/x-fudge</c>) is read as the same thing, because earlier releases of <c>Fudge.RabbitMQ</c> published
/// it and RFC 6648 only deprecates <c>x-</c> names for new protocols: receivers must go on accepting what was sent.
/// </remarks>
public static class FudgeMediaTypes
{
    /// <summary><c>application/vnd.fudgemsg</c>: one or more Fudge envelopes, back to back. The type this library writes.</summary>
    public const string Fudge = "application/vnd.fudgemsg";

    /// <summary><c>application/x-fudge</c>: the same bytes under the name earlier <c>Fudge.RabbitMQ</c> releases published; read, never written.</summary>
    public const string FudgeLegacy = "application/x-fudge";

    /// <summary>
    /// True when <paramref name="mediaType"/> (parameters, if any, after a <c>;</c>, are ignored) names Fudge data
    /// under either name, compared without regard to case as RFC 9110 says media types are.
    /// </summary>
    public static bool IsFudge(string? mediaType)
    {
        if (mediaType is null) return false;
        int semicolon = mediaType.IndexOf(';');
        string bare = (semicolon < 0 ? mediaType : mediaType.Substring(0, semicolon)).Trim();
        return string.Equals(bare, Fudge, StringComparison.OrdinalIgnoreCase)
            || string.Equals(bare, FudgeLegacy, StringComparison.OrdinalIgnoreCase);
    }
}
