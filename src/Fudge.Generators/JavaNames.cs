using System.Text;

namespace Fudge.Generators;

/// <summary>
/// The two naming rules of Fudge-Java's object mapping that need no compiler: the generator names bean properties and
/// enum constants with them, and <c>fudge schema infer</c> (which compiles this file into the CLI) predicts what the
/// generator will write. Roslyn-free on purpose, so that one copy serves both.
/// </summary>
internal static class JavaNames
{
    /// <summary>
    /// Java's <c>Introspector.decapitalize</c> of a member name: the first letter lower-cased (<c>TradeDate</c> is
    /// <c>tradeDate</c>) unless the first two letters are upper-case (<c>URL</c> stays <c>URL</c>); a leading <c>@</c>
    /// of an escaped C# identifier is not part of the name.
    /// </summary>
    public static string BeanPropertyName(string name)
    {
        name = name.TrimStart('@');
        if (name.Length == 0 || !char.IsUpper(name[0])) return name;
        if (name.Length > 1 && char.IsUpper(name[1])) return name;
        return char.ToLowerInvariant(name[0]) + name.Substring(1);
    }

    /// <summary>
    /// The Java constant name of an enum member in Java's upper-case style: <c>ShortSell</c> is <c>SHORT_SELL</c>,
    /// <c>HTTPServer</c> is <c>HTTP_SERVER</c>, <c>Version2</c> is <c>VERSION2</c>; a name already in that style stays.
    /// </summary>
    public static string ConstantName(string name)
    {
        name = name.TrimStart('@');
        var sb = new StringBuilder(name.Length + 4);
        for (int i = 0; i < name.Length; i++)
        {
            char c = name[i];
            if (i > 0 && char.IsUpper(c) && name[i - 1] != '_')
            {
                bool afterLower = char.IsLower(name[i - 1]) || char.IsDigit(name[i - 1]);
                bool endsAcronym = char.IsUpper(name[i - 1]) && i + 1 < name.Length && char.IsLower(name[i + 1]);
                if (afterLower || endsAcronym) sb.Append('_');
            }
            sb.Append(char.ToUpperInvariant(c));
        }
        return sb.ToString();
    }
}
