using System;
using System.Buffers.Binary;
using System.Collections.Generic;
using System.Text;

namespace Fudge.Transforms;

/// <summary>
/// The <c>taxonomy</c> operation of a transform: <b>apply</b> a taxonomy (named fields become ordinal-only, the envelope
/// gets the taxonomy's id) or <b>strip</b> one (ordinal-only fields get their names back, the envelope gets taxonomy
/// id 0). Decides the output key of each field without decoding names: names are looked up as UTF-8 bytes.
/// </summary>
internal sealed class TransformTaxonomy
{
    private readonly IFudgeTaxonomy? _taxonomy;
    private readonly Utf8NameTable? _ordinalsByName;
    private readonly Dictionary<short, FudgeFieldKey>? _namesByOrdinal;

    private TransformTaxonomy(bool apply, short id, FudgeTaxonomy? taxonomy)
    {
        Applies = apply;
        Id = id;
        _taxonomy = taxonomy;
        if (taxonomy is null) return;
        if (apply)
        {
            _ordinalsByName = new Utf8NameTable(taxonomy.Entries);
        }
        else
        {
            _namesByOrdinal = new Dictionary<short, FudgeFieldKey>();
            foreach (var entry in taxonomy.Entries) _namesByOrdinal.Add(entry.Key, FudgeFieldKey.Create(entry.Value));
        }
    }

    /// <summary>Names become the ordinals of <paramref name="taxonomy"/>; the envelopes get taxonomy id <paramref name="id"/>.</summary>
    public static TransformTaxonomy Apply(short id, FudgeTaxonomy taxonomy) => new(true, id, taxonomy);

    /// <summary>Ordinals become names, from <paramref name="taxonomy"/>, or when null from each envelope's own taxonomy.</summary>
    public static TransformTaxonomy Strip(FudgeTaxonomy? taxonomy) => new(false, 0, taxonomy);

    /// <summary>True to apply, false to strip.</summary>
    public bool Applies { get; }

    /// <summary>The taxonomy id the output envelopes carry.</summary>
    public short Id { get; }

    /// <summary>The output key for a key the transform file declares (a rename, a set or move destination, a created sub-message).</summary>
    public FudgeFieldKey MapDeclared(FudgeFieldKey key)
    {
        if (!Applies || key.Name is null) return key;
        return _taxonomy!.GetOrdinal(key.Name) is short ordinal ? FudgeFieldKey.FromOrdinal(ordinal) : key;
    }

    /// <summary>
    /// The output key for the reader's current field; false when the field keeps the key it has on the wire (the
    /// caller then copies its header bytes as they are).
    /// </summary>
    public bool TryMap(in FudgeReader field, out FudgeFieldKey key)
    {
        key = default;
        if (Applies)
        {
            if (field.HasName)
            {
                if (!_ordinalsByName!.TryGet(field.NameUtf8, out short ordinal)) return false;
                key = FudgeFieldKey.FromOrdinal(ordinal);
                return true;
            }
            // An ordinal-only field is known by the name its own envelope's taxonomy gives it; in the applied taxonomy
            // that name has its own ordinal, or none (then the name is written, since the old ordinal means nothing).
            if (!field.HasOrdinal || field.Taxonomy?.GetName(field.Ordinal) is not { } name) return false;
            if (_taxonomy!.GetOrdinal(name) is short mapped)
            {
                if (mapped == field.Ordinal) return false;
                key = FudgeFieldKey.FromOrdinal(mapped);
            }
            else
            {
                key = FudgeFieldKey.Of(name);
            }
            return true;
        }
        if (field.HasName)
        {
            if (!field.HasOrdinal) return false;
            key = FudgeFieldKey.Of(FudgeTransform.WireName(in field)); // names only: a field with both keeps its name
            return true;
        }
        if (!field.HasOrdinal) return false;
        if (_namesByOrdinal is not null)
        {
            if (!_namesByOrdinal.TryGetValue(field.Ordinal, out key)) return false;
            return true;
        }
        // The envelope's taxonomy comes from the reader options; a name too long for a field keeps its ordinal.
        if (field.Taxonomy?.GetName(field.Ordinal) is not { } restored || !FitsFieldName(restored)) return false;
        key = FudgeFieldKey.Of(restored);
        return true;
    }

    /// <summary>True when the name has 1 to 255 UTF-8 bytes, as a field name must.</summary>
    public static bool FitsFieldName(string name)
        => name.Length > 0 && (name.Length <= 85 || Encoding.UTF8.GetByteCount(name) <= 255);

    /// <summary>An open-addressing table from UTF-8 names to ordinals, so a name on the wire is looked up without decoding it.</summary>
    private sealed class Utf8NameTable
    {
        private readonly byte[]?[] _names;
        private readonly short[] _ordinals;
        private readonly int _mask;

        public Utf8NameTable(IEnumerable<KeyValuePair<short, string>> entries)
        {
            var list = new List<KeyValuePair<short, string>>(entries);
            int size = 8;
            while (size < list.Count * 2) size <<= 1;
            _names = new byte[size][];
            _ordinals = new short[size];
            _mask = size - 1;
            foreach (var entry in list)
            {
                var name = Encoding.UTF8.GetBytes(entry.Value);
                int slot = Hash(name) & _mask;
                while (_names[slot] is not null) slot = (slot + 1) & _mask;
                _names[slot] = name;
                _ordinals[slot] = entry.Key;
            }
        }

        public bool TryGet(ReadOnlySpan<byte> name, out short ordinal)
        {
            if (Find(name, out ordinal)) return true;
            // A name Fudge-Java wrote holds a character past U+FFFF as a CESU-8 pair: the same name as its UTF-8 form.
            // Names are at most 255 bytes, and the UTF-8 form is shorter.
            if (!JavaCesu8.HoldsPairs(name)) return false;
            Span<byte> utf8 = stackalloc byte[256];
            return Find(utf8.Slice(0, JavaCesu8.ToUtf8(name.Length <= 256 ? name : name.Slice(0, 256), utf8)), out ordinal);
        }

        private bool Find(ReadOnlySpan<byte> name, out short ordinal)
        {
            // The table is at most half full, so the probe always reaches an empty slot.
            for (int slot = Hash(name) & _mask; ; slot = (slot + 1) & _mask)
            {
                var candidate = _names[slot];
                if (candidate is null) break;
                if (name.SequenceEqual(candidate))
                {
                    ordinal = _ordinals[slot];
                    return true;
                }
            }
            ordinal = 0;
            return false;
        }

        // The first and last eight bytes and the length, mixed by one multiplication. A byte-at-a-time hash (FNV-1a,
        // before) chains a multiplication per byte, which cost more than the rest of a field's transform. Names that
        // share both ends only meet in the probe, where the bytes are compared; a wire name cannot lengthen a probe
        // beyond the table's own clusters, since the table is at most half full.
        private static int Hash(ReadOnlySpan<byte> name)
        {
            ulong head = name.Length >= 8 ? BinaryPrimitives.ReadUInt64LittleEndian(name) : Short(name);
            ulong tail = name.Length > 8 ? BinaryPrimitives.ReadUInt64LittleEndian(name.Slice(name.Length - 8)) : 0;
            ulong mixed = (head ^ (tail * 31) ^ (ulong)name.Length) * 0x9E3779B97F4A7C15UL;
            return (int)(mixed >> 33);
        }

        private static ulong Short(ReadOnlySpan<byte> name)
        {
            ulong value = 0;
            for (int i = name.Length - 1; i >= 0; i--) value = (value << 8) | name[i];
            return value;
        }
    }
}
