using System;
using System.Collections;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// A name repeated in one message is inferred as a repeated list member (<c>[FudgeField(Repeated = true)]</c>): the
/// round trip (infer, compile, read every sample, write it again) gives the same fields, and <c>schema check</c> of
/// the compiled types finds every sample fits.
/// </summary>
public class SchemaInferRepeatedTests
{
    private static readonly FudgeMsg[] Samples =
    {
        // Interleaved with other fields, one of them an indicator (a null element).
        new FudgeMsg().Add("id", "a").Add("tag", "x").Add("qty", 1).Add("tag", "y").Add("tag", null),
        // None at all.
        new FudgeMsg().Add("id", "b").Add("qty", 2),
        // One tag; sub-messages repeated under one name.
        new FudgeMsg().Add("id", "c").Add("tag", "z").Add("qty", 3)
            .Add("leg", new FudgeMsg().Add("venue", "XNAS").Add("size", 5)).Add("leg", new FudgeMsg().Add("venue", "BATS").Add("size", 7)),
    };

    private static byte[] Stream(IEnumerable<FudgeMsg> messages) => messages.SelectMany(m => m.ToByteArray()).ToArray();

    [Fact]
    public void Repeated_names_become_repeated_list_members_that_read_and_write_the_samples()
    {
        var result = FudgeTool.RunWithInput(Stream(Samples), "schema", "infer", "-");
        Assert.True(result.ExitCode == 0, result.Stderr);
        string code = result.Stdout;
        Assert.Contains("[FudgeField(Name = \"tag\", Repeated = true)] public List<string?> Tag { get; set; } = new();", code);
        Assert.Contains("[FudgeField(Name = \"leg\", Repeated = true)] public List<Leg> Leg { get; set; } = new();", code);
        Assert.Contains("// 2 of 3 messages, up to 3 times in one;", code);
        Assert.DoesNotContain("ExtensionData", code);   // every field has a member

        var type = InferredCode.Compile(code).GetTypes().Single(t => t.Name == "Message");
        var (first, firstBytes) = InferredCode.RoundTrip(type, Samples[0].ToByteArray());
        Assert.Equal(new[] { "x", "y", null }, ((IEnumerable)type.GetProperty("Tag")!.GetValue(first)!).Cast<string?>());
        // The tags written together, where the first came; every other sample comes back byte for byte.
        var grouped = new FudgeMsg().Add("id", "a").Add("tag", "x").Add("tag", "y").Add("tag", null).Add("qty", 1);
        Assert.Equal(Convert.ToHexString(grouped.ToByteArray()), Convert.ToHexString(firstBytes));
        foreach (var sample in Samples.Skip(1))
        {
            var (_, bytes) = InferredCode.RoundTrip(type, sample.ToByteArray());
            Assert.Equal(Convert.ToHexString(sample.ToByteArray()), Convert.ToHexString(bytes));
        }
    }

    [Fact]
    public void Repeated_ordinals_become_repeated_members_and_the_proto_declares_them_repeated()
    {
        var samples = new[] { new FudgeMsg().Add(1, 5).Add(2, 1.5).Add(2, 2.5), new FudgeMsg().Add(1, 6).Add(2, 3.5) };
        var result = FudgeTool.RunWithInput(Stream(samples), "schema", "infer", "-");
        Assert.True(result.ExitCode == 0, result.Stderr);
        Assert.Contains("[FudgeField(2, Repeated = true)] public List<double> Field2 { get; set; } = new();", result.Stdout);
        var type = InferredCode.Compile(result.Stdout).GetTypes().Single(t => t.Name == "Message");
        foreach (var sample in samples)
            Assert.Equal(Convert.ToHexString(sample.ToByteArray()), Convert.ToHexString(InferredCode.RoundTrip(type, sample.ToByteArray()).Bytes));

        var proto = FudgeTool.RunWithInput(Stream(samples), "schema", "infer", "--proto", "-");
        Assert.Contains("repeated double", proto.Stdout);
    }

    [Fact]
    public void The_compiled_inferred_types_check_every_sample_as_fitting_and_a_single_valued_member_as_not()
    {
        var result = FudgeTool.RunWithInput(Stream(Samples), "schema", "infer", "-");
        Assert.True(result.ExitCode == 0, result.Stderr);
        string folder = Path.Combine(Path.GetTempPath(), "fudge-repeated-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        try
        {
            string assembly = Path.Combine(folder, "Inferred.dll");
            InferredCode.CompileToFile(assembly, result.Stdout);
            using var input = new RepoFiles.TempFile(Stream(Samples));
            var check = FudgeTool.Run("schema", "check", "--types", assembly, input.Path);
            Assert.True(check.ExitCode == 0, check.Stdout + check.Stderr);
            Assert.Contains("3 messages checked", check.Stdout);

            // The same names against a type whose members hold one value each: each repeat is reported.
            string single = Path.Combine(folder, "Single.dll");
            InferredCode.CompileToFile(single, """
                using Fudge.Serialization;
                namespace Single;
                [FudgeMessage] public partial class Message
                {
                    [FudgeField(Name = "id")] public string? Id { get; set; }
                    [FudgeField(Name = "tag")] public string? Tag { get; set; }
                    [FudgeField(Name = "qty")] public int Qty { get; set; }
                    [FudgeField(Name = "leg")] public Fudge.FudgeMsg? Leg { get; set; }
                }
                """);
            var misfit = FudgeTool.Run("schema", "check", "--types", single, input.Path);
            Assert.Equal(1, misfit.ExitCode);
            Assert.Contains("tag  repeated: the field is given more than once; Single.Message.Tag holds one value", misfit.Stdout);
        }
        finally
        {
            try { Directory.Delete(folder, recursive: true); } catch (UnauthorizedAccessException) { } catch (IOException) { }
        }
    }
}
