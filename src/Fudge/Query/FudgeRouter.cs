using System;
using System.Buffers;
using System.Collections.Generic;
using System.IO;
using System.Text.Json;

namespace Fudge.Query;

/// <summary>
/// Content-based routing driven by configuration: an ordered list of <see cref="FudgeRoutingRule"/>s, a
/// <see cref="FudgeRoutingMode"/> and default destinations for messages no rule matches. Loaded from a JSON rules
/// file (format in docs/routing.md) or built in code. Immutable and thread-safe.
/// </summary>
/// <example>
/// <code>
/// var router = FudgeRouter.Load("samples/routing-rules.json");
/// Span&lt;int&gt; hits = stackalloc int[router.Destinations.Count];
/// int n = router.Route(envelopeBytes, hits);                 // allocation-free
/// for (int i = 0; i &lt; n; i++) Send(router.Destinations[hits[i]], envelopeBytes);
/// </code>
/// </example>
public sealed class FudgeRouter
{
    private readonly FudgeRoutingRule[] _rules;
    // Per rule, the positions of its destinations in _destinations: kept here, not on the rule, since a rule may serve
    // several routers.
    private readonly int[][] _ruleIndexes;
    private readonly string[] _destinations;
    private readonly string[] _defaults;
    private readonly int[] _defaultIndexes;

    /// <summary>Creates a router from rules, default destinations (may be empty: unmatched messages go nowhere) and a mode.</summary>
    public FudgeRouter(IEnumerable<FudgeRoutingRule> rules, IEnumerable<string> defaultDestinations, FudgeRoutingMode mode = FudgeRoutingMode.FirstMatch)
    {
        _rules = new List<FudgeRoutingRule>(rules ?? throw new ArgumentNullException(nameof(rules))).ToArray();
        _defaults = new List<string>(defaultDestinations ?? throw new ArgumentNullException(nameof(defaultDestinations))).ToArray();
        Mode = mode;
        var all = new List<string>();
        _ruleIndexes = new int[_rules.Length][];
        for (int i = 0; i < _rules.Length; i++) _ruleIndexes[i] = IndexesOf(_rules[i].Destinations, all);
        _defaultIndexes = IndexesOf(_defaults, all);
        _destinations = all.ToArray();
    }

    private static int[] IndexesOf(IReadOnlyList<string> destinations, List<string> all)
    {
        var indexes = new List<int>();
        foreach (var destination in destinations)
        {
            int index = all.IndexOf(destination);
            if (index < 0)
            {
                index = all.Count;
                all.Add(destination);
            }
            if (!indexes.Contains(index)) indexes.Add(index);
        }
        return indexes.ToArray();
    }

    /// <summary>How the rules combine.</summary>
    public FudgeRoutingMode Mode { get; }

    /// <summary>The rules, in the order they are tried.</summary>
    public IReadOnlyList<FudgeRoutingRule> Rules => _rules;

    /// <summary>Where messages that no rule matches go (possibly nowhere).</summary>
    public IReadOnlyList<string> DefaultDestinations => _defaults;

    /// <summary>Every distinct destination of the rules and the default, in order of first mention; <see cref="Route(ReadOnlySpan{byte}, Span{int}, FudgeReaderOptions?)"/> returns positions in this list.</summary>
    public IReadOnlyList<string> Destinations => _destinations;

    /// <summary>
    /// Routes one envelope without allocating: writes the positions in <see cref="Destinations"/> of where it goes
    /// (each once) into <paramref name="destinationIndexes"/> and returns how many.
    /// </summary>
    /// <param name="envelope">One envelope (bytes after it are ignored).</param>
    /// <param name="destinationIndexes">Room for at least <see cref="Destinations"/>.Count positions.</param>
    /// <param name="options">Limits and the taxonomy resolver; the defaults when null.</param>
    /// <exception cref="ArgumentException"><paramref name="destinationIndexes"/> is shorter than <see cref="Destinations"/>.</exception>
    /// <exception cref="FudgeFormatException">The bytes a rule reads are malformed.</exception>
    public int Route(ReadOnlySpan<byte> envelope, Span<int> destinationIndexes, FudgeReaderOptions? options = null)
    {
        if (destinationIndexes.Length < _destinations.Length)
            throw new ArgumentException($"Room for {_destinations.Length} destinations is needed.", nameof(destinationIndexes));
        var reader = new FudgeReader(envelope, options);
        int count = 0;
        for (int i = 0; i < _rules.Length; i++)
        {
            if (!_rules[i].Filter.Matches(in reader)) continue;
            if (Mode == FudgeRoutingMode.FirstMatch) return Append(_ruleIndexes[i], destinationIndexes, 0);
            count = Append(_ruleIndexes[i], destinationIndexes, count);
        }
        return count > 0 ? count : Append(_defaultIndexes, destinationIndexes, 0);
    }

