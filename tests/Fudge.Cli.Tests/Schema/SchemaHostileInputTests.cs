using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// Hostile input for <c>fudge schema infer</c>, <c>check</c> and <c>diff</c>: real files cut at every offset (and the
/// cut envelope re-framed, so the cut falls inside the fields), real .proto files cut at every character, and cut
/// assemblies. Each command either succeeds on what is left or prints one line naming where the input went wrong and
/// exits with 1: never an internal error, never a second line.
/// </summary>
public class SchemaHostileInputTests
{
    private static string Interop(params string[] path) => Path.Combine(new[] { Fudge.Tests.Support.InteropVectors.Folder }.Concat(path).ToArray());

    /// <summary>Small real inputs: three ticks, a Fudge-Java object graph, a Fudge-Proto Java message, a Fudge-Java interop vector.</summary>
    public static TheoryData<string> Files() => new() { "ticks:3", "java-objects/from-java/portfolio.fudge", "proto-java/from-java/scalars.fudge", "subMsg.dat" };

    private static byte[] Read(string name)
    {
        if (name != "ticks:3") return File.ReadAllBytes(Interop(name.Split('/')));
        byte[] ticks = File.ReadAllBytes(RepoFiles.Sample("ticks.fudge"));
        int end = 0;
        for (int i = 0; i < 3; i++) end += BigEndianSize(ticks, end);
        return ticks.AsSpan(0, end).ToArray();
    }

    private static int BigEndianSize(byte[] bytes, int at) => (bytes[at + 4] << 24) | (bytes[at + 5] << 16) | (bytes[at + 6] << 8) | bytes[at + 7];

