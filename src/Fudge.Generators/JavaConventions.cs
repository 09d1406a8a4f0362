using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;
using Microsoft.CodeAnalysis;

namespace Fudge.Generators;

/// <summary>
/// How .NET names become the names Fudge-Java's object mapping writes: JavaBean property names, Java class names
/// (namespace to package through <c>[assembly: FudgeJavaPackage]</c>) and Java enum constants.
/// </summary>
internal static class JavaConventions
{
    public const string PackageAttribute = "Fudge.Serialization.FudgeJavaPackageAttribute";
    public const string EnumAttribute = "Fudge.Serialization.FudgeEnumAttribute";
    private const string FieldAttribute = "Fudge.Serialization.FudgeFieldAttribute";

    public const int MappingFromAssembly = 0, MappingFudge = 1, MappingJava = 2;

    /// <summary>True when a type with the given <c>Mapping</c> setting is a Fudge-Java object.</summary>
    public static bool IsJava(INamedTypeSymbol type, int mapping)
        => mapping == MappingJava || mapping == MappingFromAssembly && FindPackage(type) is not null;

    /// <summary>
    /// The JavaBean property name of a .NET member, as <c>java.beans.Introspector.decapitalize</c> makes it from an
    /// accessor: the first letter lower-cased (<c>TradeDate</c> is <c>tradeDate</c>), unless the first two letters
    /// are both upper-case (<c>URL</c> stays <c>URL</c>, as Java's <c>getURL</c> is property <c>URL</c>).
    /// </summary>
    public static string BeanPropertyName(string name) => JavaNames.BeanPropertyName(name);

    /// <summary>
    /// The Java constant name of an enum member in Java's upper-case style: <c>ShortSell</c> is <c>SHORT_SELL</c>,
    /// <c>HTTPServer</c> is <c>HTTP_SERVER</c>, <c>Version2</c> is <c>VERSION2</c>; a name already in that style stays.
    /// </summary>
    public static string ConstantName(string name) => JavaNames.ConstantName(name);

    /// <summary>
    /// The Java class name of a type (Java's binary name: nested types joined with <c>$</c>): the package its namespace
    /// maps to, else its namespace lower-cased.
    /// </summary>
    public static string ClassName(INamedTypeSymbol type)
    {
        var outermost = type;
        var simple = new StringBuilder(type.Name);
        for (var c = type.ContainingType; c is not null; c = c.ContainingType)
        {
            simple.Insert(0, c.Name + "$");
            outermost = c;
        }
        string package = PackageOf(outermost.ContainingNamespace, type.ContainingAssembly);
        return package.Length == 0 ? simple.ToString() : package + "." + simple;
    }

    /// <summary>The Java class name written for an enum: its <c>[FudgeEnum(TypeName)]</c>, else <see cref="ClassName"/>.</summary>
    public static string EnumClassName(INamedTypeSymbol type)
    {
        foreach (var attribute in type.GetAttributes())
            if (attribute.AttributeClass?.ToDisplayString() == EnumAttribute)
                foreach (var named in attribute.NamedArguments)
                    if (named.Key == "TypeName" && named.Value.Value is string s && s.Length > 0) return s;
        return ClassName(type);
    }

    /// <summary>The members of an enum, with their Java constants (a member's <c>[FudgeField(Name)]</c>, else <see cref="ConstantName"/>).</summary>
    public static EquatableArray<EnumMemberModel> EnumMembers(INamedTypeSymbol type)
    {
        var result = new List<EnumMemberModel>();
        foreach (var member in type.GetMembers())
        {
            if (member is not IFieldSymbol { HasConstantValue: true } field) continue;
            string constant = ConstantName(field.Name);
            foreach (var attribute in field.GetAttributes())
                if (attribute.AttributeClass?.ToDisplayString() == FieldAttribute)
                    foreach (var named in attribute.NamedArguments)
                        if (named.Key == "Name" && named.Value.Value is string s && s.Length > 0) constant = s;
            result.Add(new EnumMemberModel(field.Name, constant, Convert.ToString(field.ConstantValue, CultureInfo.InvariantCulture) ?? "0"));
        }
        return result.ToEquatableArray();
    }

