using System;
using System.Collections.Generic;
using System.Linq;

namespace Fudge.Cli.Schema.Declared;

/// <summary>What a declared value is, as far as the generated readers tell one wire value from another.</summary>
internal enum DeclaredKind
{
    /// <summary>Anything (a type the check does not know the wire form of).</summary>
    Any,
    Boolean,
    Integer,
    Float,
    String,
    Char,
    Date,
    Time,
    DateTime,
    Indicator,
    /// <summary>A typed sub-message (<see cref="DeclaredValue.Message"/>).</summary>
    Message,
    /// <summary>An untyped sub-message (proto <c>message</c>, a <c>FudgeMsg</c> member).</summary>
    AnyMessage,
    /// <summary>An enum written as an integer or by name (<see cref="DeclaredValue.Enum"/>).</summary>
    Enum,
    /// <summary>An enum written as Fudge-Java writes it: <c>{0: class, 1: CONSTANT}</c>.</summary>
    JavaEnum,
    /// <summary>A sequence: a sub-message of anonymous fields, or a native array for numbers.</summary>
    List,
    /// <summary>A set: a sub-message of fields at ordinal 1.</summary>
    Set,
}

/// <summary>The declared type of a member's value.</summary>
internal sealed class DeclaredValue
{
    public DeclaredValue(DeclaredKind kind, string display)
    {
        Kind = kind;
        Display = display;
    }

    public DeclaredKind Kind { get; }

    /// <summary>The type as the schema spells it (<c>int</c>, <c>List&lt;Leg&gt;</c>...).</summary>
    public string Display { get; }

    /// <summary>For integers: the smallest and largest value the member holds.</summary>
    public long Min { get; init; } = long.MinValue;

    /// <summary>See <see cref="Min"/>.</summary>
    public long Max { get; init; } = long.MaxValue;

    /// <summary>The message type of <see cref="DeclaredKind.Message"/>.</summary>
    public DeclaredType? Message { get; set; }

    /// <summary>The enum of <see cref="DeclaredKind.Enum"/> and <see cref="DeclaredKind.JavaEnum"/>.</summary>
    public DeclaredEnum? Enum { get; init; }

    /// <summary>The element of a list, set or array.</summary>
    public DeclaredValue? Element { get; init; }

    public static DeclaredValue Integer(string display, long min, long max) => new(DeclaredKind.Integer, display) { Min = min, Max = max };
}

/// <summary>An enum: its integer values, or its names when it is written by name.</summary>
internal sealed class DeclaredEnum
{
    public DeclaredEnum(string name, bool byName)
    {
        Name = name;
        ByName = byName;
    }

    public string Name { get; }

    /// <summary>True when written as the member's name (a string), false when as its integer value.</summary>
    public bool ByName { get; }

    /// <summary>The values read without complaint; empty when any integer is (a C# enum keeps a value with no member).</summary>
    public HashSet<long> Values { get; } = new();

    /// <summary>A C# enum: read from its integer, from a name (string) and from Fudge-Java's <c>{0: class, 1: constant}</c> message too.</summary>
    public bool AnyForm { get; init; }

    public HashSet<string> Names { get; } = new(StringComparer.Ordinal);
}

/// <summary>One member of a declared message type: the keys it is read by, its value, whether it must be there.</summary>
internal sealed class DeclaredMember
{
    public DeclaredMember(string name, string? wireName, short? ordinal, DeclaredValue value)
    {
        Name = name;
        WireName = wireName;
        Ordinal = ordinal;
        Value = value;
    }

    /// <summary>The name in the schema (the proto field, the C# member).</summary>
    public string Name { get; }

    /// <summary>The field name read, or null when the member is read by ordinal only.</summary>
    public string? WireName { get; }

    public short? Ordinal { get; }

    public DeclaredValue Value { get; }

    /// <summary>A message without this member is refused by the generated reader.</summary>
    public bool Required { get; init; }

    /// <summary>One field per element (proto <c>repeated</c>), so the key may appear any number of times.</summary>
    public bool Repeated { get; init; }

    /// <summary>A null may be written as an indicator.</summary>
    public bool NullAsIndicator { get; init; }

    /// <summary>The member's key as paths print it: the name, or <c>#ordinal</c>.</summary>
    public string Key => WireName ?? "#" + Ordinal?.ToString(System.Globalization.CultureInfo.InvariantCulture);