    /// <summary>Routes one envelope held in a sequence (a multi-segment one is copied into a pooled buffer first).</summary>
    public int Route(in ReadOnlySequence<byte> envelope, Span<int> destinationIndexes, FudgeReaderOptions? options = null)
    {
        if (envelope.IsSingleSegment) return Route(envelope.First.Span, destinationIndexes, options);
        using var contiguous = new ContiguousEnvelope(envelope, options);
        return Route(contiguous.Span, destinationIndexes, options);
    }

    private static int Append(int[] indexes, Span<int> output, int count)
    {
        foreach (int index in indexes)
        {
            if (output.Slice(0, count).IndexOf(index) < 0) output[count++] = index;
        }
        return count;
    }

    /// <summary>
    /// The destinations of one envelope as names. Allocates only in <see cref="FudgeRoutingMode.AllMatches"/> mode when
    /// several rules match; otherwise the list returned is the rule's or the default's own.
    /// </summary>
    public IReadOnlyList<string> GetDestinations(ReadOnlySpan<byte> envelope, FudgeReaderOptions? options = null)
    {
        var reader = new FudgeReader(envelope, options);
        FudgeRoutingRule? single = null;
        List<string>? merged = null;
        foreach (var rule in _rules)
        {
            if (!rule.Filter.Matches(in reader)) continue;
            if (Mode == FudgeRoutingMode.FirstMatch) return rule.Destinations;
            Merge(rule, ref single, ref merged);
        }
        return merged ?? single?.Destinations ?? _defaults;
    }

