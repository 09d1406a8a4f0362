using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

/// <summary>A member's type as inferred: a scalar, a type of the schema, or a collection of one.</summary>
internal sealed record TypeRef(TypeRefKind Kind, string Scalar = "", TypeDef? Type = null, EnumDef? Enum = null,
    TypeRef? Element = null, TypeRef? Key = null, bool ElementNullable = false)
{
    public static TypeRef Of(string scalar) => new(TypeRefKind.Scalar, scalar);

    /// <summary>True for a C# value type (a nullable member is then <c>T?</c> of Nullable).</summary>
    public bool IsValueType => Kind == TypeRefKind.Enum || Kind == TypeRefKind.Scalar && Scalar is not ("string" or "byte[]" or "object" or "short[]" or "int[]" or "long[]" or "float[]" or "double[]");
}

internal enum TypeRefKind { Scalar, Type, Enum, List, Array, Set, Map, FudgeMsg }

/// <summary>One inferred [FudgeMessage] type.</summary>
internal sealed class TypeDef
{
    public string Name = "";
    public string? JavaClass;
    public TypeDef? Base;
    public readonly List<MemberDef> Members = new();
    public long Messages;
    public bool HasDerived;
    /// <summary>Some field has no member (anonymous, repeated, indicator-only, unknown type): the type keeps it in <c>ExtensionData</c>.</summary>
    public bool Extensible;
    /// <summary>Fudge-Java's <c>char</c> message: no type of its own is written.</summary>
    public bool IsChar;
    /// <summary>Top-level messages without class names among Java samples: this library's own mapping, not a Java bean.</summary>
    public bool FudgeMapping;
    /// <summary>Which <c>FudgeFieldIds</c> the members' keys need: Names, Ordinals or NamesAndOrdinals.</summary>
    public string Fields = "Names";
    public readonly List<string> Notes = new();
}

/// <summary>One member of an inferred type: its wire key, C# name, type, and what was seen.</summary>
internal sealed class MemberDef
{
    public FieldKeyOf Key;
    public string Name = "";
    public TypeRef? Type;
    public bool Nullable;
    public bool Repeated;
    /// <summary>Null members must be written as indicators (the samples had indicators and never left the field out).</summary>
    public bool IndicatorWhenNull;
    public FudgeDateTimeAccuracy? Accuracy;
    public string Seen = "";
}

/// <summary>One inferred enum: Fudge-Java's enum messages of one class.</summary>
internal sealed class EnumDef
{
    public string Name = "";
    public string JavaClass = "";
    public readonly List<(string Member, string Constant)> Members = new();
}

/// <summary>
/// The schema the statistics give: types (Java classes with their hierarchy, and one type per group of structurally
/// equal unnamed sub-messages), enums and members, in a deterministic order.
/// </summary>
internal sealed class InferredSchema
{
    public readonly List<TypeDef> Types = new();
    public readonly List<EnumDef> Enums = new();
    public bool Java;
    public string Namespace = "Inferred";
    public string JavaPackage = "";
    public long Messages;
    /// <summary>The type of top-level messages without class names, if there were any.</summary>
    public TypeDef? Root;
}

/// <summary>Turns <see cref="SchemaStatistics"/> into an <see cref="InferredSchema"/>.</summary>
internal sealed class SchemaResolver
{
    private readonly SchemaStatistics _stats;
    private readonly Dictionary<ShapeNode, ShapeNode> _parent = new(ReferenceEqualityComparer.Instance);
    private readonly List<ShapeNode> _nodes = new();
    private readonly Dictionary<ShapeNode, TypeDef> _types = new(ReferenceEqualityComparer.Instance);
    private readonly Dictionary<string, EnumDef> _enums = new(StringComparer.Ordinal);
    private readonly HashSet<string> _usedNames = new(StringComparer.Ordinal);
    private readonly InferredSchema _schema = new();

    public SchemaResolver(SchemaStatistics stats) => _stats = stats;

