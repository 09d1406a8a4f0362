using System;
using System.Collections.Generic;
using System.Linq;
using Fudge.Query;

namespace Fudge.Store;

/// <summary>
/// A declared index (docs/store.md, "Declared indexes"): one path or several (a composite index, searched by its
/// leading paths: equality on the first, then a range on the next), optionally unique. An index is identified by its
/// paths in their order: a collection holds at most one index on the same paths, unique or not, and declaring it again
/// with the other uniqueness builds it again.
/// </summary>
/// <remarks>
/// Unique means: no two documents have equal values at every path. A document whose path selects no value (absent,
/// or a sub-message) is never constrained, as SQL's NULLs are not: several documents may lack the member. A document
/// whose path selects several values (a repeated field) is refused by a unique index, since it has no one key; paths
/// with <c>..</c> or <c>*</c> steps cannot be unique at all.
/// </remarks>
public sealed class FudgeIndexDefinition
{
    private readonly FudgePath[] _paths;
    private readonly FudgeIndexKind[] _kinds;

    /// <summary>An index on one path.</summary>
    /// <param name="path">The indexed path.</param>
    /// <param name="kind">The kind of value the path holds (a hint for typed keys; see <see cref="FudgeIndexKind"/>).</param>
    /// <param name="unique">Whether no two documents may have the same value at the path.</param>
    public FudgeIndexDefinition(FudgePath path, FudgeIndexKind kind = FudgeIndexKind.Any, bool unique = false)
        : this(new[] { (path ?? throw new ArgumentNullException(nameof(path)), kind) }, unique)
    {
    }

    /// <summary>An index on several paths, in order, each of <see cref="FudgeIndexKind.Any"/> kind.</summary>
    /// <param name="paths">The indexed paths: at least one, none twice.</param>
    /// <param name="unique">Whether no two documents may have equal values at every path.</param>
    /// <exception cref="ArgumentException">No path, or the same path twice.</exception>
    public FudgeIndexDefinition(IEnumerable<FudgePath> paths, bool unique = false)
        : this((paths ?? throw new ArgumentNullException(nameof(paths))).Select(p => (p, FudgeIndexKind.Any)), unique)
    {
    }

    /// <summary>An index on several paths, in order, each with the kind of value it holds.</summary>
    /// <param name="members">The indexed paths and their kinds: at least one, no path twice.</param>
    /// <param name="unique">Whether no two documents may have equal values at every path.</param>
    /// <exception cref="ArgumentException">No path, or the same path twice.</exception>
    public FudgeIndexDefinition(IEnumerable<(FudgePath Path, FudgeIndexKind Kind)> members, bool unique = false)
    {
        if (members is null) throw new ArgumentNullException(nameof(members));
        var list = members.ToList();
        if (list.Count == 0) throw new ArgumentException("An index needs at least one path.", nameof(members));
        var seen = new HashSet<string>(StringComparer.Ordinal);
        foreach (var (path, _) in list)
        {
            if (path is null) throw new ArgumentException("An index path is null.", nameof(members));
            if (!seen.Add(path.Text.Trim())) throw new ArgumentException($"The path {path.Text.Trim()} appears twice in the index.", nameof(members));
        }
        _paths = list.Select(m => m.Path).ToArray();
        _kinds = list.Select(m => m.Kind).ToArray();
        IsUnique = unique;
    }

    /// <summary>The indexed paths, in the index's order.</summary>
    public IReadOnlyList<FudgePath> Paths => _paths;

    /// <summary>The kind of value each path holds (same order as <see cref="Paths"/>).</summary>
    public IReadOnlyList<FudgeIndexKind> Kinds => _kinds;

    /// <summary>Whether no two documents may have equal values at every path.</summary>
    public bool IsUnique { get; }

    /// <summary>True when the index has several paths.</summary>
    public bool IsComposite => _paths.Length > 1;

    /// <summary>
    /// How <see cref="IFudgeCollection.ListIndexesAsync"/> shows the index: its paths separated by <c>", "</c>,
    /// preceded by <c>unique </c> when it is unique (<c>$.Symbol</c>, <c>$.Symbol, $.Price</c>, <c>unique $.Id</c>).
    /// </summary>
    public string Text => (IsUnique ? "unique " : "") + string.Join(", ", _paths.Select(p => p.Text.Trim()));

    /// <summary>What identifies the index in a collection: its paths' texts in order, separated by NUL (which no indexable path holds).</summary>
    internal string Identity => string.Join("\0", _paths.Select(p => p.Text.Trim()));

    /// <summary>The index whose <see cref="Identity"/> is <paramref name="identity"/>.</summary>
    internal static FudgeIndexDefinition FromIdentity(string identity, bool unique)
        => new(identity.Split('\0').Select(FudgePath.Compile), unique);

    /// <summary>
    /// True for a path through a list's elements, which a store indexes by all the values it selects (PostgreSQL: a
    /// jsonb array column with a GIN index; SQLite: a side table of the values): steps of non-empty names and anonymous
    /// steps (<c>#</c>), at least one of the latter, no descendant, wildcard, ordinal or index step, no NUL
    /// (<c>$.Legs.#.Venue</c>, <c>$.Tags.#</c>).
    /// </summary>
    internal static bool IsElementsPath(FudgePath path)
    {
        bool elements = false;
        if (path.Steps.Length == 0) return false;
        foreach (var step in path.Steps)
        {
            if (step.Descendant || step.HasIndex) return false;
            if (step.Selector == KeySelector.Anonymous)
            {
                elements = true;
                continue;
            }
            if (step.Selector != KeySelector.Name || string.IsNullOrEmpty(step.Name) || step.Name!.IndexOf('\0') >= 0) return false;
        }
        return elements;
    }

