using System;
using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

/// <summary>Dates before year 1 in JSON and XML: ISO 8601's expanded form, the year padded to four digits, both ways.</summary>
public class NegativeYearTests
{
    private static readonly FudgeMsg Message = new FudgeMsg()
        .Add("bc", new FudgeDate(-1, 12, 31))
        .Add("ides", new FudgeDateTime(new FudgeDate(-44, 3, 15), new FudgeTime(12, 0, 0, 0, FudgeDateTimeAccuracy.Second, 0)));

    [Fact]
    public void Plain_json_writes_padded_years()
    {
        Assert.Equal("{\"bc\":\"-0001-12-31\",\"ides\":\"-0044-03-15T12:00:00.000000000+00:00\"}", FudgeJson.ToJson(Message));
    }

    [Fact]
    public void Lossless_json_writes_padded_years_and_reads_them_back()
    {
        string json = FudgeJson.ToJson(Message, FudgeJsonSettings.Lossless);

        Assert.Contains("\"-0001-12-31\"", json, StringComparison.Ordinal);
        Assert.Contains("\"-0044-03-15T12:00:00.000000000+00:00 second\"", json, StringComparison.Ordinal);
        Assert.Equal(Message, FudgeJson.ToMessage(json, FudgeJsonSettings.Lossless));
    }

    [Fact]
    public void Xml_writes_padded_years_and_reads_them_back()
    {
        string xml = FudgeXml.ToXml(Message);

        Assert.Contains(">-0001-12-31<", xml, StringComparison.Ordinal);
        Assert.Contains(">-0044-03-15T12:00:00.000000000+00:00 second<", xml, StringComparison.Ordinal);
        Assert.Equal(Message, FudgeXml.ToMessage(xml));
    }
}