    /// <summary>
    /// The Java class names of a type's class chain, the type first, as Fudge-Java's <c>addClassHeader</c> writes
    /// them: every base class up to, not including, <c>object</c>.
    /// </summary>
    public static List<string> ClassChain(INamedTypeSymbol type, string ownName)
    {
        var names = new List<string> { ownName };
        // Java's chain stops before Object; a .NET struct's (a record struct's too) stops before ValueType as well, which
        // no Java class stands for.
        for (var b = type.BaseType; b is not null && b.SpecialType is not (SpecialType.System_Object or SpecialType.System_ValueType); b = b.BaseType)
            names.Add(TypeNameSetting(b) ?? ClassName(b));
        return names;
    }

    /// <summary>The <c>TypeName</c> of a type's <c>[FudgeMessage]</c>, if set.</summary>
    public static string? TypeNameSetting(INamedTypeSymbol type)
    {
        foreach (var attribute in type.GetAttributes())
            if (attribute.AttributeClass?.ToDisplayString() == Parser.MessageAttribute)
                foreach (var named in attribute.NamedArguments)
                    if (named.Key == "TypeName" && named.Value.Value is string s && s.Length > 0) return s;
        return null;
    }

    private static (string Namespace, string Package)? FindPackage(INamedTypeSymbol type)
    {
        var outermost = type;
        while (outermost.ContainingType is not null) outermost = outermost.ContainingType;
        return FindPackage(NamespaceName(outermost.ContainingNamespace), type.ContainingAssembly);
    }

    private static string PackageOf(INamespaceSymbol? ns, IAssemblySymbol assembly)
    {
        string name = NamespaceName(ns);
        var mapping = FindPackage(name, assembly);
        if (mapping is null) return name.ToLowerInvariant();
        string rest = name.Length == mapping.Value.Namespace.Length ? "" : name.Substring(mapping.Value.Namespace.Length + 1).ToLowerInvariant();
        if (mapping.Value.Package.Length == 0) return rest;
        return rest.Length == 0 ? mapping.Value.Package : mapping.Value.Package + "." + rest;
    }

    /// <summary>The longest <c>[assembly: FudgeJavaPackage]</c> namespace that is <paramref name="ns"/> or contains it.</summary>
    private static (string Namespace, string Package)? FindPackage(string ns, IAssemblySymbol? assembly)
    {
        if (assembly is null) return null;
        (string, string)? best = null;
        int bestLength = -1;
        foreach (var attribute in assembly.GetAttributes())
        {
            if (attribute.AttributeClass?.ToDisplayString() != PackageAttribute || attribute.ConstructorArguments.Length != 2) continue;
            if (attribute.ConstructorArguments[0].Value is not string mapped || attribute.ConstructorArguments[1].Value is not string package) continue;
            bool matches = mapped.Length == 0 || ns == mapped || ns.StartsWith(mapped + ".", StringComparison.Ordinal);
            if (matches && mapped.Length > bestLength)
            {
                best = (mapped, package);
                bestLength = mapped.Length;
            }
        }
        return best;
    }

    private static string NamespaceName(INamespaceSymbol? ns) => ns is null || ns.IsGlobalNamespace ? "" : ns.ToDisplayString();

    /// <summary>
    /// Orders members as Fudge-Java writes a bean's properties. <c>JavaBeanBuilder</c> follows commons-beanutils'
    /// <c>getPropertyDescriptors</c>, which hands back the values of a default <c>java.util.HashMap</c> keyed by
    /// property name, the bean's <c>class</c> property included: so the order is that map's iteration order, by bucket
    /// (the name's <c>String.hashCode()</c>, spread as HashMap spreads it, masked by the table size that many entries
    /// grow the table to), then by insertion order, which is the introspector's sorted order.
    /// </summary>
    public static List<MemberModel> InJavaOrder(List<MemberModel> members)
    {
        int entries = members.Count + 1; // + "class", which JavaBeanBuilder skips but the map holds
        int capacity = 16;
        while (entries > capacity * 3 / 4) capacity *= 2;
        return members
            .OrderBy(m => Bucket(m.WireName, capacity))
            .ThenBy(m => m.WireName, StringComparer.Ordinal)
            .ToList();
    }

    private static int Bucket(string name, int capacity)
    {
        int h = 0;
        foreach (char c in name) h = unchecked(31 * h + c); // String.hashCode over UTF-16 code units
        h ^= (int)((uint)h >> 16);
        return h & (capacity - 1);
    }
}
