using System;
using System.Collections.Generic;
using System.ComponentModel;
using System.Globalization;

namespace Fudge.Serialization;

/// <summary>
/// Finds which member of a value a generated writer could not write: implemented by generated formatters and called
/// only after a write has failed (the cold path), so that writing itself pays nothing for it. Not meant to be called
/// by hand.
/// </summary>
/// <typeparam name="T">The formatter's type.</typeparam>
[EditorBrowsable(EditorBrowsableState.Never)]
public interface IFudgeWriteFailureLocator<T>
{
    /// <summary>
    /// Tries each member of <paramref name="value"/> alone (descending into objects, collections and maps) and returns
    /// the path below it of the first that cannot be written (<c>.Legs[2].Symbol</c>), or null when each can.
    /// </summary>
    /// <param name="value">The value whose write failed.</param>
    /// <param name="options">The options of the writer that failed.</param>
    /// <param name="depth">How many objects deep <paramref name="value"/> is.</param>
    string? LocateWriteFailure(T value, FudgeWriterOptions options, int depth);
}

// Turning what a generated writer throws (ArgumentException for a string with a lone surrogate, the FudgeException
// of an enum value without a Java constant, ...) into one FudgeException that names the member: once, at the
// FudgeSerializer boundary (reproduced there by writing the value again), then located by writing the members again,
// one at a time, into a scratch buffer.
public static partial class FudgeFormatterHelpers
{
    /// <summary>The key in <see cref="Exception.Data"/> of a write failure's member path (<c>Trade.Legs[2].Symbol</c>).</summary>
    public const string WritePathKey = "Fudge.WritePath";

    private const int MaxLocateDepth = 64;

    /// <summary>A write of one value through a writer (a generated locator's lambda).</summary>
    public delegate void WriteAction(ref FudgeWriter writer);

    /// <summary>Writes through <paramref name="write"/> into a scratch envelope: null when it succeeds, "" when it throws.</summary>
    public static string? TryWrite(FudgeWriterOptions options, WriteAction write)
    {
        if (write is null) throw new ArgumentNullException(nameof(write));
        using var buffer = new PooledBufferWriter(256);
        var writer = new FudgeWriter(buffer, options);
        try
        {
            var envelope = writer.BeginEnvelope();
            write(ref writer);
            writer.EndEnvelope(envelope);
            writer.Flush();
            return null;
        }
        catch (Exception)
        {
            return "";
        }
        finally
        {
            writer.Dispose();
        }
    }

    /// <summary>
    /// The path below an object of the first member that cannot be written ("" when the object fails as a whole, as an
    /// undeclared derived type does), or null when it can be written.
    /// </summary>
    public static string? LocateObject<T>(T value, FudgeWriterOptions options, int depth)
    {
        if (value is null || depth > MaxLocateDepth) return null;
        if (FudgeFormatterCache<T>.Formatter is IFudgeWriteFailureLocator<T> locator && locator.LocateWriteFailure(value, options, depth) is { } path)
            return path;
        return TryWrite(options, (ref FudgeWriter writer) => WriteObject(ref writer, FudgeFieldKey.Anonymous, value));
    }

    /// <summary>The first element that cannot be written, as <c>[index]</c> and the path below it; null when none.</summary>
    public static string? LocateElements<T>(IEnumerable<T> values, Func<T, string?> locate)
    {
        if (values is null || locate is null) return null;
        int index = 0;
        foreach (var value in values)
        {
            if (locate(value) is { } path) return "[" + index.ToString(CultureInfo.InvariantCulture) + "]" + path;
            index++;
        }
        return null;
    }

    /// <summary>The first entry whose key or value cannot be written, as <c>[key]</c> (and the path below the value); null when none.</summary>
    public static string? LocateEntries<TKey, TValue>(IEnumerable<KeyValuePair<TKey, TValue>> entries, Func<TKey, string?> locateKey, Func<TValue, string?> locateValue)
    {
        if (entries is null || locateKey is null || locateValue is null) return null;
        foreach (var entry in entries)
        {
            string key = Convert.ToString(entry.Key, CultureInfo.InvariantCulture) ?? "null";
            if (locateKey(entry.Key) is not null) return "[" + key + "] (the key)";
            if (locateValue(entry.Value) is { } path) return "[" + key + "]" + path;
        }
        return null;
    }

    /// <summary>True for an exception a write raised that does not yet name the member it failed on.</summary>
    internal static bool NeedsMemberPath(Exception e)
        => e is not (OutOfMemoryException or InsufficientExecutionStackException) && !e.Data.Contains(WritePathKey);

    /// <summary>
    /// The <see cref="FudgeException"/> for a failed write of <paramref name="value"/>: its message and
    /// <see cref="Exception.Data"/>[<see cref="WritePathKey"/>] name the member (<c>Trade.Legs[2].Symbol</c>), found by
    /// writing the members again one at a time; the original exception is the inner one. Null when the value writes
    /// again without failing: then the failure was the output's (a fixed span too small), not the value's, and the
    /// original exception stands.
    /// </summary>
    [System.Runtime.CompilerServices.MethodImpl(System.Runtime.CompilerServices.MethodImplOptions.NoInlining)]
    internal static FudgeException? WriteFailure<T>(T value, Exception e, FudgeStringEncoding encoding)
    {
        string? below = "";
        try
        {
            var options = encoding == FudgeStringEncoding.JavaCesu8 ? FudgeWriterOptions.JavaCompatible : FudgeWriterOptions.Default;
            below = LocateObject(value, options, 0);
        }
        catch (Exception)
        {
            // the search is best effort: the failure is reported with the type alone
        }
        if (below is null) return null;
        string path = (value?.GetType() ?? typeof(T)).Name + below;
        var failure = new FudgeException($"Cannot write {path}: {e.Message}", e);
        failure.Data[WritePathKey] = path;
        return failure;
    }
}
