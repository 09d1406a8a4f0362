using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Fudge.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests;

/// <summary>fudge filter, get and route on the shipped samples (the examples of docs/routing.md).</summary>
public class QueryCommandTests
{
    private const string AuditOnNode5 = "$.System.Hostname == 'node-5' && $.Log.Type in ['AUDIT', 'SECURITY']";

    private static byte[] Logs => File.ReadAllBytes(RepoFiles.Sample("logs.fudge"));

    // The envelopes of a stream, each as its own bytes.
    private static List<byte[]> Envelopes(byte[] stream)
    {
        var list = new List<byte[]>();
        for (int offset = 0; offset < stream.Length;)
        {
            int size = FudgeReader.ReadEnvelopeHeader(stream.AsSpan(offset)).MessageSize;
            list.Add(stream.AsSpan(offset, size).ToArray());
            offset += size;
        }
        return list;
    }

    private static byte[] Concat(IEnumerable<byte[]> parts) => parts.SelectMany(p => p).ToArray();

    [Fact]
    public void Filter_passes_matching_envelopes_through_byte_for_byte()
    {
        var result = FudgeTool.Run("filter", "--where", AuditOnNode5, RepoFiles.Sample("logs.fudge"));

        Assert.Equal(0, result.ExitCode);
        var expected = Envelopes(Logs).Where(e =>
        {
            var m = FudgeMsg.Parse(e);
            return m.GetMessage("System")!.GetString("Hostname") == "node-5" && m.GetMessage("Log")!.GetString("Type") is "AUDIT" or "SECURITY";
        });
        Assert.Equal(Concat(expected), result.StdoutBytes);
        Assert.NotEmpty(result.StdoutBytes);
    }

    [Fact]
    public void Filter_that_every_envelope_passes_reproduces_the_input_exactly()
    {
        foreach (var name in RepoFiles.SampleNames)
        {
            var input = File.ReadAllBytes(RepoFiles.Sample(name));
            var result = FudgeTool.RunWithInput(input, "filter", "--where", "count($..*) >= 0", "-");
            Assert.Equal(input, result.StdoutBytes);
        }
    }

    [Fact]
    public void Filter_invert_passes_the_rest_and_count_counts()
    {
        var matching = FudgeTool.Run("filter", "-w", "$.Company.Ticker == 'AAPL'", RepoFiles.Sample("logs.fudge")).StdoutBytes;
        var rest = FudgeTool.Run("filter", "-w", "$.Company.Ticker == 'AAPL'", "--invert", RepoFiles.Sample("logs.fudge")).StdoutBytes;
        Assert.Equal(Logs.Length, matching.Length + rest.Length);
        Assert.Equal(Envelopes(Logs).Count, Envelopes(matching).Count + Envelopes(rest).Count);
        var count = FudgeTool.Run("filter", "--count", "-w", "$.Company.Ticker == 'AAPL'", RepoFiles.Sample("logs.fudge"));
        Assert.Equal($"{Envelopes(matching).Count}\n", count.Stdout);
    }

    [Fact]
    public void Filter_resolves_taxonomy_names_given_with_taxonomy()
    {
        var byName = FudgeTool.Run("filter", "-c", "-w", "$.ticker == 'ACME' && $.trade.price > 0", RepoFiles.Sample("ticks.fudge")).Stdout;
        var byOrdinal = FudgeTool.Run("--taxonomy", RepoFiles.Sample("taxonomy.fudge"), "filter", "-c", "-w", "$.ticker == 'ACME' && $.trade.price > 0", RepoFiles.Sample("ticks-ordinals.fudge")).Stdout;
        Assert.Equal(byName, byOrdinal);
        Assert.NotEqual("0\n", byName);
    }

    [Fact]
    public void A_bad_filter_is_one_line_with_its_column()
    {
        var result = FudgeTool.Run("filter", "-w", "$.a ==", RepoFiles.Sample("logs.fudge"));
        Assert.Equal(1, result.ExitCode);
        Assert.Equal("fudge: Invalid query at line 1, column 7: expected a literal but the filter ends\n", result.Stderr);
        Assert.Empty(result.StdoutBytes);
    }

