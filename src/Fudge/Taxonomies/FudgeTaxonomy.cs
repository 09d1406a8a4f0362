using System;
using System.Collections.Generic;
using System.Linq;

namespace Fudge;

/// <summary>Maps field ordinals to names and back (spec §13), so that messages can carry ordinals only.</summary>
public interface IFudgeTaxonomy
{
    /// <summary>The name for an ordinal, or null when the taxonomy does not define it.</summary>
    string? GetName(short ordinal);

    /// <summary>The ordinal for a name, or null when the taxonomy does not define it.</summary>
    short? GetOrdinal(string name);
}

/// <summary>Finds taxonomies by the 16-bit id carried in envelopes.</summary>
public interface IFudgeTaxonomyResolver
{
    /// <summary>The taxonomy with this id, or null when unknown.</summary>
    IFudgeTaxonomy? Resolve(short taxonomyId);
}

/// <summary>An immutable in-memory taxonomy; it can be written and read as a Fudge message (spec §13.3).</summary>
public sealed class FudgeTaxonomy : IFudgeTaxonomy
{
    private readonly Dictionary<short, string> _names;
    private readonly Dictionary<string, short> _ordinals;

    /// <summary>Creates a taxonomy from ordinal/name pairs.</summary>
    /// <exception cref="ArgumentException">An ordinal or a name appears twice, or a name is empty.</exception>
    public FudgeTaxonomy(IEnumerable<KeyValuePair<short, string>> entries)
    {
        _names = new Dictionary<short, string>();
        _ordinals = new Dictionary<string, short>(StringComparer.Ordinal);
        foreach (var entry in entries)
        {
            if (string.IsNullOrEmpty(entry.Value)) throw new ArgumentException($"Ordinal {entry.Key} has an empty name.", nameof(entries));
            if (_names.ContainsKey(entry.Key)) throw new ArgumentException($"Ordinal {entry.Key} appears twice.", nameof(entries));
            if (_ordinals.ContainsKey(entry.Value)) throw new ArgumentException($"Name '{entry.Value}' appears twice.", nameof(entries));
            _names.Add(entry.Key, entry.Value);
            _ordinals.Add(entry.Value, entry.Key);
        }
    }

    /// <summary>Creates a taxonomy from ordinal/name pairs.</summary>
    public FudgeTaxonomy(IReadOnlyDictionary<short, string> entries) : this((IEnumerable<KeyValuePair<short, string>>)entries) { }

    private FudgeTaxonomy(Dictionary<short, string> names, Dictionary<string, short> ordinals)
    {
        _names = names;
        _ordinals = ordinals;
    }

    /// <summary>
    /// Creates a taxonomy from ordinal/name pairs taken in order, the way Fudge-Java's
    /// <c>MapFudgeTaxonomy(int[], String[])</c> does: each name maps to the last ordinal given to it, and each ordinal
    /// back to the last name given it, so two names may share an ordinal. Fudge-Proto's compiler numbers taxonomies
    /// like that (its numbering restarts after an import), which the constructor, stricter, would reject.
    /// </summary>
    /// <exception cref="ArgumentException">A name is null or empty.</exception>
    public static FudgeTaxonomy FromPairsKeepingLast(IEnumerable<KeyValuePair<short, string>> entries)
    {
        if (entries is null) throw new ArgumentNullException(nameof(entries));
        var names = new Dictionary<short, string>();
        var ordinals = new Dictionary<string, short>(StringComparer.Ordinal);
        foreach (var entry in entries)
        {
            if (string.IsNullOrEmpty(entry.Value)) throw new ArgumentException($"Ordinal {entry.Key} has an empty name.", nameof(entries));
            names[entry.Key] = entry.Value;
            ordinals[entry.Value] = entry.Key;
        }
        return new FudgeTaxonomy(names, ordinals);
    }

    /// <summary>Number of mappings.</summary>
    public int Count => _names.Count;

    /// <summary>The mappings, by ascending ordinal.</summary>
    public IEnumerable<KeyValuePair<short, string>> Entries => _names.OrderBy(e => e.Key);

    /// <inheritdoc/>
    public string? GetName(short ordinal) => _names.TryGetValue(ordinal, out var name) ? name : null;

    /// <inheritdoc/>
    public short? GetOrdinal(string name) => _ordinals.TryGetValue(name, out var ordinal) ? ordinal : null;

    /// <summary>Encodes the taxonomy as a message: one ordinal-only string field per mapping, by ascending ordinal.</summary>
    public FudgeMsg ToMessage()
    {
        var msg = new FudgeMsg();
        foreach (var entry in Entries) msg.Add(null, entry.Key, entry.Value);
        return msg;
    }

    /// <summary>Decodes a taxonomy message (spec §13.3), which usually comes from the wire.</summary>
    /// <exception cref="FudgeFormatException">
    /// A field has no ordinal, is not a string, repeats an ordinal, or maps to an empty or repeated name. A message keeps
    /// no byte offsets, so the exception's offset is the index of the offending field and the reason says so.
    /// </exception>
    public static FudgeTaxonomy FromMessage(FudgeMsg message)
    {
        if (message is null) throw new ArgumentNullException(nameof(message));
        var entries = new List<KeyValuePair<short, string>>();
        var seenOrdinals = new HashSet<short>();
        var seenNames = new HashSet<string>(StringComparer.Ordinal);
        for (int i = 0; i < message.Count; i++)
        {
            var field = message[i];
            if (field.Ordinal is not short ordinal) throw new FudgeFormatException(i, $"field {i}: a taxonomy field has no ordinal");
            if (field.Value is not string name) throw new FudgeFormatException(i, $"field {i}: taxonomy ordinal {ordinal} is not a string");
            if (!seenOrdinals.Add(ordinal)) throw new FudgeFormatException(i, $"field {i}: taxonomy ordinal {ordinal} appears twice");
            if (name.Length == 0) throw new FudgeFormatException(i, $"field {i}: taxonomy ordinal {ordinal} has an empty name");
            if (!seenNames.Add(name)) throw new FudgeFormatException(i, $"field {i}: taxonomy name '{name}' appears twice");
            entries.Add(new KeyValuePair<short, string>(ordinal, name));
        }
        return new FudgeTaxonomy(entries);
    }
}

/// <summary>A resolver over a fixed set of taxonomies.</summary>
public sealed class FudgeTaxonomyResolver : IFudgeTaxonomyResolver
{
    private readonly Dictionary<short, IFudgeTaxonomy> _taxonomies;

    /// <summary>Creates a resolver from id/taxonomy pairs.</summary>
    public FudgeTaxonomyResolver(IEnumerable<KeyValuePair<short, IFudgeTaxonomy>> taxonomies)
        => _taxonomies = taxonomies.ToDictionary(t => t.Key, t => t.Value);

    /// <summary>Creates a resolver that knows one taxonomy.</summary>
    public FudgeTaxonomyResolver(short taxonomyId, IFudgeTaxonomy taxonomy)
        => _taxonomies = new Dictionary<short, IFudgeTaxonomy> { [taxonomyId] = taxonomy };

    /// <inheritdoc/>
    public IFudgeTaxonomy? Resolve(short taxonomyId) => _taxonomies.TryGetValue(taxonomyId, out var t) ? t : null;
}