    public InferredSchema Resolve(string ns, string? javaPackage, string rootName)
    {
        _schema.Namespace = ns;
        _schema.Java = _stats.LooksJava;
        _schema.Messages = _stats.Messages;
        Collect();
        UnionStructurallyEqual();
        for (int pass = 0; pass < 32 && UnionByPosition(); pass++) { }
        string[] allClasses = _stats.ClassOrder.Concat(_stats.EnumOrder).ToArray();
        _schema.JavaPackage = javaPackage ?? CommonPackage(allClasses);

        foreach (var name in _stats.EnumOrder) MakeEnum(name);
        // Types in order of first sight: classes (bases before derived), then the root, then unnamed groups.
        foreach (var name in _stats.ClassOrder) TypeFor(_stats.Classes[name]);
        if (_stats.Root.MessageCount > 0)
        {
            _schema.Root = TypeFor(_stats.Root, rootName);
            _schema.Root.FudgeMapping = _schema.Java;
        }
        foreach (var node in _nodes) TypeFor(node);
        foreach (var type in _schema.Types.ToList()) FillMembers(type);
        _schema.Types.RemoveAll(t => t.IsChar);
        if (_schema.Java) MarkFudgeMapped();
        foreach (var type in _schema.Types)
            type.Extensible = type.Members.Any(m => !CSharpSchemaWriter.HasMember(m)) && !Ancestors(type).Any(b => b.Extensible);
        return _schema;
    }

    /// <summary>
    /// Among Java samples, the types that are no Java bean and hang under none (top-level messages without class names
    /// and their sub-messages) keep this library's own mapping: the Java mapping would add class names they never had.
    /// </summary>
    private void MarkFudgeMapped()
    {
        var java = new HashSet<TypeDef>(ReferenceEqualityComparer.Instance);
        var queue = new Queue<TypeDef>(_schema.Types.Where(t => t.JavaClass is not null));
        while (queue.Count > 0)
        {
            var type = queue.Dequeue();
            if (!java.Add(type)) continue;
            foreach (var member in type.Members)
                foreach (var used in Used(member.Type)) queue.Enqueue(used);
        }
        foreach (var type in _schema.Types) type.FudgeMapping = !java.Contains(type);
    }

    private static IEnumerable<TypeDef> Used(TypeRef? type)
    {
        if (type is null) yield break;
        if (type.Type is not null) yield return type.Type;
        foreach (var inner in new[] { type.Element, type.Key })
            foreach (var t in Used(inner)) yield return t;
    }

    private static IEnumerable<TypeDef> Ancestors(TypeDef type)
    {
        for (var b = type.Base; b is not null; b = b.Base) yield return b;
    }

    // ---- grouping -------------------------------------------------------------------------------------------------

    private void Collect()
    {
        var queue = new Queue<ShapeNode>();
        void Visit(ShapeNode node)
        {
            if (_parent.ContainsKey(node)) return;
            _parent[node] = node;
            _nodes.Add(node);
            queue.Enqueue(node);
        }
        if (_stats.Root.MessageCount > 0) Visit(_stats.Root);
        foreach (var name in _stats.ClassOrder) Visit(_stats.Classes[name]);
        while (queue.Count > 0)
        {
            var node = queue.Dequeue();
            foreach (var key in node.Order)
                foreach (var child in StructsIn(node.Fields[key].Values)) Visit(child);
        }
    }

    private static IEnumerable<ShapeNode> StructsIn(ValueStats? values)
    {
        if (values is null) yield break;
        if (values.Struct is not null) yield return values.Struct;
        foreach (var inner in new[] { values.Elements, values.Keys, values.MapValues })
            foreach (var s in StructsIn(inner)) yield return s;
    }

    private ShapeNode Find(ShapeNode node)
    {
        while (!ReferenceEquals(_parent[node], node)) node = _parent[node] = _parent[_parent[node]];
        return node;
    }

    /// <summary>Joins two groups, unless both are Java classes (distinct classes stay distinct types).</summary>
    private bool Union(ShapeNode a, ShapeNode b)
    {
        var ra = Find(a);
        var rb = Find(b);
        if (ReferenceEquals(ra, rb)) return false;
        if (ra is ClassNode && rb is ClassNode) return false;
        if (rb is ClassNode || (ra is not ClassNode && _nodes.IndexOf(rb) < _nodes.IndexOf(ra))) (ra, rb) = (rb, ra);
        _parent[rb] = ra;
        return true;
    }

