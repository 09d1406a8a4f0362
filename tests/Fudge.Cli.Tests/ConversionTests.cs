using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

public class ConversionTests
{
    public static IEnumerable<object[]> VectorsAndSamples
        => InteropVectors.Names.Select(RepoFiles.Vector).Concat(RepoFiles.SampleNames.Select(RepoFiles.Sample)).Select(p => new object[] { Path.GetFileName(p) });

    private static string PathOf(string fileName) => InteropVectors.Names.Contains(fileName) ? RepoFiles.Vector(fileName) : RepoFiles.Sample(fileName);

    [Theory]
    [MemberData(nameof(VectorsAndSamples))]
    public void Lossless_json_round_trip_gives_identical_bytes(string fileName)
    {
        var original = File.ReadAllBytes(PathOf(fileName));

        var json = FudgeTool.Run("to-json", "--mode", "lossless", PathOf(fileName));
        var back = FudgeTool.RunWithInput(json.StdoutBytes, "from-json", "--mode", "lossless", "-");

        Assert.Equal(0, json.ExitCode);
        Assert.Equal(0, back.ExitCode);
        Assert.Equal(original, back.StdoutBytes);
    }

    [Theory]
    [InlineData("lossless")]
    [InlineData("plain")]
    public void A_message_nested_as_deep_as_the_reader_allows_converts_to_json_and_back(string mode)
    {
        var message = new FudgeMsg().Add("leaf", 1);
        for (int level = 1; level < FudgeReaderOptions.Default.MaxDepth; level++) message = new FudgeMsg().Add("n", message);
        byte[] original = message.ToByteArray();
        using var file = new RepoFiles.TempFile(original);

        var json = FudgeTool.Run("to-json", "--mode", mode, file.Path);
        var back = FudgeTool.RunWithInput(json.StdoutBytes, "from-json", "--mode", mode, "-");

        Assert.Equal(0, json.ExitCode);
        Assert.Equal("", back.Stderr);
        Assert.Equal(original, back.StdoutBytes);
    }

    [Theory]
    [MemberData(nameof(VectorsAndSamples))]
    public void Lossless_xml_round_trip_gives_identical_bytes(string fileName)
    {
        var original = File.ReadAllBytes(PathOf(fileName));

        var xml = FudgeTool.Run("to-xml", "--mode", "lossless", PathOf(fileName));
        var back = FudgeTool.RunWithInput(xml.StdoutBytes, "from-xml", "--mode", "lossless", "-");

        Assert.Equal(0, xml.ExitCode);
        Assert.Equal(0, back.ExitCode);
        Assert.Equal(original, back.StdoutBytes);
    }

    [Fact]
    public void Indented_output_round_trips_too()
    {
        var original = File.ReadAllBytes(RepoFiles.Sample("document.fudge"));

        var json = FudgeTool.Run("to-json", "--mode", "lossless", "--indent", RepoFiles.Sample("document.fudge"));
        Assert.Equal(original, FudgeTool.RunWithInput(json.StdoutBytes, "from-json", "--mode", "lossless", "-").StdoutBytes);

        var xml = FudgeTool.Run("to-xml", "--mode", "lossless", "--indent", RepoFiles.Sample("document.fudge"));
        Assert.Equal(original, FudgeTool.RunWithInput(xml.StdoutBytes, "from-xml", "-").StdoutBytes);
    }

    [Fact]
    public void Plain_json_is_one_object_per_line_in_the_spec_mapping()
    {
        Assert.Equal(
            "{\"sub1\":{\"bibble\":\"fibble\",\"827\":\"Blibble\"},\"sub2\":{\"bibble9\":9837438,\"828\":82.77}}\n",
            FudgeTool.Run("to-json", RepoFiles.Vector("subMsg.dat")).Stdout);

        var lines = FudgeTool.Run("to-json", RepoFiles.Sample("ticks.fudge")).Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(40, lines.Length);
        Assert.StartsWith("{\"ticker\":\"ACME\",\"exchange\":\"XFDG\",\"seq\":1,", lines[0]);
    }

