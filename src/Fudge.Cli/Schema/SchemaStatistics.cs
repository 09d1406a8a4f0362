using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;

namespace Fudge.Cli.Schema;

/// <summary>
/// What <c>fudge schema infer</c> has seen so far: one <see cref="ShapeNode"/> per message position (the top level,
/// each Java class named at ordinal 0, each field path below an unnamed sub-message), with merged statistics for
/// every field. Messages are added one at a time and not kept, so memory grows with the number of distinct shapes,
/// not with the input.
/// </summary>
internal sealed partial class SchemaStatistics
{
    /// <summary>Top-level messages without class names (every such message merges here).</summary>
    public ShapeNode Root { get; } = new("", null);

    /// <summary>Objects by the Java (or union) class name they carry first at ordinal 0, in order of first sight.</summary>
    public Dictionary<string, ClassNode> Classes { get; } = new(StringComparer.Ordinal);

    /// <summary>The class names in order of first sight (for deterministic output).</summary>
    public List<string> ClassOrder { get; } = new();

    /// <summary>Enums (Fudge-Java's <c>{0: class, 1: CONSTANT}</c> messages) by class name, constants in order of first sight.</summary>
    public Dictionary<string, List<string>> Enums { get; } = new(StringComparer.Ordinal);

    /// <summary>The enum class names in order of first sight.</summary>
    public List<string> EnumOrder { get; } = new();

    /// <summary>Messages read.</summary>
    public long Messages { get; private set; }

    /// <summary>Messages whose class names follow their fields (Fudge-Java's object mapping writes them last).</summary>
    public long JavaStyleClassHeaders { get; private set; }

    /// <summary>Messages whose class names come before their fields (this library's <c>[FudgeUnion]</c> writes them first).</summary>
    public long LeadingClassHeaders { get; private set; }

    /// <summary>Envelope taxonomy ids seen (0 included).</summary>
    public SortedSet<short> TaxonomyIds { get; } = new();

    /// <summary>True when the samples look written by Fudge-Java's object mapping (class names after the fields).</summary>
    public bool LooksJava => JavaStyleClassHeaders > 0 && JavaStyleClassHeaders >= LeadingClassHeaders;

    /// <summary>Adds one top-level message.</summary>
    public void Add(FudgeMsg message, short taxonomyId)
    {
        Messages++;
        TaxonomyIds.Add(taxonomyId);
        var names = ClassNames(message, out bool leading);
        if (names.Count > 0)
        {
            if (leading) LeadingClassHeaders++; else JavaStyleClassHeaders++;
            AddObject(names, message);
        }
        else
        {
            Root.AddMessage(message, this);
        }
    }

    internal ClassNode AddObject(List<string> names, FudgeMsg message)
    {
        for (int i = 0; i < names.Count; i++)
        {
            var node = Class(names[i]);
            if (i + 1 < names.Count && node.BaseName is null && !Reaches(names[i + 1], names[i])) node.BaseName = names[i + 1];
        }
        var own = Class(names[0]);
        own.Instances++;
        own.AddMessage(message, this);
        return own;
    }

    /// <summary>True when the base chain from <paramref name="from"/> reaches <paramref name="target"/> (hostile chains could make a cycle).</summary>
    private bool Reaches(string from, string target)
    {
        var seen = new HashSet<string>(StringComparer.Ordinal);
        for (string? name = from; name is not null && seen.Add(name); name = Classes.TryGetValue(name, out var n) ? n.BaseName : null)
            if (name == target) return true;
        return false;
    }

    private ClassNode Class(string name)
    {
        if (!Classes.TryGetValue(name, out var node))
        {
            node = new ClassNode(name);
            Classes.Add(name, node);
            ClassOrder.Add(name);
        }
        return node;
    }

    internal void AddEnumConstant(string className, string constant)
    {
        if (!Enums.TryGetValue(className, out var constants))
        {
            constants = new List<string>();
            Enums.Add(className, constants);
            EnumOrder.Add(className);
        }
        if (!constants.Contains(constant, StringComparer.Ordinal)) constants.Add(constant);
    }

