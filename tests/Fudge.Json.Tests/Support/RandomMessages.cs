using System;
using System.Buffers;

namespace Fudge.Json.Tests.Support;

/// <summary>
/// Seeded generator of encoded envelopes that exercise everything a lossless conversion must keep: every standard
/// type, unreduced integer widths, byte[] of fixed-type lengths kept as type 6, NaN payloads and -0.0, unknown types,
/// date/time bit patterns that are not valid values, names/ordinals/both/anonymous/empty names, repeats and nesting.
/// With <c>javaText</c>, names and strings outside the Basic Multilingual Plane also appear, some in standard UTF-8 and
/// some in Fudge-Java's CESU-8, side by side (without it the envelopes are those of earlier versions, seed for seed).
/// </summary>
public static class RandomMessages
{
    private static readonly string[] Names =
    {
        "a", "b", "price", "float array", "x:y", "fudgeField", "fudgeField3", "", "ü名前", "100", "-7", "tab\tname", "1st", "é",
    };

    private static readonly string[] Strings =
    {
        "", "hello", "  spaced  ", "line\r\nbreak\rcr", "nul\0char", "emoji \U0001F600", "<&>\"'", "\uFFFF", "\t", "1234", "true",
    };

    /// <summary>Text whose two encodings differ; "한" (U+D55C) and U+D7FF start with 0xED like a surrogate and do not.</summary>
    private static readonly string[] SupplementaryText =
    {
        "\U0001F600", "key \U0001D465", "\U00020000\U0001F600", "cr\r\U00010000", "nul\0\U0010FFFF", "한 \uD7FF \U0001F600", "한",
    };

    public static byte[] Envelope(int seed, bool javaText = false)
    {
        var random = new Random(seed);
        var output = new ArrayBufferWriter<byte>();
        var writer = new FudgeWriter(output);
        var marker = writer.BeginEnvelope((byte)Pick(random, 0, random.Next(256)), (byte)Pick(random, 0, random.Next(256)),
            (short)Pick(random, 0, random.Next(short.MinValue, short.MaxValue + 1)));
        WriteFields(ref writer, random, depth: 0, javaText);
        writer.EndEnvelope(marker);
        writer.Flush();
        writer.Dispose();
        return output.WrittenSpan.ToArray();
    }

    private static int Pick(Random random, int usual, int other) => random.Next(3) == 0 ? other : usual;

    private static void WriteFields(ref FudgeWriter writer, Random random, int depth, bool javaText)
    {
        int count = random.Next(depth == 0 ? 1 : 0, depth == 0 ? 25 : 8);
        for (int i = 0; i < count; i++) WriteField(ref writer, random, RandomKey(random, javaText), depth, javaText);
    }

    private static FudgeStringEncoding RandomEncoding(Random random) => random.Next(2) == 0 ? FudgeStringEncoding.Utf8 : FudgeStringEncoding.JavaCesu8;

    private static FudgeFieldKey RandomKey(Random random, bool javaText)
    {
        if (javaText && random.Next(4) == 0)
        {
            short? maybe = random.Next(2) == 0 ? (short)random.Next(0, 5) : null;
            return FudgeFieldKey.Create(SupplementaryText[random.Next(SupplementaryText.Length)], maybe, RandomEncoding(random));
        }
        string name = Names[random.Next(Names.Length)];
        short ordinal = (short)(random.Next(4) == 0 ? random.Next(short.MinValue, short.MaxValue + 1) : random.Next(0, 5));
        return random.Next(4) switch
        {
            0 => FudgeFieldKey.Of(name),
            1 => FudgeFieldKey.FromOrdinal(ordinal),
            2 => FudgeFieldKey.Of(name, ordinal),
            _ => FudgeFieldKey.Anonymous,
        };
    }

    private static void WriteString(ref FudgeWriter writer, Random random, in FudgeFieldKey key, bool javaText)
    {
        if (javaText && random.Next(2) == 0)
            writer.WriteString(key, SupplementaryText[random.Next(SupplementaryText.Length)].AsSpan(), RandomEncoding(random));
        else
            writer.WriteString(key, Strings[random.Next(Strings.Length)]);
    }