    private static string Signature(ShapeNode node) => string.Join("\u0001", node.Order.Select(k => k.ToString()).OrderBy(s => s, StringComparer.Ordinal));

    private void UnionStructurallyEqual()
    {
        var bySignature = new Dictionary<string, ShapeNode>(StringComparer.Ordinal);
        // Java classes first: an unnamed sub-message with exactly a class's fields is that class (a property declared
        // as the exact class carries no class name).
        foreach (var node in _nodes.Where(n => n is ClassNode c && c.Instances > 0))
            bySignature.TryAdd(Signature(node), node);
        foreach (var node in _nodes.Where(n => n is not ClassNode && !ReferenceEquals(n, _stats.Root)))
        {
            if (node.Order.Count == 0) continue;
            string signature = Signature(node);
            if (bySignature.TryGetValue(signature, out var first)) Union(first, node);
            else bySignature.Add(signature, node);
        }
    }

    /// <summary>Sub-messages at the same position of one group are one type; returns true when something was joined.</summary>
    private bool UnionByPosition()
    {
        bool changed = false;
        foreach (var group in _nodes.GroupBy(Find, ReferenceEqualityComparer.Instance).ToList())
        {
            var keys = group.SelectMany(n => n.Order).Distinct().ToList();
            foreach (var key in keys)
            {
                var merged = new ValueStats();
                foreach (var node in group)
                    if (node.Fields.TryGetValue(key, out var f)) changed |= Merge(merged, f.Values);
                // An unnamed value at a position that also holds named objects is of the declared class.
                if (merged.Struct is not null && DeclaredClass(merged) is { } declared) changed |= Union(declared, merged.Struct);
            }
        }
        return changed;
    }

    /// <summary>Adds <paramref name="from"/> into <paramref name="into"/>; struct nodes met at the same place are joined.</summary>
    private bool Merge(ValueStats into, ValueStats from)
    {
        bool changed = false;
        into.Count += from.Count;
        foreach (var (t, n) in from.WireTypes) into.WireTypes[t] = into.WireTypes.TryGetValue(t, out long m) ? m + n : n;
        into.IntMin = Math.Min(into.IntMin, from.IntMin);
        into.IntMax = Math.Max(into.IntMax, from.IntMax);
        into.DateTimeNoZone += from.DateTimeNoZone;
        into.DateTimeUtc += from.DateTimeUtc;
        into.DateTimeOffset += from.DateTimeOffset;
        into.Accuracies.UnionWith(from.Accuracies);
        into.BelowTicks += from.BelowTicks;
        into.Sample ??= from.Sample;
        into.Lists += from.Lists;
        into.Sets += from.Sets;
        into.Maps += from.Maps;
        into.Empties += from.Empties;
        into.Structs += from.Structs;
        into.EnumValues += from.EnumValues;
        foreach (var (c, n) in from.RuntimeClasses) into.RuntimeClasses[c] = into.RuntimeClasses.TryGetValue(c, out long m) ? m + n : n;
        into.ChainEnds.UnionWith(from.ChainEnds);
        into.EnumClasses.UnionWith(from.EnumClasses);
        if (from.Struct is not null)
        {
            if (into.Struct is null) into.Struct = from.Struct;
            else changed |= Union(into.Struct, from.Struct);
        }
        if (from.Elements is not null) changed |= Merge(into.Elements ??= new ValueStats(), from.Elements);
        if (from.Keys is not null) changed |= Merge(into.Keys ??= new ValueStats(), from.Keys);
        if (from.MapValues is not null) changed |= Merge(into.MapValues ??= new ValueStats(), from.MapValues);
        return changed;
    }