    /// <summary>The strings at ordinal 0 without a name (class names), in order; <paramref name="leading"/>: they come before every other field.</summary>
    internal static List<string> ClassNames(FudgeMsg message, out bool leading)
    {
        var names = new List<string>();
        leading = false;
        bool otherSeen = false, firstIsName = false;
        foreach (var field in message)
        {
            if (field.Ordinal == 0 && field.Name is null && field.Value is string s)
            {
                if (!otherSeen && names.Count == 0) firstIsName = true;
                names.Add(s);
            }
            else
            {
                otherSeen = true;
            }
        }
        leading = firstIsName && otherSeen;
        return names;
    }

    /// <summary>True for Fudge-Java's enum message: exactly a class name at ordinal 0, then a constant at ordinal 1.</summary>
    internal static bool IsEnumMessage(FudgeMsg message, out string className, out string constant)
    {
        className = constant = "";
        if (message.Count != 2) return false;
        var first = message[0];
        var second = message[1];
        if (first.Name is not null || first.Ordinal != 0 || first.Value is not string c) return false;
        if (second.Name is not null || second.Ordinal != 1 || second.Value is not string k || k.Length == 0) return false;
        className = c;
        constant = k;
        return true;
    }
}

/// <summary>A key of a field: its name, or its ordinal when it has no name (both when it has both).</summary>
internal readonly record struct FieldKeyOf(string? Name, short? Ordinal)
{
    public override string ToString() => Name is not null
        ? (Ordinal is short o ? Name + "#" + o.ToString(CultureInfo.InvariantCulture) : Name)
        : Ordinal is short ordinal ? "#" + ordinal.ToString(CultureInfo.InvariantCulture) : "(anonymous)";

    /// <summary>Neither name nor ordinal: no member can stand for it.</summary>
    public bool IsAnonymous => Name is null && Ordinal is null;
}

/// <summary>The statistics of one message position: its fields in the order they are seen, merged over every message there.</summary>
internal partial class ShapeNode
{
    public ShapeNode(string path, ShapeNode? parent)
    {
        Path = path;
        Parent = parent;
    }

    /// <summary>Where the node is, for naming: the field names from the top, joined with '.'.</summary>
    public string Path { get; }

    public ShapeNode? Parent { get; }

    /// <summary>Messages added here.</summary>
    public long MessageCount { get; private set; }

    /// <summary>The fields in wire order: a field first seen later is placed after the field it followed.</summary>
    public List<FieldKeyOf> Order { get; } = new();

    public Dictionary<FieldKeyOf, FieldStats> Fields { get; } = new();

    /// <summary>Messages that were Fudge-Java's <c>char</c> form: one string field "value" of one character.</summary>
    public long CharLike { get; private set; }

    public void AddMessage(FudgeMsg message, SchemaStatistics all)
    {
        MessageCount++;
        if (message.Count == 1 && message[0] is { Name: "value", Ordinal: null, Value: string c } && c.Length == 1) CharLike++;
        Dictionary<FieldKeyOf, int>? counts = null;
        FieldKeyOf? previous = null;
        foreach (var field in message)
        {
            if (field.Ordinal == 0 && field.Name is null) continue;   // class names
            var key = new FieldKeyOf(field.Name, field.Name is null ? field.Ordinal : field.Ordinal);
            if (!Fields.TryGetValue(key, out var stats))
            {
                stats = new FieldStats(key);
                Fields.Add(key, stats);
                int at = previous is { } p ? Order.IndexOf(p) + 1 : 0;
                Order.Insert(at, key);
            }
            counts ??= new Dictionary<FieldKeyOf, int>();
            counts[key] = counts.TryGetValue(key, out int n) ? n + 1 : 1;
            stats.Values.Add(field, this, key, all);
            previous = key;
        }
        if (counts is null) return;
        foreach (var (key, n) in counts)
        {
            var stats = Fields[key];
            stats.Present++;
            if (n > stats.MaxPerMessage) stats.MaxPerMessage = n;
        }
    }

    /// <summary>The node of an unnamed sub-message under a field of this node.</summary>
    internal ShapeNode Child(FieldKeyOf key, string suffix)
    {
        _children ??= new Dictionary<string, ShapeNode>(StringComparer.Ordinal);
        string name = key + suffix;
        if (!_children.TryGetValue(name, out var node))
        {
            node = new ShapeNode(Path.Length == 0 ? name : Path + "." + name, this);
            _children.Add(name, node);
        }
        return node;
    }

