using System.Collections.Generic;
using System.Globalization;

namespace Fudge.Views;

/// <summary>
/// Key to field positions of one <see cref="FudgeMsg"/>, built on first use and rebuilt only when the message's
/// <see cref="FudgeMsg.Version"/> shows a change the views did not make themselves. Writes through a view update it
/// in place, so a loop of look-ups and writes costs one build in total.
/// </summary>
/// <remarks>
/// Most keys occur once, so the index keeps one int per key (the first position) and a list of positions only for
/// keys that repeat; the keys and their first positions are also kept in order for enumeration without hashing.
/// </remarks>
internal sealed class FudgeMsgIndex
{
    // Created at the first build with the message's field count as capacity: growing them field by field would
    // allocate several times the final size.
    private Dictionary<string, int> _slots = null!;
    private List<string> _keys = null!;
    private List<int> _firstPositions = null!;
    private Dictionary<string, List<int>>? _repeats;
    private Dictionary<int, object>? _wrappers;
    private int _version;
    private bool _built;

    public FudgeMsgIndex(FudgeMsg message, IFudgeTaxonomy? taxonomy)
    {
        Message = message;
        Taxonomy = taxonomy;
    }

    public FudgeMsg Message { get; }

    public IFudgeTaxonomy? Taxonomy { get; }

    /// <summary>How many times the index was built; tests use it to prove look-up loops are linear.</summary>
    public int BuildCount { get; private set; }

    /// <summary>Distinct keys in order of first occurrence.</summary>
    public IReadOnlyList<string> Keys
    {
        get
        {
            EnsureCurrent();
            return _keys;
        }
    }

    /// <summary>Position of the first field of the key at <paramref name="slot"/> (an index into <see cref="Keys"/>).</summary>
    public int FirstPositionOfSlot(int slot) => _firstPositions[slot];

    public bool IsCurrent => _built && _version == Message.Version;

    /// <summary>The key of a field: its name, else the taxonomy's name for its ordinal, else the ordinal as text, else "".</summary>
    public static string KeyOf(in FudgeField field, IFudgeTaxonomy? taxonomy)
    {
        if (field.Name is not null) return field.Name;
        if (field.Ordinal is short ordinal) return taxonomy?.GetName(ordinal) ?? ordinal.ToString(CultureInfo.InvariantCulture);
        return "";
    }

    /// <summary>Position of the first field with this key.</summary>
    public bool TryGetFirst(string key, out int position)
    {
        EnsureCurrent();
        if (_slots.TryGetValue(key, out int slot))
        {
            position = _firstPositions[slot];
            return true;
        }
        position = -1;
        return false;
    }

    /// <summary>Positions of every field with this key, in message order, or null.</summary>
    public IReadOnlyList<int>? Find(string key)
    {
        if (!TryGetFirst(key, out int first)) return null;
        return _repeats is not null && _repeats.TryGetValue(key, out var all) ? all : new[] { first };
    }

    /// <summary>Records a field the view has just appended; the index must have been current just before.</summary>
    public void Appended(string key)
    {
        Add(key, Message.Count - 1);
        _version = Message.Version;
    }

    /// <summary>Records that the view replaced the value at a position without changing its key; the index must have been current just before.</summary>
    public void Replaced(int position)
    {
        _wrappers?.Remove(position);
        _version = Message.Version;
    }

    /// <summary>The wrapper of the sub-message at a position, created once per index build.</summary>
    public T Wrapper<T>(int position, System.Func<FudgeMsg, IFudgeTaxonomy?, T> create) where T : class
    {
        _wrappers ??= new Dictionary<int, object>();
        if (_wrappers.TryGetValue(position, out var existing) && existing is T wrapper) return wrapper;
        wrapper = create((FudgeMsg)Message[position].Value, Taxonomy);
        _wrappers[position] = wrapper;
        return wrapper;
    }

    private void Add(string key, int position)
    {
        if (!_slots.TryGetValue(key, out int slot))
        {
            _slots.Add(key, _keys.Count);
            _keys.Add(key);
            _firstPositions.Add(position);
            return;
        }
        _repeats ??= new Dictionary<string, List<int>>(System.StringComparer.Ordinal);
        if (!_repeats.TryGetValue(key, out var all)) _repeats[key] = all = new List<int> { _firstPositions[slot] };
        all.Add(position);
    }

    private void EnsureCurrent()
    {
        if (IsCurrent) return;
        if (!_built)
        {
            _slots = new Dictionary<string, int>(Message.Count, System.StringComparer.Ordinal);
            _keys = new List<string>(Message.Count);
            _firstPositions = new List<int>(Message.Count);
        }
        else
        {
            _slots.Clear();
            _keys.Clear();
            _firstPositions.Clear();
        }
        _repeats?.Clear();
        _wrappers?.Clear();
        for (int i = 0; i < Message.Count; i++) Add(KeyOf(Message[i], Taxonomy), i);
        _version = Message.Version;
        _built = true;
        BuildCount++;
    }
}
