using System;
using System.IO;
using System.Linq;
using System.Text.Json;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// <c>fudge schema check --proto</c>: real pairs of messages and .proto files, and for each misfit the generated reader
/// of the same .proto given the same bytes, so the check's verdict is the reader's.
/// </summary>
public class SchemaCheckProtoTests
{
    [Fact]
    public void The_ticks_fit_the_proto_inferred_from_them_and_so_do_the_ordinal_ticks_through_their_taxonomy()
    {
        var inferred = FudgeTool.Run("schema", "infer", "--proto", "--namespace", "captured.ticks", RepoFiles.Sample("ticks.fudge"));
        Assert.True(inferred.ExitCode == 0, inferred.Stderr);
        using var proto = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes(inferred.Stdout));

        var named = FudgeTool.Run("schema", "check", "--proto", proto.Path, RepoFiles.Sample("ticks.fudge"));
        var ordinals = FudgeTool.Run("schema", "check", "--proto", proto.Path, "--taxonomy", RepoFiles.Sample("taxonomy.fudge"), RepoFiles.Sample("ticks-ordinals.fudge"));

        Assert.True(named.ExitCode == 0, named.Stdout + named.Stderr);
        Assert.StartsWith($"40 messages checked against {proto.Path}: 40 fit, 0 do not\n", named.Stdout);
        Assert.Matches(@"\ncaptured\.ticks\.Tick\s+40\s+40\s+0\n", named.Stdout);
        Assert.True(ordinals.ExitCode == 0, ordinals.Stdout + ordinals.Stderr);
        Assert.Empty(ordinals.Stderr);
    }

    private const string NarrowTicks = """
        namespace captured.ticks {
          message Tick {
            required string ticker; required string exchange; required int seq; required datetime $time;
            required double bid; required double ask;
            required byte bidSize;                 // the ticks hold 100..5000, mostly more than 127
            required int askSize;
            optional Trade trade; optional indicator stale;
            required string venue;                 // the ticks have none
          }
          message Trade { required double price; required int size; required long aggressor; }   // "buy" or "sell"
        }
        """;

    [Fact]
    public void A_proto_narrower_than_the_ticks_names_each_misfit_with_its_path_and_sums_them_up()
    {
        using var proto = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes(NarrowTicks));

        var result = FudgeTool.Run("schema", "check", "--proto", proto.Path, RepoFiles.Sample("ticks.fudge"));

        Assert.Equal(1, result.ExitCode);
        Assert.Empty(result.Stderr);
        string text = result.Stdout;
        Assert.Matches(@"^message 0 \(byte offset 0\) as captured\.ticks\.Tick: [23] misfits\n", text);
        Assert.Matches(@"\n  bidSize +out of range: \d+ does not fit captured\.ticks\.Tick\.bidSize, a byte \(-128\.\.127\)\n", text);
        Assert.Matches(@"\n  venue +missing required: captured\.ticks\.Tick\.venue is required and the message has no such field\n", text);
        Assert.Matches(@"\n  trade\.aggressor +wrong type: a string field; captured\.ticks\.Trade\.aggressor is a long\n", text);
        Assert.Contains("\n40 messages checked against " + proto.Path + ": 0 fit, 40 do not\n", text);
        Assert.Matches(@"\nmissing required +captured\.ticks\.Tick +venue +40 +message 0\n", text);
        Assert.Matches(@"\nout of range +captured\.ticks\.Tick +bidSize +\d\d +message \d+\n", text);
        Assert.Matches(@"\nwrong type +captured\.ticks\.Tick +trade\.aggressor +\d+ +message \d+\n", text);
    }

    private const string Orders = """
        namespace checks.orders {
          enum Side { BUY = 1; SELL = 2; }
          message Leg { required string symbol = 1; optional short quantity = 2; }
          message Order {
            required string id = 1;
            required Side side = 2;
            repeated Leg legs = 3;
            optional double price = 4;
          }
          abstract message Instrument { required string symbol = 1; }
          message Equity extends Instrument { optional string isin = 2; }
          message Holding { required Instrument instrument = 1; }
        }
        """;

    private static FudgeMsg Order(Action<FudgeMsg>? change = null)
    {
        var order = new FudgeMsg()
            .Add(1, "o-1")
            .Add(2, 1)
            .Add(3, new FudgeMsg().Add(1, "VOD.L").Add(2, (short)300))
            .Add(3, new FudgeMsg().Add(1, "BP.L"))
            .Add(4, 101.5);
        change?.Invoke(order);
        return order;
    }

    private static FudgeMsg Holding(string className)
        => new FudgeMsg().Add(1, new FudgeMsg().Add(0, className).Add(1, "VOD.L").Add(2, "GB00BH4HKS39"));

    /// <summary>A variant of a fitting message, the one misfit the check finds in it, and whether the generated reader refuses it.</summary>
    public static TheoryData<string, string, string, bool> Misfits() => new()
    {
        { "no id", "id  missing required: checks.orders.Order.id is required", "Order", true },
        { "side 7", "side  unknown enum value: 7 is not a value of checks.orders.Side", "Order", false },   // C# keeps a nameless value
        { "quantity 40000", "legs[1].quantity  out of range: 40000 does not fit checks.orders.Leg.quantity, a short (-32768..32767)", "Order", true },
        { "price as text", "price  wrong type: a string field; checks.orders.Order.price is a double", "Order", true },
        { "an unknown field", "#9  unknown field: checks.orders.Order declares no member for this byte field", "Order", false },
        { "id twice", "id  repeated: the field is given more than once; checks.orders.Order.id holds one value", "Order", false },
        { "an unknown class", "instrument.#0  unknown class: the class names 'checks.orders.Bond' name no type that is or derives from checks.orders.Instrument", "Holding", true },
    };

    private static FudgeMsg Variant(string name) => name switch
    {
        "no id" => Order(o => o.Remove(1)),
        "side 7" => Order(o => o.SetAt(1, new FudgeField(null, 2, FudgeTypeId.Int8, (sbyte)7))),
        "quantity 40000" => Order(o => o.SetAt(3, new FudgeField(null, 3, FudgeTypeId.Message, new FudgeMsg().Add(1, "BP.L").Add(2, 40000)))),
        "price as text" => Order(o => o.SetAt(4, new FudgeField(null, 4, FudgeTypeId.String, "high"))),
        "an unknown field" => Order(o => o.Add(9, 1)),
        "id twice" => Order(o => o.Add(1, "o-2")),
        "an unknown class" => Holding("checks.orders.Bond"),
        _ => throw new ArgumentException(name),
    };

    private static readonly Lazy<System.Reflection.Assembly> OrdersCode = new(() =>
        InferredCode.Compile("namespace Host { public static class Anchor { } }", ("orders.proto", Orders)));

    [Theory]
    [MemberData(nameof(Misfits))]
    public void Each_misfit_is_found_at_its_path_and_the_generated_reader_agrees(string variant, string expected, string type, bool readerRefuses)
    {
        using var proto = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes(Orders));
        byte[] bytes = Variant(variant).ToByteArray();

        var result = FudgeTool.RunWithInput(bytes, "schema", "check", "--proto", proto.Path, "--type", type, "-");

        Assert.Equal(1, result.ExitCode);
        Assert.Contains($"message 0 (byte offset 0) as checks.orders.{type}: 1 misfit\n  {expected}", result.Stdout);

        // The same bytes through the C# the generator makes of the same .proto.
        var generated = OrdersCode.Value.GetTypes().Single(t => t.FullName == "checks.orders." + type);
        var fitting = type == "Order" ? Order() : Holding("checks.orders.Equity");
        InferredCode.RoundTrip(generated, fitting.ToByteArray());
        Assert.Equal(0, FudgeTool.RunWithInput(fitting.ToByteArray(), "schema", "check", "--proto", proto.Path, "--type", type, "-").ExitCode);
        if (readerRefuses) Assert.ThrowsAny<FudgeException>(() => InferredCode.RoundTrip(generated, bytes));
        else InferredCode.RoundTrip(generated, bytes);
    }

    [Fact]
    public void Without_type_each_message_is_checked_as_the_top_level_type_it_fits_best_and_json_lines_say_so()
    {
        using var proto = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes(Orders));
        byte[] bytes = Order().ToByteArray().Concat(Holding("checks.orders.Equity").ToByteArray()).Concat(Variant("side 7").ToByteArray()).ToArray();

        var result = FudgeTool.RunWithInput(bytes, "schema", "check", "--proto", proto.Path, "--json", "-");

        Assert.Equal(1, result.ExitCode);
        var lines = result.Stdout.TrimEnd('\n').Split('\n').Select(l => JsonDocument.Parse(l).RootElement).ToList();
        Assert.Equal(2, lines.Count);
        Assert.Equal(2, lines[0].GetProperty("message").GetInt32());
        Assert.Equal("checks.orders.Order", lines[0].GetProperty("type").GetString());
        var misfit = Assert.Single(lines[0].GetProperty("misfits").EnumerateArray());
        Assert.Equal("side", misfit.GetProperty("path").GetString());
        Assert.Equal("unknown-enum-value", misfit.GetProperty("kind").GetString());
        var summary = lines[1].GetProperty("summary");
        Assert.Equal(3, summary.GetProperty("messages").GetInt32());
        Assert.Equal(2, summary.GetProperty("fit").GetInt32());
        Assert.Equal(new[] { "checks.orders.Holding", "checks.orders.Order" }, summary.GetProperty("types").EnumerateArray().Select(t => t.GetProperty("type").GetString()!));
    }

    [Fact]
    public void Mistakes_on_the_command_line_and_in_the_proto_are_one_line_each_with_the_usual_exit_codes()
    {
        using var bad = new RepoFiles.TempFile(System.Text.Encoding.UTF8.GetBytes("namespace a {\n  message M { required int x = ; }\n}\n"));
        string ticks = RepoFiles.Sample("ticks.fudge");

        var neither = FudgeTool.Run("schema", "check", ticks);
        var both = FudgeTool.Run("schema", "check", "--proto", bad.Path, "--types", "x.dll", ticks);
        var broken = FudgeTool.Run("schema", "check", "--proto", bad.Path, ticks);
        var missing = FudgeTool.Run("schema", "check", "--proto", "no-such.proto", ticks);
        var noType = FudgeTool.Run("schema", "check", "--proto", RepoFiles.Sample("proto/quotes.proto"), "--type", "Nope", ticks);
        var damaged = FudgeTool.RunWithInput(File.ReadAllBytes(ticks).AsSpan(0, 5000).ToArray(), "schema", "check", "--proto", RepoFiles.Sample("proto/quotes.proto"), "-");

        Assert.Equal(2, neither.ExitCode);
        Assert.StartsWith("fudge: 'fudge schema check' needs --types ASSEMBLY.dll or --proto FILE\n", neither.Stderr);
        Assert.Equal(2, both.ExitCode);
        Assert.StartsWith("fudge: --types and --proto cannot be used together\n", both.Stderr);
        Assert.Equal(1, broken.ExitCode);
        Assert.Matches(@"^fudge: .*: not a valid \.proto file: line 2, column \d+: .*\(FUDGEP002\)\n$", broken.Stderr);
        Assert.Equal((1, "fudge: no proto file 'no-such.proto'\n"), (missing.ExitCode, missing.Stderr));
        Assert.Equal(1, noType.ExitCode);
        Assert.StartsWith("fudge: no type 'Nope' in ", noType.Stderr);
        Assert.Equal(1, damaged.ExitCode);
        Assert.EndsWith("fudge: Invalid Fudge data at byte offset 5000: message 38: the stream ends inside an envelope that declares 167 bytes (123 arrived)\n", damaged.Stderr);
    }
}