    /// <summary>
    /// Refuses what no store can index, with the store's exception: the root path, a path holding a NUL character, and
    /// for a unique index a path with a <c>..</c> or <c>*</c> step (it selects any number of fields).
    /// </summary>
    /// <exception cref="FudgeStoreException">One of the paths cannot be indexed as declared.</exception>
    internal void CheckIndexable()
    {
        foreach (var path in _paths)
        {
            string text = path.Text.Trim();
            if (path.IsRoot) throw new FudgeStoreException($"The path {text} selects the message itself, which cannot be indexed: index a field.");
            if (text.IndexOf('\0') >= 0) throw new FudgeStoreException("A path holding a NUL character cannot be indexed.");
            if (IsUnique && path.Steps.Any(s => s.Descendant || s.Selector == KeySelector.Any))
                throw new FudgeStoreException($"The path {text} has a '..' or '*' step, which selects any number of fields: a unique index needs a path to one field.");
        }
    }

    /// <summary>
    /// A key as <see cref="FudgeUniqueIndexException.Key"/> shows it: each value as a filter literal (strings quoted,
    /// numbers invariant), in parentheses when the index is composite.
    /// </summary>
    internal static string KeyText(IReadOnlyList<object?> values)
    {
        var parts = values.Select(v => v switch
        {
            null => "absent",
            bool flag => flag ? "true" : "false",
            string text => "\"" + text.Replace("\\", "\\\\").Replace("\"", "\\\"") + "\"",
            double number => number.ToString("R", System.Globalization.CultureInfo.InvariantCulture),
            IFormattable formattable => formattable.ToString(null, System.Globalization.CultureInfo.InvariantCulture),
            var other => other.ToString() ?? "",
        }).ToList();
        return parts.Count == 1 ? parts[0] : "(" + string.Join(", ", parts) + ")";
    }

    /// <summary>The first value a document has at each path (null where a path selects none, or a sub-message), for messages.</summary>
    internal object?[] KeyValues(ReadOnlySpan<byte> envelope)
    {
        var values = new object?[_paths.Length];
        for (int i = 0; i < values.Length; i++)
        {
            var first = new FirstScalar();
            _paths[i].Visit(envelope, ref first);
            values[i] = first.Value;
        }
        return values;
    }

    /// <summary>
    /// How a store that keeps index definitions as one text (PostgreSQL's <c>fudge_indexes.path</c>) writes this one:
    /// an index on one path, not unique, as the path's text (what every earlier version wrote); any other as a JSON
    /// object <c>{"paths":[...],"kinds":[...],"unique":true}</c>, which no path's text is (a path starts with <c>$</c>).
    /// </summary>
    internal string StoredText()
    {
        if (!IsComposite && !IsUnique && _kinds[0] == FudgeIndexKind.Any) return _paths[0].Text.Trim();
        var buffer = new System.Buffers.ArrayBufferWriter<byte>();
        using (var json = new System.Text.Json.Utf8JsonWriter(buffer))
        {
            json.WriteStartObject();
            json.WriteStartArray("paths");
            foreach (var path in _paths) json.WriteStringValue(path.Text.Trim());
            json.WriteEndArray();
            json.WriteStartArray("kinds");
            foreach (var kind in _kinds) json.WriteStringValue(kind.ToString());
            json.WriteEndArray();
            json.WriteBoolean("unique", IsUnique);
            json.WriteEndObject();
        }
        return System.Text.Encoding.UTF8.GetString(buffer.WrittenSpan);
    }

    /// <summary>The index <see cref="StoredText"/> wrote, or null when the text is neither form (a later version's).</summary>
    internal static FudgeIndexDefinition? FromStoredText(string text)
    {
        try
        {
            if (!text.StartsWith("{", StringComparison.Ordinal)) return new FudgeIndexDefinition(FudgePath.Compile(text));
            using var json = System.Text.Json.JsonDocument.Parse(text);
            var root = json.RootElement;
            var paths = root.GetProperty("paths").EnumerateArray().Select(p => FudgePath.Compile(p.GetString()!)).ToList();
            var kinds = root.GetProperty("kinds").EnumerateArray().Select(k => Enum.TryParse<FudgeIndexKind>(k.GetString(), out var kind) ? kind : FudgeIndexKind.Any).ToList();
            if (kinds.Count != paths.Count) return null;
            return new FudgeIndexDefinition(paths.Zip(kinds, (p, k) => (p, k)), root.GetProperty("unique").GetBoolean());
        }
        catch (Exception e) when (e is FudgeQueryException or System.Text.Json.JsonException or InvalidOperationException or KeyNotFoundException or ArgumentException)
        {
            return null;
        }
    }

    private struct FirstScalar : IFudgeFieldVisitor
    {
        public object? Value;

        public bool Visit(in FudgeReader field)
        {
            Value = field.TypeId switch
            {
                FudgeTypeId.Int8 or FudgeTypeId.Int16 or FudgeTypeId.Int32 or FudgeTypeId.Int64 => field.GetInt64(),
                FudgeTypeId.Float or FudgeTypeId.Double => field.GetDouble(),
                FudgeTypeId.Boolean => field.GetBoolean(),
                FudgeTypeId.String => field.GetString(),
                _ => null,
            };
            return false;
        }
    }

    /// <inheritdoc/>
    public override string ToString() => Text;
}
