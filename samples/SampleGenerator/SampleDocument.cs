using System;
using System.Linq;
using System.Text;

namespace Fudge.Samples;

/// <summary>
/// One nested document that uses every standard type at least once, plus names with ordinals, ordinal-only and
/// anonymous fields, repeated fields, deep nesting, long values (to show abbreviation) and an unknown type.
/// </summary>
internal static class SampleDocument
{
    public const byte SchemaVersion = 2;

    public static FudgeMsg Create()
    {
        var issuer = new FudgeMsg()
            .Add("name", "Example Widgets plc")
            .Add("country", "GB")
            .Add("rating", new FudgeMsg().Add("agency", "Alpha").Add("grade", "AA-"))
            .Add("rating", new FudgeMsg().Add("agency", "Beta").Add("grade", "Aa3"))
            .Add("address", new FudgeMsg()
                .Add("lines", new FudgeMsg().Add(null, "1 Example Street").Add(null, "Sampletown"))
                .Add("postcode", "EX1 2MP"));

        var schedule = new FudgeMsg()
            .Add("frequency", "semi-annual")
            .Add("payment", new FudgeDate(2026, 6, 15))
            .Add("payment", new FudgeDate(2026, 12, 15))
            .Add("payment", new FudgeDate(2027, 6, 15))
            .Add("coupons", new[] { 0.0425, 0.0425, 0.045 })
            .Add("notionalSteps", Enumerable.Range(0, 300).Select(i => 1_000_000.0 - i * 2_500.0).ToArray());

        return new FudgeMsg()
            .Add("title", "Fudge sample document")
            .Add("id", GuidBytes(new Guid("6f1c2a5e-8d3b-4e7a-9c10-2b4d6f8a0c1e")))
            .Add("created", FudgeDateTime.FromDateTimeOffset(new DateTimeOffset(2026, 3, 2, 9, 15, 30, 250, TimeSpan.FromHours(1)), FudgeDateTimeAccuracy.Millisecond))
            .Add("tradeDate", new FudgeDate(2026, 3, 2))
            .Add("cutoff", new FudgeTime(16, 30, 0, 0, FudgeDateTimeAccuracy.Minute))
            .Add("active", true)
            .Add("archived", false)
            .Add("priority", (sbyte)-3)
            .Add("revision", (short)300)
            .Add("holders", 70_000)
            .Add("outstanding", 5_000_000_000L)
            .Add("ratio", 0.25f)
            .Add("notional", 1.5e9)
            .Add("withdrawn", FudgeIndicator.Instance)
            .Add("code", 7, "WIDG7")
            .Add(100, "ordinal-only field")
            .Add(null, "anonymous field")
            .Add("greeting", "Grüße, 世界")
            .Add("issuer", issuer)
            .Add("schedule", schedule)
            .Add("shorts", new short[] { -2, -1, 0, 1, 2, 300, -300, short.MaxValue })
            .Add("ints", new[] { 1, 10, 100, 1_000, 100_000 })
            .Add("longs", new[] { long.MinValue, 0L, long.MaxValue })
            .Add("floats", new[] { 0.5f, -1.25f, 3.0f, float.Epsilon })
            .Add("digest", Enumerable.Range(0, 32).Select(i => (byte)(i * 7)).ToArray())
            .Add("blob", Enumerable.Range(0, 40).Select(i => (byte)i).ToArray())
            .Add("page", Enumerable.Range(0, 512).Select(i => (byte)(i % 251)).ToArray())
            .Add("notes", LongText())
            .Add("extension", new FudgeUnknownValue(200, new byte[] { 0xCA, 0xFE, 0xF0, 0x0D }))
            .Add("level1", new FudgeMsg().Add("level2", new FudgeMsg().Add("level3", new FudgeMsg().Add("depth", 3))));
    }

    // RFC 4122 byte order, as the core's Guid secondary type writes it: fixed byte[16] on the wire.
    private static byte[] GuidBytes(Guid id) => id.ToByteArray(bigEndian: true);

    private static string LongText()
    {
        var text = new StringBuilder();
        for (int i = 1; i <= 12; i++) text.Append("Line ").Append(i).Append(" of a long free-text note that inspect abbreviates. ");
        return text.ToString().TrimEnd();
    }
}
