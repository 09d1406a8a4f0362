using System;

namespace Fudge;

/// <summary>
/// State of one decode into a <see cref="FudgeMsg"/>: the fields the envelope may still hold
/// (<see cref="FudgeReaderOptions.MaxFieldCount"/>), and a small cache so a name repeated across fields is one string.
/// </summary>
internal sealed class DecodeContext
{
    /// <summary>Names longer than this are rare enough to repeat that caching them is not worth the comparison.</summary>
    private const int MaxCachedNameBytes = 32;
    /// <summary>Names decoded before the cache is created: small messages never pay for it.</summary>
    private const int NamesBeforeCaching = 8;
    private const int CacheSlots = 64;

    private byte[]?[]? _cachedBytes;
    private string?[]? _cachedNames;
    private int _namesSeen;

    [ThreadStatic]
    private static DecodeContext? _forUnknownFields;

    public DecodeContext(int maxFields)
    {
        MaxFields = maxFields;
        RemainingFields = maxFields;
    }

    public int MaxFields { get; private set; }

    /// <summary>
    /// A context reused by the calling thread for the unknown fields an extensible type keeps, which arrive one sub-message
    /// at a time: one per field would cost more than the fields. Nothing decoded re-enters, so one per thread suffices;
    /// its name cache then spans messages, which only means more names are shared. Successive unknown fields of one
    /// <paramref name="owner"/> are one decode: they share its credit and its copy of pending sub-messages (a copy per
    /// field would cost a hostile list of short chains more than their bytes), held only weakly between fields so the
    /// thread never keeps a message's bytes alive; call <see cref="EndUnknownField"/> after each field.
    /// </summary>
    public static DecodeContext ForUnknownFields(int maxFields, int remainingFields, FudgeMsg owner)
    {
        var context = _forUnknownFields ??= new DecodeContext(maxFields);
        context.MaxFields = maxFields;
        context.RemainingFields = remainingFields;
        var lastOwner = context._lastOwner ??= new WeakReference<FudgeMsg>(null!);
        var lastPending = context._lastPending ??= new WeakReference<PendingSubMessages>(null!);
        if (lastOwner.TryGetTarget(out var previous) && ReferenceEquals(previous, owner))
        {
            context.Pending = lastPending.TryGetTarget(out var pending) ? pending : null;
        }
        else
        {
            lastOwner.SetTarget(owner);
            context.Pending = null;
            context.Credit = 0;
        }
        return context;
    }

    /// <summary>Ends an unknown field begun with <see cref="ForUnknownFields"/>: its copy is remembered only weakly.</summary>
    public void EndUnknownField()
    {
        _lastPending?.SetTarget(Pending!);
        Pending = null;
    }

    private WeakReference<FudgeMsg>? _lastOwner;
    private WeakReference<PendingSubMessages>? _lastPending;

    /// <summary>
    /// Bytes the messages this decode built may still spend on others: the sum, over every message built, of 8 per
    /// byte of its own fields less what its object, slots and names cost. A sub-message is built only while this
    /// covers what its own bytes do not (see <see cref="FudgeMsgCodec"/>), so it never goes below zero after the first
    /// message (whose fixed cost is the call's).
    /// </summary>
    public long Credit { get; set; }

    /// <summary>The copy the sub-messages this decode leaves pending are built from, created with the first of them.</summary>
    public PendingSubMessages? Pending { get; set; }

    public int RemainingFields { get; set; }

    /// <summary>The name of the reader's current field, which has one on the wire; equal names share one string.</summary>
    public string Name(ref FudgeReader reader)
    {
        var utf8 = reader.NameUtf8;
        if (utf8.Length > MaxCachedNameBytes || ++_namesSeen <= NamesBeforeCaching) return reader.GetName()!;
        _cachedBytes ??= new byte[CacheSlots][];
        _cachedNames ??= new string[CacheSlots];
        int slot = Slot(utf8);
        if (_cachedBytes[slot] is { } bytes && utf8.SequenceEqual(bytes)) return _cachedNames[slot]!;
        // Decoded (and validated) by the reader as usual; only an identical byte sequence reuses the result.
        string name = reader.GetName()!;
        _cachedBytes[slot] = utf8.ToArray();
        _cachedNames[slot] = name;
        return name;
    }

    private static int Slot(ReadOnlySpan<byte> utf8)
    {
        uint hash = 2166136261;
        foreach (byte b in utf8) hash = (hash ^ b) * 16777619;
        return (int)(hash % CacheSlots);
    }
}

/// <summary>Shared boxes for the small values that dominate messages of tiny fields, so decoding them allocates nothing.</summary>
internal static class BoxCache
{
    private const int SmallShortMin = -1024;
    private const int SmallShortMax = 1023;
    private static readonly object True = true;
    private static readonly object False = false;
    private static readonly object[] SBytes = CreateSBytes();
    private static readonly object[] Shorts = CreateShorts();

    public static object Of(bool value) => value ? True : False;

    public static object Of(sbyte value) => SBytes[value + 128];

    public static object Of(short value) => IsShared(value) ? Shorts[value - SmallShortMin] : value;

    /// <summary>True when <see cref="Of(short)"/> returns a shared box for the value rather than a new one.</summary>
    public static bool IsShared(short value) => value is >= SmallShortMin and <= SmallShortMax;

    private static object[] CreateSBytes()
    {
        var boxes = new object[256];
        for (int i = 0; i < boxes.Length; i++) boxes[i] = (sbyte)(i - 128);
        return boxes;
    }

    private static object[] CreateShorts()
    {
        var boxes = new object[SmallShortMax - SmallShortMin + 1];
        for (int i = 0; i < boxes.Length; i++) boxes[i] = (short)(i + SmallShortMin);
        return boxes;
    }
}