    /// <summary>The destinations of a model message; <paramref name="taxonomy"/> names ordinal-only fields, if given.</summary>
    public IReadOnlyList<string> GetDestinations(FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
    {
        FudgeRoutingRule? single = null;
        List<string>? merged = null;
        foreach (var rule in _rules)
        {
            if (!rule.Filter.Matches(message, taxonomy)) continue;
            if (Mode == FudgeRoutingMode.FirstMatch) return rule.Destinations;
            Merge(rule, ref single, ref merged);
        }
        return merged ?? single?.Destinations ?? _defaults;
    }

    private static void Merge(FudgeRoutingRule rule, ref FudgeRoutingRule? single, ref List<string>? merged)
    {
        if (single is null)
        {
            single = rule;
            return;
        }
        merged ??= new List<string>(single.Destinations);
        foreach (var destination in rule.Destinations)
            if (!merged.Contains(destination)) merged.Add(destination);
    }

    // ---------------------------------------------------------------- the rules file

    /// <summary>Reads a rules file.</summary>
    /// <exception cref="FudgeQueryException">The file is not a valid rules file (line and column in the file).</exception>
    /// <exception cref="IOException">The file cannot be read.</exception>
    public static FudgeRouter Load(string path) => Parse(File.ReadAllBytes(path));

    /// <summary>Parses a rules file held in a string.</summary>
    public static FudgeRouter Parse(string json) => Parse(ConfigJson.Utf8(json ?? throw new ArgumentNullException(nameof(json))));

    /// <summary>
    /// Parses a rules file: <c>{ "mode": "first-match" | "all-matches", "rules": [ { "name": ..., "where": FILTER,
    /// "destinations": NAME | [NAME, ...] }, ... ], "default": NAME | [NAME, ...] }</c>.
    /// </summary>
    /// <exception cref="FudgeQueryException">The text is not a valid rules file (line and column in the file).</exception>
    public static FudgeRouter Parse(byte[] utf8Json)
    {
        if (utf8Json is null) throw new ArgumentNullException(nameof(utf8Json));
        return ConfigJson.Guard(() => ParseRules(utf8Json));
    }

    private static FudgeRouter ParseRules(byte[] json)
    {
        var reader = new Utf8JsonReader(json, ConfigJson.ReaderOptions);
        if (!reader.Read()) throw ConfigJson.ErrorAt(json, 0, "the rules file is empty");
        ConfigJson.ExpectObject(ref reader, json, "the rules file");
        var mode = FudgeRoutingMode.FirstMatch;
        List<FudgeRoutingRule>? rules = null;
        var defaults = new List<string>();
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            long at = reader.TokenStartIndex;
            string property = reader.GetString()!;
            switch (property)
            {
                case "mode":
                    string text = ConfigJson.ReadString(ref reader, json, "\"mode\"");
                    mode = text switch
                    {
                        "first-match" => FudgeRoutingMode.FirstMatch,
                        "all-matches" => FudgeRoutingMode.AllMatches,
                        _ => throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, $"\"mode\" is \"first-match\" or \"all-matches\", not \"{text}\""),
                    };
                    break;
                case "rules":
                    rules = ReadRuleList(ref reader, json);
                    break;
                case "default":
                    defaults = ConfigJson.ReadStrings(ref reader, json, "\"default\"", out long defaultsAt);
                    if (defaults.Exists(string.IsNullOrEmpty)) throw ConfigJson.ErrorAt(json, defaultsAt, "a default destination is empty");
                    break;
                default:
                    throw ConfigJson.ErrorAt(json, at, $"unknown property \"{property}\" (expected \"mode\", \"rules\" or \"default\")");
            }
        }
        if (rules is null) throw ConfigJson.ErrorAt(json, 0, "the rules file has no \"rules\" list");
        return new FudgeRouter(rules, defaults, mode);
    }

    private static List<FudgeRoutingRule> ReadRuleList(ref Utf8JsonReader reader, byte[] json)
    {
        reader.Read();
        if (reader.TokenType != JsonTokenType.StartArray) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"rules\" must be an array");
        var rules = new List<FudgeRoutingRule>();
        var names = new HashSet<string>(StringComparer.Ordinal);
        while (reader.Read() && reader.TokenType != JsonTokenType.EndArray)
        {
            long start = reader.TokenStartIndex;
            var rule = ReadRule(ref reader, json, rules.Count);
            if (!names.Add(rule.Name)) throw ConfigJson.ErrorAt(json, start, $"two rules are named \"{rule.Name}\"");
            rules.Add(rule);
        }
        return rules;
    }

    private static FudgeRoutingRule ReadRule(ref Utf8JsonReader reader, byte[] json, int position)
    {
        ConfigJson.ExpectObject(ref reader, json, "a rule");
        long start = reader.TokenStartIndex;
        string? name = null;
        FudgeFilter? filter = null;
        List<string>? destinations = null;
        while (reader.Read() && reader.TokenType == JsonTokenType.PropertyName)
        {
            long at = reader.TokenStartIndex;
            string property = reader.GetString()!;
            switch (property)
            {
                case "name":
                    name = ConfigJson.ReadString(ref reader, json, "\"name\"");
                    if (name.Length == 0) throw ConfigJson.ErrorAt(json, reader.TokenStartIndex, "\"name\" is empty");
                    break;
                case "where":
                    string text = ConfigJson.ReadString(ref reader, json, "\"where\"");
                    try
                    {
                        filter = FudgeFilter.Compile(text);
                    }
                    catch (FudgeQueryException e)
                    {
                        throw ConfigJson.InExpression(json, reader.TokenStartIndex, $"rule {name ?? "#" + (position + 1)}: \"where\"", e);
                    }
                    break;
                case "destinations":
                    destinations = ConfigJson.ReadStrings(ref reader, json, "\"destinations\"", out long destinationsAt);
                    if (destinations.Count == 0 || destinations.Exists(string.IsNullOrEmpty))
                        throw ConfigJson.ErrorAt(json, destinationsAt, "\"destinations\" needs at least one non-empty name");
                    break;
                default:
                    throw ConfigJson.ErrorAt(json, at, $"unknown property \"{property}\" in a rule (expected \"name\", \"where\" or \"destinations\")");
            }
        }
        string label = name is null ? $"rule #{position + 1}" : $"rule \"{name}\"";
        if (name is null) throw ConfigJson.ErrorAt(json, start, label + " has no \"name\"");
        if (filter is null) throw ConfigJson.ErrorAt(json, start, label + " has no \"where\" filter");
        if (destinations is null) throw ConfigJson.ErrorAt(json, start, label + " has no \"destinations\"");
        return new FudgeRoutingRule(name, filter, destinations);
    }
}
