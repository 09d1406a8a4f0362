using System;
using System.Text;
using Fudge.Serialization;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Json.Tests.Hostile;

/// <summary>
/// Memory per input byte of JSON input on the worst shapes a sender can choose (issue 34, section 4): reading JSON text
/// allocates nothing per value beyond what the decoded message keeps, so it costs what <see cref="FudgeEnvelope.Parse(ReadOnlySpan{byte}, FudgeReaderOptions?)"/>
/// of the same envelope costs, plus a fixed amount per call; and, where the message itself allows it, at most 8 bytes
/// per input byte. Counted with <see cref="GC.GetAllocatedBytesForCurrentThread"/>: exact, whatever the load.
/// </summary>
public class JsonAllocationPerInputByteTests
{
    private static readonly FudgeJsonSettings Unlimited = new() { ReaderOptions = new FudgeReaderOptions { MaxFieldCount = int.MaxValue } };
    private static readonly FudgeJsonSettings UnlimitedRepeated = new()
    {
        ReaderOptions = Unlimited.ReaderOptions,
        NumberArrays = FudgeJsonNumberArrays.RepeatedFields,
    };

    /// <summary>One JSON array (or object) of about 256 KiB of the smallest items, by name.</summary>
    private static string Json(string shape)
    {
        (string open, string item, string close) = shape switch
        {
            "empty strings" => ("{\"a\":[", "\"\"", "]}"),
            "empty objects" => ("{\"a\":[", "{}", "]}"),
            "empty arrays" => ("{\"a\":[", "[]", "]}"),
            "nulls" => ("{\"a\":[", "null", "]}"),
            "zeros" => ("{\"a\":[", "0", "]}"),
            "zeros as repeated fields" => ("{\"a\":[", "0", "]}"),
            "repeated keys" => ("{", "\"a\":0", "}"),
            "escaped strings" => ("{\"a\":[", "\"\\n\"", "]}"),
            "nested empty objects" => ("{\"a\":[", "{\"a\":{\"a\":{\"a\":{}}}}", "]}"),
            "one-character strings" => ("{\"a\":[", "\"a\"", "]}"),
            "two-character strings" => ("{\"a\":[", "\"ab\"", "]}"),
            "int16s as repeated fields" => ("{\"a\":[", "1024", "]}"), // outside the shared boxes (-1024..1023)
            _ => throw new ArgumentException("unknown shape " + shape, nameof(shape)),
        };
        var text = new StringBuilder(TinyFieldEnvelopes.InputBytes + 64).Append(open);
        while (text.Length < TinyFieldEnvelopes.InputBytes) text.Append(item).Append(',');
        text.Length--;
        return text.Append(close).ToString();
    }

    private static FudgeJsonSettings SettingsFor(string shape)
        => shape is "zeros as repeated fields" or "int16s as repeated fields" ? UnlimitedRepeated : Unlimited;

    /// <summary>Every shape: the JSON reader's own cost per value is zero, whatever a field costs in the model.</summary>
    public static TheoryData<string> Shapes => new()
    {
        "empty strings", "empty objects", "empty arrays", "nulls", "zeros", "zeros as repeated fields", "repeated keys",
        "escaped strings", "nested empty objects", "one-character strings", "two-character strings", "int16s as repeated fields",
    };

    /// <summary>
    /// Shapes whose message fits in 8 bytes per JSON byte today (with the 24-byte field): one field per 3 bytes or
    /// more, or numbers gathered into one int[]. Not here, because of what the message keeps: zeros as repeated fields
    /// (<c>0,</c>: a field per 2 bytes, 12 per byte), escaped strings (<c>"\n",</c>: a field and a string object per
    /// 5 bytes) and nested objects (a message object per level). Strings of one or two ASCII characters and int16s
    /// outside the shared boxes cost their field alone: the message keeps them in the field until they are read.
    /// </summary>
    public static TheoryData<string> BoundedShapes => new()
    {
        "empty strings", "empty objects", "empty arrays", "nulls", "zeros", "repeated keys", "one-character strings",
        "two-character strings", "int16s as repeated fields",
    };

