using System;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

public class InspectTests
{
    [Fact]
    public void Inspect_prints_the_envelope_then_each_field_with_key_type_and_value()
    {
        var result = FudgeTool.Run("inspect", RepoFiles.Vector("subMsg.dat"));

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("", result.Stderr);
        Assert.Equal(
            """
            message 0: 74 bytes, directives 0, schema 0, taxonomy 0
              sub1 (message, 28 bytes)
                bibble (string) = "fibble"
                #827 (string) = "Blibble"
              sub2 (message, 22 bytes)
                bibble9 (int) = 9837438
                #828 (float) = 82.77

            """, result.Stdout);
    }

    [Fact]
    public void Offsets_prefix_each_line_with_the_byte_offset_in_the_input()
    {
        var result = FudgeTool.Run("inspect", "--offsets", RepoFiles.Vector("subMsg.dat"));

        Assert.Equal(
            """
                   0  message 0: 74 bytes, directives 0, schema 0, taxonomy 0
                   8    sub1 (message, 28 bytes)
                  16      bibble (string) = "fibble"
                  32      #827 (string) = "Blibble"
                  44    sub2 (message, 22 bytes)
                  52      bibble9 (int) = 9837438
                  66      #828 (float) = 82.77

            """, result.Stdout);
    }

    [Fact]
    public void Hex_shows_each_fields_bytes_beside_it_and_only_the_header_of_a_sub_message()
    {
        var result = FudgeTool.Run("inspect", "--hex", RepoFiles.Vector("subMsg.dat"));

        Assert.Equal(
            """
            00 00 00 00 00 00 00 4a                          message 0: 74 bytes, directives 0, schema 0, taxonomy 0
            28 0f 04 73 75 62 31 1c                            sub1 (message, 28 bytes)
            28 0e 06 62 69 62 62 6c 65 06 66 69 62 62 6c 65      bibble (string) = "fibble"
            30 0e 03 3b 07 42 6c 69 62 62 6c 65                  #827 (string) = "Blibble"
            28 0f 04 73 75 62 32 16                            sub2 (message, 22 bytes)
            88 04 07 62 69 62 62 6c 65 39 00 96 1b 7e            bibble9 (int) = 9837438
            90 0a 03 3c 42 a5 8a 3d                              #828 (float) = 82.77

            """, result.Stdout);
    }

    [Fact]
    public void Hex_and_offsets_together_make_a_dump_of_every_byte()
    {
        var result = FudgeTool.Run("inspect", "--hex", "--offsets", RepoFiles.Vector("subMsg.dat"));

        Assert.Equal(
            """
                   0  00 00 00 00 00 00 00 4a                          message 0: 74 bytes, directives 0, schema 0, taxonomy 0
                   8  28 0f 04 73 75 62 31 1c                            sub1 (message, 28 bytes)
                  16  28 0e 06 62 69 62 62 6c 65 06 66 69 62 62 6c 65      bibble (string) = "fibble"
                  32  30 0e 03 3b 07 42 6c 69 62 62 6c 65                  #827 (string) = "Blibble"
                  44  28 0f 04 73 75 62 32 16                            sub2 (message, 22 bytes)
                  52  88 04 07 62 69 62 62 6c 65 39 00 96 1b 7e            bibble9 (int) = 9837438
                  66  90 0a 03 3c 42 a5 8a 3d                              #828 (float) = 82.77

            """, result.Stdout);
        // The hex columns, read in order, are the file itself.
        var hex = result.Stdout.Split('\n').Where(l => l.Length > 10).Select(l => l.Substring(10, 47).Replace(" ", ""));
        Assert.Equal(System.Convert.ToHexStringLower(InteropVectors.Read("subMsg.dat")), string.Concat(hex));
    }

    [Fact]
    public void Long_values_are_abbreviated_with_their_length_unless_full()
    {
        var shortened = FudgeTool.Run("inspect", RepoFiles.Vector("allNames.dat")).Stdout;
        Assert.Contains("double array (double[]) = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, ... (273 items)]", shortened);

        var full = FudgeTool.Run("inspect", "--full", RepoFiles.Vector("allNames.dat")).Stdout;
        Assert.Contains("double array (double[]) = [" + string.Join(", ", Enumerable.Repeat("0", 273)) + "]", full);

        var document = FudgeTool.Run("inspect", RepoFiles.Sample("document.fudge")).Stdout;
        Assert.Contains("notes (string) = \"Line 1 of a long free-text note that inspect abbreviates. Line 2...\" (698 chars)", document);
        Assert.Contains("blob (byte[]) = 000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f... (40 bytes)", document);
    }

    [Fact]
    public void Long_hex_dumps_stop_after_four_rows_unless_full()
    {
        var dump = FudgeTool.Run("inspect", "--hex", "--offsets", RepoFiles.Vector("variableWidthColumnSizes.dat")).Stdout;
        Assert.Contains("    1188  ... 99948 more bytes\n", dump);

        var full = FudgeTool.Run("inspect", "--hex", "--full", RepoFiles.Vector("variableWidthColumnSizes.dat")).Stdout;
        Assert.DoesNotContain("more bytes", full);
        // Header line, then 16 bytes a row: fields of 107, 1009 and 100012 bytes take 7, 64 and 6251 rows.
        Assert.Equal(1 + 7 + 64 + 6251, full.Split('\n', System.StringSplitOptions.RemoveEmptyEntries).Length);
    }

