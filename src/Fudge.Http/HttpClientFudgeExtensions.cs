using System;
using System.Collections.Generic;
using System.Net.Http;
using System.Net.Http.Headers;
using System.Runtime.CompilerServices;
using System.Threading;
using System.Threading.Tasks;

namespace Fudge.Http;

/// <summary>
/// Sends and receives Fudge bodies with an <see cref="HttpClient"/>, in the shape of <c>System.Net.Http.Json</c>'s
/// <c>GetFromJsonAsync</c>/<c>PostAsJsonAsync</c>. Requests ask for <c>application/vnd.fudgemsg</c>; responses in
/// either Fudge media type are read; a status outside 2xx raises <see cref="HttpRequestException"/> as
/// <see cref="HttpResponseMessage.EnsureSuccessStatusCode"/> does.
/// </summary>
public static class HttpClientFudgeExtensions
{
    private static readonly MediaTypeWithQualityHeaderValue AcceptFudge = new(FudgeMediaTypes.Fudge);

    /// <summary>GETs <paramref name="requestUri"/> and reads the body as one <typeparamref name="T"/>.</summary>
    /// <exception cref="HttpRequestException">The request failed or the status is not a success.</exception>
    /// <exception cref="FudgeFormatException">The body is not one valid envelope, or breaks a limit of <paramref name="options"/>.</exception>
    public static Task<T> GetFromFudgeAsync<T>(this HttpClient client, string? requestUri, FudgeReaderOptions? options = null, CancellationToken cancellationToken = default)
        => GetFromFudgeAsync<T>(client, CreateUri(requestUri), options, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> and reads the body as one <typeparamref name="T"/>.</summary>
    /// <exception cref="HttpRequestException">The request failed or the status is not a success.</exception>
    /// <exception cref="FudgeFormatException">The body is not one valid envelope, or breaks a limit of <paramref name="options"/>.</exception>
    public static async Task<T> GetFromFudgeAsync<T>(this HttpClient client, Uri? requestUri, FudgeReaderOptions? options = null, CancellationToken cancellationToken = default)
    {
        using var response = await SendGetAsync(client, requestUri, cancellationToken).ConfigureAwait(false);
        return await response.Content.ReadFromFudgeAsync<T>(options, cancellationToken).ConfigureAwait(false);
    }

    /// <summary>
    /// GETs <paramref name="requestUri"/> and yields each envelope of the body as it arrives; the response is read
    /// while it streams in and disposed when the enumeration ends or is abandoned.
    /// </summary>
    /// <exception cref="HttpRequestException">The request failed or the status is not a success.</exception>
    /// <exception cref="FudgeFormatException">An envelope is invalid, breaks a limit, or the body ends inside one.</exception>
    public static IAsyncEnumerable<T> GetFromFudgeAsAsyncEnumerable<T>(this HttpClient client, string? requestUri, FudgeReaderOptions? options = null, CancellationToken cancellationToken = default)
        => GetFromFudgeAsAsyncEnumerable<T>(client, CreateUri(requestUri), options, cancellationToken);

    /// <summary>GETs <paramref name="requestUri"/> and yields each envelope of the body as it arrives.</summary>
    /// <exception cref="HttpRequestException">The request failed or the status is not a success.</exception>
    /// <exception cref="FudgeFormatException">An envelope is invalid, breaks a limit, or the body ends inside one.</exception>
    public static async IAsyncEnumerable<T> GetFromFudgeAsAsyncEnumerable<T>(this HttpClient client, Uri? requestUri, FudgeReaderOptions? options = null,
        [EnumeratorCancellation] CancellationToken cancellationToken = default)
    {
        using var response = await SendGetAsync(client, requestUri, cancellationToken).ConfigureAwait(false);
        await foreach (var value in response.Content.ReadFromFudgeAsAsyncEnumerable<T>(options, cancellationToken).ConfigureAwait(false))
            yield return value;
    }

    /// <summary>POSTs <paramref name="value"/> as one envelope (a <see cref="FudgeContent"/>).</summary>
    /// <returns>The response, whatever its status (as <c>PostAsJsonAsync</c>); read it with <see cref="HttpContentFudgeExtensions.ReadFromFudgeAsync{T}"/>.</returns>
    public static Task<HttpResponseMessage> PostAsFudgeAsync<T>(this HttpClient client, string? requestUri, T value, FudgeWriterOptions? options = null, CancellationToken cancellationToken = default)
        => Client(client).PostAsync(requestUri, FudgeContent.Create(value, options), cancellationToken);

    /// <summary>POSTs <paramref name="value"/> as one envelope (a <see cref="FudgeContent"/>).</summary>
    /// <returns>The response, whatever its status.</returns>
    public static Task<HttpResponseMessage> PostAsFudgeAsync<T>(this HttpClient client, Uri? requestUri, T value, FudgeWriterOptions? options = null, CancellationToken cancellationToken = default)
        => Client(client).PostAsync(requestUri, FudgeContent.Create(value, options), cancellationToken);

    /// <summary>PUTs <paramref name="value"/> as one envelope (a <see cref="FudgeContent"/>).</summary>
    /// <returns>The response, whatever its status.</returns>
    public static Task<HttpResponseMessage> PutAsFudgeAsync<T>(this HttpClient client, string? requestUri, T value, FudgeWriterOptions? options = null, CancellationToken cancellationToken = default)
        => Client(client).PutAsync(requestUri, FudgeContent.Create(value, options), cancellationToken);

    /// <summary>PUTs <paramref name="value"/> as one envelope (a <see cref="FudgeContent"/>).</summary>
    /// <returns>The response, whatever its status.</returns>
    public static Task<HttpResponseMessage> PutAsFudgeAsync<T>(this HttpClient client, Uri? requestUri, T value, FudgeWriterOptions? options = null, CancellationToken cancellationToken = default)
        => Client(client).PutAsync(requestUri, FudgeContent.Create(value, options), cancellationToken);

    /// <summary>
    /// POSTs every value of <paramref name="values"/> as a stream of envelopes (a <see cref="FudgeStreamContent{T}"/>,
    /// sent chunked as they are produced).
    /// </summary>
    /// <returns>The response, whatever its status.</returns>
    public static Task<HttpResponseMessage> PostAsFudgeStreamAsync<T>(this HttpClient client, string? requestUri, IAsyncEnumerable<T> values, FudgeWriterOptions? options = null, CancellationToken cancellationToken = default)
        => Client(client).PostAsync(requestUri, new FudgeStreamContent<T>(values, options), cancellationToken);

    private static async Task<HttpResponseMessage> SendGetAsync(HttpClient client, Uri? requestUri, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Get, requestUri);
        request.Headers.Accept.Add(AcceptFudge);
        // Headers only: the body is read as it arrives (a stream may be long), not buffered by HttpClient first.
        var response = await Client(client).SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        try
        {
            response.EnsureSuccessStatusCode();
            return response;
        }
        catch
        {
            response.Dispose();
            throw;
        }
    }

    private static HttpClient Client(HttpClient client) => client ?? throw new ArgumentNullException(nameof(client));

    private static Uri? CreateUri(string? uri) => string.IsNullOrEmpty(uri) ? null : new Uri(uri, UriKind.RelativeOrAbsolute);
}
