using System;
using System.IO;
using System.Linq;
using System.Reflection;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// <c>fudge schema diff</c>: every rule on a real pair of .proto files, and the bytes that prove its verdict: a message
/// as one side's generated code writes it, read by the other side's generated code, which reads it whole (compatible),
/// or refuses it or loses part of it (breaking).
/// </summary>
public class SchemaDiffTests
{
    private const string Old = """
        namespace diff.rules {
          message Added { required string id = 1; }
          message AddedRequired { required string id = 1; }
          message Removed { required string id = 1; optional string note = 2; }
          message RemovedRequired { required string id = 1; required string code = 2; }
          message Ordinal { required string id = 1; optional int qty = 2; }
          message Widened { required int qty = 1; }
          message Narrowed { required long qty = 1; }
          message MadeRequired { required string id = 1; optional string note = 2; }
          message Renamed { required string id = 1; optional string note = 2; }
          message RenamedByName { required string id; optional string note; }
          enum Side { BUY = 1; SELL = 2; SHORT = 3; }
          message Order { required Side side = 1; }
          message Gone { required string id = 1; }
        }
        """;

    private const string New = """
        namespace diff.rules {
          message Added { required string id = 1; optional string note = 2; }
          message AddedRequired { required string id = 1; required string code = 2; }
          message Removed { required string id = 1; }
          message RemovedRequired { required string id = 1; }
          message Ordinal { required string id = 1; optional int qty = 3; }
          message Widened { required long qty = 1; }
          message Narrowed { required short qty = 1; }
          message MadeRequired { required string id = 1; required string note = 2; }
          message Renamed { required string id = 1; optional string comment = 2; }
          message RenamedByName { required string id; optional string comment; }
          enum Side { BUY = 1; SELL = 2; COVER = 4; }
          message Order { required Side side = 1; }
        }
        """;

