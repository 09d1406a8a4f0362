using System.Text;

namespace Fudge.Store.PostgreSql;

/// <summary>jsonb refuses U+0000 in text: the JSON escape <c>\u0000</c> is stored as <c>\ufffd</c> instead.</summary>
internal static class JsonbText
{
    public static string WithoutNul(string json)
    {
        int at = json.IndexOf("\\u0000", System.StringComparison.Ordinal);
        if (at < 0) return json;
        var text = new StringBuilder(json.Length);
        for (int i = 0; i < json.Length; i++)
        {
            char c = json[i];
            if (c == '\\' && i + 1 < json.Length)
            {
                // An escape: copy it whole, replacing only \u0000 (a "\\" escape is skipped as a unit).
                if (string.CompareOrdinal(json, i, "\\u0000", 0, 6) == 0)
                {
                    text.Append("\\ufffd");
                    i += 5;
                }
                else
                {
                    text.Append(c).Append(json[i + 1]);
                    i++;
                }
                continue;
            }
            text.Append(c);
        }
        return text.ToString();
    }
}