    private static void AssertOneLineOrSuccess(CliResult result, string what)
    {
        if (result.ExitCode == 0)
        {
            Assert.True(result.Stderr.Length == 0, $"{what}: {result.Stderr}");
            return;
        }
        Assert.True(result.ExitCode == 1, $"{what}: exit code {result.ExitCode}: {result.Stderr}");
        if (result.Stderr.Length == 0) return;                   // check: misfits reported on standard output, exit 1
        Assert.True(result.Stderr.StartsWith("fudge: ", StringComparison.Ordinal) && result.Stderr.IndexOf('\n') == result.Stderr.Length - 1, $"{what}: not one line: {result.Stderr}");
        Assert.DoesNotContain("internal error", result.Stderr);
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Infer_and_check_refuse_a_file_cut_at_any_offset_with_one_line_naming_the_offset(string name)
    {
        byte[] bytes = Read(name);
        var proto = FudgeTool.RunWithInput(bytes, "schema", "infer", "--proto", "-");
        Assert.True(proto.ExitCode == 0, proto.Stderr);
        using var protoFile = new RepoFiles.TempFile(Encoding.UTF8.GetBytes(proto.Stdout));
        var boundaries = new HashSet<int>();
        for (int at = 0; at < bytes.Length; at += BigEndianSize(bytes, at)) boundaries.Add(at);

        for (int cut = 1; cut < bytes.Length; cut++)
        {
            byte[] head = bytes.AsSpan(0, cut).ToArray();
            var infer = FudgeTool.RunWithInput(head, "schema", "infer", "-");
            var check = FudgeTool.RunWithInput(head, "schema", "check", "--proto", protoFile.Path, "-");
            foreach (var (command, result) in new[] { ("infer", infer), ("check", check) })
            {
                string what = $"{name} cut at {cut}, schema {command}";
                if (boundaries.Contains(cut))
                {
                    Assert.True(result.ExitCode == 0, $"{what}: {result.Stdout}{result.Stderr}");   // whole envelopes: a shorter capture
                    continue;
                }
                Assert.True(result.ExitCode == 1, $"{what}: exit code {result.ExitCode}");
                Assert.Matches(@"^fudge: [^\n]*\boffset \d+[^\n]*\n$", result.Stderr);
                Assert.DoesNotContain("internal error", result.Stderr);
            }
            if (!boundaries.Contains(cut)) Assert.Empty(infer.StdoutBytes);   // nothing half-inferred
        }
    }

    [Theory]
    [MemberData(nameof(Files))]
    public void Infer_and_check_refuse_an_envelope_whose_fields_end_early_or_take_what_is_whole(string name)
    {
        byte[] bytes = Read(name);
        int size = BigEndianSize(bytes, 0);
        var proto = FudgeTool.RunWithInput(bytes.AsSpan(0, size).ToArray(), "schema", "infer", "--proto", "-");
        using var protoFile = new RepoFiles.TempFile(Encoding.UTF8.GetBytes(proto.Stdout));

        // The first envelope cut at each offset past its header, its size set to the cut: the fields end mid-way.
        for (int cut = 8; cut < size; cut++)
        {
            byte[] head = bytes.AsSpan(0, cut).ToArray();
            head[4] = (byte)(cut >> 24);
            head[5] = (byte)(cut >> 16);
            head[6] = (byte)(cut >> 8);
            head[7] = (byte)cut;
            var infer = FudgeTool.RunWithInput(head, "schema", "infer", "-");
            var check = FudgeTool.RunWithInput(head, "schema", "check", "--proto", protoFile.Path, "-");
            AssertOneLineOrSuccess(infer, $"{name} re-framed at {cut}, schema infer");
            AssertOneLineOrSuccess(check, $"{name} re-framed at {cut}, schema check");
            if (infer.ExitCode == 1) Assert.Matches(@"\boffset \d+", infer.Stderr);
            if (check.ExitCode == 1 && check.Stderr.Length > 0) Assert.Matches(@"\boffset \d+", check.Stderr);
        }
    }

    private const string Proto = """
        namespace hostile.orders {
          enum Side { BUY = 1; SELL = 2; }
          message Leg { required string venue = 1; optional short quantity = 2; }
          message Order extends Base { required string id = 1; required Side side = 2; repeated Leg legs = 3; optional double[] prices = 4; }
          abstract message Base { optional datetime at = 9; }
        }
        """;

    [Fact]
    public void Check_and_diff_refuse_a_proto_cut_at_any_character_with_its_line_and_column()
    {
        using var order = new RepoFiles.TempFile(new FudgeMsg().Add(1, "o-1").Add(2, 1).ToByteArray());
        string folder = Path.Combine(Path.GetTempPath(), "fudge-hostile-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        try
        {
            var whole = (Path: Path.Combine(folder, "whole.proto"), Text: Proto);
            File.WriteAllText(whole.Path, Proto);
            string cutPath = Path.Combine(folder, "cut.proto");
            var same = FudgeTool.Run("schema", "diff", whole.Path, whole.Path);
            var fits = FudgeTool.Run("schema", "check", "--proto", whole.Path, "--type", "Order", order.Path);
            Assert.True(same.ExitCode == 0, same.Stdout + same.Stderr);
            Assert.True(fits.ExitCode == 0, fits.Stdout + fits.Stderr);
            for (int cut = 0; cut < Proto.Length; cut++)
            {
                File.WriteAllText(cutPath, Proto.Substring(0, cut));
                var diff = FudgeTool.Run("schema", "diff", whole.Path, cutPath);
                var check = FudgeTool.Run("schema", "check", "--proto", cutPath, "--type", "Order", order.Path);
                AssertOneLineOrSuccess(diff, $"proto cut at {cut}, schema diff");
                AssertOneLineOrSuccess(check, $"proto cut at {cut}, schema check");
                if (diff.Stderr.Length > 0) Assert.Matches(@"line \d+, column \d+|declares no|no type", diff.Stderr);
            }
        }
        finally
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    [Fact]
    public void Check_and_diff_refuse_a_cut_assembly_in_one_line()
    {
        const string code = """
            using Fudge.Serialization;
            namespace Hostile;
            [FudgeMessage] public partial class Trade { public string Id { get; set; } = ""; public int Qty { get; set; } }
            """;
        string folder = Path.Combine(Path.GetTempPath(), "fudge-hostile-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        try
        {
            string whole = Path.Combine(folder, "Contracts.dll");
            InferredCode.CompileToFile(whole, code);
            byte[] bytes = File.ReadAllBytes(whole);
            using var trade = new RepoFiles.TempFile(new FudgeMsg().Add("Id", "t-1").Add("Qty", 5).ToByteArray());
            var fits = FudgeTool.Run("schema", "check", "--types", whole, trade.Path);
            Assert.True(fits.ExitCode == 0, fits.Stdout + fits.Stderr);
            // Sixteen offsets spread over the file and the last few: the headers, the metadata tables and the end.
            var cuts = Enumerable.Range(0, 16).Select(i => i * (bytes.Length / 16)).Concat(Enumerable.Range(bytes.Length - 3, 3));
            foreach (int cut in cuts)
            {
                string path = Path.Combine(folder, $"cut{cut}.dll");
                File.WriteAllBytes(path, bytes.AsSpan(0, cut).ToArray());
                var diff = FudgeTool.Run("schema", "diff", whole, path);
                var check = FudgeTool.Run("schema", "check", "--types", path, trade.Path);
                AssertOneLineOrSuccess(diff, $"assembly cut at {cut}, schema diff");
                AssertOneLineOrSuccess(check, $"assembly cut at {cut}, schema check");
            }
        }
        finally
        {
            try { Directory.Delete(folder, recursive: true); } catch (UnauthorizedAccessException) { } catch (IOException) { }
        }
    }
}