    private static readonly Lazy<(string Old, string New)> Files = new(() =>
    {
        string folder = Path.Combine(Path.GetTempPath(), "fudge-diff-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "old.proto"), Old);
        File.WriteAllText(Path.Combine(folder, "new.proto"), New);
        return (Path.Combine(folder, "old.proto"), Path.Combine(folder, "new.proto"));
    });

    private static readonly Lazy<CliResult> Diff = new(() => FudgeTool.Run("schema", "diff", Files.Value.Old, Files.Value.New));

    private static readonly Lazy<Assembly> OldCode = new(() => InferredCode.Compile("namespace Host { public static class Old { } }", ("old.proto", Old)));

    private static readonly Lazy<Assembly> NewCode = new(() => InferredCode.Compile("namespace Host { public static class New { } }", ("new.proto", New)));

    /// <summary>
    /// Each rule: the message, the line the diff prints, the side whose code writes the bytes, and the bytes.
    /// </summary>
    public static TheoryData<string, string, string, string> Rules() => new()
    {
        { "Added", "compatible  diff.rules.Added.note: optional member added", "old", "id=a" },
        { "AddedRequired", "breaking    diff.rules.AddedRequired.code: required member added", "old", "id=a" },
        { "Removed", "compatible  diff.rules.Removed.note: optional member removed", "new", "id=a" },
        { "RemovedRequired", "breaking    diff.rules.RemovedRequired.code: required member removed", "new", "id=a" },
        { "Ordinal", "breaking    diff.rules.Ordinal.qty: ordinal 2 -> 3", "old", "id=a qty=5" },
        { "Widened", "compatible  diff.rules.Widened.qty: type int -> long (widened)", "old", "qty=70000" },
        { "Narrowed", "breaking    diff.rules.Narrowed.qty: type long -> short (narrowed)", "old", "qty=5000000000" },
        { "MadeRequired", "breaking    diff.rules.MadeRequired.note: optional -> required", "old", "id=a" },
        { "Renamed", "compatible  diff.rules.Renamed.comment: renamed 'note' -> 'comment' at ordinal 2", "old", "id=a note=n" },
        { "RenamedByName", "breaking    diff.rules.RenamedByName.comment: renamed on the wire 'note' -> 'comment'", "old", "id=a note=n" },
        { "Order", "breaking    diff.rules.Side: enum value 3 removed", "old", "side=3" },
        { "Order", "compatible  diff.rules.Side: enum value 4 added", "old", "side=1" },
    };

    /// <summary>The message as written: ordinal-keyed fields of these protos by ordinal, name-keyed ones by name.</summary>
    private static byte[] Bytes(string message, string fields)
    {
        var msg = new FudgeMsg();
        foreach (var pair in fields.Split(' '))
        {
            string key = pair.Split('=')[0], value = pair.Split('=')[1];
            object typed = long.TryParse(value, out long n) ? Smallest(n) : value;
            if (message == "RenamedByName") msg.Add(key, typed);
            else msg.Add((short)(key switch { "id" or "side" => 1, "qty" => message == "Ordinal" ? 2 : 1, _ => 2 }), typed);
        }
        return msg.ToByteArray();
    }

    /// <summary>Integers as the generated writers write them: in the smallest type that holds them.</summary>
    private static object Smallest(long n) => n switch
    {
        >= sbyte.MinValue and <= sbyte.MaxValue => (object)(sbyte)n,
        >= short.MinValue and <= short.MaxValue => (object)(short)n,
        >= int.MinValue and <= int.MaxValue => (object)(int)n,
        _ => (object)n,
    };

    [Theory]
    [MemberData(nameof(Rules))]
    public void Each_rule_has_its_verdict_and_the_bytes_that_prove_it(string message, string line, string writer, string fields)
    {
        Assert.Contains("\n" + line + ": ", "\n" + Diff.Value.Stdout);

        var writerType = (writer == "old" ? OldCode : NewCode).Value.GetType("diff.rules." + message)!;
        var readerType = (writer == "old" ? NewCode : OldCode).Value.GetType("diff.rules." + message)!;
        byte[] bytes = Bytes(message, fields);
        Assert.Equal(bytes, InferredCode.RoundTrip(writerType, bytes).Bytes);          // what the writer's code writes

        bool breaking = line.StartsWith("breaking", StringComparison.Ordinal);
        byte[]? read;
        try
        {
            read = InferredCode.RoundTrip(readerType, bytes).Bytes;
        }
        catch (FudgeException)
        {
            read = null;                                                                // refused
        }
        if (breaking && message == "Order")
        {
            // The generated C# reads an integer-encoded enum into the enum whatever the value (Fudge-Proto's Java refuses
            // it, wire rule 6): the value it holds has no member.
            object side = readerType.GetProperty("Side")!.GetValue(InferredCode.RoundTrip(readerType, bytes).Value)!;
            Assert.False(Enum.IsDefined(side.GetType(), side));
        }
        else if (breaking) Assert.False(read is not null && read.AsSpan().SequenceEqual(bytes), "the other side read the whole message");
        else Assert.Equal(bytes, read);                                                 // read whole, written back the same
    }

    [Fact]
    public void The_diff_counts_its_changes_and_exits_with_1_for_a_breaking_one_and_0_for_none()
    {
        Assert.Equal(1, Diff.Value.ExitCode);
        Assert.Contains("breaking    diff.rules.Gone: message removed", Diff.Value.Stdout);
        Assert.EndsWith($"\n13 changes from {Files.Value.Old} to {Files.Value.New}: 8 breaking, 5 compatible\n", Diff.Value.Stdout);

        var same = FudgeTool.Run("schema", "diff", Files.Value.Old, Files.Value.Old);
        Assert.Equal((0, $"0 changes from {Files.Value.Old} to {Files.Value.Old}: 0 breaking, 0 compatible\n"), (same.ExitCode, same.Stdout));

        var usage = FudgeTool.Run("schema", "diff", Files.Value.Old, RepoFiles.Sample("ticks.fudge"));
        Assert.Equal(2, usage.ExitCode);
        Assert.StartsWith($"fudge: '{RepoFiles.Sample("ticks.fudge")}' is neither a .proto file nor an assembly (.dll)\n", usage.Stderr);
    }

    [Fact]
    public void Two_builds_of_the_same_types_differ_where_a_renamed_member_changes_its_wire_name()
    {
        const string v1 = """
            using Fudge.Serialization;
            namespace Contracts;
            [FudgeMessage] public partial class Trade { public string Id { get; set; } = ""; public string? Note { get; set; } public int Qty { get; set; } }
            """;
        string v2 = v1.Replace("public string? Note", "public string? Comment").Replace("public int Qty", "public long Qty");
        string v3 = v1.Replace("public string? Note", "[FudgeField(Name = \"Note\")] public string? Comment");
        string folder = Path.Combine(Path.GetTempPath(), "fudge-diff-" + Guid.NewGuid().ToString("N"));
        foreach (var (name, code) in new[] { ("v1", v1), ("v2", v2), ("v3", v3) })
        {
            Directory.CreateDirectory(Path.Combine(folder, name));
            InferredCode.CompileToFile(Path.Combine(folder, name, "Contracts.dll"), code);
        }

        var renamed = FudgeTool.Run("schema", "diff", Path.Combine(folder, "v1", "Contracts.dll"), Path.Combine(folder, "v2", "Contracts.dll"));
        var kept = FudgeTool.Run("schema", "diff", Path.Combine(folder, "v1", "Contracts.dll"), Path.Combine(folder, "v3", "Contracts.dll"));

        Assert.Equal(1, renamed.ExitCode);
        Assert.Contains("breaking    Contracts.Trade.Comment: renamed on the wire 'Note' -> 'Comment'", renamed.Stdout);
        Assert.Contains("compatible  Contracts.Trade.Qty: type int -> long (widened)", renamed.Stdout);
        Assert.True(kept.ExitCode == 0, kept.Stdout + kept.Stderr);
    }
}
