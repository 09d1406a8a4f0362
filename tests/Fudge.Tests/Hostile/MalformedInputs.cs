using System.Collections.Generic;
using System.Linq;
using static Fudge.Tests.Support.FudgeBytes;

namespace Fudge.Tests.Hostile;

/// <summary>A hand-built malformed envelope, where it goes wrong and the words the rejection must use.</summary>
public sealed record MalformedInput(string Name, byte[] Bytes, long Offset, string Reason)
{
    public override string ToString() => Name;
}

/// <summary>
/// The catalogue of malformed inputs the hostile-input tests run through every decode path. Field bytes start at
/// offset 8, after the envelope header, so the expected offsets below count from there.
/// </summary>
public static class MalformedInputs
{
    private const byte Fixed = 0x80, Size1 = 0x20, Size2 = 0x40, Size4 = 0x60, Name = 0x08, Ordinal = 0x10;

    public static IReadOnlyList<MalformedInput> All { get; } = Build().ToList();

    public static MalformedInput Get(string name) => All.Single(c => c.Name == name);

    private static IEnumerable<MalformedInput> Build()
    {
        // ---- a field that stops early
        yield return new("prefix without a type id", Envelope([Fixed]), 8, "ends inside a field header");
        yield return new("ordinal cut in half", Envelope([Fixed | Ordinal, FudgeTypeId.Int8, 0x00]), 10, "ends inside a field ordinal");
        yield return new("name length missing", Envelope([Fixed | Name, FudgeTypeId.Int8]), 10, "ends before the field name length");
        yield return new("name longer than the message", Envelope([Fixed | Name, FudgeTypeId.Int8, 5, (byte)'a']), 11, "field name declares 5 bytes");
        yield return new("1-byte size missing", Envelope([Size1, FudgeTypeId.String]), 10, "inside a 1-byte field size");
        yield return new("2-byte size cut in half", Envelope([Size2, FudgeTypeId.String, 0x00]), 10, "inside a 2-byte field size");
        yield return new("4-byte size cut short", Envelope([Size4, FudgeTypeId.String, 0x00, 0x00, 0x01]), 10, "inside a 4-byte field size");
        yield return new("fixed-width value cut short", Envelope([Fixed, FudgeTypeId.Int64, 1, 2, 3]), 10, "declares 8 bytes of value");

        // ---- sizes that overrun the buffer or the parent message
        yield return new("1-byte size past the envelope", Envelope([Size1, FudgeTypeId.ByteArray, 100, 1, 2, 3]), 11, "declares 100 bytes of value but only 3 remain");
        yield return new("2-byte size past the envelope", Envelope([Size2, FudgeTypeId.String, 0xFF, 0xFF, (byte)'x']), 12, "declares 65535 bytes of value");
        yield return new("4-byte size past the envelope", Envelope([Size4, FudgeTypeId.ByteArray, 0x7F, 0xFF, 0xFF, 0xFF, 1]), 14, "declares 2147483647 bytes of value");
        yield return new("sub-message size past the envelope", Envelope([Size1, FudgeTypeId.Message, 0xFF, Fixed, FudgeTypeId.Int8, 1]), 11, "declares 255 bytes of value");
        // The inner field claims 10 bytes; the sub-message holds 5, though the envelope has plenty after it.
        yield return new("field past its sub-message", Envelope(
            [Size1, FudgeTypeId.Message, 5, Size1, FudgeTypeId.ByteArray, 10, 1, 2],
            [Size1, FudgeTypeId.ByteArray, 8, 0, 0, 0, 0, 0, 0, 0, 0]), 14, "remain in the enclosing message");

        // ---- negative and huge 4-byte field sizes
        yield return new("4-byte size 0x80000000", Envelope([Size4, FudgeTypeId.ByteArray, 0x80, 0, 0, 0, 1, 2]), 10, "above 2^31-1");
        yield return new("4-byte size 0xFFFFFFFF", Envelope([Size4, FudgeTypeId.String, 0xFF, 0xFF, 0xFF, 0xFF, 1, 2]), 10, "above 2^31-1");
        yield return new("4-byte sub-message size 0xFFFFFFFF", Envelope([Size4, FudgeTypeId.Message, 0xFF, 0xFF, 0xFF, 0xFF, Fixed, FudgeTypeId.Int8, 1]), 10, "above 2^31-1");
        yield return new("4-byte unknown-type size 0x80000001", Envelope([Size4, 200, 0x80, 0, 0, 1, 0]), 10, "above 2^31-1");

        // ---- envelope sizes that disagree with the data or make no sense
        byte[] twoFields = [Fixed, FudgeTypeId.Int8, 1, Fixed, FudgeTypeId.Int8, 2];
        yield return new("envelope size 0x80000000", EnvelopeDeclaring(int.MinValue, twoFields), 4, "the minimum is 8");
        yield return new("envelope size -1", EnvelopeDeclaring(-1, twoFields), 4, "the minimum is 8");
        yield return new("envelope size 0", EnvelopeDeclaring(0, twoFields), 4, "the minimum is 8");
        yield return new("envelope size 7", EnvelopeDeclaring(7, twoFields), 4, "the minimum is 8");
        yield return new("envelope size 2^31-1", EnvelopeDeclaring(int.MaxValue, twoFields), 4, "MaxMessageSize");
        yield return new("envelope size one more than the data", EnvelopeDeclaring(15, twoFields), 14, "envelope");
        yield return new("envelope size 64 MiB, data 14 bytes", EnvelopeDeclaring(64 * 1024 * 1024, twoFields), 14, "envelope");

        // ---- type ids and the fixed-width flag
        foreach (byte unknown in new byte[] { 16, 29, 200, 255 })
            yield return new($"unknown fixed-width type {unknown}", Envelope([Fixed, unknown, 0, 0, 0, 0]), 8, $"unknown fixed-width type {unknown}");
        foreach (byte variable in new[] { FudgeTypeId.ByteArray, FudgeTypeId.Int16Array, FudgeTypeId.Int32Array, FudgeTypeId.Int64Array,
                     FudgeTypeId.FloatArray, FudgeTypeId.DoubleArray, FudgeTypeId.String, FudgeTypeId.Message })
            yield return new($"fixed-width flag on variable type {variable}", Envelope([Fixed, variable, 0, 0, 0, 0]), 8, "fixed-width flag is set on the variable-width type");
        foreach (byte fixedType in new[] { FudgeTypeId.Indicator, FudgeTypeId.Boolean, FudgeTypeId.Int32, FudgeTypeId.Double,
                     FudgeTypeId.ByteArray16, FudgeTypeId.Date, FudgeTypeId.Time, FudgeTypeId.DateTime })
        {
            int width = FudgeTypeId.GetFixedWidth(fixedType);
            yield return new($"variable size {width + 1} on fixed type {fixedType}",
                Envelope([Size1, fixedType, (byte)(width + 1), .. new byte[width + 1]]), 8, $"is {width} bytes wide but the field declares {width + 1}");
        }

        // ---- array payloads that are not whole elements
        foreach (var (arrayType, length) in new[] { (FudgeTypeId.Int16Array, 3), (FudgeTypeId.Int32Array, 6), (FudgeTypeId.Int64Array, 12),
                     (FudgeTypeId.FloatArray, 5), (FudgeTypeId.DoubleArray, 9) })
            yield return new($"type {arrayType} payload of {length} bytes", Envelope([Size1, arrayType, (byte)length, .. new byte[length]]), 11, "not a whole number");

        // ---- invalid UTF-8, in a name (at offset 11) and in a string value (at offset 11)
        var invalidUtf8 = new (string What, byte[] Bytes)[]
        {
            ("0xFF", [0xFF]), ("a lone continuation byte", [0x80]), ("an overlong NUL", [0xC0, 0x80]),
            ("an encoded surrogate", [0xED, 0xA0, 0x80]), ("a cut 3-byte sequence", [0xE2, 0x82]), ("a code point above U+10FFFF", [0xF4, 0x90, 0x80, 0x80]),
            // Fudge-Java's CESU-8 is read only as a high surrogate directly followed by a low one (U+1F600 = ED A0 BD ED B8 80).
            ("a lone CESU-8 high surrogate", [0xED, 0xA0, 0xBD]), ("a lone CESU-8 low surrogate", [0xED, 0xB8, 0x80]),
            ("a reversed CESU-8 pair", [0xED, 0xB8, 0x80, 0xED, 0xA0, 0xBD]), ("a CESU-8 high surrogate before a letter", [0xED, 0xA0, 0xBD, 0x41]),
            ("two CESU-8 high surrogates", [0xED, 0xA0, 0xBD, 0xED, 0xA0, 0xBD]), ("a CESU-8 pair cut inside its low half", [0xED, 0xA0, 0xBD, 0xED, 0xB8]),
            ("an overlong 4-byte sequence", [0xF0, 0x8F, 0xBF, 0xBF]), ("an overlong 3-byte sequence", [0xE0, 0x9F, 0xBF]),
        };
        foreach (var (what, bytes) in invalidUtf8)
        {
            yield return new($"name with {what}", Envelope([Fixed | Name, FudgeTypeId.Int8, (byte)bytes.Length, .. bytes, 1]), 11, "field name is not valid UTF-8");
            yield return new($"string with {what}", Envelope([Size1, FudgeTypeId.String, (byte)bytes.Length, .. bytes]), 11, "string is not valid UTF-8");
        }
        // The offset is that of the bad sequence, even after valid text and a valid CESU-8 pair: 11 + 1 + 6.
        yield return new("string with a lone surrogate after a CESU-8 pair", Envelope([Size1, FudgeTypeId.String, 10, (byte)'a', 0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80, 0xED, 0xB8, 0x80]), 18, "string is not valid UTF-8");
        // Inside a sub-message the offset still counts from the start of the envelope: 8 + 3 (sub-message header) + 3.
        yield return new("string with 0xFF inside a sub-message", Envelope([Size1, FudgeTypeId.Message, 4, Size1, FudgeTypeId.String, 1, 0xFF]), 14, "string is not valid UTF-8");
    }
}
