using System;
using System.Collections;
using System.Collections.Generic;
using System.Collections.ObjectModel;

namespace Fudge.Views;

/// <summary>
/// A <see cref="FudgeMsg"/> seen as a dictionary, without copying: each key maps to the value of the <em>first</em>
/// field with that key, and writes go straight to the message.
/// </summary>
/// <remarks>
/// <para>Keys: a field's name; for a field without a name, the taxonomy's name for its ordinal, else the ordinal as
/// decimal text (<c>"5"</c>); for an anonymous field, <c>""</c>. Fields whose keys coincide (a name <c>"5"</c> and an
/// ordinal 5, or the empty name and an anonymous field) share one key.</para>
/// <para>Values: the wire value (<see cref="FudgeConvert"/> converts it further); an indicator reads as null; a
/// sub-message reads as another <see cref="FudgeMsgDictionary"/> over it (the same wrapper each time).</para>
/// <para>Writes: setting an existing key replaces the value of its first field, keeping the field's name and ordinal
/// and leaving later repeats alone; setting a new key, or <see cref="Add(string, object?)"/>, appends a field named by
/// the key. A dictionary value is converted to a sub-message (a copy); a <see cref="FudgeMsgDictionary"/> value puts
/// in its message itself. <see cref="Remove(string)"/> removes every field with the key.</para>
/// <para>Look-ups are O(1) after an index is built on first use; the index follows writes made through this view and
/// is rebuilt (O(n)) only after the message changes behind its back or after a removal.</para>
/// </remarks>
public sealed class FudgeMsgDictionary : IDictionary<string, object?>, IReadOnlyDictionary<string, object?>
{
    private readonly FudgeMsgIndex _index;

    /// <summary>Wraps <paramref name="message"/>; <paramref name="taxonomy"/> names ordinal-only fields.</summary>
    public FudgeMsgDictionary(FudgeMsg message, IFudgeTaxonomy? taxonomy = null)
        => _index = new FudgeMsgIndex(message ?? throw new ArgumentNullException(nameof(message)), taxonomy);

    /// <summary>The wrapped message.</summary>
    public FudgeMsg Message => _index.Message;

    internal FudgeMsgIndex Index => _index;

    /// <summary>Number of distinct keys.</summary>
    public int Count => _index.Keys.Count;

    /// <summary>The distinct keys, in order of first occurrence (a live view until the index is rebuilt).</summary>
    public ICollection<string> Keys => new ReadOnlyCollection<string>((IList<string>)_index.Keys);

    /// <summary>The first value of each key, in key order.</summary>
    public ICollection<object?> Values
    {
        get
        {
            var values = new List<object?>(Count);
            for (int slot = 0; slot < _index.Keys.Count; slot++) values.Add(ValueAt(_index.FirstPositionOfSlot(slot)));
            return values;
        }
    }

    IEnumerable<string> IReadOnlyDictionary<string, object?>.Keys => _index.Keys;

    IEnumerable<object?> IReadOnlyDictionary<string, object?>.Values => Values;

    bool ICollection<KeyValuePair<string, object?>>.IsReadOnly => false;

    /// <summary>The first value with this key; setting replaces it or appends a new named field.</summary>
    /// <exception cref="KeyNotFoundException">Reading a key no field has.</exception>
    public object? this[string key]
    {
        get => TryGetValue(key, out var value) ? value : throw new KeyNotFoundException($"No field has the key '{key}'.");
        set
        {
            if (key is null) throw new ArgumentNullException(nameof(key));
            // The look-up brings the index up to date, so it can follow the write below.
            if (!_index.TryGetFirst(key, out int position))
            {
                Message.Add(key, ToFudgeValue(value));
                _index.Appended(key);
                return;
            }
            var old = Message[position];
            var replacement = new FudgeMsg().Add(old.Name, old.Ordinal, ToFudgeValue(value))[0];
            Message.SetAt(position, replacement);
            _index.Replaced(position);
        }
    }

    /// <summary>True when a field has this key.</summary>
    public bool ContainsKey(string key) => _index.TryGetFirst(key, out _);

    /// <summary>The first value with this key.</summary>
    public bool TryGetValue(string key, out object? value)
    {
        if (!_index.TryGetFirst(key, out int position))
        {
            value = null;
            return false;
        }
        value = ValueAt(position);
        return true;
    }

    /// <summary>Appends a field named <paramref name="key"/>.</summary>
    /// <exception cref="ArgumentException">A field already has this key.</exception>
    public void Add(string key, object? value)
    {
        if (ContainsKey(key)) throw new ArgumentException($"A field already has the key '{key}'.", nameof(key));
        this[key] = value;
    }

    /// <summary>Removes every field with this key.</summary>
    public bool Remove(string key)
    {
        var positions = _index.Find(key);
        if (positions is null) return false;
        for (int i = positions.Count - 1; i >= 0; i--) Message.RemoveAt(positions[i]);
        return true;
    }

    /// <summary>Removes every field.</summary>
    public void Clear() => Message.Clear();

    /// <summary>Each key with its first value, in order of first occurrence.</summary>
    public IEnumerator<KeyValuePair<string, object?>> GetEnumerator()
    {
        var keys = _index.Keys;
        for (int slot = 0; slot < keys.Count; slot++)
            yield return new KeyValuePair<string, object?>(keys[slot], ValueAt(_index.FirstPositionOfSlot(slot)));
    }

    IEnumerator IEnumerable.GetEnumerator() => GetEnumerator();

    void ICollection<KeyValuePair<string, object?>>.Add(KeyValuePair<string, object?> item) => Add(item.Key, item.Value);

    bool ICollection<KeyValuePair<string, object?>>.Contains(KeyValuePair<string, object?> item)
        => TryGetValue(item.Key, out var value) && Equals(value, item.Value);

    void ICollection<KeyValuePair<string, object?>>.CopyTo(KeyValuePair<string, object?>[] array, int arrayIndex)
    {
        foreach (var pair in this) array[arrayIndex++] = pair;
    }

    bool ICollection<KeyValuePair<string, object?>>.Remove(KeyValuePair<string, object?> item)
        => ((ICollection<KeyValuePair<string, object?>>)this).Contains(item) && Remove(item.Key);

    private object? ValueAt(int position)
    {
        var field = Message[position];
        return field.Value switch
        {
            FudgeIndicator => null,
            FudgeMsg sub => _index.CachedWrapper(position) as FudgeMsgDictionary
                            ?? _index.CacheWrapper(position, new FudgeMsgDictionary(sub, _index.Taxonomy)),
            var value => value,
        };
    }

    /// <summary>Dictionaries become sub-messages; a wrapper puts in its message; everything else is inferred by <see cref="FudgeMsg.Add(string?, object?)"/>.</summary>
    internal static object? ToFudgeValue(object? value) => value switch
    {
        FudgeMsgDictionary wrapped => wrapped.Message,
        FudgeMsgMultiMap multi => multi.Message,
        IEnumerable<KeyValuePair<string, object?>> map => FudgeDictionaryConverter.ToMessage(map),
        _ => value,
    };
}
