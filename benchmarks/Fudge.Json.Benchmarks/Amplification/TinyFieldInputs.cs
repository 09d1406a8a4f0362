using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Json.Benchmarks.Amplification;

/// <summary>
/// Envelopes of about 64 KiB made of the smallest fields the wire allows: the inputs on which the memory a reader
/// allocates per input byte is at its worst.
/// </summary>
public static class TinyFieldInputs
{
    public const int TargetBytes = 64 * 1024;

    public static IReadOnlyList<string> Kinds { get; } = new[] { "EmptySubMessages", "Indicators", "SmallInts", "NamedIndicators" };

    /// <summary>The field bytes repeated until the envelope is about <see cref="TargetBytes"/> long.</summary>
    public static byte[] Envelope(string kind)
    {
        byte[] field = kind switch
        {
            "EmptySubMessages" => new byte[] { 0x20, FudgeTypeId.Message, 0x00 },      // 1-byte size 0, no key
            "Indicators" => new byte[] { 0x80, FudgeTypeId.Indicator },               // no key
            "SmallInts" => new byte[] { 0x90, FudgeTypeId.Int8, 0x00, 0x01, 0x05 },     // ordinal 1, value 5
            "NamedIndicators" => new byte[] { 0x88, FudgeTypeId.Indicator, 0x01, (byte)'a' },
            _ => throw new ArgumentException("unknown kind " + kind, nameof(kind)),
        };
        int count = (TargetBytes - 8) / field.Length;
        var bytes = new byte[8 + count * field.Length];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), bytes.Length);
        for (int i = 0; i < count; i++) field.CopyTo(bytes, 8 + i * field.Length);
        return bytes;
    }

    /// <summary>Options that let the worst case through, so it is measured rather than refused.</summary>
    public static FudgeReaderOptions Unlimited { get; } = new() { MaxFieldCount = int.MaxValue };
}

/// <summary>A type that knows none of the fields, so extensible deserialization keeps all of them.</summary>
[FudgeMessage]
public partial class KeepsEverything : IFudgeExtensible
{
    public int Known { get; set; }

    /// <inheritdoc/>
    public FudgeMsg? ExtensionData { get; set; }
}
