using System;
using System.Collections.Concurrent;
using System.Collections.Generic;
using System.Reflection;
using System.Threading;
using System.Threading.Tasks;
using Fudge.Serialization;
using Microsoft.AspNetCore.Http;

namespace Fudge.AspNetCore.Internal;

/// <summary>
/// For MVC, which hands formatters a <see cref="Type"/> rather than a type argument: which types are Fudge bodies,
/// and the generic reading and writing methods closed over each, made once per type.
/// </summary>
internal static class FudgeBodyTypes
{
    private static readonly ConcurrentDictionary<Type, Func<HttpRequest, FudgeHttpSettings, CancellationToken, Task<object?>>> Readers = new();
    private static readonly ConcurrentDictionary<Type, Func<HttpResponse, object, FudgeBodyFormat, FudgeHttpSettings, Task>> Writers = new();
    private static readonly ConcurrentDictionary<Type, Func<HttpContext, object, FudgeBodyFormat, FudgeHttpSettings, Task>> StreamWriters = new();

    /// <summary>A <c>[FudgeMessage]</c> type, <see cref="FudgeMsg"/> or <see cref="FudgeEnvelope"/>.</summary>
    public static bool IsBody(Type type)
        => type == typeof(FudgeMsg) || type == typeof(FudgeEnvelope) || type.IsDefined(typeof(FudgeMessageAttribute), inherit: false);

    /// <summary>The element type when <paramref name="type"/> is an <see cref="IAsyncEnumerable{T}"/> of bodies.</summary>
    public static Type? StreamElement(Type type)
    {
        if (type.IsGenericType && type.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>))
            return IsBody(type.GetGenericArguments()[0]) ? type.GetGenericArguments()[0] : null;
        foreach (var implemented in type.GetInterfaces())
            if (implemented.IsGenericType && implemented.GetGenericTypeDefinition() == typeof(IAsyncEnumerable<>) && IsBody(implemented.GetGenericArguments()[0]))
                return implemented.GetGenericArguments()[0];
        return null;
    }

    public static Task<object?> ReadAsync(Type type, HttpRequest request, FudgeHttpSettings settings, CancellationToken cancellationToken)
        => Readers.GetOrAdd(type, t => Make<Func<HttpRequest, FudgeHttpSettings, CancellationToken, Task<object?>>>(nameof(Read), t))(request, settings, cancellationToken);

    public static Task WriteAsync(Type type, HttpResponse response, object value, FudgeBodyFormat format, FudgeHttpSettings settings)
        => Writers.GetOrAdd(type, t => Make<Func<HttpResponse, object, FudgeBodyFormat, FudgeHttpSettings, Task>>(nameof(Write), t))(response, value, format, settings);

    public static Task WriteStreamAsync(Type element, HttpContext context, object values, FudgeBodyFormat format, FudgeHttpSettings settings)
        => StreamWriters.GetOrAdd(element, t => Make<Func<HttpContext, object, FudgeBodyFormat, FudgeHttpSettings, Task>>(nameof(WriteStream), t))(context, values, format, settings);

    private static TDelegate Make<TDelegate>(string method, Type type) where TDelegate : Delegate
        => (TDelegate)typeof(FudgeBodyTypes).GetMethod(method, BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(type).CreateDelegate(typeof(TDelegate));

    private static async Task<object?> Read<T>(HttpRequest request, FudgeHttpSettings settings, CancellationToken cancellationToken)
        => await FudgeRequestReader.ReadAsync<T>(request, settings, cancellationToken).ConfigureAwait(false);

    private static Task Write<T>(HttpResponse response, object value, FudgeBodyFormat format, FudgeHttpSettings settings)
        => FudgeResponseWriter.WriteAsync(response, (T)value, format, settings);

    private static Task WriteStream<T>(HttpContext context, object values, FudgeBodyFormat format, FudgeHttpSettings settings)
        => FudgeResponseWriter.WriteStreamAsync(context, (IAsyncEnumerable<T>)values, format, settings);
}
