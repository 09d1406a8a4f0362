using System;
using System.Buffers;
using System.Text;

namespace Fudge.Json.Internal;

/// <summary>
/// The fields of every open message of a plain-mode conversion: for each, its offset in the envelope and its JSON key
/// as UTF-8, so repeated keys are found by comparing bytes and no string is made for a key. A key is either the name
/// on the wire (referenced in place) or text kept in a scratch buffer (an ordinal, a taxonomy name, a name Fudge-Java
/// wrote in CESU-8). A nested message pushes its entries after its parent's and pops them when written, so memory is
/// bounded by the fields of the open messages; the arrays are reused from one conversion to the next on a thread.
/// </summary>
internal sealed class PlainFieldStack
{
    private const int PairwiseLimit = 16;
    /// <summary>Keys up to this length are identified by their <see cref="Fingerprint"/>.</summary>
    public const int FingerprintBytes = 7;
    private const int InScratch = int.MinValue; // flag in a key length: the key's bytes are in the scratch buffer

    [ThreadStatic] private static PlainFieldStack? t_spare;
#if !NET8_0_OR_GREATER
    private static readonly int HashSeed = Environment.TickCount ^ typeof(PlainFieldStack).GetHashCode();
#endif

    private int[] _fieldOffset = new int[32];
    private int[] _keyStart = new int[32];
    private int[] _keyLength = new int[32];
    private ulong[] _fingerprint = new ulong[32]; // length and first bytes of the key: equal keys have equal ones
    private int[] _next = new int[32];       // the next field with the same key, or -1
    private bool[] _repeat = new bool[32];   // an earlier field has the same key
    private int[] _tail = new int[32];       // of a chain's first entry: the chain's last entry
    private int[] _table = new int[64];      // open addressing over list indices + 1, for large messages
    private byte[] _scratch = new byte[256];
    private int _scratchUsed;

    /// <summary>Entries of all open messages.</summary>
    public int Count { get; private set; }

    /// <summary>Where the scratch buffer ends now, to be restored by <see cref="Pop"/>.</summary>
    public int ScratchMark => _scratchUsed;

    /// <summary>A stack for one conversion: the thread's spare one when it is free.</summary>
    public static PlainFieldStack Rent()
    {
        var stack = t_spare ?? new PlainFieldStack();
        t_spare = null;
        return stack;
    }

    /// <summary>Gives the stack back for the thread's next conversion.</summary>
    public static void Return(PlainFieldStack stack)
    {
        stack.Count = 0;
        stack._scratchUsed = 0;
        t_spare = stack;
    }

    /// <summary>Adds the current field of <paramref name="reader"/> with the key plain mode gives it.</summary>
    /// <exception cref="FudgeFormatException">The field's name is not valid UTF-8.</exception>
    public void Push(ref FudgeReader reader, FudgeJsonKeyPreference preference)
    {
        int i = Count;
        if (i == _fieldOffset.Length) Grow();
        _fieldOffset[i] = reader.FieldOffset;
        _next[i] = -1;
        _repeat[i] = false;

        // The name is checked even when the ordinal wins, so a name that is not valid UTF-8 is refused as Parse refuses it.
        bool nameInPlace = reader.HasName && Utf8Text.IsValid(reader.NameUtf8);
        string? decodedName = reader.HasName && !nameInPlace ? reader.GetName() : null;
        if (preference == FudgeJsonKeyPreference.OrdinalFirst && reader.HasOrdinal) SetOrdinalKey(i, reader.Ordinal);
        else if (nameInPlace) SetKeyInPlace(i, NameOffset(ref reader), reader.NameUtf8);
        else if (decodedName is not null) SetScratchKey(i, decodedName);
        else if (reader.HasOrdinal && reader.GetName() is string taxonomyName) SetScratchKey(i, taxonomyName);
        else if (reader.HasOrdinal) SetOrdinalKey(i, reader.Ordinal);
        else SetKeyInPlace(i, 0, default);
        Count = i + 1;
    }

    /// <summary>Drops the entries from <paramref name="start"/> and the scratch text after <paramref name="scratchMark"/>.</summary>
    public void Pop(int start, int scratchMark)
    {
        Count = start;
        _scratchUsed = scratchMark;
    }

    /// <summary>The envelope offset of entry <paramref name="i"/>'s field.</summary>
    public int FieldOffset(int i) => _fieldOffset[i];

    /// <summary>The next entry with the same key as entry <paramref name="i"/>, or -1.</summary>
    public int Next(int i) => _next[i];

    /// <summary>True when an earlier entry of the same message has the same key.</summary>
    public bool IsRepeat(int i) => _repeat[i];

    /// <summary>Entry <paramref name="i"/>'s key as UTF-8.</summary>
    public ReadOnlySpan<byte> Key(ReadOnlySpan<byte> envelope, int i)
    {
        int length = _keyLength[i];
        return (length & InScratch) != 0
            ? _scratch.AsSpan(_keyStart[i], length & ~InScratch)
            : envelope.Slice(_keyStart[i], length);
    }

    /// <summary>
    /// Links the entries of one message [start, end) that share a key (<see cref="Next"/>, <see cref="IsRepeat"/>);
    /// returns true when any key repeats. Pairwise for small messages, a hash table otherwise, so hostile messages of
    /// many fields stay linear.
    /// </summary>
    public bool LinkRepeats(ReadOnlySpan<byte> envelope, int start, int end)
    {
        int count = end - start;
        return count <= PairwiseLimit ? LinkPairwise(envelope, start, end) : LinkByTable(envelope, start, end, count);
    }

