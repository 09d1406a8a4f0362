using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Linq;

namespace Fudge.Tests.Support;

/// <summary>Builds Fudge bytes by hand, including bytes no writer would produce, for hostile-input tests.</summary>
public static class FudgeBytes
{
    /// <summary>An envelope (directives, schema and taxonomy 0) around <paramref name="fields"/>, with the correct size.</summary>
    public static byte[] Envelope(params byte[][] fields)
    {
        var body = Concat(fields);
        return EnvelopeDeclaring(8 + body.Length, body);
    }

    /// <summary>An envelope header declaring <paramref name="declaredSize"/> bytes, followed by <paramref name="body"/>.</summary>
    public static byte[] EnvelopeDeclaring(int declaredSize, params byte[] body)
    {
        var bytes = new byte[8 + body.Length];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), declaredSize);
        body.CopyTo(bytes, 8);
        return bytes;
    }

    /// <summary>The bytes joined.</summary>
    public static byte[] Concat(params byte[][] parts) => parts.SelectMany(p => p).ToArray();

    /// <summary>A field: prefix, type id, then the rest (ordinal, name, size, payload) as given.</summary>
    public static byte[] Field(byte prefix, byte typeId, params byte[] rest) => [prefix, typeId, .. rest];

    /// <summary>A 4-byte big-endian value, for hand-written sizes.</summary>
    public static byte[] Int32(int value)
    {
        var bytes = new byte[4];
        BinaryPrimitives.WriteInt32BigEndian(bytes, value);
        return bytes;
    }

    /// <summary>A copy of an envelope with its declared size replaced.</summary>
    public static byte[] WithDeclaredSize(byte[] envelope, int declaredSize)
    {
        var copy = (byte[])envelope.Clone();
        BinaryPrimitives.WriteInt32BigEndian(copy.AsSpan(4), declaredSize);
        return copy;
    }

    /// <summary>
    /// An envelope holding <paramref name="depth"/> anonymous sub-messages nested inside each other (each with a 4-byte
    /// size, 6 header bytes per level), the innermost holding one int8 field. Built directly, without recursion.
    /// </summary>
    public static byte[] NestedMessages(int depth)
    {
        const int levelHeader = 6;
        byte[] innermost = [0x80, FudgeTypeId.Int8, 0x05];
        var bytes = new byte[8 + depth * levelHeader + innermost.Length];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), bytes.Length);
        int p = 8;
        for (int level = 1; level <= depth; level++)
        {
            bytes[p] = 0x60;
            bytes[p + 1] = FudgeTypeId.Message;
            BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(p + 2), (depth - level) * levelHeader + innermost.Length);
            p += levelHeader;
        }
        innermost.CopyTo(bytes, p);
        return bytes;
    }

    /// <summary>Offsets at which the top-level fields of an envelope start, plus the envelope's end.</summary>
    public static ISet<int> TopLevelFieldBoundaries(byte[] envelope)
    {
        var boundaries = new HashSet<int>();
        var reader = new FudgeReader(envelope);
        while (reader.Read()) boundaries.Add(reader.FieldOffset);
        boundaries.Add(reader.EnvelopeHeader.MessageSize);
        return boundaries;
    }
}