    /// <summary>
    /// The class a property holding named objects is declared as: Fudge-Java writes the names below the declared type,
    /// so it is the superclass of the last name written (null when that is a root class: the property is an Object).
    /// </summary>
    private ClassNode? DeclaredClass(ValueStats values)
    {
        ClassNode? declared = null;
        foreach (var end in values.ChainEnds.OrderBy(e => e, StringComparer.Ordinal))
        {
            var node = _stats.Classes[end];
            if (node.BaseName is null || !_stats.Classes.TryGetValue(node.BaseName, out var b)) return null;
            if (declared is not null && !ReferenceEquals(declared, b)) return null;
            declared = b;
        }
        return declared;
    }

    // ---- types ----------------------------------------------------------------------------------------------------

    private TypeDef TypeFor(ShapeNode node, string? name = null)
    {
        var root = Find(node);
        if (_types.TryGetValue(root, out var type)) return type;
        type = new TypeDef();
        _types[root] = type;
        if (root is ClassNode c)
        {
            type.JavaClass = c.Name;
            if (c.BaseName is not null && _stats.Classes.TryGetValue(c.BaseName, out var b))
            {
                type.Base = TypeFor(b);
                type.Base.HasDerived = true;
            }
            type.Name = UniqueName(SimpleClassName(c.Name));
        }
        else
        {
            type.Name = UniqueName(name ?? NameFromPath(root.Path));
        }
        _schema.Types.Add(type);
        return type;
    }

    private static readonly HashSet<string> Reserved = new(StringComparer.Ordinal)
    {
        "System", "Fudge", "FudgeMsg", "Object", "String", "List", "Dictionary", "HashSet", "DateTime", "DateTimeOffset",
        "DateOnly", "TimeOnly", "Guid", "Math", "Array", "Type", "Attribute", "Exception", "Collections", "Serialization",
        "Inferred",
    };

    private string UniqueName(string name)
    {
        if (name.Length == 0) name = "Message";
        if (Reserved.Contains(name)) name += "Message";
        string candidate = name;
        for (int i = 2; !_usedNames.Add(candidate) || candidate == _schema.Namespace.Split('.')[^1]; i++) candidate = name + i.ToString(CultureInfo.InvariantCulture);
        return candidate;
    }

    private static string SimpleClassName(string javaClass)
    {
        string simple = javaClass.Substring(javaClass.LastIndexOf('.') + 1);
        return Names.Identifier(simple.Replace('$', '_'), pascal: true);
    }

    private static string NameFromPath(string path)
    {
        string last = path.Substring(path.LastIndexOf('.') + 1);
        bool element = last.EndsWith("[]", StringComparison.Ordinal) || last.EndsWith("{}", StringComparison.Ordinal);
        last = last.Replace("[]", "").Replace("{}", "").Replace("{key}", "Key");
        if (last.StartsWith('#')) last = "Field" + last.Substring(1);
        string name = Names.Identifier(last, pascal: true);
        if (element && name.Length > 3 && name.EndsWith('s') && !name.EndsWith("ss", StringComparison.Ordinal)) name = name.Substring(0, name.Length - 1);
        else if (element) name += "Item";
        return name;
    }

    private void MakeEnum(string javaClass)
    {
        var def = new EnumDef { JavaClass = javaClass, Name = UniqueName(SimpleClassName(javaClass)) };
        var used = new HashSet<string>(StringComparer.Ordinal);
        foreach (var constant in _stats.Enums[javaClass])
        {
            string member = Names.Identifier(Names.PascalFromConstant(constant), pascal: true);
            string candidate = member;
            for (int i = 2; !used.Add(candidate); i++) candidate = member + i.ToString(CultureInfo.InvariantCulture);
            def.Members.Add((candidate, constant));
        }
        _enums[javaClass] = def;
        _schema.Enums.Add(def);
    }

    private static string CommonPackage(IEnumerable<string> classes)
    {
        string? common = null;
        foreach (var c in classes)
        {
            int dot = c.LastIndexOf('.');
            string package = dot < 0 ? "" : c.Substring(0, dot);
            if (common is null) common = package;
            while (common.Length > 0 && package != common && !package.StartsWith(common + ".", StringComparison.Ordinal))
                common = common.Contains('.') ? common.Substring(0, common.LastIndexOf('.')) : "";
        }
        return common ?? "";
    }

    // ---- members --------------------------------------------------------------------------------------------------

