using System.Globalization;
using System.Text.Json;
using System.Text.Json.Serialization.Metadata;
using System.Threading.Tasks;
using Fudge.Query;
using Microsoft.AspNetCore.Http;

namespace Fudge.Cli.Serve.Endpoints;

/// <summary>
/// How the endpoints answer: JSON through the source-generated <see cref="ExplorerJson"/>, problems as RFC 9457
/// documents, and the query parameters they share, read strictly (a bad value is a 400, never a guess).
/// </summary>
internal static class ExplorerResponses
{
    /// <summary>The longest filter text accepted.</summary>
    public const int MaxFilterLength = 4096;

    /// <summary>Writes <paramref name="value"/> as JSON with status 200.</summary>
    public static Task Json<T>(HttpContext context, T value, JsonTypeInfo<T> type)
    {
        context.Response.ContentType = "application/json; charset=utf-8";
        return JsonSerializer.SerializeAsync(context.Response.Body, value, type, context.RequestAborted);
    }

    /// <summary>Writes a problem document with <paramref name="status"/>.</summary>
    public static Task Problem(HttpContext context, int status, string title, string detail, int? line = null, int? column = null)
    {
        context.Response.StatusCode = status;
        context.Response.ContentType = "application/problem+json; charset=utf-8";
        var problem = new Problem("about:blank", title, status, detail, line, column);
        return JsonSerializer.SerializeAsync(context.Response.Body, problem, ExplorerJson.Default.Problem, context.RequestAborted);
    }

    /// <summary>
    /// The <c>where</c> parameter compiled, null when absent or blank; a filter that does not compile is answered
    /// with a 400 naming its line and column, and Answered is true.
    /// </summary>
    public static async Task<(FudgeFilter? Filter, bool Answered)> ReadFilterAsync(HttpContext context)
    {
        string? text = context.Request.Query["where"];
        if (string.IsNullOrWhiteSpace(text)) return (null, false);
        if (text.Length > MaxFilterLength)
        {
            await Problem(context, StatusCodes.Status400BadRequest, "Filter too long", $"A filter has at most {MaxFilterLength} characters.");
            return (null, true);
        }
        try
        {
            return (FudgeFilter.Compile(text), false);
        }
        catch (FudgeQueryException e)
        {
            await Problem(context, StatusCodes.Status400BadRequest, "Invalid filter", e.Reason, e.Line, e.Column);
            return (null, true);
        }
    }

    /// <summary>A whole-number query parameter within bounds, <paramref name="fallback"/> when absent, null when invalid.</summary>
    public static long? ReadNumber(HttpContext context, string name, long fallback, long min, long max)
    {
        string? text = context.Request.Query[name];
        if (text is null) return fallback;
        return long.TryParse(text, NumberStyles.None, CultureInfo.InvariantCulture, out long value) && value >= min && value <= max ? value : null;
    }
}
