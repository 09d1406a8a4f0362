using System.Globalization;
using System.Text;
using Fudge.Cli.Inspect;

namespace Fudge.Cli.Serve;

/// <summary>
/// A field's path in the filter language (docs/routing.md), so that the page's "copy path" pastes into
/// <c>fudge filter</c>: <c>.name</c> for a plain name, <c>['other name']</c> (escaped as <see cref="DisplayText"/>
/// escapes, which the filter language reads back) for any other, <c>[#ordinal]</c> for an ordinal-only field and
/// <c>[#]</c> for an anonymous one.
/// </summary>
internal static class FieldPaths
{
    /// <summary>One step of a path, for a field with this name and ordinal (the name wins when it has both).</summary>
    public static string Step(string? name, short? ordinal)
    {
        if (name is null) return ordinal is { } o ? "[#" + o.ToString(CultureInfo.InvariantCulture) + "]" : "[#]";
        if (IsPlain(name)) return "." + name;
        var text = new StringBuilder(name.Length + 4).Append("['");
        DisplayText.Append(text, name, quote: '\'');
        return text.Append("']").ToString();
    }

    // An ASCII name the filter language reads after a dot.
    private static bool IsPlain(string name)
    {
        if (name.Length == 0 || !(char.IsAsciiLetter(name[0]) || name[0] == '_')) return false;
        foreach (char c in name)
            if (!(char.IsAsciiLetterOrDigit(c) || c == '_')) return false;
        return true;
    }
}
