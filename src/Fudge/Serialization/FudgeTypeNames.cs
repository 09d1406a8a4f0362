using System;
using System.Text;

namespace Fudge.Serialization;

/// <summary>A type as C# spells it in <c>typeof(...)</c> (<c>System.Collections.Immutable.ImmutableList&lt;int&gt;</c>), for messages.</summary>
internal static class FudgeTypeNames
{
    public static string CSharp(Type type)
    {
        var sb = new StringBuilder();
        Append(sb, type);
        return sb.ToString();
    }

    private static void Append(StringBuilder sb, Type type)
    {
        if (type.IsArray)
        {
            Append(sb, type.GetElementType()!);
            sb.Append('[').Append(',', type.GetArrayRank() - 1).Append(']');
            return;
        }
        if (Keyword(type) is { } keyword)
        {
            sb.Append(keyword);
            return;
        }
        if (type.IsGenericParameter)
        {
            sb.Append(type.Name);
            return;
        }
        // Nested types: Outer<A>.Inner<B> holds all arguments on the innermost type, outermost first.
        var arguments = type.IsGenericType ? type.GetGenericArguments() : Type.EmptyTypes;
        var chain = new System.Collections.Generic.List<Type>();
        for (var t = type; t is not null; t = t.DeclaringType) chain.Insert(0, t);
        if (!string.IsNullOrEmpty(chain[0].Namespace)) sb.Append(chain[0].Namespace).Append('.');
        int used = 0;
        for (int i = 0; i < chain.Count; i++)
        {
            if (i > 0) sb.Append('.');
            string name = chain[i].Name;
            int tick = name.IndexOf('`');
            sb.Append(tick < 0 ? name : name.Substring(0, tick));
            int count = chain[i].IsGenericType ? chain[i].GetGenericArguments().Length - used : 0;
            if (count <= 0) continue;
            sb.Append('<');
            for (int a = 0; a < count; a++)
            {
                if (a > 0) sb.Append(", ");
                if (used + a < arguments.Length) Append(sb, arguments[used + a]);
            }
            sb.Append('>');
            used += count;
        }
    }

    private static string? Keyword(Type type)
    {
        if (type == typeof(int)) return "int";
        if (type == typeof(long)) return "long";
        if (type == typeof(short)) return "short";
        if (type == typeof(sbyte)) return "sbyte";
        if (type == typeof(byte)) return "byte";
        if (type == typeof(uint)) return "uint";
        if (type == typeof(ulong)) return "ulong";
        if (type == typeof(ushort)) return "ushort";
        if (type == typeof(bool)) return "bool";
        if (type == typeof(char)) return "char";
        if (type == typeof(float)) return "float";
        if (type == typeof(double)) return "double";
        if (type == typeof(decimal)) return "decimal";
        if (type == typeof(string)) return "string";
        if (type == typeof(object)) return "object";
        return null;
    }
}
