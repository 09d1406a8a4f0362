using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Reflection;
using Fudge.Cli.Tests.Support;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// <c>fudge schema diff</c>: the rules SchemaDiffTests does not cover, each on a real pair of .proto files with the
/// proof: an object of one side's generated C#, written by its generated writer, given to the other side's generated
/// reader, which reads it (compatible), refuses it, or loses part of it (breaking).
/// </summary>
public class SchemaDiffMoreRulesTests
{
    private const string Old = """
        namespace diff.more {
          message Loosened { required string id = 1; required string code = 2; }
          message Spread { required string id = 1; optional string tag = 2; }
          message Px { required float price = 1; }
          message Qty { required int amount = 1; }
          message Text { required string qty = 1; }
          message Base { optional string id = 1; }
          message Equity extends Base { optional string ticker = 2; }
          message Bond extends Base { optional double coupon = 3; }
          message Shape { optional double area = 1; }
          enum Side { BUY = 1; SELL = 2; }
          message Order { required Side side = 1; }
          enum Venue { LSE; NYSE; }
          message Listing { required Venue venue = 1; }
        }
        """;

    private const string New = """
        namespace diff.more {
          message Loosened { required string id = 1; optional string code = 2; }
          message Spread { required string id = 1; repeated string tag = 2; }
          message Px { required double price = 1; }
          message Qty { required double amount = 1; }
          message Text { required int qty = 1; }
          message Base { optional string id = 1; }
          message Equity extends Base { optional string ticker = 2; }
          abstract message Shape { optional double area = 1; }
          enum Side { BUY; SELL; }
          message Order { required Side side = 1; }
          enum Venue { LSE; }
          message Listing { required Venue venue = 1; }
        }
        """;

    private static readonly Lazy<(string Old, string New)> Files = new(() =>
    {
        string folder = Path.Combine(Path.GetTempPath(), "fudge-diff-more-" + Guid.NewGuid().ToString("N"));
        Directory.CreateDirectory(folder);
        File.WriteAllText(Path.Combine(folder, "old.proto"), Old);
        File.WriteAllText(Path.Combine(folder, "new.proto"), New);
        return (Path.Combine(folder, "old.proto"), Path.Combine(folder, "new.proto"));
    });

    private static readonly Lazy<CliResult> Diff = new(() => FudgeTool.Run("schema", "diff", Files.Value.Old, Files.Value.New));

    private static readonly Lazy<Assembly> OldCode = new(() => InferredCode.Compile("namespace Host { public static class OldMore { } }", ("old.proto", Old)));

    private static readonly Lazy<Assembly> NewCode = new(() => InferredCode.Compile("namespace Host { public static class NewMore { } }", ("new.proto", New)));

    /// <summary>
    /// Each rule: the line the diff prints; the type and the side whose code writes it, with its property values
    /// ("Name=value", lists as "a|b"); the type the other side reads it as; and what that reader does: "reads" (the
    /// same values), "refuses" (a FudgeException) or "loses" (what it writes back is not what it read).
    /// </summary>
    public static TheoryData<string, string, string, string, string, string> Rules() => new()
    {
        { "breaking    diff.more.Loosened.code: required -> optional", "new", "Loosened", "Id=a", "Loosened", "refuses" },
        { "breaking    diff.more.Spread.tag: single -> repeated", "new", "Spread", "Id=a Tag=x|y", "Spread", "loses" },
        { "compatible  diff.more.Px.price: type float -> double (widened)", "old", "Px", "Price=1.5", "Px", "reads" },
        { "compatible  diff.more.Qty.amount: type int -> double (widened)", "old", "Qty", "Amount=70000", "Qty", "reads" },
        { "breaking    diff.more.Text.qty: type string -> int", "old", "Text", "Qty=many", "Text", "refuses" },
        { "breaking    diff.more.Bond: message removed", "old", "Bond", "Id=b Coupon=2.5", "Base", "loses" },
        { "breaking    diff.more.Shape: made abstract", "old", "Shape", "Area=2", "Shape", "refuses" },
        { "breaking    diff.more.Order.side: enum ", "old", "Order", "Side=SELL", "Order", "refuses" },
        { "breaking    diff.more.Venue: enum member NYSE removed", "old", "Listing", "Venue=NYSE", "Listing", "refuses" },
        { "compatible  diff.more.Equity.ticker", "old", "Equity", "Id=e Ticker=VOD", "Equity", "reads" },
    };

