using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using Fudge.Cli.Tests.Support;
using Xunit;

namespace Fudge.Cli.Tests.Schema;

/// <summary>
/// The round trip on every family of inputs the repository has (tests/interop/proto-compiler/inputs.txt: the samples,
/// the Fudge-Java interop vectors, the Java object vectors both ways, the messages of the test model wide.proto as
/// Fudge-Proto's Java and this library's generated code write them): the C# inferred from a family compiles, and every
/// message of it read into the inferred type and written again has the same fields with the same values.
/// </summary>
public class SchemaInferFamiliesTests
{
    private static string Root => Path.GetDirectoryName(RepoFiles.SamplesFolder)!;

    private static (string Name, string[] Paths)[] Families()
        => File.ReadAllLines(Path.Combine(Fudge.Tests.Support.InteropVectors.Folder, "proto-compiler", "inputs.txt"))
            .Where(line => line.Length > 0 && line[0] != '#')
            .Select(line => line.Split(' ', StringSplitOptions.RemoveEmptyEntries))
            .Select(parts => (parts[0], parts.Skip(1).Select(p => Path.Combine(Root, p)).ToArray()))
            .ToArray();

    public static TheoryData<string> Names() => new(Families().Select(f => f.Name));

    [Theory]
    [MemberData(nameof(Names))]
    public void Every_message_of_each_family_reads_into_the_inferred_types_and_writes_back_the_same_fields(string name)
    {
        string[] paths = Families().Single(f => f.Name == name).Paths;
        var result = FudgeTool.Run(new[] { "schema", "infer" }.Concat(paths).ToArray());
        Assert.True(result.ExitCode == 0, result.Stderr);
        var types = InferredCode.Compile(result.Stdout).GetTypes();
        string rootName = paths.Length == 1 && File.Exists(paths[0]) ? RootName(paths[0]) : "Message";
        var files = paths.SelectMany(p => Directory.Exists(p) ? Directory.GetFiles(p, "*.fudge").OrderBy(f => f, StringComparer.Ordinal).ToArray() : new[] { p });

        int count = 0;
        foreach (var file in files)
        {
            foreach (var envelope in Envelopes(File.ReadAllBytes(file)))
            {
                var message = FudgeMsg.Parse(envelope);
                // A message naming its class is read as that class; one naming none as the top-level type.
                string? className = message.Where(f => f.Ordinal == 0 && f.Name is null && f.Value is string).Select(f => (string)f.Value).FirstOrDefault();
                string typeName = className is null ? rootName : SimpleName(className);
                var type = types.SingleOrDefault(t => t.Name == typeName && !t.IsEnum);
                if (type is null)
                {
                    // Fudge-Java's top-level list and map name no class: no inferred type stands for them (SchemaInferTests).
                    Assert.Contains(Path.GetFileNameWithoutExtension(file), new[] { "top-list", "top-map" });
                    continue;
                }
                var (_, bytes) = InferredCode.RoundTrip(type, envelope);
                string expected = Canonical(message), actual = Canonical(FudgeMsg.Parse(bytes));
                Assert.True(expected == actual, $"{name}: {Path.GetFileName(file)} message {count} as {type.Name}:\n{expected}\n---\n{actual}\n\n{result.Stdout}");
                count++;
            }
        }
        Assert.True(count > 0);
    }

    private static string SimpleName(string className) => className.Substring(className.LastIndexOfAny(new[] { '.', '$' }) + 1);

    private static string RootName(string path)
    {
        string name = Fudge.Cli.Schema.Names.Identifier(Path.GetFileNameWithoutExtension(path), pascal: true);
        return name.Length > 3 && name.EndsWith('s') && !name.EndsWith("ss", StringComparison.Ordinal) ? name.Substring(0, name.Length - 1) : name;
    }

    /// <summary>
    /// The fields of a message as a sorted list of key=value, integers by value whatever their width (the generated
    /// writers write the smallest that holds them), date-times to .NET's 100 ns, sub-messages recursively.
    /// </summary>
    private static string Canonical(FudgeMsg message)
        => "{" + string.Join(", ", message.Select(f => $"{f.Name}#{f.Ordinal}={Value(f.Value)}").OrderBy(s => s, StringComparer.Ordinal)) + "}";

    private static string Value(object? value) => value switch
    {
        null => "null",
        FudgeMsg m => Canonical(m),
        sbyte or short or int or long => Convert.ToInt64(value, CultureInfo.InvariantCulture).ToString(CultureInfo.InvariantCulture),
        float f => ((double)f).ToString("R", CultureInfo.InvariantCulture),
        double d => d.ToString("R", CultureInfo.InvariantCulture),
        byte[] b => Convert.ToHexString(b),
        string s => "\"" + s + "\"",
        FudgeDateTime dt => new FudgeDateTime(dt.Date, new FudgeTime(dt.Time.SecondsSinceMidnight, dt.Time.Nanoseconds / 100 * 100, dt.Time.Accuracy, dt.Time.TimeZoneOffsetQuarterHours)).ToString(),
        // A TimeOnly member writes nanosecond accuracy whatever was read (its comment says what the samples had).
        FudgeTime t => new FudgeTime(t.SecondsSinceMidnight, t.Nanoseconds / 100 * 100, FudgeDateTimeAccuracy.Nanosecond, t.TimeZoneOffsetQuarterHours).ToString(),
        Array a => "[" + string.Join(" ", a.Cast<object>().Select(Value)) + "]",
        _ => value.ToString() ?? "",
    };

    private static IEnumerable<byte[]> Envelopes(byte[] stream)
    {
        for (int at = 0; at < stream.Length;)
        {
            int size = (stream[at + 4] << 24) | (stream[at + 5] << 16) | (stream[at + 6] << 8) | stream[at + 7];
            yield return stream.AsSpan(at, size).ToArray();
            at += size;
        }
    }
}
