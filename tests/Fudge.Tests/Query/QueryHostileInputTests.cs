using System;
using System.Collections.Generic;
using System.IO;
using Fudge.Query;
using Fudge.Tests.Hostile;
using Fudge.Tests.Support;
using Xunit;
using Xunit.Sdk;

namespace Fudge.Tests.Query;

/// <summary>
/// Hostile bytes through every query entry point: every truncation and single-byte corruption of the interop vectors and
/// the samples either evaluates or raises <see cref="FudgeFormatException"/>, never anything else.
/// </summary>
public class QueryHostileInputTests
{
    private static readonly FudgeFilter[] Filters =
    {
        FudgeFilter.Compile("$..* == 'x' || $..* > 1 || $..* == 2024-01-01T00:00:00Z || $..* == true"),
        FudgeFilter.Compile("match($..*, '.*x') || starts_with($..*, 'a') || type($..*) == 'message' || count($..*) > 1000"),
        FudgeFilter.Compile("$.*[-1].*[-1] in [1, 'a'] || $.#1 || $.# || $..#2 == 3"),
        FudgeFilter.Compile("$.* == $.*.* || $.*[0] < $.*[-1] || $.#1 >= $.#2"),
        // Plain name steps: the one-walk plan passes over fields on their headers (by name length) and reads the rest.
        FudgeFilter.Compile("$.a == 1 && $.abcdef.b == 2 || $.zz == 'x' || $.Log.Type == 'AUDIT' && $.System.Hostname"),
        // `$..name` tests join the plan: the walk enters every sub-message with fields and still passes over the rest.
        FudgeFilter.Compile("$..Hostname == 'x' && $..Type || $..string == 'x' && $.System || $..int > 1 && !$..Log"),
    };

    private static readonly FudgePath[] Paths = { FudgePath.Compile("$..*"), FudgePath.Compile("$.*[-1]..*[0]") };

    private static readonly FudgeRouter Router = FudgeRouter.Parse("""
        { "mode": "all-matches", "rules": [ { "name": "any", "where": "$..* != 0", "destinations": "d" } ], "default": "e" }
        """);

    public static IEnumerable<object[]> Inputs()
    {
        foreach (var name in InteropVectors.Names) yield return new object[] { name };
        foreach (var name in new[] { "document.fudge", "logs.fudge" }) yield return new object[] { name };
    }

    private static byte[] Load(string name) => name.EndsWith(".dat", StringComparison.Ordinal)
        ? InteropVectors.Read(name)
        : FirstEnvelope(File.ReadAllBytes(Path.Combine(InteropVectors.Folder, "..", "..", "samples", name)));

    private static byte[] FirstEnvelope(byte[] stream) => stream.AsSpan(0, FudgeReader.ReadEnvelopeHeader(stream).MessageSize).ToArray();

    // Every offset of the first 2 KiB, then every 61st; in the 101 KB vector (variableWidthColumnSizes.dat, almost all byte
    // arrays) the offsets of HostileData.Offsets instead: its headers, value edges and a seeded sample of the arrays.
    private static Func<int, bool> Probes(byte[] bytes) => HostileData.Visits(bytes, offset => offset < 2048 || offset % 61 == 0);

    private static void Evaluate(byte[] bytes, string what)
    {
        try
        {
            foreach (var filter in Filters)
            {
                filter.Matches(bytes);
                filter.Matches(Segments.Split(bytes, bytes.Length / 2));
            }
            foreach (var path in Paths)
            {
                path.Count(bytes);
                path.Select(bytes);
            }
            Router.Route(bytes, new int[Router.Destinations.Count]);
        }
        catch (FudgeFormatException e)
        {
            if (e.Offset < 0 || e.Offset > bytes.Length) throw new XunitException($"{what}: offset {e.Offset} outside the input: {e.Message}");
        }
        catch (Exception e)
        {
            throw new XunitException($"{what}: {e.GetType().Name} instead of FudgeFormatException: {e}");
        }
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Every_truncation_evaluates_or_is_rejected_cleanly(string name)
    {
        var bytes = Load(name);
        var probed = Probes(bytes);
        for (int length = 0; length < bytes.Length; length++)
        {
            if (!probed(length)) continue;
            // The header keeps the full size, so the reader sees an envelope that claims more than it has; then the
            // header is patched to the cut length, so fields overrun their message instead.
            Evaluate(bytes.AsSpan(0, length).ToArray(), $"{name} cut to {length}");
            if (length >= FudgeEnvelopeHeader.Size)
            {
                var patched = bytes.AsSpan(0, length).ToArray();
                System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(patched.AsSpan(4), length);
                Evaluate(patched, $"{name} cut to {length} with a patched size");
            }
        }
    }

    [Theory]
    [MemberData(nameof(Inputs))]
    public void Every_single_byte_corruption_evaluates_or_is_rejected_cleanly(string name)
    {
        var bytes = Load(name);
        var probed = Probes(bytes);
        foreach (byte value in new byte[] { 0x00, 0xFF, 0x80 })
        {
            for (int i = 0; i < bytes.Length; i++)
            {
                if (!probed(i)) continue;
                var corrupt = (byte[])bytes.Clone();
                corrupt[i] = corrupt[i] == value ? (byte)(value ^ 0x01) : value;
                Evaluate(corrupt, $"{name} with byte {i} set to 0x{value:x2}");
            }
        }
    }
}
