using System;
using System.Threading.Tasks;
using Fudge.AspNetCore.Internal;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.Net.Http.Headers;

namespace Fudge.AspNetCore.Mvc;

/// <summary>
/// Reads <c>[FromBody]</c> parameters of <c>[FudgeMessage]</c> types, <see cref="FudgeMsg"/> and
/// <see cref="FudgeEnvelope"/> from <c>application/vnd.fudgemsg</c>, <c>application/x-fudge</c>, this library's
/// JSON (<c>application/json</c>, <c>; mode=lossless</c>) and XML. Other types are left to the other formatters, so
/// it can stand first in the list. A refused body raises <see cref="FudgeBodyException"/>, which the middleware of
/// <see cref="FudgeServiceCollectionExtensions.AddFudge"/> answers with problem details (400, 413) rather than MVC's
/// model-state error, which could not say 413 nor where the problem is.
/// </summary>
public sealed class FudgeInputFormatter : InputFormatter, IInputFormatterExceptionPolicy
{
    /// <summary>Creates the formatter with every Fudge media type.</summary>
    public FudgeInputFormatter()
    {
        foreach (var mediaType in FudgeNegotiation.MediaTypes) SupportedMediaTypes.Add(MediaTypeHeaderValue.Parse(mediaType));
    }

    /// <summary>Only the library's own exceptions are for the model state; a <see cref="FudgeBodyException"/> goes on to the middleware.</summary>
    public InputFormatterExceptionPolicy ExceptionPolicy => InputFormatterExceptionPolicy.MalformedInputExceptions;

    /// <inheritdoc />
    protected override bool CanReadType(Type type) => FudgeBodyTypes.IsBody(type);

    /// <inheritdoc />
    public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        var http = context.HttpContext;
        var value = await FudgeBodyTypes.ReadAsync(context.ModelType, http.Request, FudgeHttpSettings.Of(http), http.RequestAborted).ConfigureAwait(false);
        return InputFormatterResult.Success(value);
    }
}