    /// <summary>
    /// What one call may allocate besides the per-byte bound: the core's fixed cost (the envelope, options) and the
    /// UTF-8 reader's own (the source, its path stack and name table, the read's context, the pooled buffer's wrapper).
    /// </summary>
    private const int FixedCostPerCall = TinyFieldEnvelopes.FixedCostPerCall + 2 * 1024;

    /// <summary>
    /// What a single call of a megabyte's allocation can be over-counted by on a busy machine, in every one of the
    /// counter's rounds: a collection falls inside each such call, after which the thread's count can include part of an
    /// allocation quantum (8 KiB), and a pooled buffer rented while other test classes' threads drain the shared pool
    /// is allocated afresh (seen in CI: 4,056 bytes over on a 1.27 MB call). On the 256 KiB inputs here it is 0.03 bytes
    /// per input byte; anything that grows with the input costs far more.
    /// </summary>
    private const int AccountingSlack = 8 * 1024;

    [Theory]
    [MemberData(nameof(Shapes))]
    public void Reading_json_into_a_message_allocates_no_more_than_decoding_its_envelope(string shape)
    {
        string json = Json(shape);
        byte[] utf8 = Encoding.UTF8.GetBytes(json);
        var settings = SettingsFor(shape);
        byte[] envelope = FudgeJson.ToFudge(utf8, settings);
        long decoding = TinyFieldEnvelopes.AllocatedBy(() => FudgeEnvelope.Parse(envelope, settings.ReaderOptions));

        AssertAtMost(shape + ", UTF-8", decoding, utf8.Length, () => FudgeJson.ToMessage(utf8, settings));
        AssertAtMost(shape + ", string", decoding, utf8.Length, () => FudgeJson.ToMessage(json, settings));
    }

    [Theory]
    [MemberData(nameof(Shapes))]
    public void Reading_json_into_a_generated_type_allocates_no_more_than_deserializing_its_envelope(string shape)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(Json(shape));
        var settings = SettingsFor(shape);
        byte[] envelope = FudgeJson.ToFudge(utf8, settings);
        long deserializing = TinyFieldEnvelopes.AllocatedBy(() => FudgeSerializer.Deserialize<KeepsEveryField>(envelope, settings.ReaderOptions));

        AssertAtMost(shape, deserializing, utf8.Length, () => FudgeJson.Deserialize<KeepsEveryField>(utf8, settings));
    }

    [Theory]
    [MemberData(nameof(BoundedShapes))]
    public void Reading_json_allocates_at_most_8_bytes_per_input_byte(string shape)
    {
        string json = Json(shape);
        byte[] utf8 = Encoding.UTF8.GetBytes(json);
        var settings = SettingsFor(shape);
        long bound = (long)TinyFieldEnvelopes.BytesPerInputByte * utf8.Length;

        AssertAtMost(shape + ", message from UTF-8", bound, utf8.Length, () => FudgeJson.ToMessage(utf8, settings));
        AssertAtMost(shape + ", message from a string", bound, utf8.Length, () => FudgeJson.ToMessage(json, settings));
        AssertAtMost(shape + ", generated type", bound, utf8.Length, () => FudgeJson.Deserialize<KeepsEveryField>(utf8, settings));
    }

    private static void AssertAtMost(string what, long expected, int inputBytes, Action read)
    {
        long allocated = TinyFieldEnvelopes.AllocatedBy(read);
        long bound = expected + FixedCostPerCall + AccountingSlack;
        Assert.True(allocated <= bound,
            $"{what}: {allocated:N0} bytes allocated for {inputBytes:N0} input bytes ({(double)allocated / inputBytes:0.00} per byte), bound {bound:N0}");
    }
}

/// <summary>A type that knows none of the fields, so extensible deserialization keeps all of them.</summary>
[FudgeMessage]
public partial class KeepsEveryField : IFudgeExtensible
{
    public int Known { get; set; }

    /// <inheritdoc/>
    public FudgeMsg? ExtensionData { get; set; }
}
