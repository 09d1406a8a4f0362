using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using Fudge.Serialization;
using Xunit;

namespace Fudge.Generators.Tests.ProtoJava;

/// <summary>
/// wide.proto as Fudge-Proto 0.3's own Java writes and reads it (tests/interop/proto-java) against the C# this
/// repository's generator writes for it in FudgeProtoMapping="Java".
/// </summary>
public class ProtoJavaVectorTests
{
    public static IEnumerable<object[]> CaseNames => ProtoJavaCatalog.Cases.Select(c => new object[] { c.Name });

    private static object Case(string name) => ProtoJavaCatalog.Cases.Single(c => c.Name == name).Value;

    internal static string Folder(string sub) => InteropFolder.PathOf("proto-java", sub);

    private static byte[] JavaBytes(string name) => File.ReadAllBytes(Path.Combine(Folder("from-java"), name + ".fudge"));

    /// <summary>
    /// Cases whose Java bytes read into another value than the catalog's: the value .NET reads instead (the catalog
    /// instance changed accordingly) and why. Each is a property of Fudge-Proto's wire forms or of this generator
    /// (none is left of the second kind: where the generator read otherwise than Fudge-Proto's Java, it now reads the same).
    /// </summary>
    private static readonly Dictionary<string, (string Reason, Action<object> Expect)> ReadDifferences = new()
    {
        ["indicator-array"] = (
            "Fudge-Proto's wire form: indicator[] {true, false, true} is two indicators (falses skipped), read as "
            + "{true, true} (Fudge-Proto's Java throws NullPointerException on these bytes).",
            v => ((Arrays)v).Marks = new[] { true, true }),
        ["indicator-array-false"] = (
            "Fudge-Proto's wire form: {false, false} is an empty sub-message, read as an empty array (as Java reads it).",
            v => ((Arrays)v).Marks = Array.Empty<bool>()),
        ["repeated"] = (
            "Fudge-Proto's wire form: repeated indicator [true, false, true] is two indicators (falses skipped), read as "
            + "[true, true] (as Java reads it).",
            v => ((Repeated)v).Marks = new() { true, true }),
    };

    /// <summary>Cases whose Java bytes .NET refuses to read: the exception message it gives and why.</summary>
    private static readonly Dictionary<string, (string Reason, string Message)> ReadFailures = new()
    {
        ["date-min"] = (".NET: DateOnly holds years 1..9999; Java wrote year -999999999 truncated to 23 bits (-1755647).",
            "the date -1755647-01-01 cannot be represented as a DateOnly"),
        ["date-max"] = (".NET: DateOnly holds years 1..9999; Java wrote year 999999999 truncated to 23 bits (1755647).",
            "the date +1755647-12-31 cannot be represented as a DateOnly"),
        ["date-fudge-range"] = (".NET: DateOnly holds years 1..9999, not Fudge's -4194304.",
            "the date -4194304-01-01 cannot be represented as a DateOnly"),
        ["arrays"] = (".NET: DateOnly holds years 1..9999, not days[2] = -1-12-31.",
            "the date -0001-12-31 cannot be represented as a DateOnly"),
    };

    [Theory]
    [MemberData(nameof(CaseNames))]
    public void Java_bytes_read_into_the_generated_classes_give_the_catalog_values(string name)
    {
        var expected = ProtoJavaCatalog.Build().Single(c => c.Name == name).Value;
        if (ReadFailures.TryGetValue(name, out var failure))
        {
            var e = Assert.Throws<FudgeFormatException>(() => ProtoJavaCatalog.Deserialize(expected.GetType(), JavaBytes(name)));
            Assert.Contains(failure.Message, e.Message);
            return;
        }
        if (ReadDifferences.TryGetValue(name, out var difference)) difference.Expect(expected);
        object read = ProtoJavaCatalog.Deserialize(expected.GetType(), JavaBytes(name));
        Assert.IsType(expected.GetType(), read);
        Assert.Equivalent(expected, read, strict: true);
    }