    /// <summary>The nodes of a type and of every type derived from it (an inherited member is seen in those too).</summary>
    private List<ShapeNode> NodesWithDerived(TypeDef type)
    {
        var result = new List<ShapeNode>();
        foreach (var node in _nodes)
        {
            for (var t = _types.GetValueOrDefault(Find(node)); t is not null; t = t.Base)
                if (ReferenceEquals(t, type)) { result.Add(node); break; }
        }
        return result;
    }

    private void FillMembers(TypeDef type)
    {
        var own = _nodes.Where(n => ReferenceEquals(Find(n), _types.First(p => ReferenceEquals(p.Value, type)).Key)).ToList();
        type.Messages = own.Sum(n => n.MessageCount);
        var all = NodesWithDerived(type);
        long total = all.Sum(n => n.MessageCount);
        // A class seen only as a base in class chains has the fields all its derived classes share.
        var keys = own.Where(n => n.MessageCount > 0).SelectMany(n => n.Order).Distinct().ToList();
        if (type.Messages == 0 && type.HasDerived)
        {
            var derivedKeys = _schema.Types.Where(t => ReferenceEquals(t.Base, type)).Select(t => NodesWithDerived(t).SelectMany(n => n.Order).ToHashSet()).ToList();
            keys = derivedKeys.Count == 0 ? new() : all.SelectMany(n => n.Order).Distinct().Where(k => derivedKeys.All(d => d.Contains(k))).ToList();
        }
        var inherited = new HashSet<FieldKeyOf>();
        for (var b = type.Base; b is not null; b = b.Base)
            foreach (var m in b.Members) inherited.Add(m.Key);
        if (type.Base is not null && type.Base.Members.Count == 0 && _schema.Types.IndexOf(type.Base) > _schema.Types.IndexOf(type)) FillMembers(type.Base);
        var used = new HashSet<string>(StringComparer.Ordinal) { type.Name };
        for (var b = type.Base; b is not null; b = b.Base) foreach (var m in b.Members) used.Add(m.Name);
        foreach (var key in keys)
        {
            if (inherited.Contains(key)) continue;
            var merged = new ValueStats();
            long present = 0;
            int maxPer = 0;
            foreach (var node in all)
            {
                if (!node.Fields.TryGetValue(key, out var f)) continue;
                Merge(merged, f.Values);
                present += f.Present;
                maxPer = Math.Max(maxPer, f.MaxPerMessage);
            }
            var member = new MemberDef { Key = key, Repeated = maxPer > 1 };
            member.Name = MemberName(key, used);
            member.Type = Resolve(merged, property: true, out var accuracy, out string seen);
            member.Accuracy = accuracy;
            member.Nullable = present < total || merged.HasIndicator || member.Type is null;
            member.IndicatorWhenNull = !_schema.Java && merged.HasIndicator && present == total && !member.Repeated;
            member.Seen = $"{Count(present)} of {Count(total)} messages{(maxPer > 1 ? $", up to {maxPer} times in one" : "")}; {seen}{(merged.Sample is null ? "" : "; e.g. " + merged.Sample)}"
                + (merged.BelowTicks > 0 ? $"; {Count(merged.BelowTicks)} with nanoseconds below 100 ns, which .NET drops" : "");
            type.Members.Add(member);
        }
        bool anyName = type.Members.Any(m => m.Key.Name is not null), anyOrdinal = type.Members.Any(m => m.Key.Ordinal is not null);
        bool allOrdinal = type.Members.All(m => m.Key.Ordinal is not null), allBoth = type.Members.All(m => m.Key.Ordinal is not null && m.Key.Name is not null);
        type.Fields = !anyOrdinal || _schema.Java ? "Names" : allBoth ? "NamesAndOrdinals" : allOrdinal && !anyName ? "Ordinals" : "Names";
        if (anyOrdinal && type.Fields == "Names" && !_schema.Java) type.Notes.Add("fields with and without ordinals are mixed; the type writes names only");
    }

    private static string Count(long n) => n.ToString("#,0", CultureInfo.InvariantCulture);

