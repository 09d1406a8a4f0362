using System;
using Xunit.Sdk;

namespace Fudge.Tests.Support;

/// <summary>
/// The hostile-input rule as assertions: bytes are either decoded or rejected with a <see cref="FudgeFormatException"/>
/// whose offset lies within the input and is named in its message. Any other exception is a failure.
/// </summary>
public static class HostileAssert
{
    /// <summary>Decodes <paramref name="input"/> through <paramref name="path"/>; returns the rejection, or null when accepted.</summary>
    /// <param name="path">The decode path to run.</param>
    /// <param name="input">The bytes, trusted by nobody.</param>
    /// <param name="options">Reader limits; the defaults when null.</param>
    /// <param name="describe">Describes the input in a failure message (called only on failure).</param>
    public static FudgeFormatException? DecodesOrRejectsCleanly(DecodePath path, ReadOnlyMemory<byte> input, FudgeReaderOptions? options = null, Func<string>? describe = null)
    {
        try
        {
            path.Decode(input, options);
            return null;
        }
        catch (FudgeFormatException e)
        {
            CheckOffset(e, input.Length, path, describe);
            return e;
        }
        catch (Exception e)
        {
            throw new XunitException($"{path}: {describe?.Invoke() ?? "input"} raised {e.GetType().Name} instead of FudgeFormatException: {e}");
        }
    }

    /// <summary>Asserts that <paramref name="path"/> rejects <paramref name="input"/> cleanly and returns the exception.</summary>
    public static FudgeFormatException Rejects(DecodePath path, ReadOnlyMemory<byte> input, FudgeReaderOptions? options = null)
        => DecodesOrRejectsCleanly(path, input, options)
           ?? throw new XunitException($"{path}: the input was accepted but should have been rejected: {Hex.Encode(Prefix(input))}");

    private static void CheckOffset(FudgeFormatException e, int inputLength, DecodePath path, Func<string>? describe)
    {
        if (e.Offset < 0 || e.Offset > inputLength)
            throw new XunitException($"{path}: {describe?.Invoke() ?? "input"}: offset {e.Offset} is outside the {inputLength}-byte input: {e.Message}");
        if (!e.Message.Contains($"byte offset {e.Offset}:", StringComparison.Ordinal) || string.IsNullOrWhiteSpace(e.Reason))
            throw new XunitException($"{path}: {describe?.Invoke() ?? "input"}: the message does not name the offset and a reason: {e.Message}");
    }

    private static ReadOnlySpan<byte> Prefix(ReadOnlyMemory<byte> input) => input.Span.Slice(0, Math.Min(input.Length, 64));
}