    [Fact]
    public void Plain_xml_is_one_envelope_element_per_line()
    {
        Assert.Equal(
            "<fudgeEnvelope><sub1><bibble>fibble</bibble><fudgeField827 ordinal=\"827\">Blibble</fudgeField827></sub1>"
            + "<sub2><bibble9>9837438</bibble9><fudgeField828 ordinal=\"828\">82.77</fudgeField828></sub2></fudgeEnvelope>\n",
            FudgeTool.Run("to-xml", RepoFiles.Vector("subMsg.dat")).Stdout);

        var lines = FudgeTool.Run("to-xml", RepoFiles.Sample("ticks.fudge")).Stdout.Split('\n', StringSplitOptions.RemoveEmptyEntries);
        Assert.Equal(40, lines.Length);
        Assert.All(lines, l => Assert.StartsWith("<fudgeEnvelope>", l));
    }

    [Fact]
    public void Taxonomy_restores_names_in_json()
    {
        var json = FudgeTool.Run("to-json", "--taxonomy", RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;

        Assert.StartsWith("{\"fudgeTaxonomy\":1,\"ticker\":\"ACME\",\"exchange\":\"XFDG\",", json);
    }

    [Fact]
    public void Taxonomy_names_the_elements_in_plain_xml()
    {
        var xml = FudgeTool.Run("to-xml", "--taxonomy", RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;

        Assert.StartsWith("<fudgeEnvelope taxonomy=\"1\"><ticker ordinal=\"1\">ACME</ticker><exchange ordinal=\"2\">XFDG</exchange>", xml);
    }

    [Fact]
    public void Lossless_round_trips_stay_exact_when_a_taxonomy_is_given()
    {
        var original = File.ReadAllBytes(RepoFiles.Sample("ticks-ordinals.fudge"));
        string[] taxonomy = { "--taxonomy", RepoFiles.Sample("taxonomy.fudge") };

        var json = FudgeTool.Run([.. taxonomy, "to-json", "--mode", "lossless", RepoFiles.Sample("ticks-ordinals.fudge")]);
        var xml = FudgeTool.Run([.. taxonomy, "to-xml", "--mode", "lossless", RepoFiles.Sample("ticks-ordinals.fudge")]);

        Assert.Equal(original, FudgeTool.RunWithInput(json.StdoutBytes, "from-json", "--mode", "lossless", "-").StdoutBytes);
        Assert.Equal(original, FudgeTool.RunWithInput(xml.StdoutBytes, "from-xml", "-").StdoutBytes);
    }

    [Fact]
    public void Output_goes_to_a_file_with_o()
    {
        using var json = new RepoFiles.TempFile();
        using var fudge = new RepoFiles.TempFile();

        Assert.Equal(0, FudgeTool.Run("to-json", "--mode", "lossless", "-o", json.Path, RepoFiles.Sample("ticks.fudge")).ExitCode);
        var result = FudgeTool.Run("from-json", "--mode", "lossless", json.Path, "--output", fudge.Path);

        Assert.Equal(0, result.ExitCode);
        Assert.Empty(result.StdoutBytes);
        Assert.Equal(File.ReadAllBytes(RepoFiles.Sample("ticks.fudge")), File.ReadAllBytes(fudge.Path));
    }

    [Fact]
    public void From_json_accepts_an_array_of_objects_and_concatenated_objects()
    {
        var fromArray = FudgeTool.RunWithInput("[{\"a\":1},{\"b\":\"x\"}]"u8.ToArray(), "from-json", "-");
        var fromSequence = FudgeTool.RunWithInput("{\"a\":1}\n{\"b\":\"x\"}"u8.ToArray(), "from-json", "-");

        Assert.Equal(0, fromArray.ExitCode);
        Assert.Equal(fromSequence.StdoutBytes, fromArray.StdoutBytes);
        Assert.Equal("valid: 2 messages, 27 bytes\n", FudgeTool.RunWithInput(fromArray.StdoutBytes, "validate", "-").Stdout);
    }

    [Fact]
    public void From_xml_accepts_a_document_with_a_declaration()
    {
        var result = FudgeTool.RunWithInput("<?xml version=\"1.0\"?>\n<fudgeEnvelope><a>text</a></fudgeEnvelope>\n"u8.ToArray(), "from-xml", "-");

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("  a (string) = \"text\"\n", FudgeTool.RunWithInput(result.StdoutBytes, "inspect", "-").Stdout);
    }

    [Theory]
    [InlineData("from-json", "{\"a\":1} {\"b\":", "fudge: ")]
    [InlineData("from-json", "42", "fudge: expected a JSON object (one per message) but found Integer (JSON line 1, position 2")]
    [InlineData("from-json", "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[", "fudge: ")]
    [InlineData("from-xml", "<a><b>1</b></a> hello", "fudge: text outside an envelope element (XML line 1, position 16)")]
    [InlineData("from-xml", "<a><b>1</a>", "fudge: malformed XML: ")]
    [InlineData("from-xml", "<!DOCTYPE a [<!ENTITY x \"y\">]><a>&x;</a>", "fudge: malformed XML: ")]
    public void Bad_text_input_is_one_line_and_exit_code_1(string command, string input, string expectedStart)
    {
        var result = FudgeTool.RunWithInput(System.Text.Encoding.UTF8.GetBytes(input), command, "-");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith(expectedStart, result.Stderr);
        Assert.DoesNotContain("internal error", result.Stderr);
        Assert.Single(result.Stderr.TrimEnd('\n').Split('\n'));
    }

    [Fact]
    public void Hostile_text_never_crashes_from_json_or_from_xml()
    {
        // Mutated conversions of the document sample: every run ends with exit code 0 or 1, and a failure is one line
        // that is not an internal error.
        var random = new Random(4);
        var json = FudgeTool.Run("to-json", "--mode", "lossless", RepoFiles.Sample("document.fudge")).StdoutBytes;
        var xml = FudgeTool.Run("to-xml", "--mode", "lossless", RepoFiles.Sample("document.fudge")).StdoutBytes;
        const string alphabet = "{}[]<>/\"':,=0123456789-.eE abc\n&;#x";
        for (int run = 0; run < 200; run++)
        {
            foreach (var (command, seed) in new[] { ("from-json", json), ("from-json", json.Take(300).ToArray()), ("from-xml", xml), ("from-xml", xml.Take(300).ToArray()) })
            {
                var input = (byte[])seed.Clone();
                for (int edits = random.Next(1, 4); edits > 0; edits--) input[random.Next(input.Length)] = (byte)alphabet[random.Next(alphabet.Length)];

                var result = FudgeTool.RunWithInput(input, command, "--mode", run % 2 == 0 ? "lossless" : "plain", "-");

                Assert.True(result.ExitCode is 0 or 1, $"{command} exit {result.ExitCode}");
                if (result.ExitCode == 1)
                {
                    Assert.StartsWith("fudge: ", result.Stderr);
                    Assert.DoesNotContain("internal error", result.Stderr);
                    Assert.Single(result.Stderr.TrimEnd('\n').Split('\n'));
                }
            }
        }
    }

    [Fact]
    public void A_name_that_xml_cannot_hold_travels_as_base64()
    {
        // unknown.dat with a control character (0x17) in its field name: valid Fudge that XML 1.0 cannot hold as text.
        var bytes = InteropVectors.Read("unknown.dat");
        bytes[11] = 0x17;

        var result = FudgeTool.RunWithInput(bytes, "to-xml", "-");

        Assert.Equal(0, result.ExitCode);
        Assert.Contains("nameEncoding=\"base64\"", result.Stdout);
        Assert.Equal(0, FudgeTool.RunWithInput(bytes, "to-json", "-").ExitCode);
    }

    [Fact]
    public void A_bad_mode_is_a_usage_error_on_one_line()
    {
        var result = FudgeTool.Run("to-json", "--mode", "weird", RepoFiles.Sample("ticks.fudge"));

        Assert.Equal(2, result.ExitCode);
        Assert.Equal("fudge: --mode takes plain or lossless, not 'weird'\nTry 'fudge to-json --help'.\n", result.Stderr);
    }
}
