using System;
using System.IO;
using System.Linq;
using System.Text.RegularExpressions;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// <c>fudge schema check --types</c>: messages against the <c>[FudgeMessage]</c> types of an assembly on disk, read
/// through the models the generator registers (wire names, ordinals, value kinds).
/// </summary>
public class SchemaCheckAssemblyTests
{
    private static string Assembly(string csharp)
    {
        string path = Path.Combine(Path.GetTempPath(), "fudge-check-" + Guid.NewGuid().ToString("N") + ".dll");
        InferredCode.CompileToFile(path, csharp);
        return path;
    }

    private static readonly Lazy<string> TickCode = new(() =>
    {
        var result = FudgeTool.Run("schema", "infer", "--namespace", "Checked.Ticks", RepoFiles.Sample("ticks.fudge"));
        Assert.True(result.ExitCode == 0, result.Stderr);
        return result.Stdout;
    });

    [Fact]
    public void The_ticks_fit_the_types_inferred_from_them_once_compiled_and_not_once_a_member_is_narrowed()
    {
        string narrowed = Regex.Replace(TickCode.Value, @"public short BidSize\b", "public sbyte BidSize");
        Assert.NotEqual(TickCode.Value, narrowed);

        var fits = FudgeTool.Run("schema", "check", "--types", Assembly(TickCode.Value), RepoFiles.Sample("ticks.fudge"));
        var misfits = FudgeTool.Run("schema", "check", "--types", Assembly(narrowed), "--type", "Tick", RepoFiles.Sample("ticks.fudge"));

        Assert.True(fits.ExitCode == 0, fits.Stdout + fits.Stderr + TickCode.Value);
        Assert.Contains(": 40 fit, 0 do not\n", fits.Stdout);
        Assert.Equal(1, misfits.ExitCode);
        Assert.Matches(@"\n  bidSize +out of range: \d+ does not fit Checked\.Ticks\.Tick\.BidSize, a sbyte \(-128\.\.127\)\n", misfits.Stdout);
        Assert.Matches(@"\nout of range +Checked\.Ticks\.Tick +bidSize +\d\d +message \d+\n", misfits.Stdout);
    }

    private const string Orders = """
        using System.Collections.Generic;
        using Fudge.Serialization;

        namespace Checked.Orders;

        public enum Side { Buy = 1, Sell = 2 }

        [FudgeMessage]
        public partial class Leg
        {
            public required string Symbol { get; set; }
            public short Quantity { get; set; }
        }

        [FudgeMessage]
        public partial class Order
        {
            public required string Id { get; set; }
            public Side Side { get; set; }
            public List<Leg> Legs { get; set; } = new();
            [FudgeField(4)] public double? Price { get; set; }
        }
        """;

    private static readonly Lazy<string> OrdersAssembly = new(() => Assembly(Orders));

    [Fact]
    public void Hand_written_types_say_what_is_required_how_enums_and_lists_read_and_which_keys_they_know()
    {
        var fitting = new FudgeMsg()
            .Add("Id", "o-1")
            .Add("Side", "Sell")                              // an enum reads from its name too
            .Add("Legs", new FudgeMsg().Add(null, new FudgeMsg().Add("Symbol", "VOD.L").Add("Quantity", 300)))
            .Add("Price", 4, 101.5);
        var misfitting = new FudgeMsg()
            .Add("Side", "Hold")
            .Add("Legs", new FudgeMsg().Add(null, new FudgeMsg().Add("Quantity", 300)).Add(null, "BP.L"))
            .Add(4, 101.5)                                    // the ordinal alone is read too
            .Add("Venue", "XLON");
        byte[] bytes = fitting.ToByteArray().Concat(misfitting.ToByteArray()).ToArray();

        var result = FudgeTool.RunWithInput(bytes, "schema", "check", "--types", OrdersAssembly.Value, "--type", "Order", "-");

        Assert.Equal(1, result.ExitCode);
        Assert.StartsWith("message 1 (byte offset ", result.Stdout);
        string report = result.Stdout.Substring(0, result.Stdout.IndexOf("\n\n", StringComparison.Ordinal) + 1);
        Assert.Matches(@"as Checked\.Orders\.Order: 5 misfits\n", report);
        Assert.Matches(@"\n  Side +unknown enum value: 'Hold' is not a member of Side\n", report);
        Assert.Matches(@"\n  Legs\[0\]\.Symbol +missing required: Checked\.Orders\.Leg\.Symbol is required", report);
        Assert.Matches(@"\n  Legs\[1\] +wrong type: a string field; Checked\.Orders\.Order\.Legs\[\] is a Checked\.Orders\.Leg\n", report);
        Assert.Matches(@"\n  Venue +unknown field: Checked\.Orders\.Order declares no member for this string field\n", report);
        Assert.Matches(@"\n  Id +missing required: Checked\.Orders\.Order\.Id is required", report);
        Assert.Contains("2 messages checked against " + OrdersAssembly.Value + ": 1 fit, 1 do not\n", result.Stdout);
    }

    [Fact]
    public void A_file_that_is_not_an_assembly_is_one_line()
    {
        var result = FudgeTool.Run("schema", "check", "--types", RepoFiles.Sample("ticks.fudge"), RepoFiles.Sample("ticks.fudge"));

        Assert.Equal(1, result.ExitCode);
        Assert.Equal($"fudge: '{RepoFiles.Sample("ticks.fudge")}' is not a .NET assembly\n", result.Stderr);
    }
}
