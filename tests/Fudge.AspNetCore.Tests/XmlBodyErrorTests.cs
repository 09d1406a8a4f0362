using System.Net.Http;
using System.Text;
using System.Threading.Tasks;
using Fudge.AspNetCore.Tests.Support;
using Xunit;

namespace Fudge.AspNetCore.Tests;

/// <summary>
/// An XML body that converts to an envelope but that the type's deserializer refuses is named as a JSON one is: by the
/// line and position of the field's element in the XML the client sent, never by an offset in the converted envelope.
/// </summary>
[Collection(ServerCollection.Name)]
public sealed class XmlBodyErrorTests
{
    private readonly TestServer _server;

    public XmlBodyErrorTests(TestServer server) => _server = server;

    [Theory]
    [InlineData("min")]
    [InlineData("mvc")]
    public async Task An_xml_value_the_type_refuses_is_named_by_its_elements_line_and_position(string api)
    {
        // Converts without complaint (an element of text is a string); Trade's formatter refuses a string for its long Quantity.
        const string xml = "<fudgeEnvelope>\n  <Symbol>x</Symbol>\n  <Price type=\"double\">2</Price>\n    <Quantity>abc</Quantity>\n</fudgeEnvelope>";
        using var client = _server.CreateClient();

        using var response = await client.PostAsync($"/{api}/trades", new StringContent(xml, Encoding.UTF8, "application/xml"));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.False(problem.TryGetProperty("offset", out _), "an offset in the converted envelope means nothing to the client");
        Assert.Equal(4, problem.GetProperty("line").GetInt32());
        Assert.Equal(6, problem.GetProperty("position").GetInt32()); // the element's name: "<" is at 5
        Assert.Contains("at line 4, position 6", problem.GetProperty("detail").GetString());
    }

    [Fact]
    public async Task The_same_values_in_fudge_are_named_by_offset_and_in_xml_by_the_element_that_holds_them()
    {
        // The refused field is the last one, after a sub-message: the element found is that field's own, not its neighbour's.
        const string xml = "<fudgeEnvelope><Symbol>x</Symbol><Extra><a type=\"int\">1</a><b>2</b></Extra><Quantity>abc</Quantity></fudgeEnvelope>";
        using var client = _server.CreateClient();

        using var response = await client.PostAsync("/min/trades", new StringContent(xml, Encoding.UTF8, "text/xml"));

        var problem = await Bodies.ProblemAsync(response, 400);
        Assert.Equal(1, problem.GetProperty("line").GetInt32());
        Assert.Equal(xml.IndexOf("<Quantity>", System.StringComparison.Ordinal) + 2, problem.GetProperty("position").GetInt32());
    }
}
