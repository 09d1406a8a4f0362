using System;
using System.Buffers.Binary;
using System.Threading;

namespace Fudge.Tests.Support;

/// <summary>Deeply nested envelopes written by hand (no recursion), and a way to run code on a stack of a chosen size.</summary>
public static class DeepMessages
{
    /// <summary>
    /// An envelope of <paramref name="depth"/> nested anonymous sub-messages, the innermost holding one int8 field named
    /// "leaf". Each level is a 6-byte field header (prefix 0x60: 4-byte size, no name, no ordinal; type 15).
    /// </summary>
    public static byte[] Nested(int depth)
    {
        byte[] leaf = [0x88, FudgeTypeId.Int8, 0x04, (byte)'l', (byte)'e', (byte)'a', (byte)'f', 0x07];
        int size = 8 + 6 * depth + leaf.Length;
        var bytes = new byte[size];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), size);
        for (int level = 0; level < depth; level++)
        {
            int at = 8 + 6 * level;
            bytes[at] = 0x60;
            bytes[at + 1] = FudgeTypeId.Message;
            BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(at + 2), 6 * (depth - level - 1) + leaf.Length);
        }
        leaf.CopyTo(bytes, 8 + 6 * depth);
        return bytes;
    }

    /// <summary>
    /// The same nesting as <see cref="Nested"/> as a writer encodes it: each level's size in the smallest width that
    /// holds it (1, 2 or 4 bytes), so a level's header is 3, 4 or 6 bytes.
    /// </summary>
    public static byte[] Minimal(int depth)
    {
        byte[] leaf = [0x88, FudgeTypeId.Int8, 0x04, (byte)'l', (byte)'e', (byte)'a', (byte)'f', 0x07];
        // Sizes from the innermost level out: each level holds the levels inside it and the leaf.
        var contentSizes = new int[depth];
        int content = leaf.Length;
        for (int level = depth - 1; level >= 0; level--)
        {
            contentSizes[level] = content;
            content += 2 + SizeWidth(content);
        }
        var bytes = new byte[8 + content];
        BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(4), bytes.Length);
        int at = 8;
        for (int level = 0; level < depth; level++)
        {
            int size = contentSizes[level], width = SizeWidth(size);
            bytes[at] = (byte)(width == 1 ? 0x20 : width == 2 ? 0x40 : 0x60);
            bytes[at + 1] = FudgeTypeId.Message;
            if (width == 1) bytes[at + 2] = (byte)size;
            else if (width == 2) BinaryPrimitives.WriteInt16BigEndian(bytes.AsSpan(at + 2), (short)size);
            else BinaryPrimitives.WriteInt32BigEndian(bytes.AsSpan(at + 2), size);
            at += 2 + width;
        }
        leaf.CopyTo(bytes, at);
        return bytes;
    }

    private static int SizeWidth(int size) => size <= byte.MaxValue ? 1 : size <= short.MaxValue ? 2 : 4;

    /// <summary>Options with no depth limit: only the stack-room guards stand between deep data and a crash.</summary>
    public static FudgeReaderOptions Unlimited => new() { MaxDepth = int.MaxValue };

    /// <summary>Runs <paramref name="action"/> on a new thread with <paramref name="stackBytes"/> of stack; rethrows what it throws.</summary>
    public static T OnStack<T>(int stackBytes, Func<T> action)
    {
        T result = default!;
        Exception? error = null;
        var thread = new Thread(() =>
        {
            try { result = action(); }
            catch (Exception e) { error = e; }
        }, stackBytes);
        thread.Start();
        thread.Join();
        if (error is not null) System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(error).Throw();
        return result;
    }
}