    [Fact]
    public void Every_type_of_the_document_sample_is_shown()
    {
        var text = FudgeTool.Run("inspect", RepoFiles.Sample("document.fudge")).Stdout;

        Assert.StartsWith("message 0: 4534 bytes, directives 0, schema 2, taxonomy 0\n  title (string) = \"Fudge sample document\"\n", text);
        Assert.Contains("  created (datetime) = 2026-03-02T09:15:30.250000000+01:00 millisecond\n", text);
        Assert.Contains("  withdrawn (indicator)\n", text);
        Assert.Contains("  code#7 (string) = \"WIDG7\"\n", text);
        Assert.Contains("  (anonymous) (string) = \"anonymous field\"\n", text);
        Assert.Contains("  extension (type 200) = cafef00d\n", text);
        Assert.Contains("      level3 (message, 9 bytes)\n        depth (byte) = 3\n", text);
    }

    [Fact]
    public void Unknown_types_show_their_id_and_bytes()
    {
        Assert.Contains("  unknown (type 200) = 00000000000000000000\n", FudgeTool.Run("inspect", RepoFiles.Vector("unknown.dat")).Stdout);
    }

    [Fact]
    public void Many_envelopes_are_separated_by_a_blank_line_and_numbered()
    {
        var text = FudgeTool.Run("inspect", "--offsets", RepoFiles.Sample("ticks.fudge")).Stdout;

        Assert.Equal(40, System.Text.RegularExpressions.Regex.Matches(text, @"^ +\d+  message \d+: ", System.Text.RegularExpressions.RegexOptions.Multiline).Count);
        Assert.StartsWith("       0  message 0: 116 bytes, directives 0, schema 0, taxonomy 0\n       8    ticker (string) = \"ACME\"\n", text);
        Assert.Contains("\n\n     116  message 1: 167 bytes", text);
    }

    [Fact]
    public void Taxonomy_restores_the_names_of_ordinal_only_fields()
    {
        var without = FudgeTool.Run("inspect", RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        Assert.StartsWith("message 0: 83 bytes, directives 0, schema 0, taxonomy 1 (unknown: names not restored; see --taxonomy)\n  #1 (string) = \"ACME\"\n", without);

        var with = FudgeTool.Run("inspect", "--taxonomy", RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        Assert.StartsWith("message 0: 83 bytes, directives 0, schema 0, taxonomy 1 (names restored)\n  ticker#1 (string) = \"ACME\"\n  exchange#2 (string) = \"XFDG\"\n", with);
        Assert.Contains("    aggressor#12 (string) = ", with);

        var byId = FudgeTool.Run("inspect", "--taxonomy", "1=" + RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        Assert.Equal(with, byId);
        var otherId = FudgeTool.Run("inspect", "--taxonomy", "2=" + RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        Assert.Equal(without, otherId);
    }

    [Fact]
    public void Names_restored_from_a_taxonomy_match_the_named_stream()
    {
        // The ordinal-only stream, with its names restored, carries the same fields as the named one.
        var named = FudgeTool.Run("inspect", RepoFiles.Sample("ticks.fudge")).Stdout;
        var restored = FudgeTool.Run("inspect", "--taxonomy", RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        static string Keys(string tree) => string.Join("\n", tree.Split('\n')
            .Where(l => l.StartsWith("  "))
            .Select(l => System.Text.RegularExpressions.Regex.Replace(l, @"#\d+ \(", " ("))
            .Select(l => System.Text.RegularExpressions.Regex.Replace(l, @"\(message, \d+ bytes\)", "(message)")));
        Assert.Equal(Keys(named), Keys(restored));
    }

    [Fact]
    public void Standard_input_is_read_when_the_file_is_a_dash()
    {
        var fromFile = FudgeTool.Run("inspect", RepoFiles.Sample("ticks.fudge"));
        var fromStdin = FudgeTool.RunWithInput(File.ReadAllBytes(RepoFiles.Sample("ticks.fudge")), "inspect", "-");

        Assert.Equal(0, fromStdin.ExitCode);
        Assert.Equal(fromFile.Stdout, fromStdin.Stdout);
    }

    [Theory]
    [MemberData(nameof(InteropVectors.All), MemberType = typeof(InteropVectors))]
    public void Every_interop_vector_inspects_cleanly(string name)
    {
        var result = FudgeTool.Run("inspect", "--hex", "--offsets", RepoFiles.Vector(name));

        Assert.Equal(0, result.ExitCode);
        Assert.Equal("", result.Stderr);
        Assert.StartsWith("       0  00 00 00 00 00 ", result.Stdout);
    }

    [Fact]
    public void Output_before_an_error_is_kept_and_the_error_is_one_line()
    {
        var bytes = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));
        var truncated = bytes.AsSpan(0, bytes.Length - 10).ToArray();

        var result = FudgeTool.RunWithInput(truncated, "inspect", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains("message 38: ", result.Stdout);
        Assert.Equal("fudge: Invalid Fudge data at byte offset 5200: message 39: the stream ends inside an envelope that declares 166 bytes (156 arrived)\n", result.Stderr);
    }
}
