using System;
using System.Buffers.Binary;
using System.Collections.Generic;

namespace Fudge.Tests.Support;

/// <summary>
/// Envelopes made of one tiny field repeated: the shapes a hostile sender chooses to make a reader allocate the most per
/// byte it sends. Linked into other test projects that measure their own read paths on the same shapes, and into the
/// amplification benchmark (benchmarks/Fudge.Json.Benchmarks).
/// </summary>
public static class TinyFieldEnvelopes
{
    /// <summary>Input size of the allocation tests: large enough that a call's fixed cost is under 1% of the bound.</summary>
    public const int InputBytes = 256 * 1024;

    /// <summary>The most a path that builds objects may allocate per input byte (issue 34).</summary>
    public const int BytesPerInputByte = 8;

    /// <summary>What one call may allocate besides the per-byte bound: the envelope, the reader, options.</summary>
    public const int FixedCostPerCall = 2 * 1024;

    /// <summary>The shapes every path that builds objects keeps within <see cref="BytesPerInputByte"/>.</summary>
    public static IReadOnlyList<string> BoundedShapes { get; } = new[]
    {
        "empty strings", "empty sub-messages", "anonymous int8s", "int8s with 1-byte ordinals", "indicators named with one letter",
        "anonymous indicators", "empty messages nested 60 deep", "empty messages nested 3 deep",
        "int16s outside the shared boxes", "one-character strings", "two-character strings", "one-byte byte arrays",
        "two-byte byte arrays", "one-element int16 arrays", "empty values of an unknown type",
        "one-byte values of an unknown type", "four-byte values of an unknown type",
    };

    /// <summary>The shapes by name, each as the bytes of one repeated field (or one repeated chain of nested fields).</summary>
    public static IReadOnlyDictionary<string, byte[]> Shapes { get; } = new Dictionary<string, byte[]>
    {
        ["empty strings"] = new byte[] { 0x20, FudgeTypeId.String, 0x00 },              // no key, 1-byte size 0
        ["empty sub-messages"] = new byte[] { 0x20, FudgeTypeId.Message, 0x00 },
        ["anonymous int8s"] = new byte[] { 0x80, FudgeTypeId.Int8, 0x05 },
        ["int8s with 1-byte ordinals"] = new byte[] { 0x90, FudgeTypeId.Int8, 0x00, 0x01, 0x05 },
        ["indicators named with one letter"] = new byte[] { 0x88, FudgeTypeId.Indicator, 0x01, (byte)'a' },
        ["anonymous indicators"] = new byte[] { 0x80, FudgeTypeId.Indicator },
        ["empty messages nested 60 deep"] = NestedEmpty(60),
        // Short chains: each is too small to carry a pending copy of its own, so they must share one per decode.
        ["empty messages nested 3 deep"] = NestedEmpty(3),
        // Values whose object costs more than the field's bytes: a box (BoxCache shares -1024..1023 only), a string of
        // one or two characters, an array of one or two bytes or one element, a FudgeUnknownValue.
        ["int16s outside the shared boxes"] = new byte[] { 0x80, FudgeTypeId.Int16, 0x04, 0x00 }, // 1024
        ["one-character strings"] = new byte[] { 0x20, FudgeTypeId.String, 0x01, (byte)'a' },
        ["two-character strings"] = new byte[] { 0x20, FudgeTypeId.String, 0x02, (byte)'a', (byte)'b' },
        ["one-byte byte arrays"] = new byte[] { 0x20, FudgeTypeId.ByteArray, 0x01, 0x05 },
        ["two-byte byte arrays"] = new byte[] { 0x20, FudgeTypeId.ByteArray, 0x02, 0x05, 0x06 },
        ["one-element int16 arrays"] = new byte[] { 0x20, FudgeTypeId.Int16Array, 0x02, 0x04, 0x00 },
        ["empty values of an unknown type"] = new byte[] { 0x20, UnknownTypeId, 0x00 },
        ["one-byte values of an unknown type"] = new byte[] { 0x20, UnknownTypeId, 0x01, 0x05 },
        ["four-byte values of an unknown type"] = new byte[] { 0x20, UnknownTypeId, 0x04, 0x01, 0x02, 0x03, 0x04 },
    };

    /// <summary>A type id no Fudge version assigns (variable width), read as a <see cref="FudgeUnknownValue"/>.</summary>
    public const byte UnknownTypeId = 40;

    /// <summary>
    /// The same kinds of tiny field as XML elements, each the shortest element that makes such a field: numeric type
    /// ids are shorter than keywords, and the fields are named <c>a</c> because a field without a name needs the longer
    /// <c>&lt;fudgeField/&gt;</c>. An element without a <c>type</c> is an indicator when empty and a string when it holds
    /// text, so the one-character string is the cheapest text element of all.
    /// </summary>
    public static IReadOnlyDictionary<string, string> XmlShapes { get; } = new Dictionary<string, string>
    {
        ["empty strings"] = "<a type=\"14\"/>",
        ["empty sub-messages"] = "<a type=\"15\"/>",
        ["int8s"] = "<a type=\"2\">0</a>",
        ["int8s with 1-byte ordinals"] = "<a key=\"1\" type=\"2\">5</a>",
        ["indicators named with one letter"] = "<a/>",
        ["indicators written as start and end tags"] = "<a></a>",
        ["anonymous indicators"] = "<fudgeField/>",
        ["indicators with an ordinal in the element name"] = "<fudgeField1/>",
        ["indicators with a one-letter name attribute"] = "<a name=\"b\"/>",
        ["one-character strings"] = "<a>0</a>",
        ["sub-messages nested 2 deep around an indicator"] = "<a><a><a/></a></a>",
    };

    /// <summary>
    /// An XML document (UTF-8) of about <paramref name="targetBytes"/> bytes: a root element holding the XML shape
    /// repeated, and how many times it is repeated.
    /// </summary>
    public static byte[] XmlDocument(string shape, int targetBytes, out int repeats)
    {
        string element = XmlShapes[shape];
        var text = new System.Text.StringBuilder(targetBytes + 64).Append("<m>");
        for (repeats = 0; text.Length < targetBytes - 4; repeats++) text.Append(element);
        return System.Text.Encoding.UTF8.GetBytes(text.Append("</m>").ToString());
    }

    /// <summary>An envelope of about <paramref name="targetBytes"/> bytes made of the shape repeated.</summary>
    public static byte[] Envelope(string shape, int targetBytes)
    {
        byte[] field = Shapes[shape];
        int count = (targetBytes - 8) / field.Length;
        var bytes = new byte[8 + count * field.Length];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), bytes.Length);
        for (int i = 0; i < count; i++) field.CopyTo(bytes, 8 + i * field.Length);
        return bytes;
    }

    /// <summary>Sub-messages nested <paramref name="depth"/> deep around an empty one (inside the default MaxDepth of 64).</summary>
    public static byte[] NestedEmpty(int depth)
    {
        var bytes = new byte[depth * 3];
        for (int level = 0; level < depth; level++)
        {
            bytes[level * 3] = 0x20;
            bytes[level * 3 + 1] = FudgeTypeId.Message;
            bytes[level * 3 + 2] = (byte)((depth - level - 1) * 3);
        }
        return bytes;
    }

    /// <summary>
    /// Bytes the calling thread allocates running <paramref name="read"/> once, after one warm-up run (see
    /// <see cref="Allocations.SteadyState"/> for why it is the least of several runs).
    /// </summary>
    public static long AllocatedBy(Action read) => Allocations.SteadyState(read, iterations: 1);
}