    [Fact]
    public void Get_prints_one_line_per_message()
    {
        var result = FudgeTool.Run("get", "$.Log.Seq", RepoFiles.Sample("logs.fudge"));
        Assert.Equal(0, result.ExitCode);
        Assert.Equal(Enumerable.Range(1, 24).Select(i => i + "\n"), result.Stdout.Split('\n').SkipLast(1).Select(l => l + "\n"));
    }

    [Fact]
    public void Get_separates_repeated_values_with_tabs_and_prints_sub_messages_as_json()
    {
        var message = new FudgeMsg().Add("p", 1).Add("p", "two").Add("q", new FudgeMsg().Add("x", 1.5));
        var input = Concat(new[] { message.ToByteArray(), new FudgeMsg().Add("z", 0).ToByteArray() });
        var result = FudgeTool.RunWithInput(input, "get", "$.*", "-");
        Assert.Equal("1\t\"two\"\t{\"x\":1.5}\n0\n", result.Stdout);
        Assert.Equal("\n\n", FudgeTool.RunWithInput(input, "get", "$.missing", "-").Stdout);
    }

    [Fact]
    public void Route_splits_the_stream_by_the_rules_file()
    {
        var folder = Path.Combine(Path.GetTempPath(), "fudge-route-" + Guid.NewGuid().ToString("N"));
        try
        {
            var result = FudgeTool.Run("route", "--rules", RepoFiles.Sample("routing-rules.json"), RepoFiles.Sample("logs.fudge"), "-d", folder);

            Assert.Equal(0, result.ExitCode);
            var envelopes = Envelopes(Logs);
            var apple = envelopes.Where(e => FudgeMsg.Parse(e).GetMessage("Company")!.GetString("Ticker") == "AAPL").ToList();
            var others = envelopes.Except(apple).ToList();
            Assert.Equal(Concat(apple), File.ReadAllBytes(Path.Combine(folder, "node-5.fudge")));
            Assert.Equal(Concat(others), File.ReadAllBytes(Path.Combine(folder, "node-7.fudge")));
            Assert.Contains($"node-5: {apple.Count} messages -> ", result.Stdout);
            Assert.Contains($"node-7: {others.Count} messages -> ", result.Stdout);
        }
        finally
        {
            if (Directory.Exists(folder)) Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void Route_writes_one_destination_to_standard_output()
    {
        var folder = Path.Combine(Path.GetTempPath(), "fudge-route-" + Guid.NewGuid().ToString("N"));
        try
        {
            var result = FudgeTool.Run("route", "-r", RepoFiles.Sample("routing-rules.json"), RepoFiles.Sample("logs.fudge"), "-d", folder, "--stdout", "node-5");
            Assert.Equal(0, result.ExitCode);
            Assert.Equal(FudgeTool.Run("filter", "-w", "$.Company.Ticker == 'AAPL'", RepoFiles.Sample("logs.fudge")).StdoutBytes, result.StdoutBytes);
            Assert.Contains("node-5: ", result.Stderr);
            Assert.False(File.Exists(Path.Combine(folder, "node-5.fudge")));
        }
        finally
        {
            if (Directory.Exists(folder)) Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void Route_refuses_destinations_that_are_not_plain_file_names()
    {
        using var rules = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes(
            """{ "rules": [ { "name": "a", "where": "$.x", "destinations": "../escape" } ] }"""));
        var result = FudgeTool.Run("route", "-r", rules.Path, RepoFiles.Sample("logs.fudge"), "-d", Path.GetTempPath());
        Assert.Equal(1, result.ExitCode);
        Assert.Contains("the destination '../escape' cannot be a file name", result.Stderr);
    }

    [Fact]
    public void Route_reports_rules_file_errors_with_line_and_column()
    {
        using var rules = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes("{\n  \"rules\": 5 }"));
        var result = FudgeTool.Run("route", "-r", rules.Path, RepoFiles.Sample("logs.fudge"));
        Assert.Equal(1, result.ExitCode);
        Assert.Equal($"fudge: {rules.Path}: not a valid rules file: line 2, column 12: \"rules\" must be an array\n", result.Stderr);
    }

    [Theory]
    [InlineData("filter", "-w", "$..* == 1")]
    [InlineData("get", "$..*")]
    [InlineData("validate")]
    public void Truncated_and_corrupt_streams_fail_with_one_line_never_an_internal_error(params string[] command)
    {
        var input = InteropVectors.Read("subMsg.dat");
        for (int length = 1; length < input.Length; length++)
        {
            var result = FudgeTool.RunWithInput(input.AsSpan(0, length).ToArray(), command.Append("-").ToArray());
            Assert.Equal(1, result.ExitCode);
            Assert.DoesNotContain("internal error", result.Stderr + result.Stdout);
        }
        for (int i = 8; i < input.Length; i++)
        {
            var corrupt = (byte[])input.Clone();
            corrupt[i] ^= 0xFF;
            var result = FudgeTool.RunWithInput(corrupt, command.Append("-").ToArray());
            Assert.DoesNotContain("internal error", result.Stderr + result.Stdout);
        }
    }
}

/// <summary>fudge transform on the shipped log stream and transform file.</summary>
public class TransformCommandTests
{
    [Fact]
    public void Transform_rewrites_every_envelope_as_the_file_says()
    {
        var result = FudgeTool.Run("transform", "--rules", RepoFiles.Sample("transform.json"), RepoFiles.Sample("logs.fudge"));

        Assert.Equal(0, result.ExitCode);
        int count = 0;
        for (int offset = 0; offset < result.StdoutBytes.Length; count++)
        {
            var envelope = FudgeEnvelope.Parse(result.StdoutBytes.AsSpan(offset, FudgeReader.ReadEnvelopeHeader(result.StdoutBytes.AsSpan(offset)).MessageSize));
            Assert.Equal(2, envelope.SchemaVersion);
            Assert.Null(envelope.Message.GetMessage("System")!.GetValue("Pid"));
            Assert.Equal("collector-1", envelope.Message.GetMessage("Log")!.GetString("Collector"));
            Assert.NotNull(envelope.Message.GetMessage("Log")!.GetString("Kind"));
            Assert.NotNull(envelope.Message.GetMessage("Log")!.GetString("Ticker"));
            Assert.Null(envelope.Message.GetMessage("Company"));
            offset += envelope.ToByteArray().Length;
        }
        Assert.Equal(24, count);
        Assert.Equal("valid: 24 messages", FudgeTool.RunWithInput(result.StdoutBytes, "validate", "-").Stdout.Split(',')[0]);
    }

    [Fact]
    public void Stripping_and_applying_the_sample_taxonomy_turn_the_two_tick_streams_into_each_other_byte_for_byte()
    {
        var folder = System.IO.Directory.CreateTempSubdirectory("fudge-taxonomy-transform-");
        try
        {
            string strip = System.IO.Path.Combine(folder.FullName, "strip.json");
            string apply = System.IO.Path.Combine(folder.FullName, "apply.json");
            System.IO.File.WriteAllText(strip, """{ "operations": [ { "taxonomy": "strip" } ] }""");
            // The taxonomy file is named relative to the transform file.
            System.IO.File.Copy(RepoFiles.Sample("taxonomy.fudge"), System.IO.Path.Combine(folder.FullName, "taxonomy.fudge"));
            System.IO.File.WriteAllText(apply, """{ "operations": [ { "taxonomy": "apply", "id": 1, "file": "taxonomy.fudge" } ] }""");

            var named = FudgeTool.Run("--taxonomy", RepoFiles.Sample("taxonomy.fudge"), "transform", "--rules", strip, RepoFiles.Sample("ticks-ordinals.fudge"));
            Assert.Equal(0, named.ExitCode);
            Assert.Equal(System.IO.File.ReadAllBytes(RepoFiles.Sample("ticks.fudge")), named.StdoutBytes);

            var ordinals = FudgeTool.Run("transform", "--rules", apply, RepoFiles.Sample("ticks.fudge"));
            Assert.Equal(0, ordinals.ExitCode);
            Assert.Equal(System.IO.File.ReadAllBytes(RepoFiles.Sample("ticks-ordinals.fudge")), ordinals.StdoutBytes);
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }
}
