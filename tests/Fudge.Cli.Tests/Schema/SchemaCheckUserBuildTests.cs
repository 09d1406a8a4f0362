using System;
using System.Diagnostics;
using System.IO;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// <c>fudge schema check --types</c> on an assembly in a user's bin folder, which holds its own copy of Fudge.dll beside
/// it (as <c>dotnet build</c> leaves it). The tool runs in a process of its own, as a user runs it: in this test process
/// Fudge is loaded already, and the folder's copy would never be tried.
/// </summary>
public class SchemaCheckUserBuildTests
{
    [Fact]
    public void An_assembly_beside_its_own_copy_of_Fudge_registers_its_models_with_the_tools_Fudge()
    {
        var code = FudgeTool.Run("schema", "infer", "--namespace", "UserBuild.Ticks", RepoFiles.Sample("ticks.fudge"));
        Assert.True(code.ExitCode == 0, code.Stderr);
        string bin = Path.Combine(Path.GetTempPath(), "fudge-user-bin-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(bin);
        try
        {
            string dll = Path.Combine(bin, "UserTicks.dll");
            InferredCode.CompileToFile(dll, code.Stdout);
            File.Copy(typeof(FudgeMsg).Assembly.Location, Path.Combine(bin, "Fudge.dll"));

            var (exit, stdout, stderr) = RunTool("schema", "check", "--types", dll, RepoFiles.Sample("ticks.fudge"));

            Assert.True(exit == 0, stdout + stderr);
            Assert.Contains(": 40 fit, 0 do not\n", stdout);
            Assert.Matches(@"\nUserBuild\.Ticks\.Tick +40 +40 +0\n", stdout);
        }
        finally
        {
            Directory.Delete(bin, recursive: true);
        }
    }

    /// <summary>Runs the tool built beside these tests (Fudge.Cli.dll, its runtimeconfig and deps) with the dotnet host.</summary>
    private static (int Exit, string Stdout, string Stderr) RunTool(params string[] args)
    {
        var start = new ProcessStartInfo(Environment.GetEnvironmentVariable("DOTNET_HOST_PATH") is { Length: > 0 } host && File.Exists(host) ? host : "dotnet")
        {
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        start.ArgumentList.Add(Path.Combine(AppContext.BaseDirectory, "Fudge.Cli.dll"));
        foreach (var arg in args) start.ArgumentList.Add(arg);
        using var process = Process.Start(start)!;
        var stderr = process.StandardError.ReadToEndAsync();
        string stdout = process.StandardOutput.ReadToEnd();
        Assert.True(process.WaitForExit(120_000), "fudge did not finish within two minutes");
        return (process.ExitCode, stdout.Replace("\r\n", "\n"), stderr.Result);
    }
}