    private bool LinkPairwise(ReadOnlySpan<byte> envelope, int start, int end)
    {
        bool any = false;
        var fingerprints = _fingerprint.AsSpan(0, end);
        for (int i = start + 1; i < end; i++)
        {
            ulong fingerprint = fingerprints[i];
            for (int j = start; j < i; j++)
            {
                if (fingerprints[j] != fingerprint || _repeat[j] || !SameBytes(envelope, i, j)) continue;
                Append(j, i);
                any = true;
                break;
            }
        }
        return any;
    }

    private bool LinkByTable(ReadOnlySpan<byte> envelope, int start, int end, int count)
    {
        int size = 64;
        while (size < count * 2) size <<= 1;
        if (_table.Length < size) _table = new int[size];
        var table = _table.AsSpan(0, size);
        table.Clear();
        int mask = size - 1;
        bool any = false;
        for (int i = start; i < end; i++)
        {
            int slot = Hash(Key(envelope, i)) & mask;
            while (true)
            {
                int occupant = table[slot] - 1;
                if (occupant < 0)
                {
                    table[slot] = i + 1;
                    break;
                }
                if (_fingerprint[i] == _fingerprint[occupant] && SameBytes(envelope, i, occupant))
                {
                    Append(occupant, i);
                    any = true;
                    break;
                }
                slot = (slot + 1) & mask;
            }
        }
        return any;
    }

    /// <summary>Adds entry <paramref name="repeat"/> to the end of the chain that starts at <paramref name="first"/>.</summary>
    private void Append(int first, int repeat)
    {
        // The first entry of a chain keeps its tail, so n fields under one key link in n steps, not n^2/2.
        int last = _next[first] < 0 ? first : _tail[first];
        _next[last] = repeat;
        _tail[first] = repeat;
        _repeat[repeat] = true;
    }

    /// <summary>Keys with equal fingerprints are equal when they fit in the fingerprint; longer ones are compared.</summary>
    private bool SameBytes(ReadOnlySpan<byte> envelope, int a, int b)
        => (_keyLength[a] & ~InScratch) <= FingerprintBytes || Key(envelope, a).SequenceEqual(Key(envelope, b));

    // ---------------------------------------------------------------- keys

    /// <summary>Where the name of the current field starts: after prefix, type, the ordinal if any, and the name length.</summary>
    private static int NameOffset(ref FudgeReader reader) => reader.FieldOffset + 2 + (reader.HasOrdinal ? 2 : 0) + 1;

    /// <summary>A key that is the name on the wire at envelope offset <paramref name="start"/>.</summary>
    private void SetKeyInPlace(int i, int start, ReadOnlySpan<byte> name)
    {
        _keyStart[i] = start;
        _keyLength[i] = name.Length;
        _fingerprint[i] = Fingerprint(name);
    }

    private void SetOrdinalKey(int i, short ordinal)
    {
        EnsureScratch(6);
        System.Buffers.Text.Utf8Formatter.TryFormat(ordinal, _scratch.AsSpan(_scratchUsed), out int written);
        SetScratchEntry(i, written);
    }

    private void SetScratchKey(int i, string key)
    {
        byte[] utf8 = Encoding.UTF8.GetBytes(key); // rare: taxonomy names and CESU-8 names only
        EnsureScratch(utf8.Length);
        utf8.CopyTo(_scratch, _scratchUsed);
        SetScratchEntry(i, utf8.Length);
    }

    private void SetScratchEntry(int i, int length)
    {
        _keyStart[i] = _scratchUsed;
        _keyLength[i] = length | InScratch;
        _fingerprint[i] = Fingerprint(_scratch.AsSpan(_scratchUsed, length));
        _scratchUsed += length;
    }

    private void EnsureScratch(int count)
    {
        if (_scratch.Length - _scratchUsed >= count) return;
        Array.Resize(ref _scratch, Math.Max(_scratch.Length * 2, _scratchUsed + count));
    }

    /// <summary>
    /// The key's length in the top byte and up to seven of its bytes below (the first four and the last three of a
    /// longer key): a key of up to seven bytes is identified by its fingerprint alone, so finding repeats in a small
    /// message compares one number per pair, and longer keys that differ at either end do not even meet.
    /// </summary>
    public static ulong Fingerprint(ReadOnlySpan<byte> key)
    {
        ulong fingerprint = (ulong)Math.Min(key.Length, 255) << 56;
        if (key.Length <= FingerprintBytes)
        {
            for (int i = 0; i < key.Length; i++) fingerprint |= (ulong)key[i] << (8 * i);
            return fingerprint;
        }
        for (int i = 0; i < 4; i++) fingerprint |= (ulong)key[i] << (8 * i);
        for (int i = 0; i < 3; i++) fingerprint |= (ulong)key[key.Length - 3 + i] << (8 * (4 + i));
        return fingerprint;
    }

    /// <summary>The table's hash covers every byte (and is randomized per process), so hostile keys sharing a prefix still spread.</summary>
    private static int Hash(ReadOnlySpan<byte> bytes)
    {
#if NET8_0_OR_GREATER
        var hash = new HashCode();
        hash.AddBytes(bytes);
        return hash.ToHashCode();
#else
        uint h = (uint)HashSeed ^ 2166136261;
        foreach (byte b in bytes) h = (h ^ b) * 16777619;
        return (int)h;
#endif
    }

    private void Grow()
    {
        int size = _fieldOffset.Length * 2;
        Array.Resize(ref _fieldOffset, size);
        Array.Resize(ref _keyStart, size);
        Array.Resize(ref _keyLength, size);
        Array.Resize(ref _fingerprint, size);
        Array.Resize(ref _next, size);
        Array.Resize(ref _repeat, size);
        Array.Resize(ref _tail, size);
    }
}
