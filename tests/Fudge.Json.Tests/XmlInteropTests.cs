using Fudge.Tests.Support;
using Fudge.Xml;
using Xunit;

namespace Fudge.Json.Tests;

public class XmlInteropTests
{
    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_vector_survives_xml_byte_for_byte(string vector)
    {
        byte[] original = InteropVectors.Read(vector);

        string xml = FudgeXml.ToXml(original);
        byte[] back = FudgeXml.ToFudge(xml);

        Assert.Equal(original, back);
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_vector_survives_indented_xml_byte_for_byte(string vector)
    {
        byte[] original = InteropVectors.Read(vector);

        string xml = FudgeXml.ToXml(original, indent: true);

        Assert.Equal(original, FudgeXml.ToFudge(xml));
    }
}
