using System.Text.Json;
using System.Text.Json.Serialization;

namespace Fudge.Cli.Serve;

/// <summary>
/// A numeric path's values over the messages (<c>GET /api/series</c>), as columns: point i is message
/// <c>Ids[i]</c>, at <c>Xs[i]</c>, with value <c>Ys[i]</c>, in group <c>GroupNames[Groups[i]]</c>. The first field the
/// path selects in a message is its value; a message without a number there (or without an x) is counted in
/// <paramref name="Skipped"/>.
/// </summary>
/// <param name="Path">The value's path.</param>
/// <param name="Group">The grouping path, when given.</param>
/// <param name="X">The x path, when given (else x is the message id).</param>
/// <param name="XKind">"id" (message order), "time" (a date or datetime path: seconds since 1970-01-01 UTC; a value without a zone is taken as UTC) or "number".</param>
/// <param name="Ids">The message of each point.</param>
/// <param name="Xs">Each point's x.</param>
/// <param name="Ys">Each point's value.</param>
/// <param name="Groups">Each point's group, an index in <paramref name="GroupNames"/>; absent without a grouping path.</param>
/// <param name="GroupNames">The groups in the order first seen (the group path's value as text, escaped; "(none)" when absent).</param>
/// <param name="Messages">Messages looked at (those the filter passes).</param>
/// <param name="Skipped">Messages with no finite number at the path, or no x.</param>
/// <param name="Cut">True when there were more points than the limit: the last ones are given.</param>
/// <param name="Histogram">The points' values in equal bins.</param>
internal sealed record Series(string Path, string? Group, string? X, string XKind, long[] Ids, double[] Xs, double[] Ys, int[]? Groups,
    string[]? GroupNames, long Messages, long Skipped, bool Cut, Histogram Histogram);

/// <summary>Values counted in equal bins: bin i is <c>[Min + i*Width, Min + (i+1)*Width)</c>, the last one closed.</summary>
/// <param name="Min">The smallest value (0 when there is none).</param>
/// <param name="Width">The width of a bin (1 when all values are equal).</param>
/// <param name="Counts">Values per bin.</param>
internal sealed record Histogram(double Min, double Width, long[] Counts);

/// <summary>Per-path statistics of the messages the filter passes (<c>GET /api/stats</c>), as <c>fudge stats --paths</c> computes them.</summary>
/// <param name="Messages">Messages counted.</param>
/// <param name="Malformed">Messages left out because they are malformed.</param>
/// <param name="OtherFields">Fields past the most paths followed.</param>
/// <param name="Paths">One row per path, in the order first seen.</param>
internal sealed record PathTable(long Messages, long Malformed, long OtherFields, PathRow[] Paths);

/// <summary>One path's statistics.</summary>
/// <param name="Path">The path in the filter language.</param>
/// <param name="Count">Fields at the path.</param>
/// <param name="Messages">Messages with the path.</param>
/// <param name="Types">Fields per type, most frequent first.</param>
/// <param name="Numbers">How many of the values are finite numbers.</param>
/// <param name="Min">The smallest number.</param>
/// <param name="Max">The largest number.</param>
/// <param name="Mean">The mean of the numbers.</param>
/// <param name="Distinct">Distinct strings.</param>
/// <param name="DistinctCapped">True when there were more distinct strings than were counted.</param>
internal sealed record PathRow(string Path, long Count, long Messages, TypeCount[] Types, long Numbers, double? Min, double? Max, double? Mean,
    int? Distinct, bool? DistinctCapped);

/// <summary>How many fields of a path had one type.</summary>
/// <param name="Type">The type's name, as <c>fudge inspect</c> names it.</param>
/// <param name="Count">Fields of that type.</param>
internal sealed record TypeCount(string Type, long Count);

/// <summary>The charts' JSON, source-generated (NativeAOT).</summary>
[JsonSourceGenerationOptions(JsonSerializerDefaults.Web, DefaultIgnoreCondition = JsonIgnoreCondition.WhenWritingNull)]
[JsonSerializable(typeof(Series))]
[JsonSerializable(typeof(PathTable))]
internal sealed partial class ChartJson : JsonSerializerContext;
