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
/// A message of at most <see cref="ScanLimit"/> fields is not indexed for look-ups at all: comparing the key with a
/// few names costs less than hashing every name into a table (.NET strings do not cache their hash codes).
/// </remarks>
internal sealed class FudgeMsgIndex
{
    // Created at the first build with the message's field count as capacity: growing them field by field would
    // allocate several times the final size.
    private Dictionary<string, int> _first = null!;  // key -> position of its first field
    private List<string>? _keys;                     // distinct keys in order, built when enumerated
    private List<int>? _firstPositions;
    private Dictionary<string, List<int>>? _repeats;
    private List<int>? _laterRepeats;               // positions that repeat an earlier key, ascending
    private object?[]? _wrappers;                    // by field position: a look-up is an array read
    private int _wrappersVersion;
    private int _keysVersion;   // the message version the key lists were built by scanning for
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
            if (!IsCurrent && Message.Count <= ScanLimit)
            {
                // A small message lists its keys without the look-up table: a repeat is found among the few before it.
                if (_keys is null || _keysVersion != Message.Version) BuildKeyListByScan();
                return _keys!;
            }
            EnsureCurrent();
            if (_keys is null) BuildKeyList();
            return _keys!;
        }
    }

    private void BuildKeyListByScan()
    {
        _keys = new List<string>(Message.Count);
        _firstPositions = new List<int>(Message.Count);
        for (int i = 0; i < Message.Count; i++)
        {
            string key = KeyOf(Message[i], Taxonomy);
            if (_keys.Contains(key)) continue;
            _keys.Add(key);
            _firstPositions.Add(i);
        }
        _keysVersion = Message.Version;
    }

    /// <summary>Position of the first field of the key at <paramref name="slot"/> (an index into <see cref="Keys"/>).</summary>
    public int FirstPositionOfSlot(int slot) => _firstPositions![slot];

    /// <summary>Only enumeration needs the keys in order: look-ups alone never build these lists.</summary>
    private void BuildKeyList()
    {
        _keys = new List<string>(_first.Count);
        _firstPositions = new List<int>(_first.Count);
        // Every field but the later repeats (known, in order) is the first of its key: no look-ups needed.
        int next = 0;
        for (int i = 0; i < Message.Count; i++)
        {
            if (_laterRepeats is not null && next < _laterRepeats.Count && _laterRepeats[next] == i)
            {
                next++;
                continue;
            }
            _keys.Add(KeyOf(Message[i], Taxonomy));
            _firstPositions.Add(i);
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

    /// <summary>Messages up to this many fields are searched field by field instead of indexed.</summary>
    internal const int ScanLimit = 12;

    /// <summary>Position of the first field with this key.</summary>
    public bool TryGetFirst(string key, out int position)
    {
        if (!IsCurrent)
        {
            if (Message.Count <= ScanLimit) return TryScanFirst(key, out position);
            Rebuild();
        }
        if (_first.TryGetValue(key, out position)) return true;
        position = -1;
        return false;
    }

    /// <summary>Positions of every field with this key, in message order, or null.</summary>
    public IReadOnlyList<int>? Find(string key)
    {
        EnsureCurrent();
        if (!TryGetFirst(key, out int first)) return null;
        return _repeats is not null && _repeats.TryGetValue(key, out var all) ? all : new[] { first };
    }

    /// <summary>Records a field the view has just appended; the index (if built) must have been current just before.</summary>
    public void Appended(string key)
    {
        if (_wrappersVersion == Message.Version - 1) _wrappersVersion = Message.Version; // appending leaves positions alone
        if (!IsCurrentBefore(1)) return; // not in use: small messages are scanned, and a stale index is rebuilt
        Add(key, Message.Count - 1);
        _version = Message.Version;
    }

    /// <summary>Records that the view replaced the value at a position without changing its key; the index (if built) must have been current just before.</summary>
    public void Replaced(int position)
    {
        if (_wrappers is not null && position < _wrappers.Length) _wrappers[position] = null;
        if (_wrappersVersion == Message.Version - 1) _wrappersVersion = Message.Version;
        if (IsCurrentBefore(1)) _version = Message.Version;
    }

    /// <summary>True when the index was current <paramref name="changes"/> versions of the message ago.</summary>
    private bool IsCurrentBefore(int changes) => _built && _version == Message.Version - changes;

    /// <summary>Position of the first field whose key is <paramref name="key"/>, by comparing field after field.</summary>
    private bool TryScanFirst(string key, out int position)
    {
        for (int i = 0; i < Message.Count; i++)
        {
            if (!HasKey(Message[i], key)) continue;
            position = i;
            return true;
        }
        position = -1;
        return false;
    }

    /// <summary>True when <see cref="KeyOf"/> of the field is <paramref name="key"/>, without building it.</summary>
    private bool HasKey(in FudgeField field, string key)
    {
        if (field.Name is string name) return (object)name == key || string.Equals(name, key, System.StringComparison.Ordinal);
        if (field.Ordinal is not short ordinal) return key.Length == 0;
        if (Taxonomy?.GetName(ordinal) is string taxonomyName) return string.Equals(taxonomyName, key, System.StringComparison.Ordinal);
        return key.Length <= 6 && short.TryParse(key, NumberStyles.AllowLeadingSign, CultureInfo.InvariantCulture, out short parsed)
               && parsed == ordinal && key == ordinal.ToString(CultureInfo.InvariantCulture);
    }

    /// <summary>
    /// The wrapper cached for the sub-message at a position, or null; cached wrappers are dropped when the message
    /// changes behind the view. Not generic: a shared generic method tests its type through a runtime look-up on
    /// every call, and each view type tests the object it gets back itself.
    /// </summary>
    public object? CachedWrapper(int position)
    {
        if (_wrappers is null || _wrappersVersion != Message.Version || position >= _wrappers.Length) return null;
        return _wrappers[position];
    }

    /// <summary>Caches the wrapper of the sub-message at a position (see <see cref="CachedWrapper"/>); returns it.</summary>
    public T CacheWrapper<T>(int position, T wrapper) where T : class
    {
        if (_wrappers is null || position >= _wrappers.Length)
            System.Array.Resize(ref _wrappers, System.Math.Max(Message.Count, position + 1));
        if (_wrappersVersion != Message.Version)
        {
            System.Array.Clear(_wrappers, 0, _wrappers.Length);
            _wrappersVersion = Message.Version;
        }
        _wrappers[position] = wrapper;
        return wrapper;
    }

    private void Add(string key, int position)
    {
#if NET6_0_OR_GREATER
        // One hash and probe per field, where TryGetValue then Add took two: building the index is most of its cost.
        ref int slot = ref System.Runtime.InteropServices.CollectionsMarshal.GetValueRefOrAddDefault(_first, key, out bool exists);
        if (!exists)
        {
            slot = position;
            _keys?.Add(key);
            _firstPositions?.Add(position);
            return;
        }
        int first = slot;
#else
        if (!_first.TryGetValue(key, out int first))
        {
            _first.Add(key, position);
            _keys?.Add(key);
            _firstPositions?.Add(position);
            return;
        }
#endif
        _repeats ??= new Dictionary<string, List<int>>(System.StringComparer.Ordinal);
        if (!_repeats.TryGetValue(key, out var all)) _repeats[key] = all = new List<int> { first };
        all.Add(position);
        (_laterRepeats ??= new List<int>()).Add(position);
    }

    private void EnsureCurrent()
    {
        if (!IsCurrent) Rebuild();
    }

    private void Rebuild()
    {
        _keys = null; // lists made by scanning, or for the old contents
        _firstPositions = null;
        if (!_built) _first = new Dictionary<string, int>(Message.Count, System.StringComparer.Ordinal);
        else _first.Clear();
        _repeats?.Clear();
        _laterRepeats?.Clear();
        if (_wrappers is not null) System.Array.Clear(_wrappers, 0, _wrappers.Length);
        _wrappersVersion = Message.Version;
        for (int i = 0; i < Message.Count; i++) Add(KeyOf(Message[i], Taxonomy), i);
        _version = Message.Version;
        _built = true;
        BuildCount++;
    }
}
