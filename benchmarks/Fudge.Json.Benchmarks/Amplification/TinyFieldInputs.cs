using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using Fudge.Serialization;

namespace Fudge.Json.Benchmarks.Amplification;

/// <summary>
/// Envelopes of about 256 KiB made of the smallest fields the wire allows, and their JSON and XML equivalents: the
/// inputs on which the memory a reader allocates per input byte is at its worst.
/// </summary>
public static class TinyFieldInputs
{
    public const int TargetBytes = 256 * 1024;

    public static IReadOnlyList<string> Kinds { get; } = new[]
    {
        "EmptyStrings", "EmptySubMessages", "Indicators", "Int8s", "SmallInts", "NamedIndicators", "NestedEmpty",
        "Int16s", "Strings1", "Strings2", "Bytes1", "Bytes2", "Int16Array1", "Unknown0", "Unknown1", "Unknown4",
    };

    /// <summary>The kinds whose field is one of the shared shapes (tests/Fudge.Tests/Support/TinyFieldEnvelopes.cs), by shape name.</summary>
    private static string? SharedShapeOf(string kind) => kind switch
    {
        "Int16s" => "int16s outside the shared boxes",
        "Strings1" => "one-character strings",
        "Strings2" => "two-character strings",
        "Bytes1" => "one-byte byte arrays",
        "Bytes2" => "two-byte byte arrays",
        "Int16Array1" => "one-element int16 arrays",
        "Unknown0" => "empty values of an unknown type",
        "Unknown1" => "one-byte values of an unknown type",
        "Unknown4" => "four-byte values of an unknown type",
        _ => null,
    };

    /// <summary>The field bytes repeated until the envelope is about <see cref="TargetBytes"/> long.</summary>
    public static byte[] Envelope(string kind)
    {
        if (SharedShapeOf(kind) is { } shape) return Fudge.Tests.Support.TinyFieldEnvelopes.Envelope(shape, TargetBytes);
        byte[] field = kind switch
        {
            "EmptyStrings" => new byte[] { 0x20, FudgeTypeId.String, 0x00 },             // 1-byte size 0, no key
            "Int8s" => new byte[] { 0x80, FudgeTypeId.Int8, 0x05 },                       // no key
            "NestedEmpty" => Fudge.Tests.Support.TinyFieldEnvelopes.NestedEmpty(60), // inside the default MaxDepth of 64
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

    /// <summary>
    /// The text equivalent of a kind for the JSON and XML readers (UTF-8): one array or element of the smallest values
    /// the text allows, or null when the text has no equivalent.
    /// </summary>
    public static byte[]? Text(string kind, bool xml)
    {
        if (xml) return XmlShapeOf(kind) is { } shape ? Fudge.Tests.Support.TinyFieldEnvelopes.XmlDocument(shape, TargetBytes, out _) : null;
        string? item = kind switch
        {
            "EmptyStrings" => "\"\"",
            "EmptySubMessages" => "{}",
            "Indicators" => "[]",
            "Int8s" => "0",
            "NestedEmpty" => "{\"a\":{\"a\":{\"a\":{}}}}",
            "Strings1" => "\"a\"",
            "Strings2" => "\"ab\"",
            "Int16s" => "1024", // gathered into one short[] by default
            _ => null,
        };
        if (item is null) return null;
        var sb = new System.Text.StringBuilder(TargetBytes + 64);
        sb.Append("{\"a\":[");
        while (sb.Length < TargetBytes) sb.Append(item).Append(',');
        sb.Length--;
        sb.Append("]}");
        return System.Text.Encoding.UTF8.GetBytes(sb.ToString());
    }

    /// <summary>
    /// The XML shape (tests/Fudge.Tests/Support/TinyFieldEnvelopes.cs) that makes a kind's field with the shortest
    /// element; XML fields are named, so the int8s are named too, and the nested kind is a shorter chain.
    /// </summary>
    private static string? XmlShapeOf(string kind) => kind switch
    {
        "EmptyStrings" => "empty strings",
        "EmptySubMessages" => "empty sub-messages",
        "Indicators" => "anonymous indicators",
        "Int8s" => "int8s",
        "SmallInts" => "int8s with 1-byte ordinals",
        "NamedIndicators" => "indicators named with one letter",
        "NestedEmpty" => "sub-messages nested 2 deep around an indicator",
        "Strings1" => "one-character strings",
        _ => null,
    };

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
