using System;
using System.Collections.Generic;
using System.Globalization;
using System.Linq;
using System.Text;

namespace Fudge.Cli.Schema;

// Members: the fields of every node of a type (and of its derived types), their C# types and what was seen.
internal sealed partial class SchemaResolver
{
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
            member.ElementNullable = member.Repeated && merged.HasIndicator;
            member.KeptRepeated = member.Repeated && merged.Empties > 0;
            member.Seen = $"{Count(present)} of {Count(total)} messages{(maxPer > 1 ? $", up to {maxPer} times in one" : "")}; {seen}{(merged.Sample is null ? "" : "; e.g. " + merged.Sample)}"
                + (merged.BelowTicks > 0 ? $"; {Count(merged.BelowTicks)} with nanoseconds below 100 ns, which .NET drops" : "");
            type.Members.Add(member);
        }
        bool anyName = type.Members.Any(m => m.Key.Name is not null), anyOrdinal = type.Members.Any(m => m.Key.Ordinal is not null);
        bool allOrdinal = type.Members.All(m => m.Key.Ordinal is not null), allBoth = type.Members.All(m => m.Key.Ordinal is not null && m.Key.Name is not null);
        type.Fields = !anyOrdinal || _schema.Java ? "Names" : allBoth ? "NamesAndOrdinals" : allOrdinal && !anyName ? "Ordinals" : "Names";
        // A repeated member's elements are written with the key the field mode gives: one that came otherwise stays as it came.
        foreach (var member in type.Members.Where(m => m.Repeated))
            member.KeptRepeated |= type.Fields switch
            {
                "Ordinals" => member.Key.Ordinal is null || member.Key.Name is not null,
                "NamesAndOrdinals" => member.Key.Ordinal is null || member.Key.Name is null,
                _ => member.Key.Name is null || member.Key.Ordinal is not null,
            };
        if (anyOrdinal && type.Fields == "Names" && !_schema.Java)
        {
            // A [FudgeMessage] type writes one kind of key: the named fields become members, and the fields with
            // ordinals stay in ExtensionData, so they are written back with the keys they came with.
            type.Notes.Add("fields with and without ordinals are mixed; the members are the named fields, the fields with ordinals are kept in ExtensionData");
            foreach (var member in type.Members.Where(m => m.Key.Ordinal is not null)) member.OrdinalAside = true;
        }
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
                // The generator writes a TimeOnly at nanosecond accuracy ([FudgeField(Accuracy)] is for date-times only).
                if (v.Accuracies.Count == 1 && v.Accuracies.First() != FudgeDateTimeAccuracy.Nanosecond)
                    seen += $"; {v.Accuracies.First().ToString().ToLowerInvariant()} accuracy, which a TimeOnly member writes as nanosecond";
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
            if (IsIndicator(element)) return new TypeRef(TypeRefKind.FudgeMsg);   // no C# element type stands for indicators
            // Fudge-Java writes an array of objects without class names, a List's elements with them.
            var kind = _schema.Java && element.Kind == TypeRefKind.Type && v.Elements!.RuntimeClasses.Count == 0 ? TypeRefKind.Array : TypeRefKind.List;
            return new TypeRef(kind, Element: element, ElementNullable: v.Elements!.HasIndicator);
        }
        if (v.Sets > 0)
        {
            var element = Resolve(v.Elements!, false, out _, out _) ?? TypeRef.Of("object");
            return IsIndicator(element) ? new TypeRef(TypeRefKind.FudgeMsg) : new TypeRef(TypeRefKind.Set, Element: element, ElementNullable: false);
        }
        if (v.Maps > 0)
        {
            var key = Resolve(v.Keys!, false, out _, out _) ?? TypeRef.Of("object");
            var value = Resolve(v.MapValues!, false, out _, out _) ?? TypeRef.Of("object");
            if (key.Kind != TypeRefKind.Scalar || key.Scalar == "object" || IsIndicator(key) || IsIndicator(value)) return new TypeRef(TypeRefKind.FudgeMsg);
            return new TypeRef(TypeRefKind.Map, Key: key, Element: value, ElementNullable: v.MapValues!.HasIndicator);
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

    private static bool IsIndicator(TypeRef type) => type.Kind == TypeRefKind.Scalar && type.Scalar == "indicator";

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