    private Dictionary<string, ShapeNode>? _children;
}

/// <summary>A Java (or union) class: a node for its own fields and the base class its chains named.</summary>
internal sealed class ClassNode : ShapeNode
{
    public ClassNode(string name) : base(name, null) => Name = name;

    public string Name { get; }

    /// <summary>The next name after this one in a class chain: the superclass.</summary>
    public string? BaseName { get; set; }

    /// <summary>Messages whose runtime class this was.</summary>
    public long Instances { get; set; }
}

/// <summary>One field of a node: how many messages had it, how often at most, and its values.</summary>
internal sealed class FieldStats
{
    public FieldStats(FieldKeyOf key)
    {
        Key = key;
        Values = new ValueStats();
    }

    public FieldKeyOf Key { get; }

    /// <summary>Messages that had the field at least once.</summary>
    public long Present { get; set; }

    /// <summary>The most times the field occurred in one message (more than 1: a repeated field).</summary>
    public int MaxPerMessage { get; set; }

    public ValueStats Values { get; }
}

/// <summary>The values seen at one position (a field, or the elements, keys or values of a collection).</summary>
internal sealed partial class ValueStats
{
    public long Count;
    public readonly Dictionary<byte, long> WireTypes = new();
    public long IntMin = long.MaxValue, IntMax = long.MinValue;
    public long DateTimeNoZone, DateTimeUtc, DateTimeOffset;
    public readonly HashSet<FudgeDateTimeAccuracy> Accuracies = new();
    public string? Sample;
    /// <summary>Times with nanoseconds a .NET DateTime/TimeOnly (100 ns ticks) cannot hold.</summary>
    public long BelowTicks;

    // Sub-messages, by kind.
    public long Lists, Sets, Maps, Empties, Structs, EnumValues, UnnamedAmongObjects;
    public ValueStats? Elements, Keys, MapValues;
    public ShapeNode? Struct;

    /// <summary>Named objects: the runtime class (first name) and the last name of the chain, with counts.</summary>
    public readonly Dictionary<string, long> RuntimeClasses = new(StringComparer.Ordinal);
    public readonly HashSet<string> ChainEnds = new(StringComparer.Ordinal);
    public readonly HashSet<string> EnumClasses = new(StringComparer.Ordinal);

    public bool HasIndicator => WireTypes.ContainsKey(FudgeTypeId.Indicator);

    public void Add(FudgeField field, ShapeNode owner, FieldKeyOf key, SchemaStatistics all)
    {
        Count++;
        byte type = field.TypeId;
        WireTypes[type] = WireTypes.TryGetValue(type, out long n) ? n + 1 : 1;
        switch (field.Value)
        {
            case sbyte or short or int or long:
                long v = Convert.ToInt64(field.Value, CultureInfo.InvariantCulture);
                if (v < IntMin) IntMin = v;
                if (v > IntMax) IntMax = v;
                break;
            case FudgeDateTime dt:
                Accuracies.Add(dt.Accuracy);
                if (dt.Time.Nanoseconds % 100 != 0) BelowTicks++;
                if (dt.Time.TimeZoneOffsetQuarterHours is not int q) DateTimeNoZone++;
                else if (q == 0) DateTimeUtc++;
                else DateTimeOffset++;
                break;
            case FudgeTime t:
                Accuracies.Add(t.Accuracy);
                if (t.Nanoseconds % 100 != 0) BelowTicks++;
                break;
            case FudgeMsg sub:
                AddMessage(sub, owner, key, all);
                break;
        }
        if (Sample is null && field.Value is not FudgeMsg && type != FudgeTypeId.Indicator)
            Sample = SampleText(field.Value);
    }