    private string MemberName(FieldKeyOf key, HashSet<string> used)
    {
        string name = key.IsAnonymous ? "Anonymous" : key.Name is null ? "Field" + key.Ordinal!.Value.ToString(CultureInfo.InvariantCulture).Replace('-', '_') : Names.Identifier(key.Name, pascal: true);
        string candidate = name;
        for (int i = 2; !used.Add(candidate); i++) candidate = name + i.ToString(CultureInfo.InvariantCulture);
        return candidate;
    }

    /// <summary>The type of the values seen, or null when there is none (a wire type no member can hold).</summary>
    private TypeRef? Resolve(ValueStats v, bool property, out FudgeDateTimeAccuracy? accuracy, out string seen)
    {
        accuracy = null;
        var types = v.WireTypes.Where(t => t.Key != FudgeTypeId.Indicator).Select(t => t.Key).OrderBy(t => t).ToList();
        seen = string.Join(", ", v.WireTypes.OrderBy(t => t.Key).Select(t => FudgeTypeId.GetName(t.Key) + (v.WireTypes.Count > 1 ? " x" + Count(t.Value) : "")));
        if (v.WireTypes.ContainsKey(FudgeTypeId.Message)) seen += " (" + MessageKinds(v) + ")";
        if (types.Count == 0) return TypeRef.Of("indicator");
        bool Only(params byte[] ids) => types.All(ids.Contains);
        if (Only(FudgeTypeId.Int8, FudgeTypeId.Int16, FudgeTypeId.Int32, FudgeTypeId.Int64))
            return TypeRef.Of(v.IntMin >= sbyte.MinValue && v.IntMax <= sbyte.MaxValue ? "sbyte" : v.IntMin >= short.MinValue && v.IntMax <= short.MaxValue ? "short" : v.IntMin >= int.MinValue && v.IntMax <= int.MaxValue ? "int" : "long");
        if (Only(FudgeTypeId.Float)) return TypeRef.Of("float");
        if (Only(FudgeTypeId.Int8, FudgeTypeId.Int16, FudgeTypeId.Int32, FudgeTypeId.Int64, FudgeTypeId.Float, FudgeTypeId.Double)) return TypeRef.Of("double");
        if (types.Count > 1) return TypeRef.Of("object");
        byte type = types[0];
        switch (type)
        {
            case FudgeTypeId.Boolean: return TypeRef.Of("bool");
            case FudgeTypeId.String: return TypeRef.Of("string");
            case FudgeTypeId.ByteArray16 when _schema.Java: return TypeRef.Of("Guid");
            case >= FudgeTypeId.ByteArray4 and <= FudgeTypeId.ByteArray512 or FudgeTypeId.ByteArray: return TypeRef.Of("byte[]");
            case FudgeTypeId.Int16Array: return TypeRef.Of("short[]");
            case FudgeTypeId.Int32Array: return TypeRef.Of("int[]");
            case FudgeTypeId.Int64Array: return TypeRef.Of("long[]");
            case FudgeTypeId.FloatArray: return TypeRef.Of("float[]");
            case FudgeTypeId.DoubleArray: return TypeRef.Of("double[]");
            case FudgeTypeId.Date: return TypeRef.Of("DateOnly");
            case FudgeTypeId.Time:
                accuracy = v.Accuracies.Count == 1 && v.Accuracies.First() != FudgeDateTimeAccuracy.Nanosecond ? v.Accuracies.First() : null;
                return TypeRef.Of("TimeOnly");
            case FudgeTypeId.DateTime:
                accuracy = v.Accuracies.Count == 1 && v.Accuracies.First() != FudgeDateTimeAccuracy.Nanosecond ? v.Accuracies.First() : null;
                return TypeRef.Of(v.DateTimeOffset > 0 || v.DateTimeNoZone > 0 && v.DateTimeUtc > 0 ? "DateTimeOffset" : "DateTime");
            case FudgeTypeId.Message: return ResolveMessage(v, property);
            default: return null;
        }
    }