    private static void WriteField(ref FudgeWriter writer, Random random, FudgeFieldKey key, int depth, bool javaText)
    {
        int kind = random.Next(depth < 3 ? 31 : 30);
        switch (kind)
        {
            case 0: writer.WriteIndicator(key); break;
            case 1: writer.WriteBoolean(key, random.Next(2) == 0); break;
            case 2: writer.WriteExactInt8(key, (sbyte)random.Next(-128, 128)); break;
            case 3: writer.WriteExactInt16(key, (short)SmallOr(random, random.Next(short.MinValue, short.MaxValue + 1))); break;
            case 4: writer.WriteExactInt32(key, (int)SmallOr(random, random.Next(int.MinValue, int.MaxValue))); break;
            case 5: writer.WriteExactInt64(key, SmallOr(random, random.NextInt64(long.MinValue, long.MaxValue))); break;
            case 6: writer.WriteRawField(key, FudgeTypeId.ByteArray, Bytes(random, random.Next(3) == 0 ? 16 : random.Next(0, 40))); break;
            case 7: writer.WriteInt16Array(key, Array(random, r => (short)r.Next(short.MinValue, short.MaxValue + 1))); break;
            case 8: writer.WriteInt32Array(key, Array(random, r => r.Next(int.MinValue, int.MaxValue))); break;
            case 9: writer.WriteInt64Array(key, Array(random, r => r.NextInt64(long.MinValue, long.MaxValue))); break;
            case 10: writer.WriteSingle(key, RandomSingle(random)); break;
            case 11: writer.WriteDouble(key, RandomDouble(random)); break;
            case 12: writer.WriteSingleArray(key, Array(random, RandomSingle)); break;
            case 13: writer.WriteDoubleArray(key, Array(random, RandomDouble)); break;
            case 14: WriteString(ref writer, random, key, javaText); break;
            case 15: writer.WriteDate(key, random.Next(2) == 0 ? new FudgeDate(random.Next(-5000, 5000), random.Next(1, 13), random.Next(1, 29)) : FudgeDate.FromRawValue(random.Next(int.MinValue, int.MaxValue))); break;
            case 16: writer.WriteTime(key, RandomTime(random)); break;
            case 17: writer.WriteDateTime(key, random.Next(2) == 0 ? new FudgeDateTime(new FudgeDate(random.Next(1, 3000), random.Next(1, 13), random.Next(1, 29)), RandomTime(random)) : new FudgeDateTime(FudgeDate.FromRawValue(random.Next()), FudgeTime.FromRawValue(random.NextInt64()))); break;
            case 18: writer.WriteRawField(key, (byte)(random.Next(2) == 0 ? 16 : random.Next(29, 255)), Bytes(random, random.Next(0, 12))); break;
            case 19: case 20: case 21: case 22: case 23: case 24: case 25: case 26: case 27:
                byte fixedType = (byte)(FudgeTypeId.ByteArray4 + kind - 19);
                writer.WriteRawField(key, fixedType, Bytes(random, FudgeTypeId.GetFixedWidth(fixedType)));
                break;
            case 28: WriteString(ref writer, random, key, javaText); break;
            case 29: // a repeated field: the same key several times in a row
                for (int i = random.Next(2, 4); i > 0; i--) writer.WriteInt32(key, random.Next(-1000, 1000));
                break;
            default:
                var marker = writer.BeginMessage(key);
                WriteFields(ref writer, random, depth + 1, javaText);
                writer.EndMessage(marker);
                break;
        }
    }

    private static long SmallOr(Random random, long value) => random.Next(3) == 0 ? random.Next(-100, 100) : value; // unreduced widths

    private static byte[] Bytes(Random random, int length)
    {
        var bytes = new byte[length];
        random.NextBytes(bytes);
        return bytes;
    }

    private static T[] Array<T>(Random random, Func<Random, T> element)
    {
        var result = new T[random.Next(0, 6)];
        for (int i = 0; i < result.Length; i++) result[i] = element(random);
        return result;
    }

    private static float RandomSingle(Random random) => random.Next(6) switch
    {
        0 => -0.0f,
        1 => BitConverter.Int32BitsToSingle(0x7FC00001), // NaN with a payload
        2 => BitConverter.Int32BitsToSingle(unchecked((int)0xFF800000)),
        3 => (float)random.NextDouble(),
        _ => BitConverter.Int32BitsToSingle(random.Next(int.MinValue, int.MaxValue)),
    };

    private static double RandomDouble(Random random) => random.Next(6) switch
    {
        0 => -0.0,
        1 => BitConverter.Int64BitsToDouble(0x7FF0000000000123), // signalling NaN with a payload
        2 => double.PositiveInfinity,
        3 => random.NextDouble() * 1e300,
        _ => BitConverter.Int64BitsToDouble(random.NextInt64(long.MinValue, long.MaxValue)),
    };

    private static FudgeTime RandomTime(Random random) => random.Next(3) == 0
        ? FudgeTime.FromRawValue(random.NextInt64(long.MinValue, long.MaxValue))
        : new FudgeTime(random.Next(0, 86400), random.Next(0, 1_000_000_000), (FudgeDateTimeAccuracy)random.Next(5, 11),
            random.Next(2) == 0 ? null : random.Next(-127, 128));
}
