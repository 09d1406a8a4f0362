using System.Collections.Generic;
using System.Globalization;

namespace Fudge.Views;

/// <summary>
/// Key to field positions of one <see cref="FudgeMsg"/>, built on first use and rebuilt only when the message's
/// <see cref="FudgeMsg.Version"/> shows a change the views did not make themselves. Writes through a view update it
/// in place, so a loop of look-ups and writes costs one build in total.
/// </summary>
internal sealed class FudgeMsgIndex
{
    private readonly Dictionary<string, List<int>> _positions = new(System.StringComparer.Ordinal);
    private readonly List<string> _keys = new();
    private readonly Dictionary<int, object> _wrappers = new();
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

    public bool IsCurrent => _built && _version == Message.Version;

    /// <summary>The key of a field: its name, else the taxonomy's name for its ordinal, else the ordinal as text, else "".</summary>
    public static string KeyOf(in FudgeField field, IFudgeTaxonomy? taxonomy)
    {
        if (field.Name is not null) return field.Name;
        if (field.Ordinal is short ordinal) return taxonomy?.GetName(ordinal) ?? ordinal.ToString(CultureInfo.InvariantCulture);
        return "";
    }

    /// <summary>Positions of every field with this key, in message order, or null.</summary>
    public List<int>? Find(string key)
    {
        EnsureCurrent();
        return _positions.TryGetValue(key, out var positions) ? positions : null;
    }

    /// <summary>Records a field the view has just appended; the index must have been current just before.</summary>
    public void Appended(string key)
    {
        int position = Message.Count - 1;
        if (!_positions.TryGetValue(key, out var positions))
        {
            _positions[key] = positions = new List<int>(1);
            _keys.Add(key);
        }
        positions.Add(position);
        _version = Message.Version;
    }

    /// <summary>Records that the view replaced the value at a position without changing its key; the index must have been current just before.</summary>
    public void Replaced(int position)
    {
        _wrappers.Remove(position);
        _version = Message.Version;
    }

    /// <summary>The wrapper of the sub-message at a position, created once per index build.</summary>
    public T Wrapper<T>(int position, System.Func<FudgeMsg, IFudgeTaxonomy?, T> create) where T : class
    {
        if (_wrappers.TryGetValue(position, out var existing) && existing is T wrapper) return wrapper;
        wrapper = create((FudgeMsg)Message[position].Value, Taxonomy);
        _wrappers[position] = wrapper;
        return wrapper;
    }

    private void EnsureCurrent()
    {
        if (IsCurrent) return;
        _positions.Clear();
        _keys.Clear();
        _wrappers.Clear();
        for (int i = 0; i < Message.Count; i++)
        {
            string key = KeyOf(Message[i], Taxonomy);
            if (!_positions.TryGetValue(key, out var positions))
            {
                _positions[key] = positions = new List<int>(1);
                _keys.Add(key);
            }
            positions.Add(i);
        }
        _version = Message.Version;
        _built = true;
        BuildCount++;
    }
}
