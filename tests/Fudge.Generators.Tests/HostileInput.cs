using System;
using Fudge;
using Xunit;

namespace Fudge.Generators.Tests;

/// <summary>Truncations and corruptions of a real encoding at every byte: only <see cref="FudgeFormatException"/> may come out.</summary>
internal static class HostileInput
{
    private static readonly byte[] DefaultValues = { 0x00, 0x01, 0x7F, 0x80, 0xFF, 0x0F, 0x20, 0x60 };

    /// <summary>
    /// Every prefix of <paramref name="data"/> is refused; every prefix whose envelope claims its own length, and every
    /// byte set to each of <paramref name="values"/> (by default bytes that change sizes, flags and type ids) or xored
    /// with 0x55, raises at most a <see cref="FudgeFormatException"/>.
    /// </summary>
    public static void AssertOnlyFormatErrors(byte[] data, Action<byte[]> decode, byte[]? values = null)
    {
        for (int length = 0; length < data.Length; length++)
            Assert.Throws<FudgeFormatException>(() => decode(data.AsSpan(0, length).ToArray()));
        for (int length = 8; length < data.Length; length++)
        {
            var cut = data.AsSpan(0, length).ToArray();
            System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(cut.AsSpan(4), length);
            Only(decode, cut, $"truncated to {length}");
        }
        var corrupt = (byte[])data.Clone();
        for (int i = 0; i < data.Length; i++)
        {
            foreach (byte v in values ?? DefaultValues)
            {
                if (data[i] == v) continue;
                corrupt[i] = v;
                Only(decode, corrupt, $"byte {i} set to 0x{v:X2}");
            }
            // Once per byte, not once per value above (that decoded the same bytes eight times).
            corrupt[i] = (byte)(data[i] ^ 0x55);
            Only(decode, corrupt, $"byte {i} xor 0x55");
            corrupt[i] = data[i];
        }
    }

    private static void Only(Action<byte[]> decode, byte[] data, string what)
    {
        try
        {
            decode(data);
        }
        catch (FudgeFormatException)
        {
        }
        catch (Exception e)
        {
            Assert.Fail($"{what}: {e.GetType().Name}: {e.Message}\n{e.StackTrace}");
        }
    }
}
