using System;
using System.Collections;
using System.Collections.Generic;

namespace Fudge.Views;

/// <summary>
/// A <see cref="FudgeMsg"/> seen as a read-only multi-map, without copying: each key maps to the values of every
/// field with that key, in message order. Keys and values follow the rules of <see cref="FudgeMsgDictionary"/>
/// (name, else taxonomy name or ordinal text, else <c>""</c>; indicator as null); sub-messages are wrapped as
/// multi-maps. The lists are live: they read the message when indexed. Look-ups are O(1) after the first, as for
/// <see cref="FudgeMsgDictionary"/>; a change to the message makes the next look-up rebuild the index.
/// </summary>
public sealed class FudgeMsgMultiMap : IReadOnlyDictionary<string, IReadOnlyList<object?>>
{
    private readonly FudgeMsgIndex _index;

    /// <summary>Wraps <paramref name="message"/>; <paramref name="taxonomy"/> names ordinal-only fields.</summary>
    public FudgeMsgMultiMap(FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
        => _index = new FudgeMsgIndex(message ?? throw new ArgumentNullException(nameof(message)), taxonomy);

    /// <summary>The wrapped message.</summary>
    public FudgeMsg Message => _index.Message;

    internal FudgeMsgIndex Index => _index;

    /// <summary>Number of distinct keys.</summary>
    public int Count => _index.Keys.Count;

    /// <summary>The distinct keys, in order of first occurrence.</summary>
    public IEnumerable<string> Keys => _index.Keys;

    /// <summary>The values of each key, in key order.</summary>
    public IEnumerable<IReadOnlyList<object?>> Values
    {
        get
        {
            foreach (var key in _index.Keys) yield return this[key];
        }
    }

    /// <summary>Every value with this key, in message order.</summary>
    /// <exception cref="KeyNotFoundException">No field has the key.</exception>
    public IReadOnlyList<object?> this[string key]
        => TryGetValue(key, out var values) ? values : throw new KeyNotFoundException($"No field has the key '{key}'.");

    /// <summary>True when a field has this key.</summary>
    public bool ContainsKey(string key) => _index.TryGetFirst(key, out _);

    /// <summary>Every value with this key, in message order.</summary>
    public bool TryGetValue(string key, out IReadOnlyList<object?> value)
    {
        var positions = _index.Find(key);
        value = positions is null ? null! : new FieldValues(this, positions);
        return positions is not null;
    }

    /// <summary>Each key with all its values, in order of first occurrence.</summary>
    public IEnumerator<KeyValuePair<string, IReadOnlyList<object?>>> GetEnumerator()
    {
        var keys = _index.Keys;
        for (int i = 0; i < keys.Count; i++)
            yield return new KeyValuePair<string, IReadOnlyList<object?>>(keys[i], new FieldValues(this, _index.Find(keys[i])!));
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    private object? ValueAt(int position) => Message[position].Value switch
    {
        FudgeIndicator => null,
        FudgeMsg sub => _index.CachedWrapper(position) as FudgeMsgMultiMap
                        ?? _index.CacheWrapper(position, new FudgeMsgMultiMap(sub, _index.Taxonomy)),
        var value => value,
    };

    /// <summary>The values at a list of positions, read on access.</summary>
    private sealed class FieldValues : IReadOnlyList<object?>
    {
        private readonly FudgeMsgMultiMap _owner;
        private readonly IReadOnlyList<int> _positions;

        public FieldValues(FudgeMsgMultiMap owner, IReadOnlyList<int> positions)
        {
            _owner = owner;
            _positions = positions;
        }

        public int Count => _positions.Count;

        public object? this[int index] => _owner.ValueAt(_positions[index]);

        public IEnumerator<object?> GetEnumerator()
        {
            for (int i = 0; i < _positions.Count; i++) yield return this[i];
        }

        IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();
    }
}
