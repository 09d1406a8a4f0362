using System;
using System.Globalization;
using System.Text;
using System.Xml;

namespace Fudge.Xml;

/// <summary>Element names of fields (spec §15): cleaned field names, or the generic <c>fudgeField</c>/<c>fudgeFieldN</c>.</summary>
internal static class XmlFieldNames
{
    public const string Generic = "fudgeField";

    /// <summary>
    /// Removes every character that is not an XML name character and then any leading character that cannot start a
    /// name. Colons count as invalid too, so that namespace-aware readers and writers accept the result.
    /// </summary>
    public static string Clean(string name)
    {
        var sb = new StringBuilder(name.Length);
        foreach (char c in name)
        {
            if (sb.Length == 0 ? XmlConvert.IsStartNCNameChar(c) : XmlConvert.IsNCNameChar(c)) sb.Append(c);
        }
        return sb.ToString();
    }

    /// <summary>The element name of a field with this name and ordinal.</summary>
    public static string ElementName(string? name, short? ordinal, out bool needsNameAttribute)
    {
        string cleaned = name is null ? "" : Clean(name);
        if (cleaned.Length > 0 && !IsGeneric(cleaned))
        {
            needsNameAttribute = cleaned != name;
            return cleaned;
        }
        needsNameAttribute = name is not null;
        return ordinal is short o ? Generic + o.ToString(CultureInfo.InvariantCulture) : Generic;
    }

    /// <summary>True for <c>fudgeField</c> and <c>fudgeField</c> followed by a decimal ordinal.</summary>
    public static bool IsGeneric(string elementName) => elementName == Generic || TryGetGenericOrdinal(elementName, out _);

    /// <summary>The N of <c>fudgeFieldN</c> (parsed in place: the reader asks this of every element).</summary>
    public static bool TryGetGenericOrdinal(string elementName, out short ordinal)
    {
        ordinal = 0;
        return elementName.Length > Generic.Length && elementName.StartsWith(Generic, System.StringComparison.Ordinal)
            && SpanNumbers.TryParseInt16(elementName.AsSpan(Generic.Length), NumberStyles.AllowLeadingSign, out ordinal);
    }
}
