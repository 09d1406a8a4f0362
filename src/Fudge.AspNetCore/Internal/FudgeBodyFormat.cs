namespace Fudge.AspNetCore.Internal;

/// <summary>The renderings of one Fudge value an HTTP body can carry.</summary>
internal enum FudgeBodyFormat
{
    /// <summary>Binary envelopes, <c>application/vnd.fudgemsg</c>.</summary>
    Fudge,

    /// <summary>Binary envelopes under the older name, <c>application/x-fudge</c> (answered under the name asked for).</summary>
    FudgeLegacy,

    /// <summary>This library's plain JSON (what a JavaScript client wants).</summary>
    Json,

    /// <summary>This library's lossless JSON (<c>application/json; mode=lossless</c>): reads back to the same bytes.</summary>
    JsonLossless,

    /// <summary>The core's XML rendering.</summary>
    Xml,
}
