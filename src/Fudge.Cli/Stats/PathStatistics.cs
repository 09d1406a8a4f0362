using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Cli.Inspect;
using Fudge.Cli.Serve;

namespace Fudge.Cli.Stats;

/// <summary>
/// Statistics per field path over every envelope (<c>fudge stats --paths</c>, and the explorer's statistics table):
/// for each path in the filter language (<c>$.trade.price</c>; a repeated field's occurrences share one path), how
/// many fields and messages have it, its wire types, the minimum, maximum and mean of its numbers, and how many
/// distinct strings it holds. Paths are kept in the order first seen.
/// </summary>
internal sealed class PathStatistics
{
    /// <summary>Distinct strings counted per path; past this the count is shown as "at least".</summary>
    public const int MaxDistinct = 10_000;

    /// <summary>Paths followed; fields at further paths are counted in <see cref="OtherFields"/>.</summary>
    public const int MaxPaths = 10_000;

    private readonly Dictionary<string, PathStats> _byPath = new(StringComparer.Ordinal);
    private readonly List<PathStats> _inOrder = new();

    /// <summary>Envelopes added.</summary>
    public long Messages { get; private set; }

    /// <summary>Fields not counted because <see cref="MaxPaths"/> paths were followed already.</summary>
    public long OtherFields { get; private set; }

    /// <summary>Every path, in the order first seen.</summary>
    public IReadOnlyList<PathStats> Paths => _inOrder;

    /// <summary>Adds one envelope.</summary>
    /// <exception cref="FudgeFormatException">The envelope is malformed (offset relative to it).</exception>
    public void Add(ReadOnlySpan<byte> envelope, FudgeReaderOptions options)
    {
        var reader = new FudgeReader(envelope, options);
        Messages++;
        AddFields(ref reader, "$");
    }

    private void AddFields(ref FudgeReader reader, string parent)
    {
        while (reader.Read())
        {
            string path = parent + FieldPaths.Step(reader.GetName(), reader.HasOrdinal ? reader.Ordinal : null);
            var stats = Find(path);
            if (stats is null) OtherFields++;
            else stats.Add(ref reader, Messages);
            if (reader.TypeId == FudgeTypeId.Message)
            {
                var sub = reader.ReadMessage();
                AddFields(ref sub, path);
            }
        }
    }

    private PathStats? Find(string path)
    {
        if (_byPath.TryGetValue(path, out var stats)) return stats;
        if (_byPath.Count >= MaxPaths) return null;
        stats = new PathStats(path);
        _byPath.Add(path, stats);
        _inOrder.Add(stats);
        return stats;
    }
}

/// <summary>What was seen at one path.</summary>
internal sealed class PathStats
{
    private readonly long[] _types = new long[256];
    private HashSet<string>? _strings;
    private long _lastMessage;
    private double _sum;

    /// <summary>Creates the statistics of <paramref name="path"/>.</summary>
    public PathStats(string path) => Path = path;

    /// <summary>The path in the filter language.</summary>
    public string Path { get; }

    /// <summary>Fields at the path (a repeated field counts each time).</summary>
    public long Count { get; private set; }

    /// <summary>Messages with at least one field at the path.</summary>
    public long Messages { get; private set; }

    /// <summary>Numeric values (integers, floats and doubles; NaN and infinities aside) at the path.</summary>
    public long Numbers { get; private set; }

    /// <summary>The smallest number, when there was one.</summary>
    public double? Min { get; private set; }

    /// <summary>The largest number, when there was one.</summary>
    public double? Max { get; private set; }

    /// <summary>The mean of the numbers, when there was one.</summary>
    public double? Mean => Numbers == 0 ? null : _sum / Numbers;

    /// <summary>Distinct strings at the path (at most <see cref="PathStatistics.MaxDistinct"/>), or null when it held no string.</summary>
    public int? DistinctStrings => _strings?.Count;

    /// <summary>True when there were more distinct strings than were counted.</summary>
    public bool DistinctCapped { get; private set; }

    /// <summary>Fields per type name (as <c>fudge inspect</c> names types), most frequent first.</summary>
    public IEnumerable<KeyValuePair<string, long>> Types
        => Enumerable.Range(0, 256).Where(id => _types[id] > 0).OrderByDescending(id => _types[id])
            .Select(id => new KeyValuePair<string, long>(ValueText.TypeName((byte)id), _types[id]));

    /// <summary>Counts the field <paramref name="reader"/> is on, of message number <paramref name="message"/> (from 1).</summary>
    public void Add(ref FudgeReader reader, long message)
    {
        Count++;
        if (_lastMessage != message)
        {
            _lastMessage = message;
            Messages++;
        }
        _types[reader.TypeId]++;
        if (Number(ref reader) is double number && double.IsFinite(number))
        {
            Numbers++;
            _sum += number;
            Min = Min is double min ? Math.Min(min, number) : number;
            Max = Max is double max ? Math.Max(max, number) : number;
        }
        else if (reader.TypeId == FudgeTypeId.String)
        {
            _strings ??= new HashSet<string>(StringComparer.Ordinal);
            if (_strings.Count < PathStatistics.MaxDistinct) _strings.Add(reader.GetString());
            else if (!_strings.Contains(reader.GetString())) DistinctCapped = true;
        }
    }

    /// <summary>The field's value as a number, for the numeric wire types; null for any other.</summary>
    public static double? Number(ref FudgeReader reader) => reader.TypeId switch
    {
        FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64 => reader.GetInt64(),
        FudgeTypeId.Float => reader.GetSingle(),
        FudgeTypeId.Double => reader.GetDouble(),
        _ => null,
    };
}
