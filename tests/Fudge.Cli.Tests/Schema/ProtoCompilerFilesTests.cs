using System;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// The <c>.proto</c> files of tests/interop/proto-compiler are what <c>fudge schema infer --proto</c> wrote for the
/// samples and the interop vectors, each fed to Fudge-Proto's own compiler and its generated Java compiled (check.sh,
/// run by a developer with the Java tools; verdicts.txt). These tests keep them the tool's current output, so a change
/// to it fails here until check.sh has checked the new files with Fudge-Proto again.
/// </summary>
public class ProtoCompilerFilesTests
{
    private static string Root => Path.GetDirectoryName(RepoFiles.SamplesFolder)!;

    private static string Folder => Path.Combine(Fudge.Tests.Support.InteropVectors.Folder, "proto-compiler");

    /// <summary>inputs.txt: a name, then the arguments of <c>fudge schema infer --proto</c> (paths from the repository root).</summary>
    private static (string Name, string[] Arguments)[] Inputs()
        => File.ReadAllLines(Path.Combine(Folder, "inputs.txt"))
            .Where(line => line.Length > 0 && line[0] != '#')
            .Select(line => line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Select(parts => (parts[0], parts.Skip(1).ToArray()))
            .ToArray();

    public static TheoryData<string> Names() => new(Inputs().Select(i => i.Name));

    [Theory]
    [MemberData(nameof(Names))]
    public void The_proto_inferred_from_each_input_is_still_the_file_Fudge_Proto_checked(string name)
    {
        var arguments = Inputs().Single(i => i.Name == name).Arguments
            .Select(a => File.Exists(Path.Combine(Root, a)) || Directory.Exists(Path.Combine(Root, a)) ? Path.Combine(Root, a) : a);
        var result = FudgeTool.Run(new[] { "schema", "infer", "--proto" }.Concat(arguments).ToArray());
        Assert.True(result.ExitCode == 0, result.Stderr);

        string checkedFile = File.ReadAllText(Path.Combine(Folder, name + ".proto"));
        Assert.True(checkedFile == result.Stdout,
            $"`fudge schema infer --proto` now writes another {name}.proto than the one Fudge-Proto's compiler checked: rerun tests/interop/proto-compiler/check.sh and commit its .proto files and verdicts.\n--- now:\n{result.Stdout}");
    }

    [Theory]
    [MemberData(nameof(Names))]
    public void Each_checked_file_compiles_with_this_repository_s_generator(string name)
    {
        string text = File.ReadAllText(Path.Combine(Folder, name + ".proto"));
        var assembly = InferredCode.Compile("namespace Host { public static class Anchor { } }", (name + ".proto", text));
        Assert.Contains(assembly.GetTypes(), t => t.Namespace != "Host");
    }

    [Fact]
    public void Fudge_Proto_accepted_every_checked_file_and_compiled_the_Java_it_generated()
    {
        string[] verdicts = File.ReadAllLines(Path.Combine(Folder, "verdicts.txt"));
        foreach (var (name, _) in Inputs())
        {
            string? verdict = verdicts.SingleOrDefault(v => v.StartsWith(name + ".proto: ", StringComparison.Ordinal));
            Assert.True(verdict is not null, $"verdicts.txt has no verdict on {name}.proto: rerun check.sh");
            Assert.StartsWith(name + ".proto: accepted; the generated Java compiles", verdict);
        }
        Assert.DoesNotContain(verdicts, v => v.Contains("Error: ", StringComparison.Ordinal));
    }
}
