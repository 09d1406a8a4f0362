using System;
using System.Linq;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Text;
using System.Text.Json;
using System.Threading.Tasks;
using Fudge.Json;
using Fudge.Serialization;
using Fudge.Xml;
using Xunit;

namespace Fudge.AspNetCore.Tests.Support;

/// <summary>The same value rendered in each media type, and responses read back whatever their media type.</summary>
public static class Bodies
{
    public const string Fudge = "application/vnd.fudgemsg";
    public const string FudgeLegacy = "application/x-fudge";
    public const string Json = "application/json";
    public const string JsonLossless = "application/json; mode=lossless";
    public const string Xml = "application/xml";

    public static HttpContent Render<T>(T value, string mediaType)
    {
        byte[] envelope = FudgeSerializer.Serialize(value);
        HttpContent content = mediaType switch
        {
            Fudge or FudgeLegacy => new ByteArrayContent(envelope),
            Json => new StringContent(FudgeJson.ToJson(envelope), Encoding.UTF8),
            JsonLossless => new StringContent(FudgeJson.ToJson(envelope, FudgeJsonSettings.Lossless), Encoding.UTF8),
            Xml => new StringContent(FudgeXml.ToXml(envelope), Encoding.UTF8),
            _ => throw new ArgumentException(mediaType),
        };
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(mediaType);
        return content;
    }

    public static HttpContent Raw(byte[] bytes, string mediaType = Fudge)
    {
        var content = new ByteArrayContent(bytes);
        content.Headers.ContentType = MediaTypeHeaderValue.Parse(mediaType);
        return content;
    }

    /// <summary>Reads a response in whatever Fudge media type it declares, checking the declaration names the expected one.</summary>
    public static async Task<T> ReadAsync<T>(HttpResponseMessage response, string expectedMediaType)
    {
        var declared = response.Content.Headers.ContentType!;
        Assert.Equal(expectedMediaType.Split(';')[0], declared.MediaType);
        bool lossless = declared.Parameters.Any(p => p.Name == "mode" && p.Value == "lossless");
        Assert.Equal(expectedMediaType == JsonLossless, lossless);
        byte[] body = await response.Content.ReadAsByteArrayAsync();
        byte[] envelope = declared.MediaType switch
        {
            Fudge or FudgeLegacy => body,
            Json => FudgeJson.ToFudge(Encoding.UTF8.GetString(body), lossless ? FudgeJsonSettings.Lossless : FudgeJsonSettings.Plain),
            Xml => FudgeXml.ToFudge(Encoding.UTF8.GetString(body)),
            _ => throw new InvalidOperationException(declared.MediaType),
        };
        return FudgeSerializer.Deserialize<T>(envelope);
    }

    /// <summary>A problem-details response: checks status and media type, and gives the JSON document.</summary>
    public static async Task<JsonElement> ProblemAsync(HttpResponseMessage response, int status)
    {
        string text = await response.Content.ReadAsStringAsync();
        Assert.True((int)response.StatusCode == status, $"expected {status}, got {(int)response.StatusCode}: {text}");
        Assert.Equal("application/problem+json", response.Content.Headers.ContentType?.MediaType);
        var problem = JsonDocument.Parse(text).RootElement;
        Assert.Equal(status, problem.GetProperty("status").GetInt32());
        return problem;
    }
}