    /// <summary>
    /// Cases where .NET writes other bytes than Java for the same instance: the fields (as <see cref="Dump"/> lines)
    /// only Java's bytes have and only .NET's have, and why. Time-of-day digits below 100 ns and years outside 1..9999
    /// are .NET's types (nothing else differs).
    /// </summary>
    private static readonly Dictionary<string, (string Reason, string[] OnlyJava, string[] OnlyDotnet)> WriteDifferences = new()
    {
        ["scalars"] = (
            ".NET: the datetime's nanoseconds 123456789 are 123456700 (100 ns ticks).",
            new[] { "11 t28 000FD46280A0CBE8075BCD15" },
            new[] { "11 t28 000FD46280A0CBE8075BCCBC" }),
        ["arrays"] = (
            ".NET: days[2] year -1 is 0001-01-01 here; stamps[1] loses its 1 ns; clocks[1] 999999999 ns is 999999900.",
            new[] { "9/_[2] t26 FFFFFF9F", "10/_[1] t28 000F642180A0000000000001", "11/_[1] t27 80A1517F3B9AC9FF" },
            new[] { "9/_[2] t26 00000221", "10/_[1] t28 000F642180A0000000000000", "11/_[1] t27 80A1517F3B9AC99C" }),
        ["date-min"] = (
            ".NET: the first date and datetime are 0001-01-01 here; Java's year -999999999 is written truncated to -1755647.",
            new[] { "10 t26 CA6C0221", "11 t28 CA6C022180A0000000000000" },
            new[] { "10 t26 00000221", "11 t28 0000022180A0000000000000" }),
        ["date-max"] = (
            ".NET: the last date is 9999-12-31 (Java's 999999999 is written truncated to 1755647), and times end at "
            + "999999900 ns, not 999999999.",
            new[] { "10 t26 3593FF9F", "11 t28 3593FF9F80A1517F3B9AC9FF", "12 t27 80A1517F3B9AC9FF" },
            new[] { "10 t26 004E1F9F", "11 t28 004E1F9F80A1517F3B9AC99C", "12 t27 80A1517F3B9AC99C" }),
        ["date-fudge-range"] = (
            ".NET: Fudge's first and last years (-4194304, 4194303) are 0001 and 9999 here; time ends at 999999900 ns.",
            new[] { "10 t26 80000021", "11 t28 7FFFFF9F80A1517F3B9AC9FF" },
            new[] { "10 t26 00000221", "11 t28 004E1F9F80A1517F3B9AC99C" }),
    };

    [Theory]
    [MemberData(nameof(CaseNames))]
    public void The_generated_classes_write_the_bytes_Java_writes(string name)
    {
        byte[] java = JavaBytes(name);
        byte[] dotnet = ProtoJavaCatalog.Serialize(Case(name));
        var (onlyJava, onlyDotnet) = WireDiff(java, dotnet);
        if (WriteDifferences.TryGetValue(name, out var known))
        {
            Assert.Equal(known.OnlyJava, onlyJava);
            Assert.Equal(known.OnlyDotnet, onlyDotnet);
            Assert.Equal(java.Length, dotnet.Length);
            return;
        }
        Assert.True(onlyJava.Count == 0 && onlyDotnet.Count == 0,
            "only Java:\n  " + string.Join("\n  ", onlyJava) + "\nonly .NET:\n  " + string.Join("\n  ", onlyDotnet));
        Assert.Equal(Convert.ToHexString(java), Convert.ToHexString(dotnet));
    }

    [Fact]
    public void Twenty_six_cases_are_byte_identical_and_the_others_differ_only_where_NET_cannot_hold_Java_s_value()
    {
        Assert.Equal(26, ProtoJavaCatalog.Cases.Count(c => !WriteDifferences.ContainsKey(c.Name)));
        Assert.Equal(31, ProtoJavaCatalog.Cases.Count);
    }

