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
    };

    /// <summary>The field bytes repeated until the envelope is about <see cref="TargetBytes"/> long.</summary>
    public static byte[] Envelope(string kind)
    {
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
        string? item = (kind, xml) switch
        {
            ("EmptyStrings", false) => "\"\"",
            ("EmptySubMessages", false) => "{}",
            ("Indicators", false) => "[]",
            ("Int8s", false) => "0",
            ("NestedEmpty", false) => "{\"a\":{\"a\":{\"a\":{}}}}",
            // XML: the shortest element that makes a field of the kind (numeric type ids are shorter than keywords);
            // a field without a name costs a longer element (<fudgeField/>), so the XML forms are named "a".
            ("EmptyStrings", true) => "<a type=\"14\"/>",
            ("EmptySubMessages", true) => "<a type=\"15\"/>",
            ("Indicators", true) => "<fudgeField/>",
            ("Int8s", true) => "<a type=\"2\">0</a>",
            ("SmallInts", true) => "<a key=\"1\" type=\"2\">5</a>",
            ("NamedIndicators", true) => "<a/>",
            ("NestedEmpty", true) => "<a><a><a/></a></a>",
            _ => null,
        };
        if (item is null) return null;
        var sb = new System.Text.StringBuilder(TargetBytes + 64);
        sb.Append(xml ? "<m>" : "{\"a\":[");
        while (sb.Length < TargetBytes) sb.Append(item).Append(xml ? "" : ",");
        if (!xml) sb.Length--;
        sb.Append(xml ? "</m>" : "]}");
        return System.Text.Encoding.UTF8.GetBytes(sb.ToString());
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