    private static string MessageKinds(ValueStats v)
    {
        var kinds = new List<string>();
        void Kind(long n, string what) { if (n > 0) kinds.Add(what + " x" + Count(n)); }
        Kind(v.Structs, "object");
        Kind(v.RuntimeClasses.Values.Sum(), "named object");
        Kind(v.EnumValues, "enum");
        Kind(v.Lists, "list");
        Kind(v.Sets, "set");
        Kind(v.Maps, "map");
        Kind(v.Empties, "empty");
        return string.Join(", ", kinds);
    }

    private TypeRef ResolveMessage(ValueStats v, bool property)
    {
        bool classes = v.RuntimeClasses.Count > 0;
        int kinds = (v.Lists > 0 ? 1 : 0) + (v.Sets > 0 ? 1 : 0) + (v.Maps > 0 ? 1 : 0) + (v.Structs > 0 || classes ? 1 : 0) + (v.EnumValues > 0 ? 1 : 0);
        if (kinds == 0) return new TypeRef(TypeRefKind.FudgeMsg);   // only empty messages: nothing says what they hold
        if (kinds > 1) return new TypeRef(TypeRefKind.FudgeMsg);
        if (v.EnumValues > 0)
            return v.EnumClasses.Count == 1 ? new TypeRef(TypeRefKind.Enum, Enum: _enums[v.EnumClasses.First()]) : new TypeRef(TypeRefKind.FudgeMsg);
        if (v.Lists > 0)
        {
            var element = Resolve(v.Elements!, property: false, out _, out _) ?? TypeRef.Of("object");
            // Fudge-Java writes an array of objects without class names, a List's elements with them.
            var kind = _schema.Java && element.Kind == TypeRefKind.Type && v.Elements!.RuntimeClasses.Count == 0 ? TypeRefKind.Array : TypeRefKind.List;
            return new TypeRef(kind, Element: element, ElementNullable: v.Elements!.HasIndicator);
        }
        if (v.Sets > 0)
            return new TypeRef(TypeRefKind.Set, Element: Resolve(v.Elements!, false, out _, out _) ?? TypeRef.Of("object"), ElementNullable: false);
        if (v.Maps > 0)
        {
            var key = Resolve(v.Keys!, false, out _, out _) ?? TypeRef.Of("object");
            if (key.Kind != TypeRefKind.Scalar || key.Scalar == "object") return new TypeRef(TypeRefKind.FudgeMsg);
            return new TypeRef(TypeRefKind.Map, Key: key, Element: Resolve(v.MapValues!, false, out _, out _) ?? TypeRef.Of("object"), ElementNullable: v.MapValues!.HasIndicator);
        }
        if (classes)
        {
            if (property)
            {
                var declared = DeclaredClass(v);
                if (declared is null)
                    return _schema.Java ? TypeRef.Of("object") : new TypeRef(TypeRefKind.Type, Type: Common(v));
                return new TypeRef(TypeRefKind.Type, Type: TypeFor(declared));
            }
            return new TypeRef(TypeRefKind.Type, Type: Common(v));
        }
        var type = TypeFor(v.Struct!);
        if (_schema.Java && IsChar(v.Struct!))
        {
            type.IsChar = true;
            return TypeRef.Of("char");
        }
        return new TypeRef(TypeRefKind.Type, Type: type);
    }

    private bool IsChar(ShapeNode node)
    {
        var group = _nodes.Where(n => ReferenceEquals(Find(n), Find(node))).ToList();
        return group.All(n => n is not ClassNode && n.CharLike == n.MessageCount);
    }

    /// <summary>The nearest class every runtime class seen derives from (or is).</summary>
    private TypeDef Common(ValueStats v)
    {
        List<TypeDef>? common = null;
        foreach (var name in v.RuntimeClasses.Keys.OrderBy(n => n, StringComparer.Ordinal))
        {
            var chain = new List<TypeDef>();
            for (var t = TypeFor(_stats.Classes[name]); t is not null; t = t.Base) chain.Add(t);
            common = common is null ? chain : common.Where(chain.Contains).ToList();
        }
        return common is { Count: > 0 } ? common[0] : TypeFor(_stats.Classes[v.RuntimeClasses.Keys.First()]);
    }
}

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
