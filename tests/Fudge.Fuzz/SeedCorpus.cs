using System;
using System.Collections.Generic;
using System.IO;
using System.Linq;
using System.Text;
using Fudge.Json;
using Fudge.Xml;

namespace Fudge.Fuzz;

/// <summary>
/// The starting inputs of a target: the interop vectors and sample files for the binary targets, and for the text
/// targets those same envelopes converted to JSON or XML plus the small hand-written seeds beside this file.
/// </summary>
internal static class SeedCorpus
{
    /// <summary>afl++ works best on small inputs; larger vectors only slow every mutation down.</summary>
    private const int MaxSeedBytes = 16 * 1024;

    public static int Write(string target, string repository, string outputFolder)
    {
        Directory.CreateDirectory(outputFolder);
        var binaries = Binaries(repository).ToList();
        int count = 0;
        foreach (var (name, bytes) in binaries)
        {
            switch (target)
            {
                case "fromjson":
                    count += WriteText(outputFolder, name + ".plain.json", () => FudgeJson.ToJson(bytes));
                    count += WriteText(outputFolder, name + ".lossless.json", () => FudgeJson.ToJson(bytes, FudgeJsonSettings.Lossless));
                    break;
                case "fromxml":
                    count += WriteText(outputFolder, name + ".xml", () => FudgeXml.ToXml(bytes));
                    break;
                case "querytext":
                    break; // text seeds only
                default:
                    File.WriteAllBytes(Path.Combine(outputFolder, name), bytes);
                    count++;
                    break;
            }
        }
        if (target == "deserialize")
        {
            // The ordinal feed model has no vector of its own: two batches written by its generated writer.
            foreach (var (name, batch) in FeedBatches())
            {
                File.WriteAllBytes(Path.Combine(outputFolder, name), Fudge.Serialization.FudgeSerializer.Serialize(batch));
                count++;
            }
        }
        string? textSeeds = target switch { "fromjson" => "json", "fromxml" => "xml", "querytext" => "query", _ => null };
        if (textSeeds is not null)
        {
            foreach (string file in Directory.GetFiles(Path.Combine(repository, "tests", "Fudge.Fuzz", "seeds", textSeeds)))
            {
                File.Copy(file, Path.Combine(outputFolder, Path.GetFileName(file)), overwrite: true);
                count++;
            }
        }
        if (target == "querytext")
        {
            // The shipped rules and transform files are seeds too.
            foreach (string file in new[] { "routing-rules.json", "transform.json" })
            {
                File.Copy(Path.Combine(repository, "samples", file), Path.Combine(outputFolder, file), overwrite: true);
                count++;
            }
        }
        Console.WriteLine($"{target}: {count} seeds in {outputFolder}");
        return count > 0 ? 0 : 1;
    }

    private static IEnumerable<(string Name, FuzzFeedBatch Batch)> FeedBatches()
    {
        yield return ("feed-one.fudge", new FuzzFeedBatch
        {
            SeqNo = 1,
            Messages = { new() { TsNanos = 1_764_000_000_000_000_000, Symbol = "SPY", Body = new FuzzTrade { Price = 6_012_300, Size = 100 } } },
        });
        yield return ("feed-three.fudge", new FuzzFeedBatch
        {
            SeqNo = ulong.MaxValue,
            Messages =
            {
                new() { TsNanos = 5, Symbol = "A", Body = new FuzzLevel { Price = 127, Size = 40_000, Flags = 1, Side = FuzzSide.Sell } },
                new() { TsNanos = 6, Symbol = "Ünïcode", Body = new FuzzTrade { Price = ulong.MaxValue, Size = uint.MaxValue } },
                new() { TsNanos = 7, Symbol = "", Body = null },
            },
        });
    }

    private static IEnumerable<(string Name, byte[] Bytes)> Binaries(string repository)
    {
        var files = Directory.GetFiles(Path.Combine(repository, "tests", "interop"), "*.dat")
            .Concat(Directory.GetFiles(Path.Combine(repository, "samples"), "*.fudge"))
            .Concat(Directory.GetFiles(Path.Combine(repository, "tests", "interop", "java-objects", "from-java"), "*.fudge"))
            .OrderBy(f => f, StringComparer.Ordinal);
        foreach (string file in files)
        {
            byte[] bytes = File.ReadAllBytes(file);
            if (bytes.Length <= MaxSeedBytes) yield return (Path.GetFileName(file), bytes);
        }
    }

    /// <summary>A sample file may hold several envelopes, which the converters refuse; such a file gives no text seed.</summary>
    private static int WriteText(string folder, string name, Func<string> convert)
    {
        try
        {
            File.WriteAllText(Path.Combine(folder, name), convert(), new UTF8Encoding(false));
            return 1;
        }
        catch (FudgeException)
        {
            return 0;
        }
    }
}