    /// <summary>True when a field with this name and ordinal is this member (the generated readers match either).</summary>
    public bool Matches(string? name, short? ordinal)
        => (ordinal is not null && Ordinal == ordinal) || (name is not null && WireName == name);
}

/// <summary>A declared message type: its members (inherited ones included) and the class name it is known by at ordinal 0.</summary>
internal sealed class DeclaredType
{
    private readonly List<DeclaredMember> _members = new();

    public DeclaredType(string name) => Name = name;

    /// <summary>The full name (proto: namespace and message; C#: the type's full name).</summary>
    public string Name { get; }

    /// <summary>The name written at ordinal 0 for this type when a field holds it as a subclass, or null.</summary>
    public string? ClassName { get; set; }

    public DeclaredType? Base { get; set; }

    public bool IsAbstract { get; set; }

    /// <summary>Members read other than by name or ordinal (C# extension data): unknown fields are kept, not lost.</summary>
    public bool KeepsUnknownFields { get; set; }

    /// <summary>The members declared here; <see cref="AllMembers"/> adds the inherited ones.</summary>
    public List<DeclaredMember> Members => _members;

    /// <summary>True when the members already include the inherited ones (a C# type's model lists every member it reads).</summary>
    public bool MembersIncludeInherited { get; set; }

    /// <summary>Every member, the root class's first.</summary>
    public IEnumerable<DeclaredMember> AllMembers
    {
        get
        {
            if (MembersIncludeInherited || Base is null) return _members;
            var chain = new List<DeclaredType>();
            var seen = new HashSet<DeclaredType>();
            for (var t = this; t is not null && seen.Add(t); t = t.Base) chain.Insert(0, t);
            var all = new List<DeclaredMember>();
            foreach (var type in chain)
            {
                foreach (var member in type._members)
                {
                    // A redeclared inherited field keeps its place (proto wire rule 3).
                    int at = all.FindIndex(m => m.Name == member.Name);
                    if (at >= 0) all[at] = member; else all.Add(member);
                }
            }
            return all;
        }
    }

    /// <summary>True when this type is <paramref name="other"/> or derives from it.</summary>
    public bool IsOrDerivesFrom(DeclaredType other)
    {
        var seen = new HashSet<DeclaredType>();
        for (var t = this; t is not null && seen.Add(t); t = t.Base)
            if (t == other) return true;
        return false;
    }

    public override string ToString() => Name;
}

/// <summary>The declared types of a .proto file or an assembly.</summary>
internal sealed class DeclaredSchema
{
    public DeclaredSchema(string source) => Source = source;

    /// <summary>Where the types came from, for messages.</summary>
    public string Source { get; }

    /// <summary>The message types in declaration order.</summary>
    public List<DeclaredType> Types { get; } = new();

    /// <summary>Every enum, by full name.</summary>
    public Dictionary<string, DeclaredEnum> Enums { get; } = new(StringComparer.Ordinal);

    /// <summary>The type a class name at ordinal 0 stands for, or null.</summary>
    public DeclaredType? ByClassName(string className) => Types.FirstOrDefault(t => t.ClassName == className);

    /// <summary>
    /// The type <paramref name="name"/> names: its full name, or the last part(s) of it when that is unambiguous. Null
    /// when none; <paramref name="candidates"/> lists the full names when several match.
    /// </summary>
    public DeclaredType? Find(string name, out List<string> candidates)
    {
        candidates = new List<string>();
        var exact = Types.FirstOrDefault(t => t.Name == name);
        if (exact is not null) return exact;
        var matching = Types.Where(t => t.Name.EndsWith("." + name, StringComparison.Ordinal) || t.Name.EndsWith("+" + name, StringComparison.Ordinal)).ToList();
        candidates = matching.Select(t => t.Name).ToList();
        return matching.Count == 1 ? matching[0] : null;
    }

    /// <summary>
    /// The types a top-level message may be: the concrete types no other type holds in a member (the roots), or every
    /// concrete type when each is held by another.
    /// </summary>
    public List<DeclaredType> Roots()
    {
        var held = new HashSet<DeclaredType>();
        foreach (var type in Types)
            foreach (var member in type.Members)
                for (var v = member.Value; v is not null; v = v.Element)
                    if (v.Message is { } m && m != type) held.Add(m);
        var roots = Types.Where(t => !t.IsAbstract && !held.Contains(t)).ToList();
        return roots.Count > 0 ? roots : Types.Where(t => !t.IsAbstract).ToList();
    }
}
