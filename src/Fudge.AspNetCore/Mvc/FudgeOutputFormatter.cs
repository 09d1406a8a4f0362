using System;
using System.Threading.Tasks;
using Fudge.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Net.Http.Headers;

namespace Fudge.AspNetCore.Mvc;

/// <summary>
/// Writes results of <c>[FudgeMessage]</c> types, <see cref="FudgeMsg"/>, <see cref="FudgeEnvelope"/> and
/// <see cref="System.Collections.Generic.IAsyncEnumerable{T}"/> of them in the media type MVC negotiated from the
/// Accept header: <c>application/vnd.fudgemsg</c> (also for <c>*/*</c>), <c>application/x-fudge</c>, this library's
/// JSON (<c>application/json</c>, <c>; mode=lossless</c>) or XML. A stream is sent as its values come (envelopes back
/// to back, or a JSON array); XML has no stream form. Other types are left to the other formatters.
/// </summary>
public sealed class FudgeOutputFormatter : OutputFormatter
{
    /// <summary>Creates the formatter with every Fudge media type, <c>application/vnd.fudgemsg</c> first.</summary>
    public FudgeOutputFormatter()
    {
        foreach (var mediaType in FudgeNegotiation.MediaTypes) SupportedMediaTypes.Add(MediaTypeHeaderValue.Parse(mediaType));
        // MVC matches an Accept value with parameters only to a supported type that has them: name lossless JSON too.
        SupportedMediaTypes.Insert(3, MediaTypeHeaderValue.Parse($"application/json; {FudgeNegotiation.ModeParameter}={FudgeNegotiation.Lossless}"));
    }

    /// <inheritdoc />
    protected override bool CanWriteType(Type? type) => type is not null && (FudgeBodyTypes.IsBody(type) || FudgeBodyTypes.StreamElement(type) is not null);

    /// <inheritdoc />
    public override bool CanWriteResult(OutputFormatterCanWriteContext context)
    {
        if (!base.CanWriteResult(context)) return false;
        // XML has no stream form: leave such a request to another formatter (or to 406).
        var type = context.ObjectType ?? context.Object?.GetType();
        return type is null || FudgeBodyTypes.StreamElement(type) is null || Format(context.ContentType.Value) != FudgeBodyFormat.Xml;
    }

    /// <inheritdoc />
    public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        var http = context.HttpContext;
        var settings = FudgeHttpSettings.Of(http);
        var format = Format(context.ContentType.Value);
        var value = context.Object ?? throw new InvalidOperationException("a null result has no Fudge body");
        var type = value.GetType();
        if (FudgeBodyTypes.IsBody(type)) return FudgeBodyTypes.WriteAsync(type, http.Response, value, format, settings);
        var element = FudgeBodyTypes.StreamElement(type) ?? throw new InvalidOperationException($"{type} is not a Fudge body");
        return FudgeBodyTypes.WriteStreamAsync(element, http, value, format, settings);
    }

    private static FudgeBodyFormat Format(string? contentType) => FudgeNegotiation.ForContentType(contentType) ?? FudgeBodyFormat.Fudge;
}
