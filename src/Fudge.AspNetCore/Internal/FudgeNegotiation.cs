using System;
using System.Collections.Generic;
using Microsoft.Extensions.Primitives;
using Microsoft.Net.Http.Headers;

namespace Fudge.AspNetCore.Internal;

/// <summary>
/// Maps Content-Type and Accept headers to <see cref="FudgeBodyFormat"/>s, for the minimal-API bindings and results
/// (MVC negotiates by itself, over the formatters' supported media types, which are the same list).
/// </summary>
internal static class FudgeNegotiation
{
    /// <summary>The media-type parameter that asks for lossless JSON: <c>application/json; mode=lossless</c>.</summary>
    public const string ModeParameter = "mode";

    /// <summary>Its value.</summary>
    public const string Lossless = "lossless";

    /// <summary>Every media type a body may be read from or written in, the default first.</summary>
    public static readonly string[] MediaTypes =
    {
        FudgeMediaTypes.Fudge, FudgeMediaTypes.FudgeLegacy, "application/json", "application/xml", "text/xml",
    };

    /// <summary>The media types a stream of values may be written in: Fudge and JSON (an array); XML has no stream form here.</summary>
    public static readonly string[] StreamMediaTypes = { FudgeMediaTypes.Fudge, FudgeMediaTypes.FudgeLegacy, "application/json" };

    /// <summary>The format of a request body; null when its media type is none of ours (415).</summary>
    public static FudgeBodyFormat? ForContentType(string? contentType)
    {
        if (string.IsNullOrEmpty(contentType) || !MediaTypeHeaderValue.TryParse(contentType, out var mediaType)) return null;
        return Match(mediaType, stream: false, wildcards: false);
    }

    /// <summary>
    /// The format to answer in: the acceptable one of highest quality (the earliest among equals), Fudge when the
    /// request has no Accept header; null when nothing acceptable can be written (406).
    /// </summary>
    public static FudgeBodyFormat? ForAccept(StringValues accept, bool stream)
    {
        if (StringValues.IsNullOrEmpty(accept)) return FudgeBodyFormat.Fudge;
        if (!MediaTypeHeaderValue.TryParseList(accept, out var values) || values.Count == 0) return FudgeBodyFormat.Fudge;
        FudgeBodyFormat? best = null;
        double bestQuality = 0;
        foreach (var value in values)
        {
            double quality = value.Quality ?? 1.0;
            if (quality <= bestQuality) continue;
            if (Match(value, stream, wildcards: true) is { } format)
            {
                best = format;
                bestQuality = quality;
            }
        }
        return best;
    }

    /// <summary>The Content-Type header of a response in <paramref name="format"/>.</summary>
    public static string ContentTypeOf(FudgeBodyFormat format) => format switch
    {
        FudgeBodyFormat.FudgeLegacy => FudgeMediaTypes.FudgeLegacy,
        FudgeBodyFormat.Json => "application/json; charset=utf-8",
        FudgeBodyFormat.JsonLossless => "application/json; charset=utf-8; mode=lossless",
        FudgeBodyFormat.Xml => "application/xml; charset=utf-8",
        _ => FudgeMediaTypes.Fudge,
    };

    private static FudgeBodyFormat? Match(MediaTypeHeaderValue value, bool stream, bool wildcards)
    {
        var type = value.MediaType;
        if (wildcards && (Is(type, "*/*") || Is(type, "application/*"))) return FudgeBodyFormat.Fudge;
        if (Is(type, FudgeMediaTypes.Fudge)) return FudgeBodyFormat.Fudge;
        if (Is(type, FudgeMediaTypes.FudgeLegacy)) return FudgeBodyFormat.FudgeLegacy;
        if (Is(type, "application/json")) return IsLossless(value.Parameters) ? FudgeBodyFormat.JsonLossless : FudgeBodyFormat.Json;
        if (!stream && (Is(type, "application/xml") || Is(type, "text/xml"))) return FudgeBodyFormat.Xml;
        return null;
    }

    private static bool IsLossless(IList<NameValueHeaderValue> parameters)
    {
        foreach (var parameter in parameters)
            if (parameter.Name.Equals(ModeParameter, StringComparison.OrdinalIgnoreCase))
                return HeaderUtilities.RemoveQuotes(parameter.Value).Equals(Lossless, StringComparison.OrdinalIgnoreCase);
        return false;
    }

    private static bool Is(StringSegment type, string expected) => type.Equals(expected, StringComparison.OrdinalIgnoreCase);
}