    [Theory]
    [MemberData(nameof(Rules))]
    public void Each_rule_has_its_verdict_and_the_object_bytes_that_prove_it(string line, string writer, string type, string values, string readAs, string reader)
    {
        if (type != "Equity") Assert.Contains("\n" + line, "\n" + Diff.Value.Stdout);
        else Assert.DoesNotContain(line, Diff.Value.Stdout);   // an unchanged derived type: no change, read as it was written

        var (writeCode, readCode) = writer == "old" ? (OldCode.Value, NewCode.Value) : (NewCode.Value, OldCode.Value);
        var written = Make(writeCode.GetType("diff.more." + type)!, values);
        byte[] bytes = Serialize(written);
        var readerType = readCode.GetType("diff.more." + readAs)!;

        switch (reader)
        {
            case "refuses":
                Assert.ThrowsAny<FudgeException>(() => InferredCode.RoundTrip(readerType, bytes));
                break;
            case "loses":
                var (_, back) = InferredCode.RoundTrip(readerType, bytes);
                Assert.NotEqual(Canonical(FudgeMsg.Parse(bytes)), Canonical(FudgeMsg.Parse(back)));
                break;
            default:
                var (value, _) = InferredCode.RoundTrip(readerType, bytes);
                foreach (var pair in values.Split(' '))
                {
                    string name = pair.Split('=')[0];
                    Assert.Equal(Convert.ToString(written.GetType().GetProperty(name)!.GetValue(written), System.Globalization.CultureInfo.InvariantCulture),
                        Convert.ToString(value.GetType().GetProperty(name)!.GetValue(value), System.Globalization.CultureInfo.InvariantCulture));
                }
                break;
        }
    }

    [Fact]
    public void A_removed_message_leaves_its_messages_no_type_to_be_read_as()
    {
        Assert.Null(NewCode.Value.GetType("diff.more.Bond"));
        Assert.Equal(1, Diff.Value.ExitCode);
    }

    private static string Canonical(FudgeMsg message)
        => string.Join(",", message.Select(f => $"{f.Name}#{f.Ordinal}={(f.Value is FudgeMsg m ? "{" + Canonical(m) + "}" : Convert.ToString(f.Value, System.Globalization.CultureInfo.InvariantCulture))}").OrderBy(s => s, StringComparer.Ordinal));

    private static object Make(Type type, string values)
    {
        object value = Activator.CreateInstance(type)!;
        foreach (var pair in values.Split(' '))
        {
            string name = pair.Split('=')[0], text = pair.Split('=')[1];
            var property = type.GetProperty(name) ?? throw new InvalidOperationException($"{type} has no property {name}: {string.Join(", ", type.GetProperties().Select(p => p.Name))}");
            var target = Nullable.GetUnderlyingType(property.PropertyType) ?? property.PropertyType;
            object converted = target.IsEnum ? Enum.Parse(target, text)
                : target == typeof(string) ? text
                : target.IsAssignableFrom(typeof(List<string>)) ? text.Split('|').ToList()
                : target == typeof(string[]) ? text.Split('|')
                : Convert.ChangeType(text, target, System.Globalization.CultureInfo.InvariantCulture);
            property.SetValue(value, converted);
        }
        return value;
    }

    private static byte[] Serialize(object value)
    {
        var serialize = typeof(FudgeSerializer).GetMethods()
            .Single(m => m.Name == nameof(FudgeSerializer.Serialize) && m.IsGenericMethod && m.GetParameters().Length == 1)
            .MakeGenericMethod(value.GetType());
        try
        {
            return (byte[])serialize.Invoke(null, new[] { value })!;
        }
        catch (TargetInvocationException e) when (e.InnerException is not null)
        {
            System.Runtime.ExceptionServices.ExceptionDispatchInfo.Capture(e.InnerException).Throw();
            throw;
        }
    }
}
