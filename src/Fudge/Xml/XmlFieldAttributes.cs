using System;
using System.Xml;

namespace Fudge.Xml;

/// <summary>
/// The attributes of a field element that the mapping reads (<c>name</c>, <c>ordinal</c>, <c>index</c>, <c>key</c>,
/// <c>type</c>, <c>encoding</c>, <c>nameEncoding</c>; without a prefix, as <see cref="XmlReader.GetAttribute(string)"/>
/// finds them), read in one pass over the element's attributes into one reused buffer. Values are parsed from there:
/// only a name becomes a string, and a name repeated across elements is one string.
/// </summary>
internal sealed class XmlFieldAttributes : IDisposable
{
    public const int Name = 0, Ordinal = 1, Index = 2, Key = 3, Type = 4, Encoding = 5, NameEncoding = 6;
    private const int Known = 7;

    /// <summary>Names longer than this rarely repeat, so keeping them is not worth the comparison.</summary>
    private const int MaxCachedNameLength = 32;
    private const int CacheSlots = 64;

    private readonly int[] _start = new int[Known];
    private readonly int[] _length = new int[Known];
    private readonly XmlTextBuffer _values = new(64);
    private string?[]? _names;

    /// <summary>Reads the attributes of the element the reader is on, and leaves it there.</summary>
    public void Read(XmlReader xml)
    {
        _length.AsSpan().Fill(-1);
        _values.Clear();
        if (!xml.HasAttributes) return;
        while (xml.MoveToNextAttribute())
        {
            int which = xml.LocalName switch
            {
                FudgeToXml.NameAttribute => Name,
                FudgeToXml.OrdinalAttribute => Ordinal,
                "index" => Index,
                "key" => Key,
                FudgeToXml.TypeAttribute => Type,
                FudgeToXml.EncodingAttribute => Encoding,
                FudgeToXml.NameEncodingAttribute => NameEncoding,
                _ => -1,
            };
            if (which < 0 || xml.Prefix.Length != 0) continue;
            _start[which] = _values.Length;
            _values.AppendValue(xml);
            _length[which] = _values.Length - _start[which];
        }
        xml.MoveToElement();
    }

    /// <summary>True when the element has the attribute.</summary>
    public bool Has(int attribute) => _length[attribute] >= 0;

    /// <summary>The attribute's value (empty when absent).</summary>
    public ReadOnlySpan<char> Value(int attribute) => Has(attribute) ? _values.Slice(_start[attribute], _length[attribute]) : default;

    /// <summary>The attribute's value as a string, null when absent; short values repeated across elements share one string.</summary>
    public string? String(int attribute)
    {
        if (!Has(attribute)) return null;
        var value = Value(attribute);
        if (value.Length == 0) return string.Empty;
        if (value.Length > MaxCachedNameLength) return value.ToString();
        _names ??= new string?[CacheSlots];
        int slot = Slot(value);
        if (_names[slot] is { } cached && value.SequenceEqual(cached.AsSpan())) return cached;
        return _names[slot] = value.ToString();
    }

    private static int Slot(ReadOnlySpan<char> value)
    {
        uint hash = 2166136261;
        foreach (char c in value) hash = (hash ^ c) * 16777619;
        return (int)(hash % CacheSlots);
    }

    public void Dispose() => _values.Dispose();
}