    private void AddMessage(FudgeMsg sub, ShapeNode owner, FieldKeyOf key, SchemaStatistics all)
    {
        if (SchemaStatistics.IsEnumMessage(sub, out string enumClass, out string constant))
        {
            EnumValues++;
            EnumClasses.Add(enumClass);
            all.AddEnumConstant(enumClass, constant);
            if (Sample is null) Sample = constant;
            return;
        }
        var names = SchemaStatistics.ClassNames(sub, out _);
        if (names.Count > 0)
        {
            var node = all.AddObject(names, sub);
            RuntimeClasses[node.Name] = RuntimeClasses.TryGetValue(node.Name, out long n) ? n + 1 : 1;
            ChainEnds.Add(names[^1]);
            return;
        }
        if (sub.Count == 0)
        {
            Empties++;
            return;
        }
        if (sub.All(f => f.Name is null && f.Ordinal is null))
        {
            Lists++;
            Elements ??= new ValueStats();
            foreach (var f in sub) Elements.Add(f, owner, new FieldKeyOf(key.Name, key.Ordinal), all, "[]");
            return;
        }
        if (sub.All(f => f.Name is null && f.Ordinal == 1) && Distinct(sub))
        {
            Sets++;
            Elements ??= new ValueStats();
            foreach (var f in sub) Elements.Add(f, owner, key, all, "[]");
            return;
        }
        if (sub.Count % 2 == 0 && IsMap(sub))
        {
            Maps++;
            Keys ??= new ValueStats();
            MapValues ??= new ValueStats();
            for (int i = 0; i < sub.Count; i += 2)
            {
                Keys.Add(sub[i], owner, key, all, "{key}");
                MapValues.Add(sub[i + 1], owner, key, all, "{}");
            }
            return;
        }
        Structs++;
        Struct ??= owner.Child(key, "");
        Struct.AddMessage(sub, all);
    }

    // Elements of collections get a node path of their own ("quotes[]").
    private void Add(FudgeField field, ShapeNode owner, FieldKeyOf key, SchemaStatistics all, string suffix)
    {
        if (field.Value is FudgeMsg sub && !SchemaStatistics.IsEnumMessage(sub, out _, out _) && SchemaStatistics.ClassNames(sub, out _).Count == 0
            && sub.Count > 0 && !sub.All(f => f.Name is null && f.Ordinal is null) && !(sub.All(f => f.Name is null && f.Ordinal == 1) && Distinct(sub)) && !(sub.Count % 2 == 0 && IsMap(sub)))
        {
            // An unnamed struct element: its node hangs under the collection's path.
            Count++;
            WireTypes[FudgeTypeId.Message] = WireTypes.TryGetValue(FudgeTypeId.Message, out long n) ? n + 1 : 1;
            Structs++;
            Struct ??= owner.Child(key, suffix);
            Struct.AddMessage(sub, all);
            return;
        }
        Add(field, owner, new FieldKeyOf((key.Name ?? "#" + key.Ordinal?.ToString(CultureInfo.InvariantCulture)) + suffix, null), all);
    }

    /// <summary>A short, one-line, invariant rendering of a value for the comments of the output.</summary>
    internal static string SampleText(object value)
    {
        string text = value switch
        {
            string s => "\"" + (s.Length > 24 ? s.Substring(0, 24) + "..." : s) + "\"",
            bool b => b ? "true" : "false",
            IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
            byte[] b => b.Length + " bytes",
            Array a => a.Length + " items",
            _ => value.ToString() ?? "",
        };
        var sb = new System.Text.StringBuilder(text.Length);
        foreach (char c in text) sb.Append(char.IsControl(c) || char.IsSurrogate(c) || c > 0x7e ? "\\u" + ((int)c).ToString("x4", CultureInfo.InvariantCulture) : c.ToString());
        return sb.ToString();
    }

    private static bool IsMap(FudgeMsg sub)
    {
        for (int i = 0; i < sub.Count; i++)
        {
            var f = sub[i];
            if (f.Name is not null || f.Ordinal != (i % 2 == 0 ? 1 : 2)) return false;
            if (i % 2 == 0 && f.IsIndicator) return false;
        }
        var keys = new HashSet<object>();
        for (int i = 0; i < sub.Count; i += 2)
            if (!keys.Add(KeyOf(sub[i].Value))) return false;
        return true;
    }

    private static bool Distinct(FudgeMsg sub)
    {
        var seen = new HashSet<object>();
        foreach (var f in sub)
            if (f.Value is FudgeMsg || f.IsIndicator || !seen.Add(KeyOf(f.Value))) return false;
        return true;
    }

    private static object KeyOf(object value) => value switch
    {
        sbyte or short or int or long => Convert.ToInt64(value, CultureInfo.InvariantCulture),
        byte[] b => Convert.ToBase64String(b),
        _ => value,
    };
}
