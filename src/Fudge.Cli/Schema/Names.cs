using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

/// <summary>C# identifiers from wire names.</summary>
internal static class Names
{
    private static readonly HashSet<string> Keywords = new(StringComparer.Ordinal)
    {
        "abstract", "as", "base", "bool", "break", "byte", "case", "catch", "char", "checked", "class", "const", "continue",
        "decimal", "default", "delegate", "do", "double", "else", "enum", "event", "explicit", "extern", "false", "finally",
        "fixed", "float", "for", "foreach", "goto", "if", "implicit", "in", "int", "interface", "internal", "is", "lock",
        "long", "namespace", "new", "null", "object", "operator", "out", "override", "params", "private", "protected",
        "public", "readonly", "ref", "return", "sbyte", "sealed", "short", "sizeof", "stackalloc", "static", "string",
        "struct", "switch", "this", "throw", "true", "try", "typeof", "uint", "ulong", "unchecked", "unsafe", "ushort",
        "using", "virtual", "void", "volatile", "while",
        // Names a member cannot take in a generated [FudgeMessage] type (its nested formatter, object's members).
        "FudgeFormatter", "GetType", "ToString", "Equals", "GetHashCode", "MemberwiseClone", "Finalize", "EqualityContract",
    };

    /// <summary>A C# identifier for a wire name: letters, digits and '_' kept, others dropped; PascalCase when asked.</summary>
    public static string Identifier(string name, bool pascal)
    {
        var sb = new StringBuilder(name.Length);
        bool upperNext = pascal;
        foreach (char c in name)
        {
            if (char.IsLetterOrDigit(c) && c < 0x80 || c == '_')
            {
                sb.Append(upperNext ? char.ToUpperInvariant(c) : c);
                upperNext = false;
            }
            else
            {
                upperNext = pascal;
            }
        }
        if (sb.Length == 0 || char.IsDigit(sb[0])) sb.Insert(0, pascal ? "F" : "f");
        string result = sb.ToString();
        return Keywords.Contains(result) ? result + "_" : result;
    }

    /// <summary>
    /// Text from the samples (a field name, a class name) as it may stand in a <c>//</c> comment of the output: ASCII
    /// only, control characters and every other character as <c>\uXXXX</c>, so no line break ends the comment early.
    /// </summary>
    public static string Comment(string text)
    {
        var sb = new StringBuilder(text.Length);
        foreach (char c in text)
        {
            if (c < 0x20 || c > 0x7e) sb.Append("\\u").Append(((int)c).ToString("x4", CultureInfo.InvariantCulture));
            else sb.Append(c);
        }
        return sb.ToString();
    }

    /// <summary><c>SHORT_SELL</c> becomes <c>ShortSell</c>; a constant that is not upper-case with underscores is kept.</summary>
    public static string PascalFromConstant(string constant)
    {
        if (constant.Any(char.IsLower)) return constant;
        var sb = new StringBuilder();
        foreach (var part in constant.Split('_', StringSplitOptions.RemoveEmptyEntries))
            sb.Append(part[0]).Append(part.Substring(1).ToLowerInvariant());
        return sb.Length == 0 ? constant : sb.ToString();
    }

    /// <summary>Java's <c>Introspector.decapitalize</c> of a member name, as the generator names bean properties.</summary>
    public static string BeanPropertyName(string name) => Fudge.Generators.JavaNames.BeanPropertyName(name);

    /// <summary>The generator's Java constant of an enum member name: <c>ShortSell</c> is <c>SHORT_SELL</c>.</summary>
    public static string ConstantName(string name) => Fudge.Generators.JavaNames.ConstantName(name);
}