    /// <summary>
    /// The generated classes' constructors give the defaults Fudge-Proto's Java constructors give: Gilt's
    /// 'int level [default = 2]' over Asset's 'level [default = 1]' is redundant to Fudge-Proto's compiler
    /// (LiteralValue.equals calls any two integer literals equal) and dropped, so Gilt's level is 1 on both sides;
    /// Bond's default for note (the base has none) is applied on both.
    /// </summary>
    [Fact]
    public void Generated_constructors_give_the_defaults_Java_s_constructors_give()
    {
        Assert.Equal(1, new Gilt().Level);
        Assert.Equal(1, new Strip().Level);
        Assert.Equal("bond", new Bond().Note);
        Assert.Equal("bond", new Convertible().Note);
        Assert.Equal(1, new Equity().Level);
        var frozen = new Frozen("F1");
        Assert.Equal(9, frozen.Level);
        Assert.Equal("none", frozen.Label);
    }

    /// <summary>
    /// The vectors Java reads back (from-dotnet/*.fudge, verdicts.txt beside them) are what the generated classes write
    /// today. Set FUDGE_WRITE_PROTO_VECTORS=1 to rewrite them, then run tests/interop/proto-java/generator/readback.sh.
    /// </summary>
    [Theory]
    [MemberData(nameof(CaseNames))]
    public void The_vectors_given_to_Java_are_what_the_generated_classes_write(string name)
    {
        string path = Path.Combine(Folder("from-dotnet"), name + ".fudge");
        byte[] bytes = ProtoJavaCatalog.Serialize(Case(name));
        if (Environment.GetEnvironmentVariable("FUDGE_WRITE_PROTO_VECTORS") == "1")
        {
            Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            File.WriteAllBytes(path, bytes);
        }
        Assert.Equal(Convert.ToHexString(File.ReadAllBytes(path)), Convert.ToHexString(bytes));
    }

    /// <summary>
    /// One line per field, depth first: the path (ordinal, name, or '_' for neither, with [n] for the n-th repeat of
    /// that key in its message), the type id and the payload (sub-messages open a line and their fields follow).
    /// </summary>
    internal static List<string> Dump(byte[] envelope)
    {
        var lines = new List<string>();
        var reader = new FudgeReader(envelope);
        DumpFields(ref reader, "", lines);
        return lines;
    }

    private static void DumpFields(ref FudgeReader reader, string parent, List<string> lines)
    {
        var seen = new Dictionary<string, int>();
        while (reader.Read())
        {
            string key = reader.HasOrdinal ? reader.Ordinal.ToString(System.Globalization.CultureInfo.InvariantCulture)
                : reader.HasName ? "'" + reader.GetName() + "'" : "_";
            seen.TryGetValue(key, out int n);
            seen[key] = n + 1;
            string path = parent + (parent.Length == 0 ? "" : "/") + key + (n == 0 ? "" : "[" + n + "]");
            if (reader.TypeId == FudgeTypeId.Message)
            {
                lines.Add(path + " t15 {");
                var sub = reader.ReadMessage();
                DumpFields(ref sub, path, lines);
            }
            else
            {
                lines.Add(path + " t" + reader.TypeId + " " + Convert.ToHexString(reader.ValueSpan));
            }
        }
    }

    /// <summary>The lines of <see cref="Dump"/> only one side has (as multisets, each in its own order).</summary>
    internal static (List<string> OnlyJava, List<string> OnlyDotnet) WireDiff(byte[] java, byte[] dotnet)
    {
        var a = Dump(java);
        var b = Dump(dotnet);
        var onlyJava = new List<string>();
        var rest = new List<string>(b);
        foreach (var line in a)
            if (!rest.Remove(line)) onlyJava.Add(line);
        return (onlyJava, rest);
    }
}
